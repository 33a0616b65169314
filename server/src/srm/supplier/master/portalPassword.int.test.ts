import { describe, expect, it } from 'vitest';
import { systemContext } from '../../../resource/context';
import { expectOk } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { PDF, upload } from '../../../testing/fileFixtures';
import { signIn, type SignedIn } from '../../../testing/sessions';
import { call, newSupplier, RESP } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * The forced password change (issue 16h): a portal account opened with a temporary password signs
 * in flagged `passwordChangeRequired`, and its session reaches nothing but getUserInfo and
 * updatePassword (403 with the flag as data) until the user sets a password of their own.
 */
const p = proofServer('srm_portal_password');

/** A new supplier with a primary contact, and its portal account: login name and temporary password. */
async function portalAccount(): Promise<{ userName: string; password: string }> {
  const supplierId = await newSupplier(p);
  const { registry, db, resources } = p.server.kernel;
  await db.transaction((tx) =>
    resources.writer.insert(
      tx,
      registry.entity('srmSlcSupplierContact')!,
      {
        supplierId,
        contactName: '林涛',
        contactType: 'BUSINESS',
        email: `lin.${supplierId}@example.com`,
        mobile: '13912340099',
        primaryFlag: 'Y',
        enabledFlag: 'Y',
      },
      systemContext(),
    ),
  );
  const userName = `portal${supplierId}x`;
  const opened = expectOk(
    await call(p, 'buyer01', 'SLC_SUPPLIER_TO_PORTAL', 'srmSlcSupplierInfoRestful', 'doOpenPortalAccount', {
      supplierId,
      userName,
    }),
  );
  return { userName, password: String(opened.temporaryPassword) };
}

const base = (s: SignedIn, action: string, body: Record<string, unknown> = {}) =>
  p.server.call('baseServer', 'baseUsersRestful', action, body, sessionHeaders(s));
const changeList = async (s: SignedIn) =>
  p.server.call(
    'srmServer',
    'srmSlcChangeInfoRestful',
    'listByPage',
    { pageIndex: 1, pageRows: 10 },
    sessionHeaders(s, RESP.supplier01, await menuId(p.server, 'SUP_CHANGE_INFO')),
  );

describe('a temporary password must be changed first', () => {
  it('holds no seeded or demo user: every account with a password has chosen it', async () => {
    const held = await p.server.kernel.db.select(
      'SELECT user_name FROM base_users WHERE password_hash IS NOT NULL AND password_changed_date IS NULL',
    );
    expect(held).toEqual([]);
    for (const user of ['admin', 'buyer01', 'manager01', 'supplier01', 'supplier02'] as const)
      expect(p.sessions[user].userInfo.passwordChangeRequired, user).toBeUndefined();
  });

  it('refuses every other call until the password is changed, then allows them', async () => {
    const { userName, password } = await portalAccount();
    const temp = await signIn(p.server.baseUrl, userName, password);
    expect(temp.userInfo).toMatchObject({ passwordChangeRequired: true });
    expect(expectOk(await base(temp, 'getUserInfo')).userInfo).toMatchObject({ passwordChangeRequired: true });

    const refused = await changeList(temp);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Change your temporary password first');
    expect(refused.body.data).toEqual({ passwordChangeRequired: true });
    expect((await base(temp, 'exists', { userName: 'buyer01' })).status).toBe(403);
    const auth = sessionHeaders(temp, RESP.supplier01, await menuId(p.server, 'SUP_CHANGE_INFO'));
    expect((await upload(p.server, auth, [{ name: 'a.pdf', bytes: PDF }])).status).toBe(403);

    expectOk(await base(temp, 'updatePassword', { oldPassword: password, newPassword: 'Portal#Own2026y' }));
    // The change ended the temporary session; a new one is free of the flag and reaches the menus.
    expect((await changeList(temp)).status).toBe(401);
    const own = await signIn(p.server.baseUrl, userName, 'Portal#Own2026y');
    expect(own.userInfo.passwordChangeRequired).toBeUndefined();
    expectOk(await changeList(own));
  });
});
