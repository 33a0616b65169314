import type { Row } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { CATEGORY, SITE, SUPPLIER, type SupplierStatusStore } from '../status/supplierStatusStore';

export const MANAGE = 'srmSlcDailyManage';
export const MANAGE_SITE = 'srmSlcDailyManageSite';

/** The state a site takes by a manage type's move (DOMAIN 1.8); the other types keep the sites' states. */
const MOVED_TO: Record<string, string> = { FREEZE: 'FROZEN', UNFREEZE: 'QUALIFIED' };

/** statusAfter of a line: the move's target, else the state it has. */
export function statusAfterOf(manageType: string, statusBefore: string): string {
  return MOVED_TO[manageType] ?? statusBefore;
}

async function selectedLines(store: SupplierStatusStore, run: TransitionRun): Promise<Row[]> {
  const lines = await store.rowsWhere(run.tx, MANAGE_SITE, { dailyManageId: run.id });
  return lines.filter((l) => l.selectFlag !== 'N').sort((a, b) => Number(a.siteId) - Number(b.siteId));
}

/**
 * doDailyManageApproval (DOMAIN 1.8), under the supplier's lock (the lifecycle owner). The moves
 * are declared effects (slcDailyManage.json): each selected site — still the supplier's and in
 * its statusBefore, the declared checks — is frozen or unfrozen, and the supplier follows (frozen
 * when no site is qualified any more, qualified again when a site is); here, category changes
 * write the supply scope and the supplier takes the new level.
 */
export async function applyDailyManage(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  const type = String(run.record.manageType);
  const supplierId = Number(run.record.supplierId);
  if (type === 'CATEGORY_ADD' || type === 'CATEGORY_REMOVE')
    for (const line of await selectedLines(store, run)) {
      const site = (await store.one(run.tx, SITE, Number(line.siteId)))!;
      if (type === 'CATEGORY_ADD') await addCategory(store, run, site);
      else await removeCategory(store, run, site);
    }
  if (run.record.newLevel)
    await store.setFields(run.tx, SUPPLIER, supplierId, { supplierLevel: String(run.record.newLevel) }, run.ctx);
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
