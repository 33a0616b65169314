import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { ActionRegistry } from '../platform/actionRegistry';
import type { ResourceContext } from '../resource/context';
import { inForce } from './accessService';
import { menuReach } from './pageAccess';

interface Link {
  link: string;
  ok: boolean;
  detail: string;
}

async function rolesGranting(kernel: Kernel, respId: number, menuId: number, resourceCode?: string): Promise<string[]> {
  const { t, c } = kernel.auth.access.sql;
  const [grant, extra] = resourceCode
    ? ['baseRoleResource', ` AND ${c('baseRoleResource', 'resourceCode', 'g')} = ?`]
    : ['baseRoleMenu', ''];
  const rows = await kernel.db.select(
    `SELECT DISTINCT ${c('baseRole', 'roleCode', 'ro')} AS code FROM ${t('baseRespRole')} rr JOIN ${t('baseRole')} ro ON ${c('baseRole', 'roleId', 'ro')} = ${c('baseRespRole', 'roleId', 'rr')} ` +
      `AND ${c('baseRole', 'enabledFlag', 'ro')} = 'Y' JOIN ${t(grant)} g ON ${c(grant, 'roleId', 'g')} = ${c('baseRole', 'roleId', 'ro')} ` +
      `WHERE ${c('baseRespRole', 'responsibilityId', 'rr')} = ? AND ${c(grant, 'menuId', 'g')} = ?${extra}`,
    resourceCode ? [respId, menuId, resourceCode] : [respId, menuId],
  );
  return rows.map((r) => String(r.code));
}

/** "Why can user U (not) use button B on menu M under responsibility R?" — every link of the chain. */
async function explain(kernel: Kernel, body: Record<string, unknown>, ctx: ResourceContext): Promise<{ allowed: boolean; chain: Link[] }> {
  const { access } = kernel.auth;
  const chain: Link[] = [];
  const add = (link: string, ok: boolean, detail: string) => { chain.push({ link, ok, detail }); return ok; };
  const user = typeof body.userId === 'number' ? await access.userById(body.userId) : await access.userByName(String(body.userName ?? ''));
  const respId = Number(body.respId);
  const menuId = Number(body.menuId);
  const resourceCode = typeof body.resourceCode === 'string' && body.resourceCode ? body.resourceCode : undefined;
  const done = () => ({ allowed: chain.every((l) => l.ok), chain });
  if (!add('user', !!user && inForce(user), user ? `${user.userName} (${user.userType}) enabled=${user.enabledFlag}, ${user.startDate ?? '…'} – ${user.endDate ?? '…'}` : 'no such user')) return done();
  const held = await access.responsibilities(user!, ctx.language);
  const resp = held.find((r) => r.responsibilityId === respId);
  if (!add('responsibility', !!resp, resp ? `holds ${resp.responsibilityCode}` : `does not hold responsibility ${respId} in force (holds: ${held.map((r) => r.responsibilityCode).join(', ') || 'none'})`)) return done();
  const menu = await access.menu(menuId);
  const menuRoles = await rolesGranting(kernel, respId, menuId);
  if (!add('menu', !!menu && menuRoles.length > 0, menu ? (menuRoles.length ? `${menu.menuCode} granted by roles ${menuRoles.join(', ')}` : `${menu.menuCode} is granted by none of the responsibility's enabled roles`) : `no menu ${menuId}`)) return done();
  if (!add('menu enabled', menu!.enabled === 'Y', `${menu!.menuCode} enabled=${menu!.enabled}`)) return done();
  const reach = menuReach(kernel.registry, menu!.htmlUrl);
  add('page', reach.pages.length > 0, reach.pages.length ? `opens ${reach.pages.map((p) => p.path).join(', ')}` : `opens "${menu!.htmlUrl ?? ''}", which is not a page`);
  if (resourceCode) {
    const roles = await rolesGranting(kernel, respId, menuId, resourceCode);
    add('button', roles.length > 0, roles.length ? `${resourceCode} granted by roles ${roles.join(', ')}` : `${resourceCode} is granted on ${menu!.menuCode} by none of the responsibility's enabled roles`);
  }
  return done();
}

export function registerExplainActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer', resource: 'baseAccessRestful', action: 'explain', access: { pages: ['systemsetting/userresponsibility', 'user'] },
    handler: async (body, ctx, kernel) => {
      if (!Number.isSafeInteger(Number(body.respId)) || !Number.isSafeInteger(Number(body.menuId))) {
        throw Errors.badRequest('请提供职责和菜单', 'respId and menuId are required');
      }
      return { data: await explain(kernel, body, ctx) };
    },
  });
}
