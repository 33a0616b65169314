/**
 * The price-adjustment domain (DOMAIN.md §3 Sml): index prices, preset proportions, adjustments
 * with their formula, lifecycle and supplier confirmation, and the adjustment list. Metadata:
 * metadata/apps/srm/price.
 */
import type { DomainModule } from '../../platform/domainModules';
import { registerAdjustmentActions } from './adjustment/adjustmentActions';
import { prepareAdjustment } from './adjustment/adjustmentInputs';
import { AdjustmentStore, HEAD, PRESET } from './adjustment/adjustmentStore';
import { registerAdjustmentTransitions } from './adjustment/adjustmentTransitions';
import { registerAdjustmentListActions } from './adjustmentList/adjustmentListActions';
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
    // A preset proportion's item code comes from the material master (that its validity does not end
    // before it starts is a record rule of srmSmlPresetProportion, 400 naming validTo).
    hooks.registerBeforeSave(PRESET, async ({ values, tx }) => {
      if (typeof values.itemId === 'number')
        values.itemCode = (await store.itemCodes(tx, [values.itemId])).get(values.itemId) ?? null;
    });
    registerPriceRules(store, hooks, actions);
    registerPriceReports(into);
  },
};
