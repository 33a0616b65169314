import { afterAll } from 'vitest';
import { dropCreatedDatabases } from './testDatabases';

// A setup file (server/vitest.config.ts): after each test file, once its own afterAll hooks have
// closed its servers, the MariaDB databases it made are dropped. SQLite files live in the OS's
// temporary directory and cost later files nothing.
afterAll(async () => {
  await dropCreatedDatabases();
});
