/**
 * doCreateOrder on the demand pool (DOMAIN.md §5.1, Flow 2 step 3): the chosen open requisition
 * lines become DRAFT purchase orders, one per supplier (and company, plant and currency), priced
 * from the price list (findMaterialPrice: the line's suggested supplier's price, else the
 * preferred supplier's). A line without a valid price is refused, naming it: the buyer then
 * agrees a price first or writes the order by hand. The order's own save (hooks: numbers,
 * amounts, scope) does the rest; quantities are taken from the requisition when the order is
 * released (order/requisitionQuantities.ts), as every order's are.
 */
import type { FilterNode } from '@meridian/metadata';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import type { ResourceContext } from '../../../resource/context';
import { PlatformRows } from '../../../lifecycle/platformRows';
import { prepareRecord } from '../../../resource/recordPreparation';
import { findMaterialPrice, type FoundPrice } from '../price/materialPrices';
import { lockDemandLines, type DemandLine } from './demandLines';

const ORDER = 'srmPurOrderHeader';

interface PricedLine {
  line: DemandLine;
  price: FoundPrice;
}

export interface CreatedOrder {
  orderHeaderId: number;
  poNumber: string;
  supplierId: number;
}

async function priceOf(tx: SqlExecutor, kernel: Kernel, line: DemandLine, onDate: string): Promise<PricedLine> {
  const price = await findMaterialPrice(tx, kernel.registry, {
    itemId: line.itemId,
    orgId: line.invOrgId,
    onDate,
    quantity: line.openQty,
    ...(line.suggestedSupplierId ? { supplierId: line.suggestedSupplierId } : {}),
  });
  if (!price)
    throw line.suggestedSupplierId
      ? declaredError('purchasingOrders.demandNoSuggestedPrice', { ...line, onDate })
      : declaredError('purchasingOrders.demandNoPrice', { ...line, onDate });
  return { line, price };
}

function groupKey({ line, price }: PricedLine): string {
  return [price.supplierId, line.orgId, line.invOrgId, price.currencyCode].join('/');
}

function orderBody(group: PricedLine[], buyerId: number | null, onDate: string): Record<string, unknown> {
  const [{ line: first, price: firstPrice }] = group;
  return {
    poType: 'STANDARD',
    supplierId: firstPrice.supplierId,
    orgId: first.orgId,
    invOrgId: first.invOrgId,
    buyerId,
    orderDate: onDate,
    currencyCode: firstPrice.currencyCode,
    sourceType: group.every((g) => g.price.sourceType === firstPrice.sourceType) ? firstPrice.sourceType : 'MANUAL',
    lines: group.map(({ line, price }, i) => ({
      lineNum: i + 1,
      requisitionLineId: line.requisitionLineId,
      agreementLineId: price.agreementLineId,
      itemId: line.itemId,
      categoryId: line.categoryId,
      uomCode: line.uomCode,
      quantity: line.openQty,
      unitPriceExcl: price.unitPriceExcl,
      taxRate: price.taxRate,
      needByDate: line.needByDate,
    })),
  };
}

/** Creates the orders inside tx; answers them in the order of their first line. */
export async function createOrdersFromDemand(
  tx: SqlExecutor,
  kernel: Kernel,
  ids: number[],
  ctx: ResourceContext,
  scopes: { lines?: FilterNode; orders?: FilterNode },
  onDate: string,
): Promise<CreatedOrder[]> {
  const lines = await lockDemandLines(
    tx,
    { registry: kernel.registry, reader: kernel.resources.reader },
    ids,
    ctx,
    scopes.lines,
  );
  const groups = new Map<string, PricedLine[]>();
  for (const line of lines) {
    const priced = await priceOf(tx, kernel, line, onDate);
    groups.set(groupKey(priced), [...(groups.get(groupKey(priced)) ?? []), priced]);
  }
  const entity = kernel.registry.entity(ORDER)!;
  const rows = new PlatformRows(kernel.registry, tx.dialect);
  const created: CreatedOrder[] = [];
  for (const group of groups.values()) {
    const record = prepareRecord(kernel.registry, entity, orderBody(group, ctx.userId, onDate), ctx);
    const orderHeaderId = await kernel.resources.writer.save(tx, entity, record, ctx, scopes.orders);
    const row = await rows.one(tx, ORDER, ['poNumber'], { orderHeaderId });
    created.push({ orderHeaderId, poNumber: String(row?.poNumber ?? ''), supplierId: group[0].price.supplierId });
  }
  return created;
}
