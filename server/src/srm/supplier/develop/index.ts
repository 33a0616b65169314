/** Supplier development (DOMAIN 1.10): approval invites the target supplier to register. */
import type { DomainRegistries } from '../../../platform/domainModules';
import { SupplierStatusStore } from '../status/supplierStatusStore';
import { inviteDevelopSupplier } from './developEffects';

export function registerSupplierDevelop({ hooks, handlers, registry, db }: DomainRegistries): void {
  const store = new SupplierStatusStore(registry, db, hooks);
  handlers.register('inviteDevelopSupplier', (run) => inviteDevelopSupplier(store, run));
}
