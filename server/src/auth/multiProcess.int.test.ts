import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onMysql, startSecondProcess, type SecondProcess } from '../testing/secondProcess';
import { signIn } from '../testing/sessions';
import { signedHeaders, startTestServer, type TestServer } from '../testing/testServer';

/**
 * A second, separate OS process (the built server, `server/dist/main.js`) on the same MariaDB:
 * a session created by one process works on the other. CI builds the server before this suite.
 */
const PORT = 18000 + (process.pid % 1000);

let inProcess: TestServer;
let other: SecondProcess | undefined;

// The second process may take long to start on a busy machine: startSecondProcess allows 90 s.
beforeAll(async () => {
  if (!onMysql) return;
  inProcess = await startTestServer('auth_process');
  other = await startSecondProcess(inProcess.config.dbUrl, PORT);
}, 120000);
afterAll(async () => {
  other?.stop();
  await inProcess?.close();
});

const getUserInfo = (baseUrl: string, session: { certificate: string; authorizationCode: string }) =>
  fetch(`${baseUrl}/api/baseServer/v1/baseUsersRestful/getUserInfo`, {
    method: 'POST',
    headers: { ...signedHeaders(), certificate: session.certificate, authorizationCode: session.authorizationCode },
    body: '{}',
  });

describe('two server processes on one MariaDB', () => {
  it.skipIf(!onMysql)(
    'a session created on one process works on the other, and logging off on the other ends it on both',
    async () => {
      const otherUrl = other!.baseUrl;
      const session = await signIn(inProcess.baseUrl, 'buyer01');
      const there = await getUserInfo(otherUrl, session);
      expect(there.status).toBe(200);
      expect(((await there.json()) as { data: { userInfo: { userName: string } } }).data.userInfo.userName).toBe(
        'buyer01',
      );
      const logoff = await fetch(`${otherUrl}/api/baseServer/v1/baseLoginRestful/logoff`, {
        method: 'POST',
        headers: { ...signedHeaders(), certificate: session.certificate, authorizationCode: session.authorizationCode },
        body: '{}',
      });
      expect(logoff.status).toBe(200);
      expect((await getUserInfo(inProcess.baseUrl, session)).status).toBe(401);
    },
  );
});
