import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders, startTestServer, type TestServer } from '../testing/testServer';
import { signIn } from '../testing/sessions';

/**
 * A second, separate OS process (the built server, `server/dist/main.js`) on the same MariaDB:
 * a session created by one process works on the other. CI builds the server before this suite.
 */
const onMysql = !!process.env.DB_URL?.startsWith('mysql');
const MAIN = path.resolve(__dirname, '..', '..', 'dist', 'main.js');
const PORT = 18000 + (process.pid % 1000);

let inProcess: TestServer;
let other: ChildProcess | undefined;

async function waitForHealth(baseUrl: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the second server process did not start');
}

beforeAll(async () => {
  if (!onMysql) return;
  inProcess = await startTestServer('auth_process');
  other = spawn(process.execPath, [MAIN], { env: { ...process.env, DB_URL: inProcess.config.dbUrl, PORT: String(PORT), DEMO: 'true' }, stdio: 'ignore' });
  await waitForHealth(`http://127.0.0.1:${PORT}`);
}, 60000);
afterAll(async () => {
  other?.kill();
  await inProcess?.close();
});

const getUserInfo = (baseUrl: string, session: { certificate: string; authorizationCode: string }) =>
  fetch(`${baseUrl}/api/baseServer/v1/baseUsersRestful/getUserInfo`, {
    method: 'POST', headers: { ...signedHeaders(), certificate: session.certificate, authorizationCode: session.authorizationCode }, body: '{}',
  });

describe('two server processes on one MariaDB', () => {
  it.skipIf(!onMysql)('a session created on one process works on the other, and logging off on the other ends it on both', async () => {
    expect(fs.existsSync(MAIN)).toBe(true);
    const otherUrl = `http://127.0.0.1:${PORT}`;
    const session = await signIn(inProcess.baseUrl, 'buyer01');
    const there = await getUserInfo(otherUrl, session);
    expect(there.status).toBe(200);
    expect(((await there.json()) as { data: { userInfo: { userName: string } } }).data.userInfo.userName).toBe('buyer01');
    const logoff = await fetch(`${otherUrl}/api/baseServer/v1/baseLoginRestful/logoff`, {
      method: 'POST', headers: { ...signedHeaders(), certificate: session.certificate, authorizationCode: session.authorizationCode }, body: '{}',
    });
    expect(logoff.status).toBe(200);
    expect((await getUserInfo(inProcess.baseUrl, session)).status).toBe(401);
  });
});
