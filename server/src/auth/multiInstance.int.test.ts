import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { expectLoginRefused, login, sessionHeaders, USERS, WRONG_LOGIN } from '../testing/authFixtures';
import { signIn } from '../testing/sessions';
import { REQ } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { DEMO_PASSWORD } from '../seed/accounts';

/**
 * Two server processes' worth of state on one MySQL/MariaDB (docs/architecture.md "Running it": no state in the
 * process): sessions, throttling and captchas made on one instance hold on the other.
 */
const onMysql = !!process.env.DB_URL?.startsWith('mysql');
let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  if (!onMysql) return;
  first = await startTestServer('auth_multi');
  second = await startTestServer('auth_multi', { dbUrl: first.config.dbUrl });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const userInfo = (server: TestServer, session: { certificate: string; authorizationCode: string }) =>
  server.call('baseServer', USERS, 'getUserInfo', {}, sessionHeaders(session));

describe('two instances on one database', () => {
  it.skipIf(!onMysql)(
    'accepts a session made on one instance on the other, and a logoff on either ends it on both',
    async () => {
      expect(second.baseUrl).not.toBe(first.baseUrl);
      const session = await signIn(first.baseUrl, 'buyer01');
      expect(expectOk(await userInfo(second, session)).userInfo.userName).toBe('buyer01');
      expectOk(await second.call('srmServer', REQ, 'listByPage', {}, await second.authHeaders(REQ, 'buyer01')));
      expectOk(await second.call('baseServer', 'baseLoginRestful', 'logoff', {}, sessionHeaders(session)));
      expectError(await userInfo(first, session), 401);
      expectError(await userInfo(second, session), 401);
    },
  );

  it.skipIf(!onMysql)(
    'counts login failures across instances and accepts a captcha issued by the other one',
    async () => {
      expectLoginRefused(await login(first, 'qe01', 'bad-1'), WRONG_LOGIN, { captchaRequired: false, locked: false });
      expectLoginRefused(await login(second, 'qe01', 'bad-2'), WRONG_LOGIN, { captchaRequired: false, locked: false });
      expectLoginRefused(await login(first, 'qe01', 'bad-3'), WRONG_LOGIN, { captchaRequired: true, locked: false });
      const { validateKey } = await first.kernel.auth.captchas.issue('ACE23');
      expectOk(await login(second, 'qe01', DEMO_PASSWORD, { validateKey, validateCode: 'ACE23' }));
    },
  );

  it.skipIf(!onMysql)('ends sessions on both instances when the user is disabled on one', async () => {
    const session = await signIn(second.baseUrl, 'manager01');
    expectOk(await userInfo(first, session));
    const admin = await first.authHeaders(USERS);
    expectOk(await first.call('baseServer', USERS, 'doDisable', { id: 3 }, admin));
    expectError(await userInfo(second, session), 401);
    expectError(await userInfo(first, session), 401);
  });
});
