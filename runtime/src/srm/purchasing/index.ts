/** The purchasing domain's entry (metadata/apps/srm/purchasing, server/src/srm/purchasing). */
import { registerCart } from './cart';
import { registerDelivery } from './delivery';

export function registerPurchasingDomain(): void {
  registerCart();
  registerDelivery();
}
