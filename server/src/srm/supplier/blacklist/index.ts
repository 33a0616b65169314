/** Blacklist (DOMAIN 1.10): its transitions move the supplier and its sites; a daily job releases the expired ones. */
import type { DomainRegistries } from '../../../platform/domainModules';
import { SupplierStatusStore } from '../status/supplierStatusStore';
import { applyBlacklist, BLACKLIST, checkBlacklistSubmit, releaseBlacklist } from './blacklistEffects';
import { registerBlacklistExpiry } from './blacklistExpiry';

export function registerSupplierBlacklist({ hooks, handlers, registry, db }: DomainRegistries): void {
  const store = new SupplierStatusStore(registry, db, hooks);
  handlers.registerOwner(BLACKLIST, 'supplierId');
  handlers.register('checkBlacklistSubmit', (run) => checkBlacklistSubmit(store, run));
  handlers.register('applyBlacklist', (run) => applyBlacklist(store, run));
  handlers.register('releaseBlacklist', (run) => releaseBlacklist(store, run));
  registerBlacklistExpiry({ hooks, handlers, registry, db });
}
