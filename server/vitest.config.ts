import * as path from 'node:path';
import { defineConfig } from 'vitest/config';

// Integration tests start the real Nest app on a real database: SQLite by default, MariaDB when
// DB_URL=mysql://… (npm run test:mysql). One file at a time: they share the database.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@meridian\/metadata\/node$/, replacement: path.join(__dirname, '../metadata/src/node.ts') },
      { find: /^@meridian\/metadata$/, replacement: path.join(__dirname, '../metadata/src/index.ts') },
    ],
  },
  test: {
    name: 'server',
    root: __dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    isolate: false,
    setupFiles: ['src/testing/dropTestDatabases.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
