import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace; each project has its own environment.
export default defineConfig({
  test: {
    projects: [
      'metadata/vitest.config.ts',
      'server/vitest.config.ts',
      'server/vitest.serial.config.ts',
      'runtime/vitest.config.ts',
      'runtime/vitest.isolated.config.ts',
      'runtime/vitest.build.config.ts',
    ],
  },
});
