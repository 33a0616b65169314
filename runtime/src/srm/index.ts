/**
 * Meridian SRM in the runtime: each domain's entry registers what it adds to the platform (widgets,
 * routes, header items, relocation rules) through the platform's registries. main.tsx calls
 * registerSrm before the first render; the platform never imports a domain
 * (docs/developer-guide.md "Domain modules").
 */
import { registerPriceDomain } from './price';
import { registerPurchasingDomain } from './purchasing';
import { registerSupplierDomain } from './supplier';

export function registerSrm(): void {
  registerSupplierDomain();
  registerPurchasingDomain();
  registerPriceDomain();
}
