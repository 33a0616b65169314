import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { menuId, sessionHeaders } from '../testing/authFixtures';
import { signIn } from '../testing/sessions';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * An administrator sets up a new employee's access through the admin screens' own endpoints,
 * each called from its menu as the runtime does: a role with menus and buttons
 * (systemsetting/menuFuncPrivilege), a responsibility with that role (systemsetting/respSave), a
 * user (user) given the responsibility (systemsetting/userresponsibility) and a password (reset).
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  server = await startTestServer('admin_flow');
  admin = await signIn(server.baseUrl, 'admin');
});
afterAll(async () => {
  await server?.close();
});

const fromMenu = async (menuCode: string) =>
  sessionHeaders(admin, admin.responsibilities[0].responsibilityId, await menuId(server, menuCode));

describe('administering access through the admin screens', () => {
  it('grants a new user exactly the requisition buttons of a new role', async () => {
    const req = await menuId(server, 'PUR_REQUISITION');
    const purchasing = await menuId(server, 'PURCHASING');
    const role = expectOk(
      await server.call(
        'baseServer',
        'baseRoleRestful',
        'saveOrUpdate',
        {
          roleCode: 'REQ_VIEWER',
          roleName: '申请查看',
          roleNameEn: 'Requisition viewer',
          enabledFlag: 'Y',
          menus: [{ menuId: purchasing }, { menuId: req }],
          resources: [{ menuId: req, resourceCode: 'btnView' }],
        },
        await fromMenu('SYS_ROLE_PRIVILEGE'),
      ),
    );
    expect(role.menus).toHaveLength(2);
    const resp = expectOk(
      await server.call(
        'baseServer',
        'baseResponsibilityRestful',
        'saveOrUpdate',
        {
          responsibilityCode: 'REQ_VIEWER_RESP',
          responsibilityName: '申请查看职责',
          responsibilityNameEn: 'Requisition viewing',
          userType: 'INSIDE',
          enabledFlag: 'Y',
          roles: [{ roleId: role.roleId }],
        },
        await fromMenu('SYS_RESP_EDIT'),
      ),
    );
    const user = expectOk(
      await server.call(
        'baseServer',
        'baseUsersRestful',
        'saveOrUpdate',
        {
          userName: 'viewer01',
          userType: 'INSIDE',
          personName: '查看员',
          email: 'viewer01@meridian.example.com',
        },
        await fromMenu('SYS_USER'),
      ),
    );
    expect(user).not.toHaveProperty('passwordHash');
    expectOk(
      await server.call(
        'baseServer',
        'baseUserRespRestful',
        'saveOrUpdate',
        {
          userId: user.userId,
          responsibilityId: resp.responsibilityId,
          enabledFlag: 'Y',
        },
        await fromMenu('SYS_USER_RESP'),
      ),
    );
    const reset = expectOk(
      await server.call(
        'baseServer',
        'baseUsersRestful',
        'resetPassword',
        { userId: user.userId },
        await fromMenu('SYS_USER'),
      ),
    );

    const viewer = await signIn(server.baseUrl, 'viewer01', reset.temporaryPassword);
    expect(viewer.responsibilities.map((r) => r.responsibilityCode)).toEqual(['REQ_VIEWER_RESP']);
    const headers = sessionHeaders(viewer, resp.responsibilityId, req);
    const menus = expectOk(
      await server.call(
        'baseServer',
        'baseMenuRestful',
        'findMenuByResp',
        { responsibilityId: resp.responsibilityId },
        headers,
      ),
    );
    expect(menus.map((m: { menuCode: string }) => m.menuCode).sort()).toEqual(['PURCHASING', 'PUR_REQUISITION']);
    const buttons = expectOk(
      await server.call(
        'baseServer',
        'baseResourceRestful',
        'findByMenuResp',
        { menuId: req, respId: resp.responsibilityId },
        headers,
      ),
    );
    expect(buttons.map((b: { resourceCode: string }) => b.resourceCode)).toEqual(['btnView']);
    expectOk(await server.call('srmServer', 'srmPurRequisitionHeaderRestful', 'listByPage', {}, headers));
    expectError(await server.call('srmServer', 'srmPurRequisitionHeaderRestful', 'doSubmit', { id: 1 }, headers), 403);
  });
});
