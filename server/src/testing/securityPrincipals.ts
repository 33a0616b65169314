import type { Row } from '../db/sqlExecutor';
import { systemContext } from '../resource/context';
import { menuId, sessionHeaders } from './authFixtures';
import { signIn } from './sessions';
import type { TestServer } from './testServer';

/**
 * The principals of the generated security suite, each holding EVERY menu so that the menu check
 * passes and only row scope and button grants stand between them and the data:
 * - foreignSupplier: supplier04 (supplier 4) with every menu and button, under an EX responsibility;
 * - outsider: qe01, internal, every menu and button, permitted only for 东莞 (org 7) — the demo
 *   documents belong to the Suzhou company, its plants, or the group above both;
 * - noButtons: qe01 under a responsibility with every menu and no button.
 */
export const SECURITY_PRINCIPALS = {
  foreignSupplier: { userId: 8, supplierId: 4, resp: 9101 },
  outsider: { userId: 4, resp: 9102 },
  noButtons: { userId: 4, resp: 9103 },
};
export const OUTSIDER_ORGS = [7, 1];

export interface MenuRow {
  menuId: number;
  htmlUrl: string;
  menuCode: string;
}

async function insert(server: TestServer, entity: string, values: Row): Promise<void> {
  const { kernel } = server;
  await kernel.db.transaction((tx) =>
    kernel.resources.writer.insert(tx, kernel.registry.entity(entity)!, values, systemContext()),
  );
}

async function role(server: TestServer, roleId: number, menus: MenuRow[], resources: Row[]): Promise<void> {
  await insert(server, 'baseRole', {
    roleId,
    roleCode: `SEC_${roleId}`,
    roleName: `安全测试 ${roleId}`,
    enabledFlag: 'Y',
  });
  for (const m of menus) await insert(server, 'baseRoleMenu', { roleId, menuId: m.menuId });
  for (const r of resources)
    await insert(server, 'baseRoleResource', { roleId, menuId: r.menuId, resourceCode: r.resourceCode });
}

async function responsibility(
  server: TestServer,
  id: number,
  userType: string,
  roleId: number,
  userId: number,
): Promise<void> {
  await insert(server, 'baseResponsibility', {
    responsibilityId: id,
    responsibilityCode: `SEC_${id}`,
    responsibilityName: `安全测试 ${id}`,
    userType,
    enabledFlag: 'Y',
  });
  await insert(server, 'baseRespRole', { responsibilityId: id, roleId });
  await insert(server, 'baseUserResp', { userId, responsibilityId: id, startDate: '2026-01-01', enabledFlag: 'Y' });
}

/** Every page menu with its URL (menu directories lead nowhere). */
export async function pageMenus(server: TestServer): Promise<MenuRow[]> {
  const rows = await server.kernel.db.select(
    "SELECT menu_id AS menuId, html_url AS htmlUrl, menu_code AS menuCode FROM base_menu WHERE html_url IS NOT NULL AND html_url <> '' AND enabled = 'Y'",
  );
  return rows.map((r) => ({ menuId: Number(r.menuId), htmlUrl: String(r.htmlUrl), menuCode: String(r.menuCode) }));
}

/** Sets the principals up on a fresh demo database; returns headers per principal and menu. */
export async function setUpPrincipals(server: TestServer) {
  const menus = await pageMenus(server);
  const resources = await server.kernel.db.select(
    'SELECT menu_id AS menuId, resource_code AS resourceCode FROM base_menu_resource',
  );
  await role(server, 9001, menus, resources);
  await role(server, 9002, menus, []);
  const p = SECURITY_PRINCIPALS;
  await responsibility(server, p.foreignSupplier.resp, 'EX', 9001, p.foreignSupplier.userId);
  await responsibility(server, p.outsider.resp, 'INSIDE', 9001, p.outsider.userId);
  await responsibility(server, p.noButtons.resp, 'INSIDE', 9002, p.noButtons.userId);
  await server.kernel.db.transaction((tx) =>
    tx.execute('DELETE FROM base_user_org_permit WHERE user_id = ?', [p.outsider.userId]),
  );
  await insert(server, 'baseUserOrgPermit', { userId: p.outsider.userId, allFlag: 'N', orgId: 7, enabledFlag: 'Y' });
  server.kernel.auth.access.invalidate();
  const [supplier, qe] = [await signIn(server.baseUrl, 'supplier04'), await signIn(server.baseUrl, 'qe01')];
  return {
    menus,
    headers: {
      foreignSupplier: (menu: number) => sessionHeaders(supplier, p.foreignSupplier.resp, menu),
      outsider: (menu: number) => sessionHeaders(qe, p.outsider.resp, menu),
      noButtons: (menu: number) => sessionHeaders(qe, p.noButtons.resp, menu),
    },
    menuId: (code: string) => menuId(server, code),
  };
}
