import * as fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createApp } from '../app';
import { createKernel, type KernelOptions } from '../bootstrap';
import { SRM_MODULES } from '../srm';
import { dbKindOf, loadConfig, type ServerConfig } from '../config';
import type { Kernel } from '../kernel';
import { screenHeaders, signIn, type SignedIn } from './sessions';
import { signedHeaders } from './signedHeaders';

export { signedHeaders } from './signedHeaders';

/**
 * A real server for integration tests: the whole Nest app on a real database, on a free port,
 * called over HTTP. SQLite gets a fresh file per server; with DB_URL=mysql://… (npm run
 * test:mysql) each server gets a freshly created database on that MariaDB/MySQL server.
 */
export interface TestServer {
  baseUrl: string;
  kernel: Kernel;
  config: ServerConfig;
  call(
    area: string,
    resource: string,
    action: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiAnswer>;
  /** Session, respId and menuId headers of a user (default the demo admin) calling `resource` from its menu. */
  authHeaders(resource: string, userName?: string, respCode?: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export interface ApiAnswer {
  status: number;
  body: {
    code: string;
    status: string;
    msg: string;
    data: any;
    page?: any;
    errors?: { field: string; message: string }[];
  };
}

export async function freshDatabaseUrl(name: string): Promise<string> {
  const base = process.env.DB_URL;
  if (!base || dbKindOf(base) === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-test-'));
    return `sqlite:${path.join(dir, 'test.sqlite')}`;
  }
  const url = new URL(base.replace(/^mariadb:/, 'mysql:'));
  const database = `${url.pathname.slice(1) || 'meridian_test'}_${name}`.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 60);
  const mysql = await import('mysql2/promise');
  const admin = await mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  });
  await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  url.pathname = `/${database}`;
  return url.toString();
}

/** The configuration of a test kernel on dbUrl: demo seeds on, no runtime served. */
export function testConfig(dbUrl: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ DB_URL: dbUrl, DEMO: 'true' }),
    runtimeDir: undefined,
    ...overrides,
    dbUrl,
    dbKind: dbKindOf(dbUrl),
  };
}

/**
 * Starts the app on a fresh database (or on overrides.dbUrl, e.g. another server's database);
 * options.documents replaces the file metadata (see createKernel); the SRM domain modules are in.
 */
export async function startTestServer(
  name: string,
  overrides: Partial<ServerConfig> = {},
  options: KernelOptions = {},
): Promise<TestServer> {
  const dbUrl = overrides.dbUrl ?? (await freshDatabaseUrl(name));
  const config = testConfig(dbUrl, overrides);
  // The whole application, as main.ts starts it, unless a test names its own modules.
  const { kernel } = await createKernel(config, { modules: SRM_MODULES, ...options });
  const app = await createApp(kernel);
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const sessions = new Map<string, SignedIn>();
  const authHeaders = async (resource: string, userName = 'admin', respCode?: string) => {
    let session = sessions.get(userName);
    if (!session) sessions.set(userName, (session = await signIn(baseUrl, userName)));
    return screenHeaders(kernel.live?.kernel ?? kernel, session, resource, respCode);
  };
  return {
    baseUrl,
    // The kernel serving requests now: a table_model publish swaps it (modeling/liveKernel.ts).
    get kernel() {
      return kernel.live?.kernel ?? kernel;
    },
    config,
    async call(area, resource, action, body = {}, headers = {}) {
      // Signed in as the demo administrator from the menu that uses the resource, unless the test
      // passes its own session headers (or `certificate: ''` for an anonymous call).
      const auth = headers.certificate === undefined ? await authHeaders(resource) : {};
      const res = await fetch(`${baseUrl}/api/${area}/v1/${resource}/${action}`, {
        method: 'POST',
        headers: { ...signedHeaders(), ...auth, ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
    },
    authHeaders,
    async close() {
      await app.close();
      await kernel.db.close();
    },
  };
}
