/** Sample trial and batch tryout (DOMAIN.md §1.7): node settling on approval, the supplier's delivery date (submit checks are declared). */
import type { DomainRegistries } from '../../../platform/domainModules';
import { DELIVERY_DATE_INPUT, DELIVERY_DATE_STATES, supplierDeliveryDate } from './supplierDeliveryDate';
import { BATCH_TRYOUT, SAMPLE_TRIAL, TrialRules } from './trialRules';
import { SAMPLE, TRYOUT, TrialStore } from './trialStore';

export function registerTrial({ actions, hooks, handlers, registry, db }: DomainRegistries): void {
  const store = new TrialStore(registry, db, hooks);
  const rules = new TrialRules(store);
  hooks.registerBeforeSave(SAMPLE, (draft) => rules.fillFromItem(draft));
  hooks.registerBeforeSave(TRYOUT, (draft) => rules.fillFromItem(draft));
  handlers.register('settleSampleTrialNode', (run, services) => rules.settleNode(run, services, SAMPLE_TRIAL));
  handlers.register('settleBatchTryoutNode', (run, services) => rules.settleNode(run, services, BATCH_TRYOUT));
  actions.register({
    area: 'srmServer',
    resource: 'srmSlcSampleTrialRestful',
    action: 'doSupplierDeliveryDate',
    access: { pages: ['sampleTrialList', 'sampleTrialDetail'], resourceCode: 'btnSupplierDeliveryDate' },
    input: DELIVERY_DATE_INPUT,
    states: DELIVERY_DATE_STATES,
    handler: supplierDeliveryDate(store),
  });
}
