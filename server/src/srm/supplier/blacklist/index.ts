/**
 * Blacklist (DOMAIN 1.10): its transitions move the supplier and its sites as declared effects of
 * slcSupplierBlacklist.json — the supplier's and sites' own lifecycle (slcSupplierStatus,
 * slcSupplierSiteStatus) with history naming the blacklist, the ASL rows DEBARRED — and whether
 * the supplier can be blacklisted or released is a declared check on it. An expired one is
 * released by doRelease's timer (the day after endDate, not permanent), which the platform
 * scheduler fires as the system.
 */
import type { DomainRegistries } from '../../../platform/domainModules';

export const BLACKLIST = 'srmSlcSupplierBlacklist';

export function registerSupplierBlacklist({ handlers }: DomainRegistries): void {
  // Every transition locks the supplier first: two documents moving one supplier apply one after the other.
  handlers.registerOwner(BLACKLIST, 'supplierId');
}
