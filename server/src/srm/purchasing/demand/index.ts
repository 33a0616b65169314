/**
 * The demand pool (purDemandSummaryList, DOMAIN.md §5.1): its list is generic metadata (open lines
 * of approved requisitions through grid.filter); doCreateOrder turns chosen lines into draft orders.
 */
import { pickText } from '@meridian/metadata';
import type { ActionRegistry } from '../../../platform/actionRegistry';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import { formatDateTime } from '../../../util/time';
import { createOrdersFromDemand } from './createOrders';
import { REQ_LINE } from './demandLines';

const MAX_LINES = 500;

function lineIds(body: Record<string, unknown>): number[] {
  const ids = body.ids;
  if (
    !Array.isArray(ids) ||
    !ids.length ||
    ids.length > MAX_LINES ||
    !ids.every((id) => Number.isInteger(id) && id > 0)
  )
    throw declaredError('purchasingOrders.demandIds', { max: MAX_LINES }, [
      { field: 'ids', message: `1 to ${MAX_LINES} positive integer ids` },
    ]);
  return [...new Set(ids as number[])];
}

export function registerDemandPool(actions: ActionRegistry): void {
  actions.register({
    area: 'srmServer',
    resource: `${REQ_LINE}Restful`,
    action: 'doCreateOrder',
    access: { pages: ['purDemandSummaryList'], resourceCode: 'btnCreateOrder' },
    handler: async (body, ctx, kernel, req) => {
      const ids = lineIds(body);
      const identity = req.identity!;
      const lineEntity = kernel.registry.entity(REQ_LINE)!;
      const orderEntity = kernel.registry.entity('srmPurOrderHeader')!;
      const scopes = {
        lines: await kernel.auth.guard.rowScope(identity, lineEntity, true, ctx),
        orders: await kernel.auth.guard.rowScope(identity, orderEntity, false, ctx),
      };
      const today = formatDateTime().slice(0, 10);
      const orders = await kernel.db.transaction((tx) => createOrdersFromDemand(tx, kernel, ids, ctx, scopes, today));
      const numbers = orders.map((o) => o.poNumber).join(', ');
      return {
        data: {
          orders,
          // One order: the runtime opens it (useActionRunner); several: the list says which.
          ...(orders.length === 1
            ? { open: { path: 'purOrderManage/purchaseOrderEdit', id: orders[0].orderHeaderId } }
            : {}),
        },
        msg: pickText(declaredText('purchasingOrders.draftOrdersCreated', { numbers }), ctx.language),
      };
    },
  });
}
