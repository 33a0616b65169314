/**
 * Meridian SRM: the application's domain modules, in the order they register. The server's entry
 * (main.ts), the test server and the tools pass this list to createKernel; nothing in the platform
 * imports it. Add a domain by adding its folder's module here (docs/developer-guide.md "Domain modules").
 */
import type { DomainModule } from '../platform/domainModules';
import { performanceModule } from './performance';
import { priceModule } from './price';
import { purchasingModule } from './purchasing';
import { reconciliationModule } from './reconciliation';
import { supplierModule } from './supplier';

export const SRM_MODULES: readonly DomainModule[] = [
  supplierModule,
  purchasingModule,
  performanceModule,
  reconciliationModule,
  priceModule,
];
