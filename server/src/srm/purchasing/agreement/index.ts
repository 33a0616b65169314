/** Agreements, price changes and the price list (DOMAIN.md §5.2, §5.3, §5.8): hooks, transition handlers, the expire-now action. */
import type { DomainRegistries } from '../../../platform/domainModules';
import { registerPriceListHooks } from '../price/materialPrices';
import { registerPriceListActions } from '../price/priceListActions';
import { registerAgreementEffects } from './agreementEffects';
import { registerAgreementExpiry } from './agreementExpiry';
import { AgreementStore } from './agreementStore';
import { registerPriceAdjustEffects } from './priceAdjustEffects';

export function registerAgreements(into: DomainRegistries): void {
  const store = new AgreementStore(into.registry, into.db, into.hooks);
  registerAgreementEffects(store, into.hooks);
  registerPriceAdjustEffects(store, into.hooks, into.handlers);
  registerPriceListHooks(into.hooks, into.registry);
  registerPriceListActions(into.actions);
  registerAgreementExpiry(into.actions);
}
