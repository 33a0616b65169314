import { runSql, sessionHeaders } from '../../../testing/authFixtures';
import { signIn, type SignedIn } from '../../../testing/sessions';
import type { ApiAnswer, TestServer } from '../../../testing/testServer';

/** Test helpers of the supplier registration suites (not used by the server itself). */
export const REG = 'srmSlcRegisterInfoRestful';
export const NEW_PASSWORD = 'Huasheng#2026';
const CAPTCHA = 'KAX7';

export type Body = Record<string, unknown>;

/** The public form as DOMAIN section 15, flow 1 fills it; overrides replace fields. */
export function registerForm(overrides: Body = {}): Body {
  return {
    supplierName: '东莞市华晟线缆有限公司',
    supplierNameEn: 'Dongguan Huasheng Cable Co., Ltd.',
    unifiedSocialCreditCode: '91441900MA4W3E7H5R',
    supplierType: 'PRODUCTION',
    contactName: '黄晟',
    contactMobile: '13922223333',
    contactEmail: 'sales@huasheng-cable.example.com',
    userName: 'newsupp',
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    ...overrides,
  };
}

/** doRegister as an anonymous visitor, with a fresh captcha answered right (unless the body says otherwise). */
export async function register(server: TestServer, form: Body): Promise<ApiAnswer> {
  const { validateKey } = await server.kernel.auth.captchas.issue(CAPTCHA);
  return server.call(
    'srmServer',
    REG,
    'doRegister',
    { validateKey, validateCode: CAPTCHA, ...form },
    { certificate: '' },
  );
}

/** Forgets the registration attempts of the test client's address, so a suite is not limited by its own earlier calls. */
export async function resetRegisterLimit(server: TestServer): Promise<void> {
  await runSql(server, "DELETE FROM base_login_throttle WHERE user_name_key LIKE 'register ip %'");
}

/** Headers of a signed-in user calling from the menu with that code (their first responsibility). */
export async function fromMenu(
  server: TestServer,
  session: SignedIn,
  menuCode: string,
): Promise<Record<string, string>> {
  const rows = await server.kernel.db.select('SELECT menu_id AS id FROM base_menu WHERE menu_code = ?', [menuCode]);
  return sessionHeaders(session, session.responsibilities[0]?.responsibilityId, Number(rows[0].id));
}

export async function sessionOf(server: TestServer, userName: string, password?: string): Promise<SignedIn> {
  return signIn(server.baseUrl, userName, password);
}

/** A lifecycle or reject action on a registration from a menu. */
export function decide(
  server: TestServer,
  headers: Record<string, string>,
  action: string,
  body: Body,
): Promise<ApiAnswer> {
  return server.call('srmServer', REG, action, body, headers);
}

export async function registerRow(server: TestServer, registerId: number): Promise<Record<string, unknown>> {
  return (await server.kernel.db.select('SELECT * FROM srm_slc_register_info WHERE register_id = ?', [registerId]))[0];
}
