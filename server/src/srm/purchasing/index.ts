/** The purchasing domain (DOMAIN.md §5): requisitions, the non-production mall and cart, agreements and prices. Metadata: metadata/apps/srm/purchasing. */
import type { DomainModule } from '../../platform/domainModules';
// Agreements and prices (§5.2, §5.3, §5.8)
import { registerAgreements } from './agreement';
import { registerCartActions } from './cart/cartActions';
import { registerRequisitionHooks } from './requisition/requisitionHooks';

export const purchasingModule: DomainModule = {
  name: 'purchasing',
  register(into) {
    const { actions, hooks } = into;
    registerRequisitionHooks(hooks);
    registerCartActions(actions);
    // Agreements and prices (§5.2, §5.3, §5.8)
    registerAgreements(into);
  },
};
