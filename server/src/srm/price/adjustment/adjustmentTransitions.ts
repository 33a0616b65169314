/**
 * Transition handlers of the price adjustment (lifecycle smlAdjustment, DOMAIN.md §3). Every
 * transition first locks the adjustment's supplier (the owner), so two adjustments of one supplier
 * confirm one after the other and the price list is closed and extended in order; the state is
 * checked under those locks, so a second confirmation finds CONFIRMED and answers 409.
 *
 * - submit: at least one line, each with old and new price and tax rate (declared checks).
 * - approve: the supplier's to-do SRM_PRICE_ADJUST is a declared effect (smlAdjustment.json).
 * - the supplier agrees (doSupplierAgree, also through confirmAdjustment {agree: Y}): per line
 *   the valid prices of the same item, supplier and company end the day before the effective date
 *   (those starting on or after it become INVALID) and a new price-list row (source ADJUSTMENT) is
 *   written; its adjustment-list row is a declared effect — all in the transition's transaction, so a
 *   failure keeps none.
 * - the supplier disagrees: its comment is kept; the internal users can change and resubmit.
 * Who answers (the supplier: `by`), and on either answer confirmedBy, confirmDate, the supplier's
 * comment and its to-do handled are declared (smlAdjustment.json); this file keeps the price list.
 */
import type { SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import type { ResourceContext } from '../../../resource/context';
import { decimalText } from '../../../util/decimal';
import { dayBefore } from '../../../util/time';
import { findMaterialPrice, PriceList, PRICE } from '../../purchasing/price/contract';
import { text } from './adjustmentMath';
import { HEAD, LIST, type AdjustmentStore } from './adjustmentStore';

/**
 * Ends the valid prices of an item, supplier and company at `from` (the day before; those starting on
 * or after it become INVALID), read under lock, and answers the end of the new price: the latest end
 * among the prices it ends or replaces (open when one of them is open; open when there is none).
 */
async function endPrices(
  store: AdjustmentStore,
  tx: SqlExecutor,
  key: { itemId: number; supplierId: number; orgId: number },
  from: string,
  ctx: ResourceContext,
): Promise<string | null> {
  const day = (v: unknown) => String(v).slice(0, 10);
  const valid = await store.rowsWhere(tx, PRICE, { ...key, priceStatus: 'VALID' });
  const live = valid.filter((r) => !r.validTo || day(r.validTo) >= from);
  for (const r of live) {
    const end: Record<string, SqlParam> =
      day(r.validFrom) >= from ? { priceStatus: 'INVALID' } : { validTo: dayBefore(from) };
    await store.setFields(tx, PRICE, Number(r.materialPriceId), end, ctx);
  }
  if (!live.length || live.some((r) => !r.validTo)) return null;
  return live
    .map((r) => day(r.validTo))
    .sort()
    .at(-1)!;
}

async function applyAdjustment(store: AdjustmentStore, prices: PriceList, run: TransitionRun): Promise<void> {
  const { tx, ctx } = run;
  const head = await store.withLines(tx, run.record, ctx);
  const effective = String(head.effectiveDate).slice(0, 10);
  const supplierId = Number(head.supplierId);
  const orgId = Number(head.orgId);
  const number = text(head.adjustmentNumber);
  for (const line of head.lines) {
    const itemId = Number(line.itemId);
    // The price it replaces (valid on the effective date, before it ends): its end date and quota carry over.
    const taxRate = decimalText(line.taxRate, 4);
    const newPrice = decimalText(line.newPrice, 6);
    if (!taxRate || !newPrice)
      throw declaredError('price.lineCannotApply', { number: String(number), itemCode: String(line.itemCode) });
    const replaced = await findMaterialPrice(tx, store.registry, { itemId, orgId, onDate: effective, supplierId });
    const replacedTo = await endPrices(store, tx, { itemId, supplierId, orgId }, effective, ctx);
    const materialPriceId = await prices.insert(
      tx,
      {
        itemId,
        itemCode: text(line.itemCode),
        supplierId,
        orgId,
        currencyCode: String(head.currencyCode),
        unitPriceExcl: newPrice,
        taxRate,
        minQty: null,
        priceBreaks: [],
        quotaPercent: replaced?.quotaPercent ?? null,
        validFrom: effective,
        validTo: replacedTo,
        sourceType: 'ADJUSTMENT',
        sourceDocNumber: number,
        agreementLineId: null,
      },
      ctx,
    );
    // The line's adjustment-list row (a declared effect of doSupplierAgree) names the price it wrote.
    const [listed] = await store.rowsWhere(tx, LIST, { adjustmentLineId: Number(line.adjustmentLineId) });
    await store.setFields(tx, LIST, Number(listed.adjustmentListId), { materialPriceId }, ctx);
  }
}

export function registerAdjustmentTransitions(store: AdjustmentStore, handlers: TransitionHandlerRegistry): void {
  const prices = new PriceList(store.registry, store.writer, store.db.dialect);
  handlers.registerOwner(HEAD, 'supplierId');
  handlers.register('applyAdjustment', (run) => applyAdjustment(store, prices, run));
}
