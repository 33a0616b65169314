import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const runtimeDir = fileURLToPath(new URL('.', import.meta.url));
const metadataEntry = fileURLToPath(new URL('../metadata/src/index.ts', import.meta.url));

export default defineConfig({
  root: runtimeDir,
  plugins: [react()],
  resolve: {
    alias: { '@meridian/metadata': metadataEntry },
  },
  test: {
    name: 'runtime',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20000,
  },
});
