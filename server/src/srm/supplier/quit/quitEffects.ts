import type { Row } from '../../../db/sqlExecutor';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { SITE, type SupplierStatusStore } from '../status/supplierStatusStore';

export const QUIT = 'srmSlcSupplierQuit';
export const QUIT_SITE = 'srmSlcSupplierQuitSite';

/**
 * The chosen sites of an exit of scope SITE, in key order; null for ALL (every site). That they
 * can move — the supplier not blacklisted, each chosen site still the supplier's, in its
 * statusBefore and able to exit — is the declared checks of doSubmit and doApprove
 * (slcSupplierQuit.json), read under the supplier's lock.
 */
async function chosenSites(store: SupplierStatusStore, run: TransitionRun): Promise<Row[] | null> {
  if (run.record.quitScope !== 'SITE') return null;
  const lines = await store.rowsWhere(run.tx, QUIT_SITE, { quitId: run.id });
  const sites: Row[] = [];
  for (const line of lines.sort((a, b) => Number(a.siteId) - Number(b.siteId)))
    sites.push((await store.one(run.tx, SITE, Number(line.siteId)))!);
  return sites;
}

async function stampOpenOrders(store: SupplierStatusStore, run: TransitionRun, sites: Row[] | null): Promise<void> {
  const siteIds = sites && sites.map((s) => Number(s.siteId));
  const openPoCount = await store.openOrderCount(run.tx, Number(run.record.supplierId), siteIds);
  await store.setFields(run.tx, QUIT, run.id, { openPoCount }, run.ctx);
}

/** doSubmit: the open orders of the exiting sites (all of them for ALL) are counted for the approver. */
export async function countQuitOpenOrders(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  await stampOpenOrders(store, run, await chosenSites(store, run));
}

/**
 * doApprove (DOMAIN 1.10): the sites (scope SITE: the chosen ones; ALL: every one not exited yet)
 * and, once none is left, the supplier exit as declared effects (slcSupplierQuit.json). Here: the
 * open orders counted again, and the supplier's ASL rows of those sites (all, for ALL) DEBARRED.
 */
export async function applyQuit(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  const sites = await chosenSites(store, run);
  await stampOpenOrders(store, run, sites);
  await store.debarAsl(run.tx, Number(run.record.supplierId), sites, run.ctx);
}
