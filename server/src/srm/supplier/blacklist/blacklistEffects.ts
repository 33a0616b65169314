import { Errors } from '../../../http/apiError';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { readUnderLock } from '../../../resource/invariantLocks';
import { applyMove, assertMoveAllowed, lockedSupplier } from '../status/statusMoves';
import { SITE, SUPPLIER, type SupplierStatusStore } from '../status/supplierStatusStore';

export const BLACKLIST = 'srmSlcSupplierBlacklist';

/** One blacklist under approval or in effect per supplier: counted under the supplier's lock (the lifecycle owner). */
async function refuseSecondEntry(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  const { t, c } = store.sql;
  const rows = await readUnderLock(
    run.tx,
    `SELECT ${c(BLACKLIST, 'blacklistNumber')} AS n FROM ${t(BLACKLIST)} WHERE ${c(BLACKLIST, 'supplierId')} = ? ` +
      `AND ${c(BLACKLIST, 'status')} IN ('SUBMITTED', 'EFFECTIVE') AND ${c(BLACKLIST, 'blacklistId')} <> ?`,
    [Number(run.record.supplierId), run.id],
  );
  if (rows.length)
    throw Errors.conflict(
      `该供应商已有审批中或生效的黑名单 ${String(rows[0].n)}`,
      `This supplier already has a blacklist entry under approval or in effect (${String(rows[0].n)})`,
    );
}

/** doSubmit: the supplier is not blacklisted yet, and has no other entry under approval or in effect. */
export async function checkBlacklistSubmit(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  const supplier = await lockedSupplier(store, run.tx, Number(run.record.supplierId));
  assertMoveAllowed('BLACKLIST', { entity: SUPPLIER, row: supplier });
  await refuseSecondEntry(store, run);
}

/** doApprove (→ EFFECTIVE): the supplier and all its sites BLACKLIST, with history; every ASL row DEBARRED. */
export async function applyBlacklist(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  const supplierId = Number(run.record.supplierId);
  const supplier = await lockedSupplier(store, run.tx, supplierId);
  await refuseSecondEntry(store, run);
  await applyMove(store, run, 'BLACKLIST', { entity: SUPPLIER, row: supplier });
  for (const site of await store.rowsWhere(run.tx, SITE, 'supplierId', supplierId))
    if (site.siteStatus !== 'BLACKLIST') await applyMove(store, run, 'BLACKLIST', { entity: SITE, row: site });
  await store.debarAsl(run.tx, supplierId, null, run.ctx);
}

/**
 * doRelease (EFFECTIVE → RELEASED, the reason is the required comment): the supplier and its
 * blacklisted sites go to FROZEN for review (DOMAIN 1.11); the ASL rows stay DEBARRED until a
 * re-qualification approves them again. releaseDate and releasedBy are declared effects
 * (slcSupplierBlacklist.json); the reason, the transition's comment, is no field: written here.
 */
export async function releaseBlacklist(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  const supplierId = Number(run.record.supplierId);
  const supplier = await lockedSupplier(store, run.tx, supplierId);
  await applyMove(store, run, 'RELEASE', { entity: SUPPLIER, row: supplier });
  for (const site of await store.rowsWhere(run.tx, SITE, 'supplierId', supplierId))
    if (site.siteStatus === 'BLACKLIST') await applyMove(store, run, 'RELEASE', { entity: SITE, row: site });
  await store.setFields(run.tx, BLACKLIST, run.id, { releaseReason: run.comment }, run.ctx);
}
