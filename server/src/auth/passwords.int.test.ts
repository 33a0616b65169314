import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectError, expectOk } from '../testing/apiAssertions';
import {
  expectLoginRefused,
  login,
  menuId,
  outbox,
  passwordHash,
  publicCall,
  runSql,
  sessionHeaders,
  stamp,
  USERS,
  WRONG_LOGIN,
} from '../testing/authFixtures';
import { signIn } from '../testing/sessions';
import { startTestServer, type TestServer } from '../testing/testServer';
import { DEMO_PASSWORD } from '../seed/accounts';

/** Own password change, an administrator's reset, and the forgotten-password e-mail code (decisions "Access model"). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('auth_passwords');
});
afterAll(async () => {
  await server?.close();
});

const updatePassword = (
  session: { certificate: string; authorizationCode: string },
  oldPassword: string,
  newPassword: string,
) => server.call('baseServer', USERS, 'updatePassword', { oldPassword, newPassword }, sessionHeaders(session));
const userInfo = (session: { certificate: string; authorizationCode: string }) =>
  server.call('baseServer', USERS, 'getUserInfo', {}, sessionHeaders(session));
const codeFrom = (body: string) => /\b(\d{6})\b/.exec(body)![1];

describe('updatePassword', () => {
  it.each([
    ['too short', 'Ab#12cd'],
    ['only 2 classes', 'abcdefgh1234'],
    ['contains the user name', 'xQE01#Secure'],
  ])('answers 400 naming newPassword to a password that is %s, and changes nothing', async (_why, newPassword) => {
    const session = await signIn(server.baseUrl, 'qe01');
    const hash = await passwordHash(server, 4);
    expectError(await updatePassword(session, DEMO_PASSWORD, newPassword), 400, ['newPassword']);
    expect(await passwordHash(server, 4)).toBe(hash);
    expectOk(await userInfo(session));
  });

  it('answers 400 naming oldPassword to a wrong current password, and changes nothing', async () => {
    const session = await signIn(server.baseUrl, 'qe01');
    const hash = await passwordHash(server, 4);
    expectError(await updatePassword(session, 'Not#The2026Old', 'Brand#New2026x'), 400, ['oldPassword']);
    expect(await passwordHash(server, 4)).toBe(hash);
    expectOk(await userInfo(session));
  });

  it('refuses the change for 15 minutes after 5 wrong current passwords, with the same answer whether the password is right or not (issue 13)', async () => {
    const session = await signIn(server.baseUrl, 'buyer01');
    const hash = await passwordHash(server, 2);
    for (let i = 1; i <= 4; i++)
      expectError(await updatePassword(session, `Wrong#Old2026-${i}`, 'Brand#New2026y'), 400, ['oldPassword']);
    const fifth = await updatePassword(session, 'Wrong#Old2026-5', 'Brand#New2026y');
    expectError(fifth, 429);
    expect(fifth.body.msg).toMatch(/^Too many wrong current passwords\. Try again in 1[45] minutes\.$/);
    const right = await updatePassword(session, DEMO_PASSWORD, 'Brand#New2026y');
    const wrong = await updatePassword(session, 'Wrong#Old2026-6', 'Brand#New2026y');
    expectError(right, 429);
    expect(right.body).toEqual(wrong.body);
    expect(await passwordHash(server, 2)).toBe(hash);
    const cn = await server.call(
      'baseServer',
      USERS,
      'updatePassword',
      { oldPassword: DEMO_PASSWORD, newPassword: 'Brand#New2026y' },
      { ...sessionHeaders(session), language: 'CN' },
    );
    expect(cn.body.msg).toMatch(/分钟后再试/);
    // Once the lock has run out, the right password is checked again (and clears the count);
    // the new one here is too short, so buyer01 keeps the demo password for the tests below.
    await runSql(server, 'UPDATE base_login_throttle SET locked_until = ? WHERE user_name_key = ?', [
      stamp(-60_000),
      'password user 2',
    ]);
    expectError(await updatePassword(session, DEMO_PASSWORD, 'Ab#1'), 400, ['newPassword']);
    expect(await countRows(server, 'base_login_throttle', { user_name_key: 'password user 2' })).toBe(0);
    expect(await passwordHash(server, 2)).toBe(hash);
  });

  it('changes the password, ends every session of the user (not those of others), and the new password works', async () => {
    const first = await signIn(server.baseUrl, 'qe01');
    const second = await signIn(server.baseUrl, 'qe01');
    const someoneElse = await signIn(server.baseUrl, 'buyer01');
    const hash = await passwordHash(server, 4);
    expectOk(await updatePassword(first, DEMO_PASSWORD, 'Brand#New2026x'));
    expect(await passwordHash(server, 4)).not.toBe(hash);
    expect(await passwordHash(server, 4)).toMatch(/^\$argon2id\$/);
    expectError(await userInfo(first), 401);
    expectError(await userInfo(second), 401);
    expectOk(await userInfo(someoneElse));
    expectLoginRefused(await login(server, 'qe01'), WRONG_LOGIN, { captchaRequired: false, locked: false });
    expectOk(await login(server, 'qe01', 'Brand#New2026x'));
  });
});

describe('resetPassword by an administrator', () => {
  it("without newPassword answers a temporary password that works, mails it to the outbox, and ends the user's sessions", async () => {
    const victim = await signIn(server.baseUrl, 'manager01');
    const admin = await signIn(server.baseUrl, 'admin');
    const answer = await server.call(
      'baseServer',
      USERS,
      'resetPassword',
      { userId: 3 },
      sessionHeaders(admin, 1, await menuId(server, 'SYS_USER')),
    );
    const { temporaryPassword } = expectOk(answer);
    expect(temporaryPassword).toMatch(/^.{12}$/);
    expectError(await userInfo(victim), 401);
    expectOk(await userInfo(admin));
    const mails = await outbox(server, 'chen.jing@meridian.example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'OUTBOX_ONLY', purpose: 'PASSWORD_RESET_BY_ADMIN' });
    expect(mails[0].body).toContain(temporaryPassword);
    expectLoginRefused(await login(server, 'manager01'), WRONG_LOGIN, { captchaRequired: false, locked: false });
    expectOk(await login(server, 'manager01', temporaryPassword));
  });

  it('with a weak newPassword answers 400 naming newPassword and changes nothing', async () => {
    const admin = await signIn(server.baseUrl, 'admin');
    const hash = await passwordHash(server, 8);
    expectError(
      await server.call(
        'baseServer',
        USERS,
        'resetPassword',
        { userId: 8, newPassword: 'short' },
        sessionHeaders(admin, 1, await menuId(server, 'SYS_USER')),
      ),
      400,
      ['newPassword'],
    );
    expect(await passwordHash(server, 8)).toBe(hash);
  });

  it('answers 403 to buyer01 (no user menu, no btnResetPassword), from any menu, and changes nothing', async () => {
    const buyer = await signIn(server.baseUrl, 'buyer01');
    const hash = await passwordHash(server, 8);
    const mails = await countRows(server, 'base_mail_outbox');
    for (const menu of ['PUR_REQUISITION', 'SYS_USER']) {
      expectError(
        await server.call(
          'baseServer',
          USERS,
          'resetPassword',
          { userId: 8 },
          sessionHeaders(buyer, 101, await menuId(server, menu)),
        ),
        403,
      );
    }
    expect(await passwordHash(server, 8)).toBe(hash);
    expect(await countRows(server, 'base_mail_outbox')).toBe(mails);
    expectOk(await login(server, 'supplier04'));
  });
});

describe('forgotten password', () => {
  const sendCode = (userName: string) => publicCall(server, 'sendEmailCode', { userName });
  const check = (userName: string, code: string) => publicCall(server, 'checkEmailCode', { userName, code });
  const change = (userName: string, code: string, newPassword: string) =>
    publicCall(server, 'changePasswordByCode', { userName, code, newPassword });
  const MAIL = 'li.na@ruixin-tech.example.com';
  /** A minute later: the resend throttle lets a new code go out. */
  const aMinuteLater = () =>
    runSql(server, 'UPDATE base_password_code SET sent_date = ? WHERE user_id = 6', [stamp(-61_000)]);

  it('answers the same to an unknown user and sends nothing', async () => {
    const mails = await countRows(server, 'base_mail_outbox');
    const unknown = await sendCode('nobody-here');
    const known = await sendCode('supplier02');
    expect(expectOk(unknown)).toBeNull();
    expect(unknown.body).toEqual(known.body);
    expect(await countRows(server, 'base_mail_outbox')).toBe(mails + 1);
  });

  it('answers checkEmailCode and changePasswordByCode alike for unknown and known users', async () => {
    const unknownCheck = await check('nobody-here', '123456');
    expectError(unknownCheck, 400);
    expect(unknownCheck.body).toEqual((await check('supplier03', '123456')).body);
    for (const newPassword of ['weak', 'Strong#Enough2026']) {
      const unknown = await change('nobody-here', '123456', newPassword);
      expectError(unknown, 400);
      expect(unknown.body).toEqual((await change('supplier03', '123456', newPassword)).body);
    }
  });

  it('writes a 6-digit code to the outbox, stores it hashed, and sends nothing new within a minute', async () => {
    const mails = await outbox(server, MAIL);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'OUTBOX_ONLY', purpose: 'PASSWORD_RESET' });
    const code = codeFrom(mails[0].body);
    const stored = await server.kernel.db.select('SELECT code_hash FROM base_password_code WHERE user_id = 6');
    expect(JSON.stringify(stored)).not.toContain(code);
    expectOk(await sendCode('supplier02'));
    expect(await outbox(server, MAIL)).toHaveLength(1);
  });

  it('answers 400 to a wrong code and 200 to the right one; changes the password with it once; the old sessions end', async () => {
    const code = codeFrom((await outbox(server, MAIL))[0].body);
    const wrong = code === '000000' ? '111111' : '000000';
    const session = await signIn(server.baseUrl, 'supplier02');
    expectError(await check('supplier02', wrong), 400);
    expectOk(await check('supplier02', code));
    expectError(await change('supplier02', code, 'weak'), 400, ['newPassword']);
    expectOk(await change('supplier02', code, 'Reset#ByCode2026'));
    expectError(await userInfo(session), 401);
    expectOk(await login(server, 'supplier02', 'Reset#ByCode2026'));
    expectError(await change('supplier02', code, 'Again#ByCode2026'), 400);
    expectError(await check('supplier02', code), 400);
    expectOk(await login(server, 'supplier02', 'Reset#ByCode2026'));
  });

  it('burns a code after 5 wrong checks: the right code then fails too', async () => {
    await aMinuteLater();
    expectOk(await sendCode('supplier02'));
    const mails = await outbox(server, MAIL);
    expect(mails).toHaveLength(2);
    const code = codeFrom(mails[1].body);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expectError(await check('supplier02', wrong), 400);
    expectError(await check('supplier02', code), 400);
    expectError(await change('supplier02', code, 'Burnt#Code2026'), 400);
    expectOk(await login(server, 'supplier02', 'Reset#ByCode2026'));
  });

  it('refuses an expired code and changes nothing', async () => {
    await aMinuteLater();
    expectOk(await sendCode('supplier02'));
    const code = codeFrom((await outbox(server, MAIL))[2].body);
    expectOk(await check('supplier02', code));
    await runSql(server, "UPDATE base_password_code SET expires_date = ? WHERE user_id = 6 AND used_flag = 'N'", [
      stamp(-1000),
    ]);
    const hash = await passwordHash(server, 6);
    expectError(await check('supplier02', code), 400);
    expectError(await change('supplier02', code, 'Expired#Code2026'), 400);
    expect(await passwordHash(server, 6)).toBe(hash);
  });
});
