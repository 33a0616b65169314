/**
 * Blacklist (DOMAIN 1.10): its transitions move the supplier and its sites (whether the supplier
 * can still be blacklisted is a declared check of doSubmit, on the supplier). An expired one is
 * released by doRelease's timer (slcSupplierBlacklist.json: the day after endDate, not permanent),
 * which the platform scheduler fires as the system.
 */
import type { DomainRegistries } from '../../../platform/domainModules';
import { SupplierStatusStore } from '../status/supplierStatusStore';
import { applyBlacklist, BLACKLIST, releaseBlacklist } from './blacklistEffects';

export function registerSupplierBlacklist({ hooks, handlers, registry, db }: DomainRegistries): void {
  const store = new SupplierStatusStore(registry, db, hooks);
  handlers.registerOwner(BLACKLIST, 'supplierId');
  handlers.register('applyBlacklist', (run) => applyBlacklist(store, run));
  handlers.register('releaseBlacklist', (run) => releaseBlacklist(store, run));
}
