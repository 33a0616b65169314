/** The purchasing domain's entry (metadata/apps/srm/purchasing, server/src/srm/purchasing). */
import { registerCart } from './cart';

export function registerPurchasingDomain(): void {
  registerCart();
}
