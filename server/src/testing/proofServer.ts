import { afterAll, beforeAll } from 'vitest';
import { proofOf, type Proof } from './proofFixtures';
import { onMysql, startSecondProcess, type SecondProcess } from './secondProcess';
import { startTestServer, type TestServer } from './testServer';

/** A proof whose server a file started, and on MariaDB the second server process it races against. */
export interface ProofServer extends Proof {
  other?: SecondProcess;
}

export interface ProofServerOptions {
  /** The set-up's time limit: a fresh MariaDB schema with the demo seeds takes minutes on a loaded machine. */
  timeout?: number;
  /** Start a second server process on this port, on MariaDB only (SQLite runs one process). */
  secondProcessPort?: number;
  /** Start nothing on SQLite: the file's cases run on MariaDB only. */
  mysqlOnly?: boolean;
}

/**
 * The set-up every domain's integration file repeats: a test server on a database of its own
 * (startTestServer), the demo users signed in (proofOf), closed after the file. Call it at the
 * top of the file; the object it answers is filled before the first case runs, so the cases
 * use `p.server` and `p.other` as they would variables assigned in beforeAll.
 */
export function proofServer(name: string, options: ProofServerOptions = {}): ProofServer {
  const p = { menus: new Map() } as unknown as ProofServer;
  startFor(name, options, async (server) => Object.assign(p, await proofOf(server)));
  return p;
}

/** A file's server and what its cases call through, as `proofServer` fills it. */
export interface ServerWith<T> {
  server: TestServer;
  api: T;
  other?: SecondProcess;
}

/**
 * The same set-up for a file that signs its users in its own way: `make` builds what the cases
 * call through (an API of signed-in users) from the server once it runs.
 */
export function serverWith<T>(
  name: string,
  make: (server: TestServer) => T | Promise<T>,
  options: ProofServerOptions = {},
): ServerWith<T> {
  const t = {} as ServerWith<T>;
  startFor(name, options, async (server) => Object.assign(t, { server, api: await make(server) }));
  return t;
}

/** Registers the file's beforeAll / afterAll: start, `fill` the holder, the second process; close both. */
function startFor(
  name: string,
  options: ProofServerOptions,
  fill: (server: TestServer) => Promise<{ other?: SecondProcess }>,
): void {
  let server: TestServer | undefined;
  let holder: { other?: SecondProcess } | undefined;
  beforeAll(async () => {
    if (options.mysqlOnly && !onMysql) return;
    server = await startTestServer(name); // held before fill: a failed sign-in still closes it
    holder = await fill(server);
    if (onMysql && options.secondProcessPort !== undefined)
      holder.other = await startSecondProcess(server.config.dbUrl, options.secondProcessPort);
  }, options.timeout ?? 120_000);
  afterAll(async () => {
    holder?.other?.stop();
    await server?.close();
  });
}
