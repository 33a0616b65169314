import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { signedHeaders, type ApiAnswer } from './testServer';

/** True when the suite runs on MariaDB/MySQL (npm run test:mysql): the only engine several server processes share. */
export const onMysql = !!process.env.DB_URL?.startsWith('mysql');

/** The built server (`npm run build:metadata && npm run build:server`); CI builds it before the MariaDB suite. */
export const MAIN = path.resolve(__dirname, '..', '..', 'dist', 'main.js');

export interface SecondProcess {
  baseUrl: string;
  /** POST /api/{area}/v1/{resource}/{action} on the second process with the given (session) headers. */
  call(
    area: string,
    resource: string,
    action: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<ApiAnswer>;
  stop(): void;
}

/**
 * A second OS process of the built server on the same database as the in-process test server,
 * for invariants that must hold across processes (docs/developer-guide.md, "Invariants under
 * concurrency"). Start it once per suite: it takes seconds (90 s allowed on a busy CI machine).
 */
export async function startSecondProcess(
  dbUrl: string,
  port: number,
  options: { scheduler?: boolean } = {},
): Promise<SecondProcess> {
  if (!fs.existsSync(MAIN))
    throw new Error(`${MAIN} is missing: run npm run build:metadata && npm run build:server first`);
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    // Its scheduler is off unless the test is about timers: a catch-up at start would change the suite's rows.
    env: {
      ...process.env,
      DB_URL: dbUrl,
      PORT: String(port),
      DEMO: 'true',
      MERIDIAN_TEST_PASSWORD_COST: 'low',
      SCHEDULER: options.scheduler ? 'on' : 'off',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-2000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const handle: SecondProcess = {
    baseUrl,
    async call(area, resource, action, body, headers) {
      const res = await fetch(`${baseUrl}/api/${area}/v1/${resource}/${action}`, {
        method: 'POST',
        headers: { ...signedHeaders(), ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
    },
    stop: () => {
      child.kill();
    },
  };
  for (let i = 0; i < 360; i++) {
    if (child.exitCode !== null) throw new Error(`the second server process exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return handle;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`the second server process did not start within 90 s: ${stderr}`);
}
