/**
 * VMI stock (DOMAIN.md §5.8): quantities move only through transfer records.
 * - IN adds: written when a delivery note's receipt is saved for an item the supplier holds as VMI
 *   stock at that plant (the receipt's afterSave listener; the lowest-id stock row of supplier,
 *   plant and item takes it). CONSUME, OWNERSHIP_TRANSFER and RETURN subtract: an internal user
 *   creates them on the transfer-record screen (manual IN is refused: receipts make it).
 * - The stock row is locked first (SELECT … FOR UPDATE), then read again under lock: a movement
 *   that would leave the on-hand quantity below 0 answers 409, also for two requests at once.
 * - warningFlag is Y when onHand < safety or onHand > max; crossing a bound raises the warning
 *   (STOCK_BELOW_SAFETY, STOCK_ABOVE_MAX) at once, one open warning per stock and type.
 * - On the stock screen internal users set min/max/safety; quantities are server-only.
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry, SaveDone, SaveDraft } from '../../../hooks/recordHooks';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import { nextDocumentNumber } from '../../../resource/documentNumber';
import { lockOwner } from '../../../resource/invariantLocks';
import { add, cmp, dec, isPositive, neg, qty, type Dec } from '../delivery/quantities';
import { copyItemCode, requireInternal, STOCK, today, TRANSFER, type Planning } from './planningContext';
import { raiseWarning, type WarningType } from './warnings';

export interface StockLevels {
  onHand: Dec;
  safety: Dec | null;
  max: Dec | null;
}

const opt = (v: unknown): Dec | null => (v === null || v === undefined || v === '' ? null : dec(v));

/** A stock row's levels, its on-hand quantity moved by `delta`. */
export const stockLevels = (stock: Record<string, unknown>, delta: Dec = dec(0)): StockLevels => ({
  onHand: add(dec(stock.onHandQty ?? 0), delta),
  safety: opt(stock.safetyStockQty),
  max: opt(stock.maxStockQty),
});

export function belowSafety(s: StockLevels): boolean {
  return s.safety !== null && cmp(s.onHand, s.safety) < 0;
}
export function aboveMax(s: StockLevels): boolean {
  return s.max !== null && isPositive(s.max) && cmp(s.onHand, s.max) > 0;
}

export interface Movement {
  vmiStockId: number;
  type: string;
  quantity: Dec;
  userId: number | null;
}

const STOCK_FIELDS = ['vmiStockId', 'supplierId', 'invOrgId', 'itemId', 'itemCode', 'warehouseCode'];
const LEVEL_FIELDS = ['onHandQty', 'safetyStockQty', 'maxStockQty'];

/** Locks and reads the stock row (the latest committed values). */
export async function lockStock(p: Planning, tx: SqlExecutor, vmiStockId: number) {
  if (!(await lockOwner(tx, p.registry.entity(STOCK)!, vmiStockId))) return undefined;
  return p.rows.one(tx, STOCK, [...STOCK_FIELDS, ...LEVEL_FIELDS], { vmiStockId }, { underLock: true });
}

/** Raises the stock's bound warnings; the stock row must be locked by the caller. */
export async function warnStock(
  p: Planning,
  tx: SqlExecutor,
  stock: Record<string, unknown>,
  levels: StockLevels,
  userId: number | null,
): Promise<number> {
  const docNumber = `${String(stock.itemCode ?? '')}@${String(stock.warehouseCode ?? '')}`;
  const bound = (d: Dec | null) => d && qty(d);
  const values = { docNumber, onHand: qty(levels.onHand), safety: bound(levels.safety), max: bound(levels.max) };
  const crossed: [WarningType, { cn: string; en: string }][] = [];
  if (belowSafety(levels)) crossed.push(['STOCK_BELOW_SAFETY', declaredText('purchasingOrders.belowSafety', values)]);
  if (aboveMax(levels)) crossed.push(['STOCK_ABOVE_MAX', declaredText('purchasingOrders.aboveMax', values)]);
  let raised = 0;
  for (const [type, content] of crossed) {
    const warning = { type, content, docType: 'VMI_STOCK' as const, docId: Number(stock.vmiStockId), docNumber };
    raised += +(await raiseWarning(p, tx, { ...warning, supplierId: Number(stock.supplierId) }, userId));
  }
  return raised;
}

/** Applies one movement under the stock row's lock; the stock row and the balance after it. */
export async function move(p: Planning, tx: SqlExecutor, m: Movement) {
  const stock = await lockStock(p, tx, m.vmiStockId);
  if (!stock)
    throw declaredError('purchasingOrders.vmiStockUnknown', {}, [{ field: 'vmiStockId', message: 'not found' }]);
  const delta = m.type === 'IN' ? m.quantity : neg(m.quantity);
  const levels = stockLevels(stock, delta);
  if (levels.onHand.units < 0n)
    throw declaredError('purchasingOrders.vmiStockShort', {
      onHand: qty(dec(stock.onHandQty ?? 0)),
      quantity: qty(m.quantity),
    });
  const balance = qty(levels.onHand);
  await p.rows.update(
    tx,
    STOCK,
    {
      onHandQty: balance,
      availableQty: balance,
      warningFlag: belowSafety(levels) || aboveMax(levels) ? 'Y' : 'N',
      lastTransactionDate: today(),
    },
    { vmiStockId: m.vmiStockId },
    m.userId,
  );
  await warnStock(p, tx, stock, levels, m.userId);
  return { stock, balance };
}

/** A transfer record created on the screen: checked, applied to the stock, its copied columns filled. */
async function transferSave(p: Planning, draft: SaveDraft): Promise<void> {
  requireInternal(draft.ctx);
  if (!draft.creating) throw declaredError('purchasingOrders.vmiTransferFixed');
  const v = draft.values;
  if (v.transactionType === 'IN')
    throw declaredError('purchasingOrders.vmiManualIn', {}, [
      { field: 'transactionType', message: 'IN is written by receipts' },
    ]);
  const quantity = dec(v.quantity);
  if (!isPositive(quantity))
    throw declaredError('purchasingOrders.vmiQuantityPositive', {}, [{ field: 'quantity', message: 'must be > 0' }]);
  const { stock, balance } = await move(p, draft.tx, {
    vmiStockId: Number(v.vmiStockId),
    type: String(v.transactionType),
    quantity,
    userId: draft.ctx.userId ?? null,
  });
  Object.assign(v, {
    supplierId: Number(stock.supplierId),
    invOrgId: Number(stock.invOrgId),
    itemId: Number(stock.itemId),
    itemCode: stock.itemCode ?? null,
    balanceQty: balance,
    settledFlag: 'N',
    transactionDate: v.transactionDate ?? today(),
  });
}

/** Min/max/safety edited by internal users: the flag follows the new levels. */
async function stockSave(p: Planning, draft: SaveDraft): Promise<void> {
  requireInternal(draft.ctx);
  await copyItemCode(p, draft.tx, draft.values);
  let onHand: Dec = dec(0);
  let stored: Record<string, unknown> | undefined = {};
  if (!draft.creating && draft.id) {
    stored = await p.rows.one(draft.tx, STOCK, LEVEL_FIELDS, { vmiStockId: draft.id });
    onHand = dec(stored?.onHandQty ?? 0);
  } else Object.assign(draft.values, { onHandQty: '0', availableQty: '0' });
  const pick = (f: string) => (f in draft.values ? opt(draft.values[f]) : opt(stored?.[f]));
  const levels: StockLevels = { onHand, safety: pick('safetyStockQty'), max: pick('maxStockQty') };
  const min = pick('minStockQty');
  if (levels.max !== null && min !== null && cmp(levels.max, min) < 0)
    throw declaredError('purchasingOrders.vmiMaxBelowMin', {}, [
      { field: 'maxStockQty', message: 'below minStockQty' },
    ]);
  draft.values.warningFlag = belowSafety(levels) || aboveMax(levels) ? 'Y' : 'N';
}

/** A receipt of a delivery note: IN on the supplier's VMI stock of that plant and item, when there is one. */
async function onReceipt(p: Planning, done: SaveDone): Promise<void> {
  if (done.entity.name !== 'srmPurReceiptTransaction' || done.values.transactionType !== 'RECEIVE') return;
  const v = done.values;
  const where = { supplierId: Number(v.supplierId), invOrgId: Number(v.invOrgId), itemId: Number(v.itemId) };
  const stock = await p.rows.one(done.tx, STOCK, ['vmiStockId'], where, { orderBy: ['vmiStockId'] });
  if (!stock) return;
  const quantity = dec(v.quantity);
  if (!isPositive(quantity)) return;
  const userId = done.ctx.userId ?? null;
  const moved = await move(p, done.tx, { vmiStockId: Number(stock.vmiStockId), type: 'IN', quantity, userId });
  await p.rows.insert(
    done.tx,
    TRANSFER,
    {
      transferNumber: await nextDocumentNumber(done.tx, 'VMI'),
      vmiStockId: Number(stock.vmiStockId),
      transactionType: 'IN',
      quantity: qty(quantity),
      balanceQty: moved.balance,
      supplierId: Number(v.supplierId),
      invOrgId: Number(v.invOrgId),
      itemId: Number(v.itemId),
      itemCode: (v.itemCode as string | undefined) ?? null,
      deliveryNoteId: v.deliveryNoteId === undefined ? null : Number(v.deliveryNoteId),
      transactionDate: today(),
      settledFlag: 'N',
    },
    userId,
  );
}

export function registerVmi(p: Planning, hooks: RecordHookRegistry): void {
  hooks.registerBeforeSave(TRANSFER, (draft) => transferSave(p, draft));
  hooks.registerBeforeSave(STOCK, (draft) => stockSave(p, draft));
  hooks.onAfterSave((done) => onReceipt(p, done));
}
