import * as http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, tableRows } from '../testing/apiAssertions';
import { expectLoginRefused, login, publicCall, runSql, stamp, WRONG_LOGIN } from '../testing/authFixtures';
import { signedHeaders, startTestServer, type ApiAnswer, type TestServer } from '../testing/testServer';
import { DEMO_PASSWORD } from '../seed/accounts';
import { sha256 } from './tokens';

/**
 * Login, login throttling and the image captcha (docs/architecture.md "Passwords and login throttling";
 * decisions "Access model").
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('auth_login');
});
afterAll(async () => {
  await server?.close();
});

const CAPTCHA_WRONG = 'The captcha is wrong or has expired';
const LOCKED = /^Too many failed sign-ins\. Try again in 1[45] minutes\.$/;
const throttleRow = async (userName: string) =>
  (await tableRows(server, 'base_login_throttle', 'throttle_id', { user_name_key: userName }))[0];
const captcha = (answer: string) => server.kernel.auth.captchas.issue(answer);
const decodeSvg = (image: string) =>
  Buffer.from(image.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

describe('login', () => {
  it('answers certificate, authorizationCode, userInfo and responsibilities, and stores only hashes of the tokens', async () => {
    const answer = await login(server, 'admin');
    const data = expectOk(answer);
    expect(answer.body.msg).toBe('Signed in');
    expect(data.certificate).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.authorizationCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.certificate).not.toBe(data.authorizationCode);
    expect(data.userInfo).toMatchObject({
      userId: 1,
      userName: 'admin',
      userType: 'INSIDE_ADMIN',
      supplierId: null,
      supplierName: null,
      orgId: 2,
      orgNumber: 'ME01',
    });
    expect(data.userInfo).not.toHaveProperty('passwordHash');
    expect(data.responsibilities).toEqual([
      expect.objectContaining({
        responsibilityId: 1,
        responsibilityCode: 'SYS_ADMIN_RESP',
        responsibilityName: expect.any(String),
      }),
    ]);
    const sessions = await tableRows(server, 'base_session', 'session_id', {
      certificate_hash: sha256(data.certificate),
    });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      user_id: 1,
      auth_code_hash: sha256(data.authorizationCode),
      revoked_flag: 'N',
    });
    expect(JSON.stringify(await tableRows(server, 'base_session', 'session_id'))).not.toContain(data.certificate);
  });

  it('answers a supplier user with their supplier and the supplier responsibility; the user name is case-insensitive', async () => {
    const data = expectOk(await login(server, 'Supplier01'));
    expect(data.userInfo).toMatchObject({
      userId: 5,
      userName: 'supplier01',
      userType: 'EX_ADMIN',
      supplierId: 1,
      supplierName: '苏州恒达精密五金有限公司',
    });
    expect(data.responsibilities.map((r: { responsibilityCode: string }) => r.responsibilityCode)).toEqual([
      'SUPPLIER_RESP',
    ]);
  });

  it('answers 401 with the same generic message to a wrong password and to an unknown user', async () => {
    const wrong = await login(server, 'buyer01', 'Wrong#Pass2026');
    const unknown = await login(server, 'nobody-here', 'Wrong#Pass2026');
    expectLoginRefused(wrong, WRONG_LOGIN, { captchaRequired: false, locked: false });
    expectLoginRefused(unknown, WRONG_LOGIN, { captchaRequired: false, locked: false });
    expect(unknown.body).toEqual(wrong.body);
    expectLoginRefused(await login(server, 'buyer01', 'Wrong#Pass2027'), WRONG_LOGIN, {
      captchaRequired: false,
      locked: false,
    });
    // A blank password is an ordinary failure: the 3rd one, so from now on a captcha is required.
    expectLoginRefused(await login(server, 'buyer01', ''), WRONG_LOGIN, { captchaRequired: true, locked: false });
    const { validateKey } = await captcha('XY7K9');
    expectOk(await login(server, 'buyer01', DEMO_PASSWORD, { validateKey, validateCode: 'XY7K9' }));
    expect(await throttleRow('buyer01')).toBeUndefined();
  });
});

describe('captcha after failures', () => {
  it('requires a captcha from the 3rd failure, refuses the right password without one, accepts it with one, and a success resets the count', async () => {
    expectLoginRefused(await login(server, 'qe01', 'bad-1'), WRONG_LOGIN, { captchaRequired: false, locked: false });
    expectLoginRefused(await login(server, 'QE01', 'bad-2'), WRONG_LOGIN, { captchaRequired: false, locked: false });
    expectLoginRefused(await login(server, 'qe01', 'bad-3'), WRONG_LOGIN, { captchaRequired: true, locked: false });
    expectLoginRefused(await login(server, 'qe01'), CAPTCHA_WRONG, { captchaRequired: true, locked: false });
    expect(Number((await throttleRow('qe01')).failed_count)).toBe(4);
    expectOk(
      await login(server, 'qe01', DEMO_PASSWORD, {
        validateKey: (await captcha('ACE23')).validateKey,
        validateCode: 'ACE23',
      }),
    );
    expect(await throttleRow('qe01')).toBeUndefined();
    expectLoginRefused(await login(server, 'qe01', 'bad-again'), WRONG_LOGIN, {
      captchaRequired: false,
      locked: false,
    });
  });

  it('refuses the right password with a wrong captcha answer, and that captcha is used up by the wrong check', async () => {
    for (let i = 0; i < 3; i++) await login(server, 'supplier02', 'bad');
    const { validateKey } = await captcha('ACE23');
    expectLoginRefused(
      await login(server, 'supplier02', DEMO_PASSWORD, { validateKey, validateCode: 'ACE24' }),
      CAPTCHA_WRONG,
      { captchaRequired: true, locked: false },
    );
    expectLoginRefused(
      await login(server, 'supplier02', DEMO_PASSWORD, { validateKey, validateCode: 'ACE23' }),
      CAPTCHA_WRONG,
      { captchaRequired: true, locked: true },
    );
    expect(await tableRows(server, 'base_session', 'session_id', { user_id: 6 })).toEqual([]);
  });

  it('counts unknown user names the same way, so the answers tell nothing', async () => {
    for (const expected of [false, false, true]) {
      expectLoginRefused(await login(server, 'ghost-user', 'bad'), WRONG_LOGIN, {
        captchaRequired: expected,
        locked: false,
      });
    }
  });

  it('accepts the right password with a valid captcha (case-insensitive answer); the captcha is single use', async () => {
    for (let i = 0; i < 3; i++) await login(server, 'manager01', 'bad');
    const { validateKey } = await captcha('HK7P3');
    expectOk(await login(server, 'manager01', DEMO_PASSWORD, { validateKey, validateCode: 'hk7p3' }));
    expect(await throttleRow('manager01')).toBeUndefined();
    expectLoginRefused(await login(server, 'manager01', 'bad'), WRONG_LOGIN, { captchaRequired: false, locked: false });
    await login(server, 'manager01', 'bad');
    expectLoginRefused(await login(server, 'manager01', 'bad'), WRONG_LOGIN, { captchaRequired: true, locked: false });
    expectLoginRefused(
      await login(server, 'manager01', DEMO_PASSWORD, { validateKey, validateCode: 'HK7P3' }),
      CAPTCHA_WRONG,
      { captchaRequired: true, locked: false },
    );
    const fresh = await captcha('HK7P3');
    expectOk(
      await login(server, 'manager01', DEMO_PASSWORD, { validateKey: fresh.validateKey, validateCode: 'HK7P3' }),
    );
  });

  it('refuses an expired captcha', async () => {
    for (let i = 0; i < 3; i++) await login(server, 'supplier03', 'bad');
    const { validateKey } = await captcha('TXY42');
    await runSql(server, 'UPDATE base_captcha SET expires_date = ? WHERE captcha_key_hash = ?', [
      stamp(-1000),
      sha256(validateKey),
    ]);
    expectLoginRefused(
      await login(server, 'supplier03', DEMO_PASSWORD, { validateKey, validateCode: 'TXY42' }),
      CAPTCHA_WRONG,
      { captchaRequired: true, locked: false },
    );
  });
});

describe('lock after 5 failures', () => {
  it('locks the name for 15 minutes (even the right password and captcha are refused) and lets it in once the lock has run out', async () => {
    for (let i = 1; i <= 4; i++) await login(server, 'supplier04', `bad-${i}`);
    const fifth = await login(server, 'supplier04', 'bad-5', {
      validateKey: (await captcha('FEL94')).validateKey,
      validateCode: 'FEL94',
    });
    expectLoginRefused(fifth, WRONG_LOGIN, { captchaRequired: true, locked: true });
    // The lock is this client's on this name (issue 13): its row is keyed 'login <address> <name>'.
    const until = new Date(
      String((await throttleRow('login 127.0.0.1 supplier04')).locked_until).replace(' ', 'T'),
    ).getTime();
    expect(Math.abs(until - (Date.now() + 15 * 60_000))).toBeLessThan(10_000);
    const sessionsBefore = await tableRows(server, 'base_session', 'session_id', { user_id: 8 });
    const { validateKey } = await captcha('PLACE');
    expectLoginRefused(
      await login(server, 'supplier04', DEMO_PASSWORD, { validateKey, validateCode: 'PLACE' }),
      LOCKED,
      { captchaRequired: true, locked: true },
    );
    expectLoginRefused(
      await login(server, 'SUPPLIER04', DEMO_PASSWORD, { validateKey, validateCode: 'PLACE' }),
      LOCKED,
      { captchaRequired: true, locked: true },
    );
    expect(await tableRows(server, 'base_session', 'session_id', { user_id: 8 })).toEqual(sessionsBefore);
    // 16 minutes later: the lock has run out, the captcha is still required until a success.
    await runSql(server, 'UPDATE base_login_throttle SET locked_until = ? WHERE user_name_key = ?', [
      stamp(-60_000),
      'login 127.0.0.1 supplier04',
    ]);
    expectLoginRefused(await login(server, 'supplier04'), CAPTCHA_WRONG, { captchaRequired: true, locked: false });
    const again = await captcha('PLACE');
    expectOk(
      await login(server, 'supplier04', DEMO_PASSWORD, { validateKey: again.validateKey, validateCode: 'PLACE' }),
    );
    expect(await throttleRow('supplier04')).toBeUndefined();
  });

  it('locks unknown names too, with the same answers', async () => {
    for (let i = 1; i <= 4; i++) await login(server, 'ghost-locked', 'bad');
    expectLoginRefused(await login(server, 'ghost-locked', 'bad'), CAPTCHA_WRONG, {
      captchaRequired: true,
      locked: true,
    });
    expectLoginRefused(await login(server, 'ghost-locked', 'bad'), LOCKED, { captchaRequired: true, locked: true });
  });
});

describe('generateValidateCode', () => {
  it('answers a key and an SVG data URI without a session; the answer is stored hashed and is not text in the image', async () => {
    const data = expectOk(await publicCall(server, 'generateValidateCode', {}));
    expect(data.validateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = decodeSvg(data.image);
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<text|<tspan|font|<image|href/i);
    expect(Object.keys(data).sort()).toEqual(['image', 'validateKey']);
    const rows = await tableRows(server, 'base_captcha', 'captcha_id', { captcha_key_hash: sha256(data.validateKey) });
    expect(rows).toHaveLength(1);
    expect(rows[0].used_flag).toBe('N');
  });

  it('draws a known answer as paths only: the answer appears nowhere in the image', async () => {
    const { image } = await captcha('ACE23');
    const svg = decodeSvg(image);
    expect(svg).toContain('<path');
    expect(svg.toUpperCase()).not.toContain('ACE23');
    expect(svg.replace(/<[^>]*>/g, '')).toBe('');
    const [row] = await tableRows(server, 'base_captcha', 'captcha_id', { answer_hash: sha256('ACE23') });
    expect(row).toBeDefined();
    expect(JSON.stringify(await tableRows(server, 'base_captcha', 'captcha_id'))).not.toContain('ACE23');
  });
});

/** A login sent from another loopback address (127.0.0.0/8), so the server sees another client. */
function loginFrom(
  clientIp: string,
  userName: string,
  password = DEMO_PASSWORD,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  const url = new URL(`${server.baseUrl}/api/baseServer/v1/baseLoginRestful/login`);
  const body = JSON.stringify({ userName, password, ...extra });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: clientIp,
        headers: { ...signedHeaders(), ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('throttling per client (issue 13, docs/decisions.md)', () => {
  it('locks one client out of a name after 5 failures, but not the user: another client still signs in (with a captcha)', async () => {
    for (let i = 1; i <= 4; i++)
      await loginFrom('127.0.0.5', 'buyer01', `bad-${i}`, {
        validateKey: (await captcha('ACE23')).validateKey,
        validateCode: 'ACE23',
      });
    expectLoginRefused(
      await loginFrom('127.0.0.5', 'buyer01', 'bad-5', {
        validateKey: (await captcha('ACE23')).validateKey,
        validateCode: 'ACE23',
      }),
      WRONG_LOGIN,
      { captchaRequired: true, locked: true },
    );
    expectLoginRefused(
      await loginFrom('127.0.0.5', 'buyer01', DEMO_PASSWORD, {
        validateKey: (await captcha('ACE23')).validateKey,
        validateCode: 'ACE23',
      }),
      LOCKED,
      { captchaRequired: true, locked: true },
    );
    // The real user, elsewhere: a captcha (the name has failures), but no lock.
    expectLoginRefused(await loginFrom('127.0.0.6', 'buyer01'), CAPTCHA_WRONG, {
      captchaRequired: true,
      locked: false,
    });
    expectOk(
      await loginFrom('127.0.0.6', 'buyer01', DEMO_PASSWORD, {
        validateKey: (await captcha('ACE23')).validateKey,
        validateCode: 'ACE23',
      }),
    );
    // The first client stays locked out of the name.
    expectLoginRefused(
      await loginFrom('127.0.0.5', 'buyer01', DEMO_PASSWORD, {
        validateKey: (await captcha('ACE23')).validateKey,
        validateCode: 'ACE23',
      }),
      LOCKED,
      { captchaRequired: true, locked: true },
    );
  });

  it('makes one client failing against 10 names answer captchas for every name, and locks it out after 20', async () => {
    for (let i = 1; i <= 9; i++)
      expectLoginRefused(await loginFrom('127.0.0.7', `spray-${i}`, 'Winter#2026'), WRONG_LOGIN, {
        captchaRequired: false,
        locked: false,
      });
    expectLoginRefused(await loginFrom('127.0.0.7', 'spray-10', 'Winter#2026'), WRONG_LOGIN, {
      captchaRequired: true,
      locked: false,
    });
    // A name this client never tried needs a captcha from it, not from another client.
    expectLoginRefused(await loginFrom('127.0.0.7', 'manager01'), CAPTCHA_WRONG, {
      captchaRequired: true,
      locked: false,
    });
    expectOk(await loginFrom('127.0.0.8', 'manager01'));
    for (let i = 12; i < 20; i++)
      await loginFrom('127.0.0.7', `spray-${i}`, 'Winter#2026', {
        validateKey: (await captcha('TXY42')).validateKey,
        validateCode: 'TXY42',
      });
    expectLoginRefused(
      await loginFrom('127.0.0.7', 'spray-20', 'Winter#2026', {
        validateKey: (await captcha('TXY42')).validateKey,
        validateCode: 'TXY42',
      }),
      WRONG_LOGIN,
      { captchaRequired: true, locked: true },
    );
    const locked = await loginFrom('127.0.0.7', 'qe01', DEMO_PASSWORD, {
      validateKey: (await captcha('TXY42')).validateKey,
      validateCode: 'TXY42',
    });
    expectLoginRefused(locked, /^Too many failed sign-ins from your address\. Try again in 1[45] minutes\.$/, {
      captchaRequired: true,
      locked: true,
    });
    // A forged X-Forwarded-For does not make it another client (no proxy is trusted by default).
    expectLoginRefused(
      await loginFrom('127.0.0.7', 'qe01', DEMO_PASSWORD, {}, { 'x-forwarded-for': '203.0.113.9' }),
      /from your address/,
      { captchaRequired: true, locked: true },
    );
    expectOk(await loginFrom('127.0.0.8', 'qe01'));
  });

  it('locks a name for every client once all clients together failed 50 times', async () => {
    const answer = () => ({ validateKey: '', validateCode: '' });
    for (let client = 10; client < 20; client++) {
      for (let i = 0; i < 5; i++) await loginFrom(`127.0.0.${client}`, 'supplier01', 'bad', answer());
    }
    expectLoginRefused(
      await loginFrom('127.0.0.30', 'supplier01', DEMO_PASSWORD, {
        validateKey: (await captcha('HK7P3')).validateKey,
        validateCode: 'HK7P3',
      }),
      LOCKED,
      { captchaRequired: true, locked: true },
    );
  });
});
