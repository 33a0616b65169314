/**
 * Non-production goods prices (DOMAIN.md §5.8 "Non-productive price"): a price is in force on a day
 * when it is VALID and the day lies within validFrom..validTo (no validTo: open-ended). For one
 * goods, supplier and company (or all companies: orgId empty) validities must not overlap: checked
 * on save (against NEW and VALID prices, here) and when a price is enabled (against VALID ones: a
 * declared `noOther` check of purNoProductivePrice.json), each time under the goods' row lock, so
 * two buyers saving overlapping prices at once get one 409.
 */
import type { SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import type { RecordHookRegistry, RecordValues } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import { otherRecord } from '../../../lifecycle/otherRecords';
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { ResourceContext } from '../../../resource/context';
import type { OtherRecordCheck } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import { lockOwner } from '../../../resource/invariantLocks';
import { dateText } from '../partContext';
import { checkValidity } from '../price/materialPrices';

export const GOODS = 'srmPurNoProductiveMaterial';
export const PRICE = 'srmPurNoProductivePrice';

/**
 * Goods are on sale when goodsStatus is ON_SALE. Goods saved before goodsStatus existed (issue 7's
 * rows, and an upgraded database's: the new column is empty) follow their enabledFlag.
 */
export function onSaleSql(c: MetaSql['c'], alias?: string): string {
  return `COALESCE(${c(GOODS, 'goodsStatus', alias)}, CASE WHEN ${c(GOODS, 'enabledFlag', alias)} = 'Y' THEN 'ON_SALE' ELSE 'OFF_SALE' END) = 'ON_SALE'`;
}

export interface PriceInForce {
  noProductivePriceId: number;
  unitPriceIncl: string;
  taxRate: string;
}

/**
 * The prices in force on `onDate` for goods on sale, from the goods' own supplier, for the company
 * `orgId`: its own price wins over one for all companies. Keyed by goods id; goods without a price
 * in force are absent. `goodsIds` undefined: every goods on sale.
 */
export async function pricesInForce(
  tx: SqlExecutor,
  registry: MetadataRegistry,
  orgId: number | null,
  onDate: string,
  goodsIds?: number[],
): Promise<Map<number, PriceInForce>> {
  if (goodsIds && !goodsIds.length) return new Map();
  const { t, c } = new MetaSql(registry, tx.dialect);
  const params: SqlParam[] = [onDate, onDate];
  let org = `${c(PRICE, 'orgId', 'p')} IS NULL`;
  if (orgId !== null) {
    org = `(${org} OR ${c(PRICE, 'orgId', 'p')} = ?)`;
    params.push(orgId);
  }
  let only = '';
  if (goodsIds) {
    only = ` AND ${c(GOODS, 'noProductiveMaterialId', 'g')} IN (${goodsIds.map(() => '?').join(', ')})`;
    params.push(...goodsIds);
  }
  const rows = await tx.select(
    `SELECT ${c(PRICE, 'noProductivePriceId', 'p')} AS id, ${c(PRICE, 'noProductiveMaterialId', 'p')} AS goodsId, ` +
      `${c(PRICE, 'unitPriceIncl', 'p')} AS price, ${c(PRICE, 'taxRate', 'p')} AS taxRate, ${c(PRICE, 'orgId', 'p')} AS orgId ` +
      `FROM ${t(PRICE)} p JOIN ${t(GOODS)} g ON ${c(GOODS, 'noProductiveMaterialId', 'g')} = ${c(PRICE, 'noProductiveMaterialId', 'p')} ` +
      `AND ${c(GOODS, 'supplierId', 'g')} = ${c(PRICE, 'supplierId', 'p')} ` +
      `WHERE ${c(PRICE, 'status', 'p')} = 'VALID' AND ${onSaleSql(c, 'g')} ` +
      `AND ${c(PRICE, 'validFrom', 'p')} <= ? AND (${c(PRICE, 'validTo', 'p')} IS NULL OR ${c(PRICE, 'validTo', 'p')} >= ?) AND ${org}${only} ` +
      // The company's own price comes first: it wins over one for all companies.
      `ORDER BY CASE WHEN ${c(PRICE, 'orgId', 'p')} IS NULL THEN 1 ELSE 0 END`,
    params,
  );
  const found = new Map<number, PriceInForce>();
  for (const row of rows)
    if (!found.has(Number(row.goodsId)))
      found.set(Number(row.goodsId), {
        noProductivePriceId: Number(row.id),
        unitPriceIncl: String(row.price),
        taxRate: String(row.taxRate),
      });
  return found;
}

/** Another price of the same goods, supplier and company whose validity overlaps, as the enabling check says it (purNoProductivePrice.json). */
const OVERLAP: OtherRecordCheck['noOther'] = {
  states: ['NEW', 'VALID'],
  same: ['noProductiveMaterialId', 'supplierId', 'orgId'],
  overlap: { from: 'validFrom', to: 'validTo' },
};

/** 409 when another NEW or VALID price overlaps the saved one (the platform's noOther read, under lock). */
async function refuseOverlap(
  tx: SqlExecutor,
  registry: MetadataRegistry,
  price: RecordValues,
  ctx: ResourceContext,
  id = 0,
): Promise<void> {
  const rows = new PlatformRows(registry, tx.dialect);
  const scope = { registry, rows, tx, entity: registry.entity(PRICE)!, id, record: price, ctx };
  const other = await otherRecord(scope, OVERLAP, ['validFrom', 'validTo']);
  if (other)
    throw declaredError('purchasingDelivery.priceOverlap', {
      span: `${dateText(other.validFrom)} ~ ${dateText(other.validTo)}`,
    });
}

/** The goods of a price, locked: the price's supplier and code are the goods' own. 400 for unknown goods. */
async function lockGoods(tx: SqlExecutor, registry: MetadataRegistry, goodsId: unknown): Promise<RecordValues> {
  const entity = registry.entity(GOODS)!;
  const id = Number(goodsId);
  if (!Number.isSafeInteger(id) || !(await lockOwner(tx, entity, id)))
    throw declaredError('purchasingDelivery.unknownGoods', {}, [
      { field: 'noProductiveMaterialId', message: 'unknown goods / 物资不存在' },
    ]);
  const rows = new PlatformRows(registry, tx.dialect);
  return (await rows.one(tx, GOODS, ['supplierId', 'goodsCode'], { noProductiveMaterialId: id }))!;
}

export function registerGoodsPriceRules(
  hooks: RecordHookRegistry,
  handlers: TransitionHandlerRegistry,
  registry: MetadataRegistry,
): void {
  hooks.registerBeforeSave(GOODS, ({ values }) => {
    // The mall and the cart read goodsStatus; enabledFlag (the issue 7 column) follows it.
    if (values.goodsStatus !== undefined) values.enabledFlag = values.goodsStatus === 'ON_SALE' ? 'Y' : 'N';
  });
  hooks.registerBeforeSave(PRICE, async ({ values, id, tx, ctx }) => {
    const fields = ['noProductiveMaterialId', 'orgId', 'validFrom', 'validTo'];
    const rows = new PlatformRows(registry, tx.dialect);
    const stored = id === undefined ? {} : await rows.one(tx, PRICE, fields, { noProductivePriceId: id });
    const merged: RecordValues = { ...stored, ...values };
    Object.assign(merged, { validFrom: dateText(merged.validFrom), validTo: dateText(merged.validTo) });
    checkValidity(merged);
    const goods = await lockGoods(tx, registry, merged.noProductiveMaterialId);
    values.supplierId = Number(goods.supplierId);
    values.goodsCode = goods.goodsCode;
    await refuseOverlap(tx, registry, { ...merged, supplierId: Number(goods.supplierId) }, ctx, id);
  });
  // Every transition of a price locks its goods first (the same owner lock as the save).
  handlers.registerOwner(PRICE, 'noProductiveMaterialId');
}
