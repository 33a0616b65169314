import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { EntityStore } from '../../../resource/entityStore';

export const QUALIFY = 'srmSlcQualifyHeader';
export const Q_SITE = 'srmSlcQualifySite';
export const Q_NODE = 'srmSlcQualifyNodes';
export const Q_CATEGORY = 'srmSlcQualifyCategory';
export const Q_REQUIRE = 'srmSlcQualifyRequire';
export const SUPPLIER = 'srmSlcSupplierInfo';
export const M_SITE = 'srmSlcSupplierSite';
export const M_CATEGORY = 'srmSlcSupplierCategory';
export const ASL = 'srmPurAslList';
export const ORG = 'baseOrganization';

/**
 * The qualification gate's reads and writes across the qualification, its lines, the supplier
 * master (sites, categories) and the approved supplier list (DOMAIN 1.5, 1.11, 5.8). Reads that
 * decide something run under the qualification's lock (readUnderLock).
 */
export class QualifyGateStore extends EntityStore {
  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'Qualification gate');
  }

  linesOf(tx: SqlExecutor, entity: string, qualifyHeaderId: number): Promise<Row[]> {
    return this.rowsWhere(tx, entity, { qualifyHeaderId });
  }

  /** The inventory organisations under an operating unit (its INV_ORG children); the unit itself when it has none. */
  async invOrgsOf(tx: SqlExecutor, orgId: number): Promise<number[]> {
    const rows = await this.rows.select(
      tx,
      ORG,
      ['orgId'],
      { parentOrgId: orgId, orgType: 'INV_ORG' },
      { orderBy: ['orgId'] },
    );
    return rows.length ? rows.map((r) => Number(r.orgId)) : [orgId];
  }
}
