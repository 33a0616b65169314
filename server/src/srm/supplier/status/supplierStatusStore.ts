import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import type { ResourceContext } from '../../../resource/context';
import { EntityStore } from '../../../resource/entityStore';

export const SUPPLIER = 'srmSlcSupplierInfo';
export const SITE = 'srmSlcSupplierSite';
export const ASL = 'srmPurAslList';
export const ORG = 'baseOrganization';
export const ORDER = 'srmPurOrderHeader';
export const CATEGORY = 'srmSlcSupplierCategory';

/** Orders still to be received or settled (PUR_PO_STATUS): an exit shows how many the supplier has. */
const OPEN_ORDER_STATES = ['SUBMITTED', 'RELEASED', 'CONFIRMED', 'PARTIAL_RECEIVED'];

/**
 * Reads and writes of the supplier master's status (supplier, sites), its supply scope and its
 * ASL rows, for the documents that move them (daily management, exit, blacklist; DOMAIN 1.8,
 * 1.10, 1.11). Reads that decide a move run under lock (readUnderLock): the acting transition
 * has locked the supplier first (its lifecycle owner).
 */
export class SupplierStatusStore extends EntityStore {
  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'Supplier status');
  }

  /** The inventory organisations under an operating unit (its INV_ORG children) and the unit itself. */
  async orgsUnder(tx: SqlExecutor, orgId: number): Promise<number[]> {
    const rows = await this.rows.select(tx, ORG, ['orgId'], { parentOrgId: orgId, orgType: 'INV_ORG' });
    return [orgId, ...rows.map((r) => Number(r.orgId))];
  }

  /**
   * Sets the supplier's ASL rows DEBARRED: all of them (sites null), or those of the given sites
   * (by site, or by an inventory organisation of the site's unit). Returns the rows changed.
   */
  async debarAsl(tx: SqlExecutor, supplierId: number, sites: Row[] | null, ctx: ResourceContext): Promise<number[]> {
    const rows = (await this.rowsWhere(tx, ASL, { supplierId })).filter((r) => r.aslStatus !== 'DEBARRED');
    let hit = rows;
    if (sites) {
      const siteIds = new Set(sites.map((s) => Number(s.siteId)));
      const orgs = new Set<number>();
      for (const s of sites) for (const o of await this.orgsUnder(tx, Number(s.orgId))) orgs.add(o);
      hit = rows.filter((r) => siteIds.has(Number(r.supplierSiteId)) || orgs.has(Number(r.invOrgId)));
    }
    for (const r of hit) await this.setFields(tx, ASL, Number(r.aslId), { aslStatus: 'DEBARRED' }, ctx);
    return hit.map((r) => Number(r.aslId));
  }

  /** Open purchase orders of the supplier (of the given sites when named). */
  async openOrderCount(tx: SqlExecutor, supplierId: number, siteIds: number[] | null): Promise<number> {
    const where = { supplierId, status: OPEN_ORDER_STATES, ...(siteIds && { supplierSiteId: siteIds }) };
    return (await this.rows.select(tx, ORDER, [this.model(ORDER).primaryKey], where)).length;
  }
}
