import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { applyMove, lockedSupplier } from '../status/statusMoves';
import { SITE, SUPPLIER, type SupplierStatusStore } from '../status/supplierStatusStore';

export const BLACKLIST = 'srmSlcSupplierBlacklist';

/** doApprove (→ EFFECTIVE): the supplier and all its sites BLACKLIST, with history; every ASL row DEBARRED. */
export async function applyBlacklist(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  const supplierId = Number(run.record.supplierId);
  const supplier = await lockedSupplier(store, run.tx, supplierId);
  await applyMove(store, run, 'BLACKLIST', { entity: SUPPLIER, row: supplier });
  for (const site of await store.rowsWhere(run.tx, SITE, { supplierId }))
    if (site.siteStatus !== 'BLACKLIST') await applyMove(store, run, 'BLACKLIST', { entity: SITE, row: site });
  await store.debarAsl(run.tx, supplierId, null, run.ctx);
}

/**
 * doRelease (EFFECTIVE → RELEASED, the reason is the required comment): the supplier and its
 * blacklisted sites go to FROZEN for review (DOMAIN 1.11); the ASL rows stay DEBARRED until a
 * re-qualification approves them again. releaseDate, releasedBy and releaseReason (the comment)
 * are declared effects (slcSupplierBlacklist.json).
 */
export async function releaseBlacklist(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  const supplierId = Number(run.record.supplierId);
  const supplier = await lockedSupplier(store, run.tx, supplierId);
  await applyMove(store, run, 'RELEASE', { entity: SUPPLIER, row: supplier });
  for (const site of await store.rowsWhere(run.tx, SITE, { supplierId }))
    if (site.siteStatus === 'BLACKLIST') await applyMove(store, run, 'RELEASE', { entity: SITE, row: site });
}
