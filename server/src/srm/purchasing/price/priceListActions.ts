import type { FilterNode } from '@meridian/metadata';
import { OPTIONAL_ID, recordIdInput } from '../../../platform/actionInput';
import type { Kernel } from '../../../kernel';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { PRICE } from './materialPrices';

/**
 * findByItem {itemId, orgId?, supplierId?} (DOMAIN.md §5.8 "material versions come from
 * findByItem"): every price-list row of an item, newest start first — the item's price history —
 * read through the caller's scope on the price list (a supplier sees its own rows only).
 */
async function findByItem(body: Record<string, unknown>, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) {
  const entity = kernel.registry.entity(PRICE)!;
  const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, entity, 'listByPage', ctx);
  const and: FilterNode[] = [{ field: 'itemId', op: 'eq', value: body.itemId as number }];
  for (const field of ['orgId', 'supplierId'])
    if (typeof body[field] === 'number') and.push({ field, op: 'eq', value: body[field] });
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
    input: recordIdInput('itemId', { orgId: OPTIONAL_ID, supplierId: OPTIONAL_ID }),
    handler: findByItem,
  });
}
