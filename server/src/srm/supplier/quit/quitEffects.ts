import type { Row } from '../../../db/sqlExecutor';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { applyMove, lockedSupplier } from '../status/statusMoves';
import { SITE, SUPPLIER, type SupplierStatusStore } from '../status/supplierStatusStore';

export const QUIT = 'srmSlcSupplierQuit';
export const QUIT_SITE = 'srmSlcSupplierQuitSite';

/**
 * The sites the exit moves: the chosen ones (scope SITE) or every site not yet exited (ALL). That
 * they can move — the supplier not blacklisted, each chosen site still the supplier's, in its
 * statusBefore and able to exit — is the declared checks of doSubmit and doApprove
 * (slcSupplierQuit.json), read under the supplier's lock.
 */
async function sitesToQuit(store: SupplierStatusStore, run: TransitionRun): Promise<Row[]> {
  const supplierId = Number(run.record.supplierId);
  if (run.record.quitScope !== 'SITE')
    return (await store.rowsWhere(run.tx, SITE, { supplierId })).filter((s) => s.siteStatus !== 'QUIT');
  const lines = await store.rowsWhere(run.tx, QUIT_SITE, { quitId: run.id });
  const sites: Row[] = [];
  for (const line of lines.sort((a, b) => Number(a.siteId) - Number(b.siteId)))
    sites.push((await store.one(run.tx, SITE, Number(line.siteId)))!);
  return sites;
}

async function stampOpenOrders(store: SupplierStatusStore, run: TransitionRun, sites: Row[]): Promise<void> {
  const siteIds = run.record.quitScope === 'SITE' ? sites.map((s) => Number(s.siteId)) : null;
  const openPoCount = await store.openOrderCount(run.tx, Number(run.record.supplierId), siteIds);
  await store.setFields(run.tx, QUIT, run.id, { openPoCount }, run.ctx);
}

/** doSubmit: the open orders of the exiting sites (all of them for ALL) are counted for the approver. */
export async function countQuitOpenOrders(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  await stampOpenOrders(store, run, await sitesToQuit(store, run));
}

/**
 * doApprove (DOMAIN 1.10): the sites (scope SITE: the chosen ones; ALL: all of them and the
 * supplier) become QUIT, with history, and the supplier's ASL rows of those sites (all, for
 * ALL) DEBARRED. When the last site exits, the supplier exits with it.
 */
export async function applyQuit(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  const supplierId = Number(run.record.supplierId);
  const supplier = await lockedSupplier(store, run.tx, supplierId);
  const sites = await sitesToQuit(store, run);
  await stampOpenOrders(store, run, sites);
  for (const site of sites) await applyMove(store, run, 'QUIT', { entity: SITE, row: site });
  const all = run.record.quitScope !== 'SITE';
  const left = (await store.rowsWhere(run.tx, SITE, { supplierId })).filter((s) => s.siteStatus !== 'QUIT');
  if (all || !left.length) await applyMove(store, run, 'QUIT', { entity: SUPPLIER, row: supplier });
  await store.debarAsl(run.tx, supplierId, all ? null : sites, run.ctx);
}
