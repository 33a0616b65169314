import type { Row } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { applyMove, lockedSupplier, targetOf, type StatusMove } from '../status/statusMoves';
import { CATEGORY, SITE, SUPPLIER, type SupplierStatusStore } from '../status/supplierStatusStore';

export const MANAGE = 'srmSlcDailyManage';
export const MANAGE_SITE = 'srmSlcDailyManageSite';

/** The site move of a manage type (DOMAIN 1.8); the other types keep the sites' states. */
export function siteMoveOf(manageType: string): StatusMove | null {
  if (manageType === 'FREEZE') return 'FREEZE';
  if (manageType === 'UNFREEZE') return 'UNFREEZE';
  return null;
}

/** statusAfter of a line: the move's target, else the state it has. */
export function statusAfterOf(manageType: string, statusBefore: string): string {
  const move = siteMoveOf(manageType);
  return move ? targetOf(move) : statusBefore;
}

async function selectedLines(store: SupplierStatusStore, run: TransitionRun): Promise<Row[]> {
  const lines = await store.rowsWhere(run.tx, MANAGE_SITE, { dailyManageId: run.id });
  return lines.filter((l) => l.selectFlag !== 'N').sort((a, b) => Number(a.siteId) - Number(b.siteId));
}

/**
 * doDailyManageApproval (DOMAIN 1.8): under the supplier's lock (the lifecycle owner), each
 * selected site — still the supplier's and in its statusBefore, the transition's declared checks
 * (slcDailyManage.json; 409: another document moved it) — takes statusAfter; the supplier follows (frozen when no site is qualified any more, qualified again
 * when a site is unfrozen) and takes the new level; category changes write the supply scope.
 */
export async function applyDailyManage(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  const type = String(run.record.manageType);
  const supplierId = Number(run.record.supplierId);
  const supplier = await lockedSupplier(store, run.tx, supplierId);
  const move = siteMoveOf(type);
  for (const line of await selectedLines(store, run)) {
    const site = (await store.one(run.tx, SITE, Number(line.siteId)))!;
    if (move) await applyMove(store, run, move, { entity: SITE, row: site });
    else if (type === 'CATEGORY_ADD') await addCategory(store, run, site);
    else if (type === 'CATEGORY_REMOVE') await removeCategory(store, run, site);
  }
  if (move) await followSites(store, run, supplier, move);
  if (run.record.newLevel)
    await store.setFields(run.tx, SUPPLIER, supplierId, { supplierLevel: String(run.record.newLevel) }, run.ctx);
}

/** The supplier's own state after its sites moved: frozen with no qualified site left, qualified again with one. */
async function followSites(
  store: SupplierStatusStore,
  run: TransitionRun,
  supplier: Row,
  move: StatusMove,
): Promise<void> {
  const sites = await store.rowsWhere(run.tx, SITE, { supplierId: Number(supplier.supplierId) });
  const anyQualified = sites.some((s) => s.siteStatus === 'QUALIFIED');
  if (move === 'FREEZE' && supplier.supplierStatus === 'QUALIFIED' && !anyQualified)
    await applyMove(store, run, 'FREEZE', { entity: SUPPLIER, row: supplier });
  if (move === 'UNFREEZE' && supplier.supplierStatus === 'FROZEN' && anyQualified)
    await applyMove(store, run, 'UNFREEZE', { entity: SUPPLIER, row: supplier });
}

async function scopeRow(store: SupplierStatusStore, run: TransitionRun, site: Row): Promise<Row | undefined> {
  const rows = await store.rowsWhere(run.tx, CATEGORY, { siteId: Number(site.siteId) });
  return rows.find((r) => Number(r.categoryId) === Number(run.record.categoryId));
}

/** A category is added to qualified sites only (DOMAIN 1.11): the submit's declared check, the site unmoved since (the approval's). */
async function addCategory(store: SupplierStatusStore, run: TransitionRun, site: Row): Promise<void> {
  const row = await scopeRow(store, run, site);
  if (row)
    await store.setFields(run.tx, CATEGORY, Number(row.supplierCategoryId), { categoryStatus: 'QUALIFIED' }, run.ctx);
  else
    await store.writer.insert(
      run.tx,
      store.model(CATEGORY),
      {
        supplierId: Number(site.supplierId),
        siteId: Number(site.siteId),
        categoryId: Number(run.record.categoryId),
        categoryStatus: 'QUALIFIED',
      },
      run.ctx,
    );
}

async function removeCategory(store: SupplierStatusStore, run: TransitionRun, site: Row): Promise<void> {
  const row = await scopeRow(store, run, site);
  if (!row || row.categoryStatus === 'QUIT')
    throw declaredError('supplier.categoryNotSupplied', { siteName: site.siteName });
  await store.setFields(run.tx, CATEGORY, Number(row.supplierCategoryId), { categoryStatus: 'QUIT' }, run.ctx);
}
