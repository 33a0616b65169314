import type { EntityModel, FilterNode, PageDef } from '@meridian/metadata';
import { requiredResource } from '../access/pageAccess';
import type { Headers, Identity } from '../access/permissionGuard';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { ResourceContext } from '../resource/context';

/** Who asks, from which screen: what the exchange services need to decide, without HTTP. */
export interface ExchangeCaller {
  identity: Identity;
  headers: Headers;
  ctx: ResourceContext;
}

export interface ExchangeGrant {
  /** The row scope the caller's list (or write) carries: the export sees exactly what listByPage would. */
  scope?: FilterNode;
  /** The pages the menu reaches (their grid columns give lookup types and import columns). */
  pages: PageDef[];
}

/**
 * Export = the right to list the entity on this menu (same respId, menuId and row scope as
 * listByPage) AND the button resource of the page's `export` action (btnExport). Hiding the
 * button is not the protection: a menu without an export action refuses the export.
 */
export async function authorizeExport(
  kernel: Kernel,
  caller: ExchangeCaller,
  entity: EntityModel,
): Promise<ExchangeGrant> {
  const { guard, access } = kernel.auth;
  const scope = await guard.authorizeEntityAction(caller.identity, caller.headers, entity, 'listByPage', caller.ctx);
  const grant = await guard.menuGrant(caller.identity, caller.headers, caller.ctx.language);
  const code = requiredResource(kernel.registry, grant.reach, entity, 'export');
  if (!code) throw Errors.forbidden('该菜单不提供导出', 'This menu does not offer an export of this data');
  if (!(await access.grantedResources(grant.responsibilityId, grant.menuId)).has(code)) {
    throw Errors.forbidden('您没有此按钮的权限', `You do not have the "${code}" permission on this menu`);
  }
  return { scope, pages: grant.reach.pages };
}

/**
 * Import = a write through the generic writer, authorized like any write: the page's `import`
 * action names its button resource (btnImport), which must be granted on menuId_respId; the
 * row scope of a write applies (a supplier user only ever creates their own supplier's rows).
 */
export async function authorizeImport(
  kernel: Kernel,
  caller: ExchangeCaller,
): Promise<ExchangeGrant & { entity: EntityModel; page: PageDef }> {
  const { guard } = kernel.auth;
  const grant = await guard.menuGrant(caller.identity, caller.headers, caller.ctx.language);
  const page = grant.reach.pages.find((p) => p.entity && p.actions?.some((a) => a.action === 'import'));
  const entity = page?.entity ? kernel.registry.entity(page.entity) : undefined;
  if (!page || !entity) throw Errors.forbidden('该菜单不提供导入', 'This menu does not offer an import');
  const scope = await guard.authorizeEntityAction(caller.identity, caller.headers, entity, 'import', caller.ctx);
  return { scope, pages: grant.reach.pages, entity, page };
}
