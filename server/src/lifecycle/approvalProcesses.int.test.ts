import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders, startTestServer, type TestServer } from '../testing/testServer';
import { REQ } from '../testing/srmFixtures';
import { actorsOf, as, history, submitted, todos, type Actors } from './approvalFixtures';

/**
 * Two server OS processes (the built `server/dist/main.js` beside the in-process one) on one
 * MariaDB: simultaneous approvals of one document on both — the row lock in the transaction lets
 * exactly one through. CI builds the server before this suite (npm run test:mysql).
 */
const onMysql = !!process.env.DB_URL?.startsWith('mysql');
const MAIN = path.resolve(__dirname, '..', '..', 'dist', 'main.js');
const PORT = 19000 + (process.pid % 1000);

let server: TestServer;
let a: Actors;
let other: ChildProcess | undefined;

beforeAll(async () => {
  if (!onMysql) return;
  server = await startTestServer('lifecycle_processes');
  a = await actorsOf(server);
  other = spawn(process.execPath, [MAIN], {
    env: { ...process.env, DB_URL: server.config.dbUrl, PORT: String(PORT), DEMO: 'true' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  other.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-2000);
  });
  // A second process starting (and checking the demo data) on a busy 2-core CI machine took over 30 s once.
  for (let i = 0; i < 360; i++) {
    if (other.exitCode !== null) throw new Error(`the second server process exited (${other.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the second server process did not start within 90 s: ${stderr}`);
}, 120_000);
afterAll(async () => {
  other?.kill();
  await server?.close();
});

// Both calls come from the rule's approver: admin holds the button but not the approval step, so a
// call from admin that won the lock would answer 403 instead of meeting the lock.
const approveOn = (baseUrl: string, id: number, user: 'manager01') =>
  fetch(`${baseUrl}/api/srmServer/v1/${REQ}/doApprove`, {
    method: 'POST',
    headers: { ...signedHeaders(), ...as(a, user) },
    body: JSON.stringify({ id }),
  });

describe('approvals from two server processes', () => {
  it.skipIf(!onMysql)(
    'the same document approved on both processes at once: exactly one 200, one 409, one decision in history',
    async () => {
      for (let round = 0; round < 3; round++) {
        const id = await submitted(a);
        const answers = await Promise.all([
          approveOn(server.baseUrl, id, 'manager01'),
          approveOn(`http://127.0.0.1:${PORT}`, id, 'manager01'),
        ]);
        expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
        expect((await history(server, id)).filter((h) => h.action === 'doApprove')).toHaveLength(1);
        expect((await todos(server, id)).map((t) => t.handle_flag)).toEqual(['Y']);
      }
    },
  );
});
