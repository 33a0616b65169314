import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace; each project has its own environment.
export default defineConfig({
  test: {
    // Two files at a time on the CI machine's two cores (Vitest's default is one fewer than the
    // cores): `npm test` took 282 s instead of 482 s, the MariaDB suite 6.4 min instead of 16–24,
    // where part of each file is waiting on the database (docs/benchmarks.md "CI runs").
    maxWorkers: 2,
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
