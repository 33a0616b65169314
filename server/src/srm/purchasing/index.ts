/** The purchasing domain (DOMAIN.md §5): requisitions, the non-production mall and cart, purchase orders. Metadata: metadata/apps/srm/purchasing. */
import type { DomainModule } from '../../platform/domainModules';
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
    // Purchase orders (DOMAIN §5.4)
    registerOrder(into);
  },
};
