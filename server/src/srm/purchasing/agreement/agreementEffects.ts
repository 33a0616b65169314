/**
 * Purchase agreements (DOMAIN.md §5.2): derived line values on save (the submit check and the
 * validity's order are declared: purAgreement.json, srmPurAgreementHeader.json), and the price list
 * rows that approval, closing and expiry write — each inside the transition's own transaction, so a
 * failure rolls the state change back too.
 */
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { preparePriceValues } from '../price/materialPrices';
import { decimalText } from '../../../util/decimal';
import { parsePriceBreaks } from '../price/priceMath';
import { AGREEMENT, type AgreementStore } from './agreementStore';

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** Approval: one VALID price-list row per line (source AGREEMENT), valid over the agreement's dates. */
async function publishPrices(store: AgreementStore, run: TransitionRun): Promise<void> {
  if (run.advancing) return;
  const agreement = await store.withLines(run.tx, AGREEMENT, run.record, run.ctx);
  for (const line of agreement.lines) {
    await store.prices.insert(
      run.tx,
      {
        itemId: Number(line.itemId),
        itemCode: str(line.itemCode),
        supplierId: Number(agreement.supplierId),
        orgId: Number(agreement.orgId),
        currencyCode: String(agreement.currencyCode),
        unitPriceExcl: decimalText(line.unitPriceExcl, 6)!,
        taxRate: decimalText(line.taxRate, 4)!,
        minQty: decimalText(line.minOrderQty, 4),
        priceBreaks: parsePriceBreaks(line.priceBreaks).breaks,
        quotaPercent: decimalText(line.quotaPercent, 4),
        validFrom: String(agreement.validFrom),
        validTo: str(agreement.validTo),
        sourceType: 'AGREEMENT',
        sourceDocNumber: str(agreement.agreementNumber),
        agreementLineId: Number(line.agreementLineId),
      },
      run.ctx,
    );
  }
}

export function registerAgreementEffects(
  store: AgreementStore,
  hooks: RecordHookRegistry,
  handlers: TransitionHandlerRegistry,
): void {
  // validTo not before validFrom is the entity's record rule (srmPurAgreementHeader.json recordRules).
  hooks.registerBeforeSave(AGREEMENT, async ({ children, tx }) => {
    const lines = children.lines;
    if (!lines) return;
    lines.forEach((line, i) => (line.lineNum ??= i + 1));
    await preparePriceValues(tx, store.registry, lines, (i) => `lines[${i}].`, true);
  });
  handlers.register('publishAgreementPrices', (run) => publishPrices(store, run));
}
