import { expect } from 'vitest';
import type { SqlParam } from '../db/sqlExecutor';
import { DEMO_PASSWORD } from '../seed/accounts';
import { formatDateTime } from '../util/time';
import type { SignedIn } from './sessions';
import { type ApiAnswer, type TestServer } from './testServer';

/**
 * Identity and access fixtures over the demo seeds (seeds/demo): users admin (1), buyer01 (2,
 * BUYER_RESP 101), manager01 (3, MANAGER_RESP 102), qe01 (4, QE_RESP 103), supplier01..04
 * (5..8, SUPPLIER_RESP 104, suppliers 1..4), all with DEMO_PASSWORD.
 */
export const LOGIN = 'baseLoginRestful';
export const USERS = 'baseUsersRestful';
export const WRONG_LOGIN = 'The user name or password is wrong';
export const ANONYMOUS = { certificate: '' };

/** A public baseLoginRestful call without a session. */
export function publicCall(server: TestServer, action: string, body: Record<string, unknown>): Promise<ApiAnswer> {
  return server.call('baseServer', LOGIN, action, body, ANONYMOUS);
}

/** A login over HTTP that may fail (signIn throws on failure). */
export function login(
  server: TestServer,
  userName: string,
  password = DEMO_PASSWORD,
  extra: Record<string, unknown> = {},
): Promise<ApiAnswer> {
  return publicCall(server, 'login', { userName, password, ...extra });
}

/** A refused login: 401, the error envelope, the given message and {captchaRequired, locked} as data. */
export function expectLoginRefused(
  answer: ApiAnswer,
  msg: string | RegExp,
  details: { captchaRequired: boolean; locked: boolean },
): void {
  expect({
    status: answer.status,
    code: answer.body.code,
    status2: answer.body.status,
    data: answer.body.data,
  }).toEqual({ status: 401, code: 'E', status2: 'E', data: details });
  if (typeof msg === 'string') expect(answer.body.msg).toBe(msg);
  else expect(answer.body.msg).toMatch(msg);
}

/** The session headers of a signed-in user, optionally from a responsibility and a menu. */
export function sessionHeaders(
  session: Pick<SignedIn, 'certificate' | 'authorizationCode'>,
  respId?: number,
  menuId?: number,
): Record<string, string> {
  const headers: Record<string, string> = {
    certificate: session.certificate,
    authorizationCode: session.authorizationCode,
  };
  if (respId !== undefined) headers.respId = String(respId);
  if (menuId !== undefined) headers.menuId = String(menuId);
  return headers;
}

/**
 * Runs a statement through the kernel's own connection (test set-up, e.g. moving a clock back).
 * The process's 5-second grant cache is cleared, as the admin screens' writes clear it.
 */
export async function runSql(server: TestServer, sql: string, params: SqlParam[] = []): Promise<number> {
  const result = await server.kernel.db.transaction((tx) => tx.execute(sql, params));
  server.kernel.auth.access.invalidate();
  return result.affected;
}

/** "YYYY-MM-DD HH:mm:ss" shifted by ms from now, as the server stores datetimes. */
export function stamp(msFromNow: number): string {
  return formatDateTime(new Date(Date.now() + msFromNow));
}

export async function menuId(server: TestServer, menuCode: string): Promise<number> {
  const rows = await server.kernel.db.select('SELECT menu_id AS id FROM base_menu WHERE menu_code = ?', [menuCode]);
  if (!rows[0]) throw new Error(`no menu ${menuCode}`);
  return Number(rows[0].id);
}

export async function passwordHash(server: TestServer, userId: number): Promise<string> {
  const rows = await server.kernel.db.select('SELECT password_hash AS h FROM base_users WHERE user_id = ?', [userId]);
  return String(rows[0]?.h);
}

/** Mails written to the outbox for an address, oldest first. */
export async function outbox(
  server: TestServer,
  toAddress: string,
): Promise<{ mail_id: number; subject: string; body: string; status: string; purpose: string }[]> {
  return (await server.kernel.db.select(
    'SELECT mail_id, subject, body, status, purpose FROM base_mail_outbox WHERE to_address = ? ORDER BY mail_id',
    [toAddress],
  )) as never;
}

/**
 * Grants a role a menu and button resources the way an administrator does: baseRoleRestful
 * saveOrUpdate from the role menu, lines being the complete new set. `admin` is a signed-in
 * administrator (SYS_ADMIN_RESP, responsibility 1).
 */
export async function grantMenu(
  server: TestServer,
  admin: SignedIn,
  roleId: number,
  menuCode: string,
  resourceCodes: string[],
): Promise<void> {
  const headers = sessionHeaders(admin, 1, await menuId(server, 'SYS_ROLE'));
  const id = await menuId(server, menuCode);
  const found = await server.call('baseServer', 'baseRoleRestful', 'findById', { id: roleId }, headers);
  if (found.status !== 200) throw new Error(`read role ${roleId}: ${found.status} ${found.body.msg}`);
  const role = found.body.data;
  const saved = await server.call(
    'baseServer',
    'baseRoleRestful',
    'saveOrUpdate',
    {
      roleId,
      versionNum: role.versionNum,
      menus: [...role.menus, { roleId, menuId: id }],
      resources: [...role.resources, ...resourceCodes.map((resourceCode) => ({ roleId, menuId: id, resourceCode }))],
    },
    headers,
  );
  if (saved.status !== 200)
    throw new Error(
      `grant ${menuCode} to role ${roleId}: ${saved.status} ${saved.body.msg} ${JSON.stringify(saved.body.errors ?? [])}`,
    );
}

/** Enables or disables a menu the way an administrator does (baseMenuRestful saveOrUpdate from the menu page). */
export async function setMenuEnabled(
  server: TestServer,
  admin: SignedIn,
  menuCode: string,
  enabled: 'Y' | 'N',
): Promise<void> {
  const headers = sessionHeaders(admin, 1, await menuId(server, 'SYS_MENU'));
  const id = await menuId(server, menuCode);
  const menu = await server.call('baseServer', 'baseMenuRestful', 'findById', { id }, headers);
  const saved = await server.call(
    'baseServer',
    'baseMenuRestful',
    'saveOrUpdate',
    { menuId: id, versionNum: menu.body.data?.versionNum, enabled },
    headers,
  );
  if (saved.status !== 200) throw new Error(`set ${menuCode} enabled=${enabled}: ${saved.status} ${saved.body.msg}`);
}
