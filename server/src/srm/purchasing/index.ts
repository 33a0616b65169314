/**
 * The purchasing domain (DOMAIN.md §5): requisitions, the non-production mall and cart, agreements
 * and prices, purchase orders. Metadata: metadata/apps/srm/purchasing.
 */
import type { DomainModule } from '../../platform/domainModules';
import { registerAgreements } from './agreement';
import { registerCartActions } from './cart/cartActions';
import { registerOrder } from './order';
import { registerRequisitionCharts } from './requisition/requisitionCharts';
import { registerRequisitionHooks } from './requisition/requisitionHooks';

export const purchasingModule: DomainModule = {
  name: 'purchasing',
  register(into) {
    const { actions, hooks, homeCharts } = into;
    registerRequisitionHooks(hooks);
    registerRequisitionCharts(homeCharts);
    registerCartActions(actions);
    // Agreements and prices (§5.2, §5.3, §5.8)
    registerAgreements(into);
    // Purchase orders (§5.4)
    registerOrder(into);
  },
};
