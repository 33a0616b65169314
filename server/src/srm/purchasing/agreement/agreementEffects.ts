/**
 * Purchase agreements (DOMAIN.md §5.2): derived line values on save. The submit check, the
 * validity's order and the price list rows approval writes (a createRecord per line) are declared:
 * purAgreement.json, srmPurAgreementHeader.json.
 */
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { preparePriceValues } from '../price/materialPrices';
import { AGREEMENT, type AgreementStore } from './agreementStore';

export function registerAgreementEffects(store: AgreementStore, hooks: RecordHookRegistry): void {
  // validTo not before validFrom is the entity's record rule (srmPurAgreementHeader.json recordRules).
  hooks.registerBeforeSave(AGREEMENT, async ({ children, tx }) => {
    const lines = children.lines;
    if (!lines) return;
    lines.forEach((line, i) => (line.lineNum ??= i + 1));
    await preparePriceValues(tx, store.registry, lines, (i) => `lines[${i}].`, true);
  });
}
