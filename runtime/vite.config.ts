import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const runtimeDir = fileURLToPath(new URL('.', import.meta.url));
const metadataEntry = fileURLToPath(new URL('../metadata/src/index.ts', import.meta.url));

/** Vendor groups kept apart so that no single chunk carries the whole bundle (STACK trap 13). */
const VENDOR_GROUPS: Array<{ name: string; test: RegExp }> = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
  { name: 'formily', test: /node_modules[\\/]@formily[\\/]/ },
  { name: 'antd-icons', test: /node_modules[\\/]@ant-design[\\/](icons|icons-svg)[\\/]/ },
  { name: 'antd', test: /node_modules[\\/](antd|@ant-design|rc-[a-z-]+|@rc-component)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|dayjs)[\\/]/ },
];

export default defineConfig({
  root: runtimeDir,
  base: './',
  plugins: [react()],
  resolve: {
    alias: { '@meridian/metadata': metadataEntry },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // antd alone is ~1 MB minified before gzip; the warning would only restate that.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // codeSplitting is Rolldown's (Vite 8) successor of Rollup's manualChunks.
        codeSplitting: {
          groups: VENDOR_GROUPS.map((group, index) => ({ ...group, priority: VENDOR_GROUPS.length - index })),
        },
      },
    },
  },
});
