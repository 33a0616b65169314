import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countRows, expectError, expectOk, tableRows } from '../../../testing/apiAssertions';
import { expectLoginRefused, login } from '../../../testing/authFixtures';
import { loadConfig } from '../../../config';
import { startTestServer, type TestServer } from '../../../testing/testServer';
import { REGISTER_ATTEMPTS } from './registerRateLimit';
import { NEW_PASSWORD, REG, register, registerForm, resetRegisterLimit } from './registrationFixtures';

/**
 * The public supplier registration (DOMAIN section 1.2, doRegister; validators of docs/architecture.md
 * "Spec: validators").
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('slc_register');
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await resetRegisterLimit(server);
});

const registrations = () => countRows(server, 'srm_slc_register_info');

describe('doRegister', () => {
  it('creates the registration ACCOUNT_SUBMITTED with a REG number and a disabled EX user whose password is an argon2id hash', async () => {
    const data = expectOk(await register(server, registerForm()));
    expect(data).toMatchObject({ registerStatus: 'ACCOUNT_SUBMITTED', userName: 'newsupp' });
    expect(data.registerNumber).toMatch(/^REG\d{8}\d{4}$/);
    const [user] = await tableRows(server, 'base_users', 'user_id', { user_name: 'newsupp' });
    expect(user).toMatchObject({
      user_type: 'EX_ADMIN',
      enabled_flag: 'N',
      supplier_id: null,
      email: 'sales@huasheng-cable.example.com',
      mobile: '13922223333',
    });
    expect(String(user.password_hash)).toMatch(/^\$argon2id\$/);
    const [row] = await tableRows(server, 'srm_slc_register_info', 'register_id', { register_id: data.registerId });
    expect(row).toMatchObject({
      supplier_name: '东莞市华晟线缆有限公司',
      user_name: 'newsupp',
      user_id: user.user_id,
      register_status: 'ACCOUNT_SUBMITTED',
      supplier_id: null,
    });
  });

  it('refuses a taken company name, credit code or login name with 409 naming what is taken (any case, also suppliers and users)', async () => {
    const before = await registrations();
    const cases: [Record<string, unknown>, RegExp, string[]][] = [
      [
        {
          supplierName: ' 东莞市华晟线缆有限公司 ',
          unifiedSocialCreditCode: '91441900MA4W3E7H6A',
          userName: 'other01',
        },
        /^The company name is already registered/,
        ['supplierName'],
      ],
      [
        { supplierName: '另一家公司', unifiedSocialCreditCode: '91441900MA4W3E7H5R', userName: 'other02' },
        /^The unified social credit code is already registered/,
        ['unifiedSocialCreditCode'],
      ],
      [
        { supplierName: '另一家公司', unifiedSocialCreditCode: '91441900MA4W3E7H6A', userName: 'NewSupp' },
        /^The login name is already registered/,
        ['userName'],
      ],
      // The supplier master (demo S100001) and existing users count too.
      [
        {
          supplierName: '苏州恒达精密五金有限公司',
          unifiedSocialCreditCode: '91320506MA1W8K3P2X',
          userName: 'buyer01',
        },
        /^The company name, unified social credit code, login name are already registered/,
        ['supplierName', 'unifiedSocialCreditCode', 'userName'],
      ],
    ];
    for (const [overrides, msg, fields] of cases) {
      const answer = await register(server, registerForm(overrides));
      expectError(answer, 409, fields);
      expect(answer.body.msg).toMatch(msg);
    }
    expect(await registrations()).toBe(before);
  });

  it('answers 400 naming each invalid field: e-mail, mobile, credit code, supplier type, login name, password and its confirmation', async () => {
    const before = await registrations();
    const bad = await register(
      server,
      registerForm({
        contactEmail: 'not-an-email',
        contactMobile: '12345678901',
        unifiedSocialCreditCode: '9144190',
        supplierName: '新公司',
        userName: 'new2',
      }),
    );
    expectError(bad, 400, ['contactEmail', 'contactMobile', 'unifiedSocialCreditCode']);
    expect(bad.body.msg).toMatch(/^The registration is not valid: /);
    expect(bad.body.msg).toContain('E-mail: ');
    expect(bad.body.msg).toContain('Mobile: ');
    expectError(
      await register(
        server,
        registerForm({ supplierName: '新公司', unifiedSocialCreditCode: '91441900MA4W3E7H6A', userName: '1abc' }),
      ),
      400,
      ['userName'],
    );
    expectError(
      await register(
        server,
        registerForm({
          supplierName: '新公司',
          unifiedSocialCreditCode: '91441900MA4W3E7H6A',
          userName: 'newsupp2',
          password: 'weakpass',
          confirmPassword: 'weakpass',
        }),
      ),
      400,
      ['password'],
    );
    expectError(
      await register(
        server,
        registerForm({
          supplierName: '新公司',
          unifiedSocialCreditCode: '91441900MA4W3E7H6A',
          userName: 'newsupp2',
          confirmPassword: 'Other#2026x',
        }),
      ),
      400,
      ['confirmPassword'],
    );
    expectError(
      await register(
        server,
        registerForm({
          supplierName: '',
          contactName: '',
          userName: 'newsupp2',
          unifiedSocialCreditCode: '91441900MA4W3E7H6A',
        }),
      ),
      400,
      ['supplierName', 'contactName'],
    );
    expectError(
      await register(
        server,
        registerForm({
          supplierName: '新公司',
          unifiedSocialCreditCode: '91441900MA4W3E7H6A',
          userName: 'newsupp2',
          supplierType: 'NO_SUCH_TYPE',
        }),
      ),
      400,
    );
    expect(await registrations()).toBe(before);
  });

  it('refuses a wrong, missing or reused captcha and creates nothing', async () => {
    const before = await registrations();
    const form = registerForm({
      supplierName: '新公司',
      unifiedSocialCreditCode: '91441900MA4W3E7H6A',
      userName: 'newsupp3',
    });
    const wrong = await register(server, { ...form, validateCode: 'XXXX' });
    expectError(wrong, 400, ['validateCode']);
    expect(wrong.body.msg).toBe('The captcha is wrong or has expired. Take a new one and try again.');
    expectError(await server.call('srmServer', REG, 'doRegister', form, { certificate: '' }), 400, ['validateCode']);
    const { validateKey } = await server.kernel.auth.captchas.issue('K3Y9');
    expectOk(
      await server.call(
        'srmServer',
        REG,
        'doRegister',
        { ...form, validateKey, validateCode: 'k3y9' },
        { certificate: '' },
      ),
    );
    expectError(
      await server.call(
        'srmServer',
        REG,
        'doRegister',
        {
          ...form,
          userName: 'newsupp4',
          supplierName: '再一家',
          unifiedSocialCreditCode: '91441900MA4W3E7H7B',
          validateKey,
          validateCode: 'K3Y9',
        },
        { certificate: '' },
      ),
      400,
      ['validateCode'],
    );
    expect(await registrations()).toBe(before + 1);
  });

  it(`limits an address to ${REGISTER_ATTEMPTS} attempts with 429`, async () => {
    for (let i = 0; i < REGISTER_ATTEMPTS; i++)
      expectError(await register(server, registerForm({ validateCode: 'WRONG' })), 400, ['validateCode']);
    const limited = await register(
      server,
      registerForm({ supplierName: '限流公司', unifiedSocialCreditCode: '91441900MA4W3E7H8C', userName: 'limited01' }),
    );
    expectError(limited, 429);
    expect(limited.body.msg).toMatch(
      /^Too many registration attempts from your address\. Try again in 1[45] minutes\.$/,
    );
    expect(await countRows(server, 'base_users', { user_name: 'limited01' })).toBe(0);
  });

  it('offers the supplier types to the anonymous form in the request language', async () => {
    const data = expectOk(await server.call('srmServer', REG, 'registerOptions', {}, { certificate: '' }));
    expect(data.supplierTypes).toContainEqual({ lookupCode: 'PRODUCTION', meaning: 'Production' });
  });
});

describe('signing in before approval', () => {
  it('tells a pending registrant that the registration awaits approval, but only with the right password', async () => {
    expectLoginRefused(
      await login(server, 'newsupp', NEW_PASSWORD),
      'Your registration is awaiting approval. You can sign in once it is approved.',
      { captchaRequired: false, locked: false, registerStatus: 'ACCOUNT_SUBMITTED' } as never,
    );
    expectLoginRefused(await login(server, 'newsupp', 'Wrong#Pass2026'), 'The user name or password is wrong', {
      captchaRequired: false,
      locked: false,
    });
  });

  it('generateValidateCode is random unless MERIDIAN_TEST_CAPTCHA is set; the variable is refused in production and outside demo mode', async () => {
    expect(() => loadConfig({ MERIDIAN_TEST_CAPTCHA: 'E2E7', NODE_ENV: 'production', DEMO: 'true' })).toThrow(
      /MERIDIAN_TEST_CAPTCHA/,
    );
    expect(() => loadConfig({ MERIDIAN_TEST_CAPTCHA: 'E2E7', DEMO: 'false' })).toThrow(/MERIDIAN_TEST_CAPTCHA/);
    expect(loadConfig({ MERIDIAN_TEST_CAPTCHA: 'E2E7', DEMO: 'true' }).testCaptchaAnswer).toBe('E2E7');
    expect(server.config.testCaptchaAnswer).toBeUndefined();
  });
});
