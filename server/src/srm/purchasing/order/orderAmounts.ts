import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { PlatformRows } from '../../../lifecycle/platformRows';
import type { RecordValues, SaveDraft } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { addDecimals, formatDecimal, multiplyDecimals, subtractDecimals, ZERO, type Dec } from '../../../util/decimal';
import { decimalOf, type OrderSql } from './orderModel';

const ONE: Dec = { units: 1n, scale: 0 };

/** The currency's decimals: the BASE_CURRENCY lookup value's description ("2", JPY "0"); 2 when unset. */
async function currencyScale(o: OrderSql, tx: SqlExecutor, currencyCode: unknown): Promise<number> {
  const lookup = { lookupType: 'BASE_CURRENCY', lookupCode: String(currencyCode ?? 'CNY') };
  const scale = Number((await o.rows.one(tx, 'baseLookupValues', ['description'], lookup))?.description);
  return Number.isInteger(scale) && scale >= 0 && scale <= 6 ? scale : 2;
}

/**
 * Item code and name on a line are copies of the material master, never what the client typed; an
 * order line also takes the item's category and UOM where blank (a requisition's hook asks only for
 * code and name).
 */
export async function copyItemMaster(
  rows: PlatformRows,
  tx: SqlExecutor,
  lines: RecordValues[],
  categoryAndUom = true,
): Promise<void> {
  const itemId = [...new Set(lines.map((l) => l.itemId).filter((id): id is number => typeof id === 'number'))];
  if (!itemId.length) return;
  const fields = ['itemId', 'itemCode', 'itemName', 'categoryId', 'primaryUomCode'];
  const byId = new Map(
    (await rows.select(tx, 'srmBaseMaterialItem', fields, { itemId })).map((r) => [Number(r.itemId), r]),
  );
  lines.forEach((line, i) => {
    if (typeof line.itemId !== 'number') return;
    const item = byId.get(line.itemId);
    if (!item) throw Errors.validation([{ field: `lines[${i}].itemId`, message: 'unknown material / 物料不存在' }]);
    line.itemCode = item.itemCode;
    line.itemName = item.itemName;
    if (!categoryAndUom) return;
    line.categoryId ??= item.categoryId === null ? null : Number(item.categoryId);
    line.uomCode ??= item.primaryUomCode;
  });
}

/**
 * Line: amountExcl = quantity × unitPriceExcl and tax = amountExcl × taxRate, each rounded to the
 * currency's decimals; amountIncl = amountExcl + tax; unitPriceIncl = unitPriceExcl × (1 + taxRate)
 * to 6 decimals. Header totals are the sums of the rounded line values, so they always add up.
 */
export function computeOrderAmounts(values: RecordValues, lines: RecordValues[], scale: number): void {
  let excl = ZERO;
  let incl = ZERO;
  lines.forEach((line, i) => {
    line.lineNum ??= i + 1;
    const quantity = decimalOf(line.quantity);
    const price = decimalOf(line.unitPriceExcl);
    const rate = decimalOf(line.taxRate);
    const amountExcl = decimalOf(formatDecimal(multiplyDecimals(quantity, price), scale));
    const tax = decimalOf(formatDecimal(multiplyDecimals(amountExcl, rate), scale));
    const amountIncl = addDecimals(amountExcl, tax);
    line.unitPriceIncl = formatDecimal(multiplyDecimals(price, addDecimals(ONE, rate)), 6);
    line.amountExcl = formatDecimal(amountExcl, scale);
    line.amountIncl = formatDecimal(amountIncl, scale);
    excl = addDecimals(excl, amountExcl);
    incl = addDecimals(incl, amountIncl);
  });
  values.totalAmountExcl = formatDecimal(excl, scale);
  values.totalAmountIncl = formatDecimal(incl, scale);
  values.totalTaxAmount = formatDecimal(subtractDecimals(incl, excl), scale);
}

/** Line amounts and header totals on every save that carries the lines. */
export async function prepareOrderAmounts(o: OrderSql, draft: SaveDraft, currencyCode: unknown): Promise<void> {
  const lines = draft.children.lines;
  if (!lines) return;
  await copyItemMaster(o.rows, draft.tx, lines);
  computeOrderAmounts(draft.values, lines, await currencyScale(o, draft.tx, currencyCode));
}
