/**
 * Agreements, price changes and the price list (DOMAIN.md §5.2, §5.3, §5.8): hooks, transition
 * handlers, the expire-now action. An agreement's derived line values are set on save; its submit
 * check, the validity's order and the price list rows approval writes (a createRecord per line) are
 * declared: purAgreement.json, srmPurAgreementHeader.json.
 */
import type { DomainRegistries } from '../../../platform/domainModules';
import { preparePriceValues, registerPriceListHooks } from '../price/materialPrices';
import { registerPriceListActions } from '../price/priceListActions';
import { registerAgreementExpiry } from './agreementExpiry';
import { AGREEMENT, AgreementStore } from './agreementStore';
import { registerPriceAdjustEffects } from './priceAdjustEffects';

export function registerAgreements(into: DomainRegistries): void {
  const store = new AgreementStore(into.registry, into.db, into.hooks);
  // validTo not before validFrom is the entity's record rule (srmPurAgreementHeader.json recordRules).
  into.hooks.registerBeforeSave(AGREEMENT, async ({ children, tx }) => {
    const lines = children.lines;
    if (!lines) return;
    lines.forEach((line, i) => (line.lineNum ??= i + 1));
    await preparePriceValues(tx, into.registry, lines, (i) => `lines[${i}].`, true);
  });
  registerPriceAdjustEffects(store, into.hooks, into.handlers);
  registerPriceListHooks(into.hooks, into.registry);
  registerPriceListActions(into.actions);
  registerAgreementExpiry(into.actions);
}
