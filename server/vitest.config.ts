import * as path from 'node:path';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Files that run alone, after the others (project `server-serial`): tests of two server processes
 * or racing requests on one database, whose timing another file's load beside them would change,
 * and the schema migrations.
 */
export const SERIAL_TESTS = [
  'src/metadata/migration.int.test.ts',
  'src/auth/multiProcess.int.test.ts',
  'src/auth/multiInstance.int.test.ts',
  'src/**/*Concurrency.int.test.ts',
  'src/srm/supplier/qualify/qualifyGate.int.test.ts',
  'src/srm/purchasing/asl/asl.int.test.ts',
  'src/srm/purchasing/order/orderRequisition.int.test.ts',
];

/**
 * Integration tests start the real Nest app on a real database: SQLite by default, MariaDB when
 * DB_URL=mysql://… (npm run test:mysql). Every test server gets a database of its own (a copy of
 * one seeded template per worker, src/testing/testServer.ts), so files run side by side, as many
 * as the root config's workers. `isolate: false`: one process loads the server's modules once for
 * all its files.
 */
export function serverProject(name: string, include: string[], exclude: string[], serial: boolean): ViteUserConfig {
  return {
    resolve: {
      alias: [
        { find: /^@meridian\/metadata\/node$/, replacement: path.join(__dirname, '../metadata/src/node.ts') },
        { find: /^@meridian\/metadata$/, replacement: path.join(__dirname, '../metadata/src/index.ts') },
      ],
    },
    test: {
      name,
      root: __dirname,
      environment: 'node',
      include,
      exclude,
      ...(serial ? { fileParallelism: false, sequence: { groupOrder: 1 } } : {}),
      isolate: false,
      setupFiles: ['src/testing/dropTestDatabases.ts'],
      testTimeout: 30000,
      hookTimeout: 60000,
    },
  };
}

export default defineConfig(serverProject('server', ['src/**/*.test.ts'], SERIAL_TESTS, false));
