import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkReport } from './chunkReport';
import { precompress } from './precompress';

const runtimeDir = fileURLToPath(new URL('.', import.meta.url));
const metadataEntry = fileURLToPath(new URL('../metadata/src/index.ts', import.meta.url));
const nativeResizeObserver = fileURLToPath(new URL('./src/core/nativeResizeObserver.ts', import.meta.url));
const rememberedDynamicCSS = fileURLToPath(new URL('./src/core/rememberedDynamicCSS.ts', import.meta.url));

/**
 * Vendor groups kept apart so that no single chunk carries the whole bundle (docs/architecture.md "Trap: bundle size").
 * Order matters: a group also takes the dependencies of what it captures, so libraries that
 * others build on (react, antd) are captured first; formily then keeps only its own code.
 */
const VENDOR_GROUPS: Array<{ name: string; test: RegExp }> = [
  // Vite's dynamic-import preload helper, else it lands in a lazy vendor chunk that then loads eagerly.
  { name: 'vite-helpers', test: /vite[\\/]preload-helper/ },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
  { name: 'antd-icons', test: /node_modules[\\/]@ant-design[\\/](icons|icons-svg)[\\/]/ },
  // antd's building blocks (rc-* components, css-in-js) apart from antd itself: two mid-size chunks.
  {
    name: 'antd-rc',
    test: /node_modules[\\/](rc-[a-z-]+|@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color|react-slick))[\\/]/,
  },
  { name: 'antd', test: /node_modules[\\/](antd|@ant-design)[\\/]/ },
  { name: 'formily', test: /node_modules[\\/]@formily[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|dayjs)[\\/]/ },
];

export default defineConfig({
  root: runtimeDir,
  base: './',
  plugins: [react(), precompress(), chunkReport()],
  resolve: {
    alias: [
      { find: '@meridian/metadata', replacement: metadataEntry },
      // The browser's own ResizeObserver instead of @formily/grid's ponyfill (see the module).
      { find: /^@juggle\/resize-observer$/, replacement: nativeResizeObserver },
      // rc-util's style-sheet writer with a memory of what it wrote (see the module); the module itself
      // imports rc-util's by its file name, which this does not match.
      { find: /^rc-util\/es\/Dom\/dynamicCSS$/, replacement: rememberedDynamicCSS },
    ],
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // codeSplitting is Rolldown's (Vite 8) successor of Rollup's manualChunks.
        codeSplitting: {
          groups: VENDOR_GROUPS.map((group, index) => ({
            ...group,
            priority: VENDOR_GROUPS.length - index,
            entriesAware: true,
          })),
        },
      },
    },
  },
});
