/**
 * The daily warning scan (DOMAIN.md §5.8 srmBaseWarning), the scheduled job purchasingWarningScan
 * (run by the platform scheduler; its time in metadata/apps/srm/purchasing/schedules). It raises:
 * - LATE_DELIVERY for order lines of released, confirmed or partly received orders whose promised
 *   date (else need-by date) lies before today and that are not fully received;
 * - PRICE_EXPIRING for valid price-list rows whose validTo lies within the next 30 days;
 * - STOCK_BELOW_SAFETY / STOCK_ABOVE_MAX for VMI stock outside its bounds (and sets warningFlag).
 * Idempotent: one open warning per document and type. Each document is handled in a transaction
 * of its own that first takes the document's key lock (the stock row's lock for VMI stock), so
 * two scans at once (two server processes) still raise one warning.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row } from '../../../db/sqlExecutor';
import { declaredText } from '../../../http/declaredErrors';
import { lockKeys } from '../../../resource/invariantLocks';
import { qty, dec } from '../delivery/quantities';
import { daysAfter, Planning, today, STOCK } from './planningContext';
import { aboveMax, belowSafety, lockStock, stockLevels, warnStock } from './vmiStock';
import { raiseWarning, warningKey, type WarningText } from './warnings';

async function lateLines(p: Planning, on: string): Promise<WarningText[]> {
  const { t, c } = p.sql;
  const L = 'srmPurOrderLine';
  const H = 'srmPurOrderHeader';
  const due = `COALESCE(l.${c(L, 'promisedDate')}, l.${c(L, 'needByDate')})`;
  const rows: Row[] = await p.db.select(
    `SELECT l.${c(L, 'orderLineId')} AS id, l.${c(L, 'lineNum')} AS lineNum, l.${c(L, 'itemCode')} AS itemCode, l.${c(L, 'quantity')} AS quantity, ` +
      `COALESCE(l.${c(L, 'receivedQty')}, 0) AS receivedQty, ${due} AS dueDate, h.${c(H, 'poNumber')} AS poNumber, h.${c(H, 'supplierId')} AS supplierId ` +
      `FROM ${t(L)} l JOIN ${t(H)} h ON h.${c(H, 'orderHeaderId')} = l.${c(L, 'orderHeaderId')} ` +
      `WHERE h.${c(H, 'status')} IN ('RELEASED', 'CONFIRMED', 'PARTIAL_RECEIVED') AND (l.${c(L, 'lineStatus')} IS NULL OR l.${c(L, 'lineStatus')} NOT IN ('RECEIVED', 'CLOSED', 'CANCELLED')) ` +
      `AND ${due} < ? AND COALESCE(l.${c(L, 'receivedQty')}, 0) < l.${c(L, 'quantity')} ORDER BY l.${c(L, 'orderLineId')}`,
    [on],
  );
  return rows.map((r) => {
    const doc = `${String(r.poNumber)}-${String(r.lineNum)}`;
    const date = String(r.dueDate).slice(0, 10);
    const open = qty(dec(r.quantity)) + ' / ' + qty(dec(r.receivedQty));
    return {
      type: 'LATE_DELIVERY',
      docType: 'PUR_ORDER_LINE',
      docId: Number(r.id),
      docNumber: doc,
      supplierId: Number(r.supplierId),
      content: declaredText('purchasingOrders.lateDeliveryWarning', { doc, itemCode: r.itemCode, date, open }),
    };
  });
}

async function expiringPrices(p: Planning, on: string): Promise<WarningText[]> {
  const { t, c } = p.sql;
  const P = 'srmPurMaterialPrice';
  const rows = await p.db.select(
    `SELECT ${c(P, 'materialPriceId')} AS id, ${c(P, 'itemCode')} AS itemCode, ${c(P, 'supplierId')} AS supplierId, ${c(P, 'validTo')} AS validTo, ` +
      `${c(P, 'sourceDocNumber')} AS sourceDocNumber FROM ${t(P)} WHERE (${c(P, 'priceStatus')} IS NULL OR ${c(P, 'priceStatus')} = 'VALID') ` +
      `AND ${c(P, 'validTo')} IS NOT NULL AND ${c(P, 'validTo')} >= ? AND ${c(P, 'validTo')} <= ? ORDER BY ${c(P, 'materialPriceId')}`,
    [on, daysAfter(on, 30)],
  );
  return rows.map((r) => {
    const doc = String(r.sourceDocNumber ?? '') || String(r.itemCode ?? r.id);
    const date = String(r.validTo).slice(0, 10);
    return {
      type: 'PRICE_EXPIRING',
      docType: 'MATERIAL_PRICE',
      docId: Number(r.id),
      docNumber: doc,
      supplierId: Number(r.supplierId),
      content: declaredText('purchasingOrders.priceExpiringWarning', { itemCode: r.itemCode, doc, date }),
    };
  });
}

async function scanStock(p: Planning): Promise<number> {
  const ids = await p.rows.select(p.db, STOCK, ['vmiStockId'], {}, { orderBy: ['vmiStockId'] });
  let raised = 0;
  for (const { vmiStockId } of ids)
    raised += await p.db.transaction(async (tx) => {
      const stock = await lockStock(p, tx, Number(vmiStockId));
      if (!stock) return 0;
      const levels = stockLevels(stock);
      const flag = belowSafety(levels) || aboveMax(levels) ? 'Y' : 'N';
      const { t, c } = p.sql;
      await tx.execute(`UPDATE ${t(STOCK)} SET ${c(STOCK, 'warningFlag')} = ? WHERE ${c(STOCK, 'vmiStockId')} = ?`, [
        flag,
        Number(vmiStockId),
      ]);
      return warnStock(p, tx, stock, levels, null);
    });
  return raised;
}

/** One scan as of `on` (default today); the number of warnings raised. */
export async function scanWarnings(registry: MetadataRegistry, db: Database, on: string = today()): Promise<number> {
  const p = new Planning(registry, db);
  let raised = 0;
  for (const w of [...(await lateLines(p, on)), ...(await expiringPrices(p, on))])
    raised += +(await db.transaction(async (tx) => {
      await lockKeys(tx, [warningKey(w.docType, w.docId, w.type)]);
      return raiseWarning(p, tx, w, null);
    }));
  return raised + (await scanStock(p));
}
