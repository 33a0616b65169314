import { supplierAccess } from '@meridian/metadata';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { ActionRegistry } from '../platform/actionRegistry';
import type { ResourceContext } from '../resource/context';
import { inForce, isSupplierType, type UserRow } from './accessService';
import { menuReach, type MenuReach } from './pageAccess';
import { missingPermits } from './rowScopeRules';

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
async function explain(
  kernel: Kernel,
  body: Record<string, unknown>,
  ctx: ResourceContext,
): Promise<{ allowed: boolean; chain: Link[] }> {
  const { access } = kernel.auth;
  const chain: Link[] = [];
  const add = (link: string, ok: boolean, detail: string) => {
    chain.push({ link, ok, detail });
    return ok;
  };
  const user =
    typeof body.userId === 'number'
      ? await access.userById(body.userId)
      : await access.userByName(String(body.userName ?? ''));
  const respId = Number(body.respId);
  const menuId = Number(body.menuId);
  const resourceCode = typeof body.resourceCode === 'string' && body.resourceCode ? body.resourceCode : undefined;
  const done = () => ({ allowed: chain.every((l) => l.ok), chain });
  if (
    !add(
      'user',
      !!user && inForce(user),
      user
        ? `${user.userName} (${user.userType}) enabled=${user.enabledFlag}, ${user.startDate ?? '…'} – ${user.endDate ?? '…'}`
        : 'no such user',
    )
  )
    return done();
  const held = await access.responsibilities(user!, ctx.language);
  const resp = held.find((r) => r.responsibilityId === respId);
  if (
    !add(
      'responsibility',
      !!resp,
      resp
        ? `holds ${resp.responsibilityCode}`
        : `does not hold responsibility ${respId} in force (holds: ${held.map((r) => r.responsibilityCode).join(', ') || 'none'})`,
    )
  )
    return done();
  const menu = await access.menu(menuId);
  const menuRoles = await rolesGranting(kernel, respId, menuId);
  if (
    !add(
      'menu',
      !!menu && menuRoles.length > 0,
      menu
        ? menuRoles.length
          ? `${menu.menuCode} granted by roles ${menuRoles.join(', ')}`
          : `${menu.menuCode} is granted by none of the responsibility's enabled roles`
        : `no menu ${menuId}`,
    )
  )
    return done();
  if (!add('menu enabled', menu!.enabled === 'Y', `${menu!.menuCode} enabled=${menu!.enabled}`)) return done();
  const reach = menuReach(kernel.registry, menu!.htmlUrl);
  add(
    'page',
    reach.pages.length > 0,
    reach.pages.length
      ? `opens ${reach.pages.map((p) => p.path).join(', ')}`
      : `opens "${menu!.htmlUrl ?? ''}", which is not a page`,
  );
  await explainScope(kernel, user!, reach, add);
  if (resourceCode) {
    const roles = await rolesGranting(kernel, respId, menuId, resourceCode);
    add(
      'button',
      roles.length > 0,
      roles.length
        ? `${resourceCode} granted by roles ${roles.join(', ')}`
        : `${resourceCode} is granted on ${menu!.menuCode} by none of the responsibility's enabled roles`,
    );
  }
  return done();
}

const SUPPLIER_ACCESS = {
  own: 'own rows only',
  parent: "through its header's scope",
  shared: 'shared reference data, read only',
  none: 'closed to supplier users',
};

/**
 * The data-scope link: which rows of the menu's documents the user reaches, and which permit is
 * missing. It fails when a document would show the user no row at all.
 */
async function explainScope(
  kernel: Kernel,
  user: UserRow,
  reach: MenuReach,
  add: (link: string, ok: boolean, detail: string) => boolean,
): Promise<void> {
  const documents = [...reach.entities]
    .filter(([, role]) => role !== 'reference')
    .map(([name]) => kernel.registry.entity(name)!)
    .filter(Boolean);
  if (isSupplierType(user.userType)) {
    const closed = documents.filter((e) => supplierAccess(e.def) === 'none');
    add(
      'data scope',
      closed.length === 0,
      documents.map((e) => `${e.name}: ${SUPPLIER_ACCESS[supplierAccess(e.def)]}`).join('; '),
    );
    return;
  }
  const permits = await kernel.auth.access.permits(user);
  const limits = documents
    .map((e) => ({ entity: e, missing: missingPermits(e, permits) }))
    .filter((l) => l.missing.length);
  const blind = limits.filter(
    (l) =>
      (l.entity.def.rowScope?.orgField && !permits.allOrgs && !permits.orgIds.length) ||
      (l.entity.def.rowScope?.categoryField && !permits.allCategories && !permits.categoryIds.length),
  );
  add(
    'data scope',
    blind.length === 0,
    limits.length
      ? limits.map((l) => `${l.entity.name}: limited by ${l.missing.join('; ')}`).join(' | ')
      : 'every row (no organisation or category limit applies)',
  );
}

export function registerExplainActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseAccessRestful',
    action: 'explain',
    access: { pages: ['systemsetting/userresponsibility', 'user'] },
    handler: async (body, ctx, kernel) => {
      if (!Number.isSafeInteger(Number(body.respId)) || !Number.isSafeInteger(Number(body.menuId))) {
        throw Errors.badRequest('请提供职责和菜单', 'respId and menuId are required');
      }
      return { data: await explain(kernel, body, ctx) };
    },
  });
}
