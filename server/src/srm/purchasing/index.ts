/** The purchasing domain (DOMAIN.md §5): requisitions, the non-production mall and cart, delivery. Metadata: metadata/apps/srm/purchasing. */
import type { DomainModule } from '../../platform/domainModules';
import { registerCartActions } from './cart/cartActions';
// delivery (p2p-delivery)
import { registerDelivery } from './delivery';
import { registerRequisitionHooks } from './requisition/requisitionHooks';

export const purchasingModule: DomainModule = {
  name: 'purchasing',
  register(into) {
    const { actions, hooks } = into;
    registerRequisitionHooks(hooks);
    registerCartActions(actions);
    // delivery (p2p-delivery)
    registerDelivery(into);
  },
};
