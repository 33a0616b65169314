import type { Identity } from '../access/permissionGuard';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { ResourceContext } from '../resource/context';
import type { ActionRegistry } from './actionRegistry';

async function heldResponsibility(
  kernel: Kernel,
  identity: Identity,
  value: unknown,
  ctx: ResourceContext,
): Promise<number> {
  const respId = Number(value);
  const held = await kernel.auth.access.responsibilities(identity.user, ctx.language);
  if (!Number.isSafeInteger(respId) || !held.some((r) => r.responsibilityId === respId)) {
    throw Errors.forbidden('您没有该职责', 'You do not hold this responsibility');
  }
  return respId;
}

type MenuRow = Record<string, unknown> & { menuId: number; menuParentId: number };

/** Every enabled menu, in tree order, with its name in the request's language. */
async function allMenus(kernel: Kernel, ctx: ResourceContext, body: Record<string, unknown>): Promise<MenuRow[]> {
  const { t, c } = kernel.auth.access.sql;
  const where: string[] = [];
  const params: string[] = [];
  if (body.isValid !== false) where.push(`${c('baseMenu', 'enabled')} = 'Y'`);
  if (typeof body.systemCode === 'string' && body.systemCode) {
    where.push(`${c('baseMenu', 'systemCode')} = ?`);
    params.push(body.systemCode);
  }
  const fields = [
    'menuId',
    'menuCode',
    'menuType',
    'htmlUrl',
    'imageLink',
    'menuParentId',
    'levelId',
    'seqNum',
    'enabled',
    'systemCode',
  ];
  const rows = await kernel.db.select(
    `SELECT ${fields.map((f) => `${c('baseMenu', f)} AS ${kernel.db.dialect.quote(f)}`).join(', ')}, ${c('baseMenu', 'menuName')} AS nameCn, ${c('baseMenu', 'menuNameEn')} AS nameEn ` +
      `FROM ${t('baseMenu')}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${c('baseMenu', 'menuParentId')}, ${c('baseMenu', 'seqNum')}, ${c('baseMenu', 'menuId')}`,
    params,
  );
  return rows.map(({ nameCn, nameEn, ...m }) => ({
    ...m,
    menuId: Number(m.menuId),
    menuParentId: Number(m.menuParentId ?? 0),
    menuName: ctx.language === 'EN' ? nameEn || nameCn : nameCn,
  }));
}

/** Granted menus plus their ancestors, so the tree can be drawn. */
function withAncestors(menus: MenuRow[], granted: Set<number>): MenuRow[] {
  const byId = new Map(menus.map((m) => [m.menuId, m]));
  const keep = new Set<number>();
  for (const id of granted) {
    for (let m = byId.get(id); m && !keep.has(m.menuId); m = byId.get(m.menuParentId)) keep.add(m.menuId);
  }
  return menus.filter((m) => keep.has(m.menuId));
}

/** findMenuByResp and findByMenuResp (docs/architecture.md "Spec: calls"): what one responsibility grants. */
export function registerMenuActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseMenuRestful',
    action: 'findMenuByResp',
    access: 'session',
    handler: async (body, ctx, kernel, req) => {
      const respId = await heldResponsibility(kernel, req.identity!, body.responsibilityId, ctx);
      const menus = withAncestors(await allMenus(kernel, ctx, body), await kernel.auth.access.grantedMenuIds(respId));
      if (typeof body.menuCode === 'string' && body.menuCode) {
        // A missing (or not granted) menu answers menuId 0: such to-dos cannot navigate (docs/architecture.md
        // "Spec: routes and home").
        const found = menus.filter((m) => m.menuCode === body.menuCode);
        return { data: found.length ? found : [{ menuId: 0 }] };
      }
      return { data: menus };
    },
  });
  actions.register({
    area: 'baseServer',
    resource: 'baseResourceRestful',
    action: 'findByMenuResp',
    access: 'session',
    handler: async (body, ctx, kernel, req) => {
      const respId = await heldResponsibility(kernel, req.identity!, body.respId, ctx);
      const menuId = Number(body.menuId);
      if (!Number.isSafeInteger(menuId) || menuId <= 0)
        throw Errors.badRequest('menuId 无效', 'menuId must be a menu id');
      if (!(await kernel.auth.access.grantedMenuIds(respId)).has(menuId)) return { data: [] };
      const granted = await kernel.auth.access.grantedResources(respId, menuId);
      const { t, c } = kernel.auth.access.sql;
      const defined = await kernel.db.select(
        `SELECT ${c('baseMenuResource', 'resourceCode')} AS resourceCode, ${c('baseMenuResource', 'resourceName')} AS nameCn, ${c('baseMenuResource', 'resourceNameEn')} AS nameEn, ` +
          `${c('baseMenuResource', 'resIcon')} AS resIcon FROM ${t('baseMenuResource')} WHERE ${c('baseMenuResource', 'menuId')} = ? ORDER BY ${c('baseMenuResource', 'resourceId')}`,
        [menuId],
      );
      const data = defined
        .filter((r) => granted.has(String(r.resourceCode)))
        .map(({ nameCn, nameEn, ...r }) => ({ ...r, resourceName: ctx.language === 'EN' ? nameEn || nameCn : nameCn }));
      return { data };
    },
  });
}
