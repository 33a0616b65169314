import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import { menuId, sessionHeaders } from '../testing/authFixtures';
import { signIn } from '../testing/sessions';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * The role privilege tree (systemsetting/menuFuncPrivilege): read as flat tree rows, saved as the
 * changed nodes only, menu and button permits together in one transaction.
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let headers: Record<string, string>;
let roleId: number;
beforeAll(async () => {
  server = await startTestServer('role_privileges');
  admin = await signIn(server.baseUrl, 'admin');
  headers = sessionHeaders(
    admin,
    admin.responsibilities[0].responsibilityId,
    await menuId(server, 'SYS_ROLE_PRIVILEGE'),
  );
  roleId = expectOk(
    await server.call(
      'baseServer',
      'baseRoleRestful',
      'saveOrUpdate',
      {
        roleCode: 'TREE_ROLE',
        roleName: '树角色',
        enabledFlag: 'Y',
        menus: [],
        resources: [],
      },
      headers,
    ),
  ).roleId;
});
afterAll(async () => {
  await server?.close();
});

const call = (action: string, body: object, h = headers) =>
  server.call('baseServer', 'baseRoleRestful', action, body, h);
type Row = { key: string; parentKey: string; level: number; kind: string; code: string; checkFlag: string };

describe('role privilege tree', () => {
  it('answers every menu and its buttons as flat rows, nothing checked for a new role', async () => {
    const { role, rows } = expectOk(await call('findPrivilegeTree', { roleId }));
    expect(role).toMatchObject({ roleId, roleCode: 'TREE_ROLE' });
    const req = await menuId(server, 'PUR_REQUISITION');
    const purchasing = await menuId(server, 'PURCHASING');
    const menu = (rows as Row[]).find((r) => r.key === `M${req}`)!;
    expect(menu).toMatchObject({ parentKey: `M${purchasing}`, kind: 'menu', code: 'PUR_REQUISITION', checkFlag: 'N' });
    expect((rows as Row[]).find((r) => r.key === `R${req}:btnView`)).toMatchObject({
      parentKey: `M${req}`,
      level: menu.level + 1,
      kind: 'resource',
    });
    expect((rows as Row[]).every((r) => r.checkFlag === 'N')).toBe(true);
  });

  it('saves the changed menus and buttons together and reads them back checked', async () => {
    const req = await menuId(server, 'PUR_REQUISITION');
    const purchasing = await menuId(server, 'PURCHASING');
    const changes = [
      { key: `M${purchasing}`, checked: true },
      { key: `M${req}`, checked: true },
      { key: `R${req}:btnView`, checked: true },
      { key: `R${req}:btnAdd`, checked: true },
    ];
    const saved = expectOk(await call('savePrivileges', { roleId, changes }));
    const checked = (saved.rows as Row[])
      .filter((r) => r.checkFlag === 'Y')
      .map((r) => r.key)
      .sort();
    expect(checked).toEqual(changes.map((c) => c.key).sort());
    expect(
      (await tableRows(server, 'base_role_menu', 'menu_id', { role_id: roleId })).map((r) => Number(r.menu_id)).sort(),
    ).toEqual([purchasing, req].sort());

    expectOk(await call('savePrivileges', { roleId, changes: [{ key: `R${req}:btnAdd`, checked: false }] }));
    const resources = await tableRows(server, 'base_role_resource', 'resource_code', { role_id: roleId });
    expect(resources.map((r) => r.resource_code)).toEqual(['btnView']);
  });

  it('refuses an unknown key as a whole, writing nothing', async () => {
    const req = await menuId(server, 'PUR_REQUISITION');
    expectError(
      await call('savePrivileges', {
        roleId,
        changes: [
          { key: `R${req}:btnView`, checked: false },
          { key: 'R999999:btnHack', checked: true },
        ],
      }),
      400,
    );
    expectError(await call('savePrivileges', { roleId, changes: 'all' }), 400);
    expect(
      (await tableRows(server, 'base_role_resource', 'resource_code', { role_id: roleId })).map((r) => r.resource_code),
    ).toEqual(['btnView']);
  });

  it('answers 404 for a missing role and 403 from a menu that does not open the page', async () => {
    expectError(await call('findPrivilegeTree', { roleId: 999999 }), 404);
    const other = sessionHeaders(admin, admin.responsibilities[0].responsibilityId, await menuId(server, 'SYS_MENU'));
    expectError(await call('findPrivilegeTree', { roleId }, other), 403);
    expectError(await call('savePrivileges', { roleId, changes: [] }, other), 403);
  });

  it('a buyer without the privilege menu cannot read or save permits', async () => {
    const buyer = await signIn(server.baseUrl, 'buyer01');
    const h = sessionHeaders(
      buyer,
      buyer.responsibilities[0].responsibilityId,
      await menuId(server, 'SYS_ROLE_PRIVILEGE'),
    );
    expectError(await call('savePrivileges', { roleId, changes: [] }, h), 403);
  });
});
