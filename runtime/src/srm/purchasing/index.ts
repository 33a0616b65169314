/** The purchasing domain's entry (metadata/apps/srm/purchasing, server/src/srm/purchasing). */
import { registerCart } from './cart';
import { registerDelivery } from './delivery';
import { registerOrderPrint } from './orderPrint';

export function registerPurchasingDomain(): void {
  registerCart();
  registerOrderPrint();
  registerDelivery();
}
