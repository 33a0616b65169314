import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Checks of the runtime's build (runtime/*.test.ts) run in Node, apart from the app's tests
// (happy-dom, src/test/setup.ts): they build with Vite and read the output.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'runtime-build',
    environment: 'node',
    include: ['*.test.ts'],
    // A production build on a loaded machine (2 cores, tests in parallel): 10–60 s.
    testTimeout: 180_000,
  },
});
