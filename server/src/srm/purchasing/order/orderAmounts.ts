import type { MetaSql } from '../../../access/metaSql';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordValues, SaveDraft } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { addDecimals, formatDecimal, multiplyDecimals, subtractDecimals, ZERO, type Dec } from '../../../util/decimal';
import { decimalOf, type OrderSql } from './orderModel';

const ONE: Dec = { units: 1n, scale: 0 };

/** The currency's decimals: the BASE_CURRENCY lookup value's description ("2", JPY "0"); 2 when unset. */
async function currencyScale(o: OrderSql, tx: SqlExecutor, currencyCode: unknown): Promise<number> {
  const { t, c } = o.sql;
  const rows = await tx.select(
    `SELECT ${c('baseLookupValues', 'description')} AS d FROM ${t('baseLookupValues')} WHERE ${c('baseLookupValues', 'lookupType')} = 'BASE_CURRENCY' AND ${c('baseLookupValues', 'lookupCode')} = ?`,
    [String(currencyCode ?? 'CNY')],
  );
  const scale = Number(rows[0]?.d);
  return Number.isInteger(scale) && scale >= 0 && scale <= 6 ? scale : 2;
}

/**
 * Item code and name on a line are copies of the material master, never what the client typed; an
 * order line also takes the item's category and UOM where blank (a requisition's hook asks only for
 * code and name).
 */
export async function copyItemMaster(
  sql: MetaSql,
  tx: SqlExecutor,
  lines: RecordValues[],
  categoryAndUom = true,
): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.itemId).filter((id): id is number => typeof id === 'number'))];
  if (!ids.length) return;
  const { t, c } = sql;
  const M = 'srmBaseMaterialItem';
  const rows = await tx.select(
    `SELECT ${c(M, 'itemId')} AS id, ${c(M, 'itemCode')} AS code, ${c(M, 'itemName')} AS name, ${c(M, 'categoryId')} AS category, ${c(M, 'primaryUomCode')} AS uom FROM ${t(M)} WHERE ${c(M, 'itemId')} IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  lines.forEach((line, i) => {
    if (typeof line.itemId !== 'number') return;
    const item = byId.get(line.itemId);
    if (!item) throw Errors.validation([{ field: `lines[${i}].itemId`, message: 'unknown material / 物料不存在' }]);
    line.itemCode = item.code;
    line.itemName = item.name;
    if (!categoryAndUom) return;
    line.categoryId ??= item.category === null ? null : Number(item.category);
    line.uomCode ??= item.uom;
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
  await copyItemMaster(o.sql, draft.tx, lines);
  computeOrderAmounts(draft.values, lines, await currencyScale(o, draft.tx, currencyCode));
}
