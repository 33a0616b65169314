/**
 * The price-adjustment domain (DOMAIN.md §3 Sml): index prices, preset proportions, adjustments
 * with their formula, lifecycle and supplier confirmation, and the adjustment list. Metadata:
 * metadata/apps/srm/price.
 */
import type { DomainModule } from '../../platform/domainModules';
import { registerAdjustmentActions } from './adjustment/adjustmentActions';
import { prepareAdjustment } from './adjustment/adjustmentInputs';
import { AdjustmentStore, HEAD } from './adjustment/adjustmentStore';
import { registerAdjustmentTransitions } from './adjustment/adjustmentTransitions';
import { registerAdjustmentListActions } from './adjustmentList/adjustmentListActions';
import { registerPresetHooks } from './preset/presetHooks';
import { registerPriceReports } from './reports';
import { registerPriceRules } from './rule/priceRules';

export const priceModule: DomainModule = {
  name: 'price',
  register(into) {
    const { actions, hooks, handlers, registry, db } = into;
    const store = new AdjustmentStore(registry, db, hooks);
    hooks.registerBeforeSave(HEAD, (draft) => prepareAdjustment(store, draft));
    registerAdjustmentTransitions(store, handlers);
    registerAdjustmentActions(store, actions);
    registerAdjustmentListActions(actions);
    registerPresetHooks(store, hooks);
    registerPriceRules(store, hooks, actions);
    registerPriceReports(into);
  },
};
