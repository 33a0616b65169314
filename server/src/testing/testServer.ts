import type { AddressInfo } from 'node:net';
import { createApp } from '../app';
import { createKernel, type KernelOptions } from '../bootstrap';
import { SRM_MODULES } from '../srm';
import { dbKindOf, loadConfig, type ServerConfig } from '../config';
import type { Kernel } from '../kernel';
import { screenHeaders, signIn, type SignedIn } from './sessions';
import { signedHeaders } from './signedHeaders';
import { copyOfDatabase, freshDatabaseUrl } from './testDatabases';

export { signedHeaders } from './signedHeaders';
export { freshDatabaseUrl } from './testDatabases';

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
    written?: { area: string; name: string }[];
  };
}

/**
 * The configuration of a test kernel on dbUrl: demo seeds on, no runtime served, password hashes
 * at the low test cost (sign-in is under test, argon2's cost is not).
 */
export function testConfig(dbUrl: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ DB_URL: dbUrl, DEMO: 'true', MERIDIAN_TEST_PASSWORD_COST: 'low' }),
    runtimeDir: undefined,
    ...overrides,
    dbUrl,
    dbKind: dbKindOf(dbUrl),
  };
}

/** The suite's seeded database (the whole application, demo on), made once per test process. */
let seededTemplate: Promise<string> | undefined;

function seededTemplateUrl(): Promise<string> {
  seededTemplate ??= (async () => {
    const url = await freshDatabaseUrl('template', { keep: true });
    const { kernel } = await createKernel(testConfig(url), { modules: SRM_MODULES });
    await kernel.db.close();
    return url;
  })();
  return seededTemplate;
}

/**
 * A fresh database for a server. One that starts the whole application as main.ts does gets a copy
 * of the seeded template (`prepared`); one with its own metadata, modules, extensions or seeding
 * migrates and seeds an empty database, as a new installation does.
 */
async function databaseFor(
  name: string,
  overrides: Partial<ServerConfig>,
  options: KernelOptions,
): Promise<{ url: string; prepared: boolean }> {
  if (overrides.dbUrl) return { url: overrides.dbUrl, prepared: false };
  const asMain = !options.documents && !options.modules && !options.extend && overrides.demo === undefined;
  if (!asMain) return { url: await freshDatabaseUrl(name), prepared: false };
  return { url: await copyOfDatabase(await seededTemplateUrl(), name), prepared: true };
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
  const { url: dbUrl, prepared } = await databaseFor(name, overrides, options);
  const config = testConfig(dbUrl, overrides);
  // The whole application, as main.ts starts it, unless a test names its own modules. A copy of
  // the template skips the schema check and seeds: the template's start did both.
  const { kernel } = await createKernel(config, { modules: SRM_MODULES, prepared, ...options });
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
