import { computeAppsign } from '@meridian/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import {
  ANONYMOUS,
  expectLoginRefused,
  login,
  menuId,
  publicCall,
  runSql,
  sessionHeaders,
  stamp,
  USERS,
  WRONG_LOGIN,
} from '../testing/authFixtures';
import { signIn, type SignedIn } from '../testing/sessions';
import { REQ, REQ_TABLE } from '../testing/srmFixtures';
import { signedHeaders, startTestServer, type TestServer } from '../testing/testServer';
import { sha256 } from './tokens';

/** Sessions: logoff, idle and absolute expiry, appsign, the session every non-public call needs, disabling a user. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('auth_sessions');
});
afterAll(async () => {
  await server?.close();
});

const EXPIRED = 'Your session has expired or is not valid. Sign in again.';
const userInfo = (session: Pick<SignedIn, 'certificate' | 'authorizationCode'>) =>
  server.call('baseServer', USERS, 'getUserInfo', {}, sessionHeaders(session));
const sessionRow = async (session: SignedIn) =>
  (await tableRows(server, 'base_session', 'session_id', { certificate_hash: sha256(session.certificate) }))[0];
function expectExpired(answer: Awaited<ReturnType<typeof userInfo>>): void {
  expectError(answer, 401);
  expect(answer.body.msg).toBe(EXPIRED);
}

describe('user information', () => {
  it("carries the person's and the supplier's English names beside the Chinese ones, for the English interface", async () => {
    expect(expectOk(await userInfo(await signIn(server.baseUrl, 'buyer01'))).userInfo).toMatchObject({
      personName: '王磊',
      personNameEn: 'Wang Lei',
    });
    expect(expectOk(await userInfo(await signIn(server.baseUrl, 'supplier01'))).userInfo).toMatchObject({
      supplierName: '苏州恒达精密五金有限公司',
      supplierNameEn: 'Suzhou Hengda Precision Hardware Co., Ltd.',
    });
  });
});

describe('logoff', () => {
  it('revokes the session: the certificate answers 401 afterwards, other sessions of the user live on', async () => {
    const session = await signIn(server.baseUrl, 'buyer01');
    const other = await signIn(server.baseUrl, 'buyer01');
    expect(expectOk(await userInfo(session)).userInfo.userName).toBe('buyer01');
    expectOk(await server.call('baseServer', 'baseLoginRestful', 'logoff', {}, sessionHeaders(session)));
    expectExpired(await userInfo(session));
    expect(await sessionRow(session)).toMatchObject({ revoked_flag: 'Y', revoked_reason: 'LOGOFF' });
    expectOk(await userInfo(other));
  });

  it('answers 401 to a right certificate with a wrong authorizationCode, and to made-up tokens', async () => {
    const session = await signIn(server.baseUrl, 'buyer01');
    expectExpired(await userInfo({ certificate: session.certificate, authorizationCode: session.certificate }));
    expectExpired(await userInfo({ certificate: 'x'.repeat(43), authorizationCode: session.authorizationCode }));
    expectOk(await userInfo(session));
  });
});

describe('expiry', () => {
  it('keeps a session idle for 29 minutes alive (and touches it) but ends one idle for 31 minutes', async () => {
    const session = await signIn(server.baseUrl, 'manager01');
    await runSql(server, 'UPDATE base_session SET last_seen_date = ? WHERE certificate_hash = ?', [
      stamp(-29 * 60_000),
      sha256(session.certificate),
    ]);
    expectOk(await userInfo(session));
    const touched = new Date(String((await sessionRow(session)).last_seen_date).replace(' ', 'T')).getTime();
    expect(Math.abs(touched - Date.now())).toBeLessThan(10_000);
    await runSql(server, 'UPDATE base_session SET last_seen_date = ? WHERE certificate_hash = ?', [
      stamp(-31 * 60_000),
      sha256(session.certificate),
    ]);
    expectExpired(await userInfo(session));
  });

  it('ends a session past its absolute expiry even while it is in use', async () => {
    const session = await signIn(server.baseUrl, 'manager01');
    const row = await sessionRow(session);
    const hours = (new Date(String(row.expires_date).replace(' ', 'T')).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    await runSql(server, 'UPDATE base_session SET expires_date = ?, last_seen_date = ? WHERE certificate_hash = ?', [
      stamp(-1000),
      stamp(0),
      sha256(session.certificate),
    ]);
    expectExpired(await userInfo(session));
  });
});

describe('appsign', () => {
  it('answers 401 to a bad or stale appsign even with a valid session', async () => {
    const session = await signIn(server.baseUrl, 'buyer01');
    expectOk(await userInfo(session));
    expectError(
      await server.call(
        'baseServer',
        USERS,
        'getUserInfo',
        {},
        { ...sessionHeaders(session), appsign: sha256('nope') },
      ),
      401,
    );
    const stale = String(Date.now() - 6 * 60_000);
    expectError(
      await server.call(
        'baseServer',
        USERS,
        'getUserInfo',
        {},
        { ...sessionHeaders(session), timestamp: stale, appsign: computeAppsign(stale) },
      ),
      401,
    );
    const missing = await fetch(`${server.baseUrl}/api/baseServer/v1/${USERS}/getUserInfo`, {
      method: 'POST',
      headers: { ...signedHeaders(), appsign: '', ...sessionHeaders(session) },
      body: '{}',
    });
    expect(missing.status).toBe(401);
  });
});

describe('calls without a session', () => {
  it.each([
    ['generic list', 'srmServer', REQ, 'listByPage', { pageIndex: 1, pageRows: 20 }],
    ['generic write', 'srmServer', REQ, 'delete', { id: 1 }],
    ['lifecycle', 'srmServer', REQ, 'doApprove', { id: 2 }],
    ['findPage', 'baseServer', 'baseMetadataRestful', 'findPage', { path: 'purchaseRequisitionList' }],
    ['findDic', 'baseServer', 'baseLookupValuesRestful', 'findDic', { lookupTypes: ['BASE_CURRENCY'] }],
    [
      'findMenuByResp',
      'baseServer',
      'baseMenuRestful',
      'findMenuByResp',
      { isValid: true, systemCode: 'BASE', responsibilityId: 1 },
    ],
    ['findByMenuResp', 'baseServer', 'baseResourceRestful', 'findByMenuResp', { menuId: 1, respId: 1 }],
    ['getUserInfo', 'baseServer', USERS, 'getUserInfo', {}],
    [
      'updatePassword',
      'baseServer',
      USERS,
      'updatePassword',
      { oldPassword: 'Meridian#2026', newPassword: 'Brand#New2026x' },
    ],
    ['an unknown resource', 'srmServer', 'srmNoSuchThingRestful', 'listByPage', {}],
  ])(
    'answers 401 to %s, with no certificate and with a made-up one, and changes nothing',
    async (_what, area, resource, action, body) => {
      const before = await tableRows(server, REQ_TABLE, 'requisition_header_id');
      for (const headers of [ANONYMOUS, { certificate: 'made-up', authorizationCode: 'made-up' }]) {
        const answer = await server.call(area, resource, action, body, headers);
        expectExpired(answer);
      }
      expect(await tableRows(server, REQ_TABLE, 'requisition_header_id')).toEqual(before);
    },
  );

  it('serves the public actions without a session', async () => {
    expectOk(await login(server, 'qe01'));
    expectOk(await publicCall(server, 'generateValidateCode', {}));
    expectOk(await publicCall(server, 'sendEmailCode', { userName: 'nobody-at-all' }));
    // Reached (not 401): a wrong code is a 400.
    expectError(await publicCall(server, 'checkEmailCode', { userName: 'qe01', code: '123456' }), 400);
    expectError(
      await publicCall(server, 'changePasswordByCode', {
        userName: 'qe01',
        code: '123456',
        newPassword: 'Another#Pass2026',
      }),
      400,
    );
    expectOk(await publicCall(server, 'logoff', {}));
  });
});

describe('disabling a user', () => {
  it('revokes all their sessions at once (doDisable from the user menu); the disabled user cannot sign in; enabling lets them in again', async () => {
    const a = await signIn(server.baseUrl, 'qe01');
    const b = await signIn(server.baseUrl, 'qe01');
    const admin = await signIn(server.baseUrl, 'admin');
    const fromUserMenu = sessionHeaders(admin, 1, await menuId(server, 'SYS_USER'));
    const user = expectOk(await server.call('baseServer', USERS, 'findById', { id: 4 }, fromUserMenu));
    expect(user.enabledFlag).toBe('Y');
    const disabled = expectOk(
      await server.call('baseServer', USERS, 'doDisable', { id: 4, versionNum: user.versionNum }, fromUserMenu),
    );
    expect(disabled.enabledFlag).toBe('N');
    expectExpired(await userInfo(a));
    expectExpired(await userInfo(b));
    const rows = await tableRows(server, 'base_session', 'session_id', { user_id: 4 });
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.revoked_flag === 'Y')).toBe(true);
    expect(
      rows
        .filter((r) => [sha256(a.certificate), sha256(b.certificate)].includes(String(r.certificate_hash)))
        .map((r) => r.revoked_reason),
    ).toEqual(['USER_DISABLED', 'USER_DISABLED']);
    const refused = await login(server, 'qe01');
    expectLoginRefused(refused, WRONG_LOGIN, { captchaRequired: false, locked: false });
    expect(refused.body).toEqual((await login(server, 'no-such-user-x')).body);
    expectOk(await server.call('baseServer', USERS, 'doEnable', { id: 4 }, fromUserMenu));
    expectOk(await login(server, 'qe01'));
    expectExpired(await userInfo(a));
  });

  it("refuses a session of a user disabled behind the server's back (checked on every call)", async () => {
    const session = await signIn(server.baseUrl, 'supplier03');
    expectOk(await userInfo(session));
    await runSql(server, 'UPDATE base_users SET end_date = ? WHERE user_id = 7', [stamp(-86_400_000).slice(0, 10)]);
    expectExpired(await userInfo(session));
    expectLoginRefused(await login(server, 'supplier03'), WRONG_LOGIN, { captchaRequired: false, locked: false });
  });
});
