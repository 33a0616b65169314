/**
 * Agreement price changes (DOMAIN.md §5.3): the old price, new price and change rate come from the
 * server; approval raises the supplier's to-do SRM_PRICE_ADJUST; the supplier's confirmation
 * (doSupplierConfirm, APPROVED → CONFIRMED) writes the new prices to the agreement lines and the
 * price list. The lifecycle locks the agreement (the owner) and then the change itself, and checks
 * the state under those locks: a second confirmation finds CONFIRMED and answers 409, so the
 * prices are applied once. Who confirms (the supplier: `by`), the supplier's to-do, its handling
 * and the confirming user and date are declared effects, and the checks of the submit and of the
 * confirmation declared checks (purPriceAdjust.json); this file keeps the computed prices.
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry, SaveDraft } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { changeRate, decimalText } from '../../../util/decimal';
import { priceInclTax } from '../price/priceMath';
import { ADJUST, ADJUST_LINE, AGREEMENT, AGREEMENT_LINE, type AgreementStore } from './agreementStore';

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** What a price change takes of its agreement, read inside `tx`. */
const agreementOf = (store: AgreementStore, tx: SqlExecutor, agreementHeaderId: number) =>
  store.rows.one(tx, AGREEMENT, ['status', 'supplierId', 'orgId', 'currencyCode', 'validTo'], { agreementHeaderId });

/** The agreement's lines by id, read inside `tx`. */
async function agreementLines(store: AgreementStore, tx: SqlExecutor, agreementHeaderId: number) {
  const fields = ['agreementLineId', 'itemId', 'itemCode', 'unitPriceExcl', 'taxRate', 'minOrderQty', 'quotaPercent'];
  const rows = await store.rows.select(tx, AGREEMENT_LINE, fields, { agreementHeaderId });
  return new Map(rows.map((r) => [Number(r.agreementLineId), r]));
}

/** On save: supplier and company from the agreement (which must be APPROVED); per line the item, the current price and the change rate. */
async function prepareAdjust(store: AgreementStore, draft: SaveDraft): Promise<void> {
  const { values, tx } = draft;
  let agreementHeaderId = typeof values.agreementHeaderId === 'number' ? values.agreementHeaderId : undefined;
  if (agreementHeaderId === undefined && draft.id !== undefined) {
    const stored = await store.rows.one(tx, ADJUST, ['agreementHeaderId'], { priceAdjustId: draft.id });
    agreementHeaderId = stored ? Number(stored.agreementHeaderId) : undefined;
  }
  if (agreementHeaderId === undefined) return;
  const agreement = await agreementOf(store, tx, agreementHeaderId);
  if (!agreement || agreement.status !== 'APPROVED')
    throw declaredError('purchasingOrders.adjustAgreementNotApproved', {}, [
      { field: 'agreementHeaderId', message: 'not an approved agreement / 协议未审批' },
    ]);
  values.supplierId = Number(agreement.supplierId);
  values.orgId = Number(agreement.orgId);
  const lines = draft.children.lines;
  if (!lines) return;
  const byId = await agreementLines(store, tx, agreementHeaderId);
  const seen = new Set<number>();
  lines.forEach((line, i) => {
    const agreementLine = byId.get(Number(line.agreementLineId));
    if (!agreementLine)
      throw Errors.validation([
        { field: `lines[${i}].agreementLineId`, message: 'not a line of this agreement / 不是该协议的行' },
      ]);
    if (seen.has(Number(line.agreementLineId)))
      throw Errors.validation([{ field: `lines[${i}].agreementLineId`, message: 'given twice / 协议行重复' }]);
    seen.add(Number(line.agreementLineId));
    line.itemId = Number(agreementLine.itemId);
    line.itemCode = agreementLine.itemCode;
    line.oldPrice = decimalText(agreementLine.unitPriceExcl, 6);
    line.changeRate = changeRate(line.oldPrice, line.newPrice);
  });
}

/** The supplier's confirmation: new prices on the agreement lines and in the price list from the effective date. */
async function applyAdjust(store: AgreementStore, run: TransitionRun): Promise<void> {
  const { tx, ctx } = run;
  const adjust = run.record;
  const fields = ['priceAdjustLineId', 'agreementLineId', 'newPrice'];
  const lines = await store.rows.select(tx, ADJUST_LINE, fields, { priceAdjustId: run.id }, { orderBy: [fields[0]] });
  // Locked first as the lifecycle's owner; still approved is a declared check (purPriceAdjust.json).
  const agreement = (await agreementOf(store, tx, Number(adjust.agreementHeaderId)))!;
  const effective = String(adjust.effectiveDate);
  const byId = await agreementLines(store, tx, Number(adjust.agreementHeaderId));
  for (const line of lines) {
    const agreementLineId = Number(line.agreementLineId);
    const current = byId.get(agreementLineId);
    if (!current) throw declaredError('purchasingOrders.agreementLineGone', { agreementLineId });
    const newPrice = decimalText(line.newPrice, 6)!;
    const taxRate = decimalText(current.taxRate, 4)!;
    const oldPrice = decimalText(current.unitPriceExcl, 6);
    const changed = { oldPrice, changeRate: changeRate(oldPrice, newPrice) };
    await store.rows.update(
      tx,
      ADJUST_LINE,
      changed,
      { priceAdjustLineId: Number(line.priceAdjustLineId) },
      ctx.userId,
    );
    const price = { unitPriceExcl: newPrice, unitPriceIncl: priceInclTax(newPrice, taxRate) };
    await store.rows.update(tx, AGREEMENT_LINE, price, { agreementLineId }, ctx.userId);
    await store.prices.endLinePrices(tx, agreementLineId, effective, ctx);
    await store.prices.insert(
      tx,
      {
        itemId: Number(current.itemId),
        itemCode: str(current.itemCode),
        supplierId: Number(agreement.supplierId),
        orgId: Number(agreement.orgId),
        currencyCode: String(agreement.currencyCode),
        unitPriceExcl: newPrice,
        taxRate,
        minQty: decimalText(current.minOrderQty, 4),
        // decision: the changed price holds for every quantity; the agreement's breaks stay on the agreement line.
        priceBreaks: [],
        quotaPercent: decimalText(current.quotaPercent, 4),
        validFrom: effective,
        validTo: str(agreement.validTo),
        sourceType: 'ADJUSTMENT',
        sourceDocNumber: str(adjust.adjustNumber),
        agreementLineId,
      },
      ctx,
    );
  }
}

export function registerPriceAdjustEffects(
  store: AgreementStore,
  hooks: RecordHookRegistry,
  handlers: TransitionHandlerRegistry,
): void {
  hooks.registerBeforeSave(ADJUST, (draft) => prepareAdjust(store, draft));
  // Every transition of a price change first locks its agreement: two changes of one agreement confirm one after the other.
  handlers.registerOwner(ADJUST, 'agreementHeaderId');
  handlers.register('applyPriceAdjust', (run) => applyAdjust(store, run));
}
