/**
 * The purchasing domain (DOMAIN.md §5): requisitions, the non-production mall and cart, agreements
 * and prices, purchase orders, delivery notices, delivery notes and receipts. Metadata:
 * metadata/apps/srm/purchasing.
 */
import { PlatformRows } from '../../lifecycle/platformRows';
import type { DomainModule } from '../../platform/domainModules';
import { registerAgreements } from './agreement';
import { registerAsl } from './asl';
import { registerCartActions } from './cart/cartActions';
import { registerCollaboration } from './collaboration';
import { registerDelivery } from './delivery';
import { registerDemandPool } from './demand';
import { registerGoods } from './goods';
import { registerLabels } from './labels';
import { registerOrder } from './order';
import { registerPlanning } from './planning';
import { registerRequisitionHooks } from './requisition/requisitionHooks';

export const purchasingModule: DomainModule = {
  name: 'purchasing',
  register(into) {
    const { actions, hooks, registry, db } = into;
    const rows = new PlatformRows(registry, db.dialect);
    registerRequisitionHooks(hooks, rows);
    registerCartActions(actions, rows);
    // Non-production goods, their prices, the cart's checkout and the price linkage (§5.8, issue 18)
    registerGoods(into);
    // Agreements and prices (§5.2, §5.3, §5.8)
    registerAgreements(into);
    // Purchase orders (§5.4), and the demand pool that makes them from requisitions (§5.1)
    registerOrder(into);
    registerDemandPool(actions);
    // The approved supplier list's applications and alterations (§5.8)
    registerAsl(into);
    // Delivery notices, delivery notes and receipts (§5.5–5.7)
    registerDelivery(into);
    // Forecasts, VMI stock and system warnings (§5.8)
    registerPlanning(into);
    // Delivery appointments, barcode labels and label sizes (§5.8)
    registerLabels(into);
    // Acknowledgement forms and engineering queries (§5.8 other records)
    registerCollaboration(into);
  },
};
