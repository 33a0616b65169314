import { expect } from 'vitest';
import type { SqlParam } from '../db/sqlExecutor';
import { signedHeaders, type ApiAnswer, type TestServer } from './testServer';

/**
 * Assertions on the envelope (docs/architecture.md "Envelope and HTTP statuses") and probes of the database
 * behind a test server.
 * Probes read with the kernel's own connection, never through the API under test.
 */

/** A failure: the exact HTTP status, {code:'E', status:'E', data:null}, a non-empty msg; `fields`, when given, is exactly the set of fields named in errors. */
export function expectError(answer: ApiAnswer, httpStatus: number, fields?: string[]): void {
  expect({ status: answer.status, body: answer.body }).toMatchObject({
    status: httpStatus,
    body: { code: 'E', status: 'E', data: null },
  });
  expect(typeof answer.body.msg).toBe('string');
  expect(answer.body.msg.trim()).not.toBe('');
  if (fields) {
    const errors = answer.body.errors ?? [];
    for (const e of errors)
      expect(typeof e.message === 'string' && e.message.trim() !== '', `message of ${e.field}`).toBe(true);
    expect([...new Set(errors.map((e) => e.field))].sort()).toEqual([...fields].sort());
  }
}

/** A success envelope with HTTP 200; returns data. */
export function expectOk<T = any>(answer: ApiAnswer): T {
  // toMatchObject leaves out properties the expectation does not name: the message says why it failed.
  const ok = answer.status === 200 && answer.body.code === 'S';
  const why = ok
    ? ''
    : JSON.stringify({ msg: answer.body.msg, errors: answer.body.errors, data: answer.body.data }).slice(0, 2000);
  expect(
    {
      status: answer.status,
      code: answer.body.code,
      status2: answer.body.status,
      errors: answer.body.errors,
      msg: answer.body.msg,
    },
    why,
  ).toMatchObject({ status: 200, code: 'S', status2: 'S' });
  return answer.body.data as T;
}

/** Every row of a table, ordered by its key column: a before/after snapshot. */
export async function tableRows(
  server: TestServer,
  table: string,
  keyColumn: string,
  where?: Record<string, SqlParam>,
): Promise<Record<string, unknown>[]> {
  const q = server.kernel.db.dialect.quote;
  const keys = Object.keys(where ?? {});
  const clause = keys.length ? ` WHERE ${keys.map((k) => `${q(k)} = ?`).join(' AND ')}` : '';
  return server.kernel.db.select(
    `SELECT * FROM ${q(table)}${clause} ORDER BY ${q(keyColumn)}`,
    Object.values(where ?? {}),
  );
}

export async function countRows(server: TestServer, table: string, where?: Record<string, SqlParam>): Promise<number> {
  const q = server.kernel.db.dialect.quote;
  const keys = Object.keys(where ?? {});
  const clause = keys.length ? ` WHERE ${keys.map((k) => `${q(k)} = ?`).join(' AND ')}` : '';
  const rows = await server.kernel.db.select(
    `SELECT COUNT(*) AS n FROM ${q(table)}${clause}`,
    Object.values(where ?? {}),
  );
  return Number(rows[0].n);
}

/** Whether a table exists (after an injection attempt, it must). */
export async function tableExists(server: TestServer, table: string): Promise<boolean> {
  const runner = server.kernel.db.dataSource.createQueryRunner();
  try {
    return await runner.hasTable(table);
  } finally {
    await runner.release();
  }
}

/** A POST with full control over headers and raw body text (appsign and body-parsing tests). */
export async function rawPost(
  server: TestServer,
  path: string,
  body: string,
  headers: Record<string, string | undefined> = signedHeaders(),
): Promise<ApiAnswer> {
  // Signed in as the demo admin unless the test passes its own certificate (or '' for none).
  const resource = /^\/api\/(?:zuul\/)?[^/]+\/v1\/([^/]+)\//.exec(path)?.[1];
  const auth = headers.certificate === undefined && resource ? await server.authHeaders(resource) : {};
  const sent = Object.fromEntries(
    Object.entries({ ...auth, ...headers }).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: sent, body });
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
}
