/**
 * Price linkage (DOMAIN.md §5.8, srmPurPriceLinkage): an item's price follows raw-material indices
 * (srmSmlIndexPrice, the price domain's monthly index prices) in a proportion. An item's linked
 * proportions (NEW and VALID) add up to at most 1, checked under the item's row lock.
 *
 * The summary (linkageCollectList, srmPurLinkageCollectListRestful/listByPage) is computed when read,
 * never stored: per VALID linkage, the index of the latest period with a price and of the period one
 * cycle (1, 3 or 6 months) before it (or the latest before that), the index change in %, and the
 * implied price change = proportion × index change; per item, the sums of both.
 */
import { evaluateFilter, type FilterNode } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import { internalCaller, pagingOf } from '../../../home/readerContext';
import type { ActionRegistry } from '../../../platform/actionRegistry';
import { PlatformRows } from '../../../lifecycle/platformRows';
import { lockOwner } from '../../../resource/invariantLocks';
import { addDecimals, compareDecimals, formatDecimal, parseDecimal, ZERO } from '../../../util/decimal';

const LINKAGE = 'srmPurPriceLinkage';
const INDEX = 'srmSmlIndexPrice';
const ITEM = 'srmBaseMaterialItem';
export const CYCLE_MONTHS: Record<string, number> = { MONTH: 1, QUARTER: 3, HALF_YEAR: 6 };

export function registerLinkageRules(hooks: RecordHookRegistry, registry: MetadataRegistry): void {
  hooks.registerBeforeSave(LINKAGE, async ({ values, id, tx }) => {
    const rows = new PlatformRows(registry, tx.dialect);
    let itemId = values.itemId;
    let proportion = values.proportion;
    if (id !== undefined) {
      const stored = await rows.one(tx, LINKAGE, ['itemId', 'proportion'], { priceLinkageId: id });
      itemId ??= stored?.itemId;
      proportion ??= stored?.proportion;
    }
    const share = parseDecimal(proportion as string);
    if (!share || share.units <= 0n)
      throw declaredError('purchasingDelivery.proportionPositive', {}, [{ field: 'proportion', message: '> 0' }]);
    if (!(await lockOwner(tx, registry.entity(ITEM)!, Number(itemId))))
      throw declaredError('purchasingDelivery.unknownItem', {}, [
        { field: 'itemId', message: 'unknown item / 物料不存在' },
      ]);
    const item = await rows.one(tx, ITEM, ['itemCode'], { itemId: Number(itemId) });
    values.itemCode = item?.itemCode ?? null;
    const where = { itemId: Number(itemId), status: ['NEW', 'VALID'] };
    const linked = await rows.select(tx, LINKAGE, ['priceLinkageId', 'proportion'], where, { underLock: true });
    const others = linked.filter((row) => Number(row.priceLinkageId) !== id);
    const total = others.reduce((sum, row) => addDecimals(sum, parseDecimal(row.proportion as string) ?? ZERO), share);
    if (compareDecimals(total, { units: 1n, scale: 0 }) > 0)
      throw declaredError('purchasingDelivery.proportionsOver', { total: formatDecimal(total, 4) });
  });
}

const monthsBefore = (period: string, months: number): string => {
  const [y, m] = period.split('-').map(Number);
  const n = y * 12 + (m - 1) - months;
  return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
};
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The summary rows of every VALID linkage, by item code then raw material. */
export async function collectLinkages(tx: SqlExecutor, registry: MetadataRegistry) {
  const { t, c } = new MetaSql(registry, tx.dialect);
  const links = await tx.select(
    `SELECT ${c(LINKAGE, 'priceLinkageId', 'l')} AS priceLinkageId, ${c(LINKAGE, 'itemId', 'l')} AS itemId, ${c(LINKAGE, 'itemCode', 'l')} AS itemCode, ` +
      `${c(ITEM, 'itemName', 'i')} AS itemName, ${c(LINKAGE, 'rawMaterialCode', 'l')} AS rawMaterialCode, ${c(LINKAGE, 'proportion', 'l')} AS proportion, ${c(LINKAGE, 'cycle', 'l')} AS cycle ` +
      `FROM ${t(LINKAGE)} l LEFT JOIN ${t(ITEM)} i ON ${c(ITEM, 'itemId', 'i')} = ${c(LINKAGE, 'itemId', 'l')} ` +
      `WHERE ${c(LINKAGE, 'status', 'l')} = 'VALID' ORDER BY ${c(LINKAGE, 'itemCode', 'l')}, ${c(LINKAGE, 'rawMaterialCode', 'l')}`,
  );
  const fields = ['rawMaterialCode', 'period', 'price'];
  const indices = await new PlatformRows(registry, tx.dialect).select(tx, INDEX, fields, {}, { orderBy: ['-period'] });
  const series = new Map<string, { period: string; price: number; text: string }[]>();
  for (const row of indices)
    series.set(String(row.rawMaterialCode), [
      ...(series.get(String(row.rawMaterialCode)) ?? []),
      { period: String(row.period), price: Number(row.price), text: String(row.price) },
    ]);
  const rows = links.map((link) => {
    const points = series.get(String(link.rawMaterialCode)) ?? [];
    const latest = points[0];
    const base =
      latest && points.find((p) => p.period <= monthsBefore(latest.period, CYCLE_MONTHS[String(link.cycle)] ?? 1));
    const change = latest && base && base.price > 0 ? ((latest.price - base.price) / base.price) * 100 : null;
    const implied = change === null ? null : round2(Number(link.proportion) * change);
    return {
      ...link,
      priceLinkageId: Number(link.priceLinkageId),
      itemId: Number(link.itemId),
      proportion: String(link.proportion),
      basePeriod: base?.period ?? null,
      baseIndexPrice: base?.text ?? null,
      latestPeriod: latest?.period ?? null,
      latestIndexPrice: latest?.text ?? null,
      indexChangePct: change === null ? null : round2(change).toFixed(2),
      impliedChangePct: implied === null ? null : implied.toFixed(2),
    };
  });
  for (const row of rows) {
    const same = rows.filter((r) => r.itemId === row.itemId);
    const share = same.reduce((sum, r) => addDecimals(sum, parseDecimal(r.proportion) ?? ZERO), ZERO);
    Object.assign(row, {
      itemLinkedProportion: formatDecimal(share, 4),
      itemImpliedChangePct: same.some((r) => r.impliedChangePct === null)
        ? null
        : round2(same.reduce((sum, r) => sum + Number(r.impliedChangePct), 0)).toFixed(2),
    });
  }
  return rows;
}

export function registerLinkageCollect(actions: ActionRegistry): void {
  actions.register({
    area: 'srmServer',
    resource: 'srmPurLinkageCollectListRestful',
    action: 'listByPage',
    access: { pages: ['linkageCollectList'] },
    // The list's filter is a filter over the summary's rows (evaluated here, not in SQL).
    input: { type: 'object', properties: { filter: { type: ['object', 'null'] } } },
    handler: async (body, _ctx, kernel, req) => {
      internalCaller(req);
      const { pageIndex, pageRows } = pagingOf(body, 20);
      const filter = (body.filter ?? undefined) as FilterNode | undefined;
      const rows = (await kernel.db.transaction((tx) => collectLinkages(tx, kernel.registry))).filter((row) =>
        evaluateFilter(filter, row),
      );
      return {
        data: rows.slice((pageIndex - 1) * pageRows, pageIndex * pageRows),
        page: { count: rows.length, pageIndex, pageRows },
      };
    },
  });
}
