import type { Row } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { applyMove, assertMoveAllowed, lockedSupplier } from '../status/statusMoves';
import { SITE, SUPPLIER, type SupplierStatusStore } from '../status/supplierStatusStore';

export const QUIT = 'srmSlcSupplierQuit';
export const QUIT_SITE = 'srmSlcSupplierQuitSite';

function refuseBlacklisted(supplier: Row): void {
  if (supplier.supplierStatus === 'BLACKLIST')
    throw Errors.conflict(
      `供应商 ${String(supplier.supplierName)} 在黑名单中，不能退出（请先解除黑名单）`,
      `Supplier ${String(supplier.supplierName)} is blacklisted and cannot exit (release it first)`,
    );
}

/** The sites the exit moves: the chosen ones (scope SITE, each still in its statusBefore) or every site not yet exited (ALL). */
async function sitesToQuit(store: SupplierStatusStore, run: TransitionRun): Promise<Row[]> {
  const supplierId = Number(run.record.supplierId);
  if (run.record.quitScope !== 'SITE')
    return (await store.rowsWhere(run.tx, SITE, 'supplierId', supplierId)).filter((s) => s.siteStatus !== 'QUIT');
  const lines = await store.rowsWhere(run.tx, QUIT_SITE, 'quitId', run.id);
  if (!lines.length)
    throw Errors.badRequest('退出范围为指定组织时请选择地点', 'Choose the sites when the scope is selected orgs');
  const sites: Row[] = [];
  for (const line of lines.sort((a, b) => Number(a.siteId) - Number(b.siteId))) {
    const site = await store.one(run.tx, SITE, Number(line.siteId));
    if (!site || Number(site.supplierId) !== supplierId)
      throw Errors.conflict('供应商地点已不属于该供应商', 'The supplier site no longer belongs to this supplier');
    if (line.statusBefore && site.siteStatus !== line.statusBefore)
      throw Errors.conflict(
        `供应商地点 ${String(site.siteName)} 的状态已由 ${String(line.statusBefore)} 变为 ${String(site.siteStatus)}（已被其他单据调整）`,
        `Supplier site ${String(site.siteName)} has moved from ${String(line.statusBefore)} to ${String(site.siteStatus)} since this exit was written`,
      );
    sites.push(site);
  }
  return sites;
}

async function stampOpenOrders(store: SupplierStatusStore, run: TransitionRun, sites: Row[]): Promise<void> {
  const siteIds = run.record.quitScope === 'SITE' ? sites.map((s) => Number(s.siteId)) : null;
  const openPoCount = await store.openOrderCount(run.tx, Number(run.record.supplierId), siteIds);
  await store.setFields(run.tx, QUIT, run.id, { openPoCount }, run.ctx);
}

/** doSubmit: a blacklisted supplier cannot exit (409), and each site must be able to exit; the open orders are counted. */
export async function checkQuitSubmit(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  const supplier = await lockedSupplier(store, run.tx, Number(run.record.supplierId));
  refuseBlacklisted(supplier);
  const sites = await sitesToQuit(store, run);
  if (run.record.quitScope !== 'SITE') assertMoveAllowed('QUIT', { entity: SUPPLIER, row: supplier });
  for (const site of sites) assertMoveAllowed('QUIT', { entity: SITE, row: site });
  await stampOpenOrders(store, run, sites);
}

/**
 * doApprove (DOMAIN 1.10): the sites (scope SITE: the chosen ones; ALL: all of them and the
 * supplier) become QUIT, with history, and the supplier's ASL rows of those sites (all, for
 * ALL) DEBARRED. When the last site exits, the supplier exits with it.
 */
export async function applyQuit(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  const supplierId = Number(run.record.supplierId);
  const supplier = await lockedSupplier(store, run.tx, supplierId);
  refuseBlacklisted(supplier);
  const sites = await sitesToQuit(store, run);
  await stampOpenOrders(store, run, sites);
  for (const site of sites) await applyMove(store, run, 'QUIT', { entity: SITE, row: site });
  const all = run.record.quitScope !== 'SITE';
  const left = (await store.rowsWhere(run.tx, SITE, 'supplierId', supplierId)).filter((s) => s.siteStatus !== 'QUIT');
  if (all || !left.length) await applyMove(store, run, 'QUIT', { entity: SUPPLIER, row: supplier });
  await store.debarAsl(run.tx, supplierId, all ? null : sites, run.ctx);
}
