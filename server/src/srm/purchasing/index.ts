/** The purchasing domain (DOMAIN.md §5): requisitions, the non-production mall and cart. Metadata: metadata/apps/srm/purchasing. */
import type { DomainModule } from '../../platform/domainModules';
import { registerCartActions } from './cart/cartActions';
import { registerRequisitionCharts } from './requisition/requisitionCharts';
import { registerRequisitionHooks } from './requisition/requisitionHooks';

export const purchasingModule: DomainModule = {
  name: 'purchasing',
  register({ actions, hooks, homeCharts }) {
    registerRequisitionHooks(hooks);
    registerRequisitionCharts(homeCharts);
    registerCartActions(actions);
  },
};
