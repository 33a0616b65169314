import type { FilterNode } from '@meridian/metadata';
import { Errors } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { PRICE } from './materialPrices';

const positiveId = (value: unknown, field: string): number => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1)
    throw Errors.badRequest(`${field} 无效`, `${field} must be a positive integer`, [
      { field, message: 'positive integer' },
    ]);
  return n;
};

/**
 * findByItem {itemId, orgId?, supplierId?} (DOMAIN.md §5.8 "material versions come from
 * findByItem"): every price-list row of an item, newest start first — the item's price history —
 * read through the caller's scope on the price list (a supplier sees its own rows only).
 */
async function findByItem(body: Record<string, unknown>, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) {
  const entity = kernel.registry.entity(PRICE)!;
  const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, entity, 'listByPage', ctx);
  const and: FilterNode[] = [{ field: 'itemId', op: 'eq', value: positiveId(body.itemId, 'itemId') }];
  if (body.orgId !== undefined && body.orgId !== null)
    and.push({ field: 'orgId', op: 'eq', value: positiveId(body.orgId, 'orgId') });
  if (body.supplierId !== undefined && body.supplierId !== null)
    and.push({ field: 'supplierId', op: 'eq', value: positiveId(body.supplierId, 'supplierId') });
  const { rows, page } = await kernel.resources.reader.list(
    entity,
    { params: {}, filter: { and }, pageIndex: 1, pageRows: 500, orderBy: 'validFrom desc, materialPriceId desc' },
    ctx,
    scope,
  );
  return { data: rows, page };
}

export function registerPriceListActions(actions: ActionRegistry): void {
  actions.register({
    area: 'srmServer',
    resource: 'srmPurMaterialPriceRestful',
    action: 'findByItem',
    access: { pages: ['srmPurMaterialPriceList'] },
    handler: findByItem,
  });
}
