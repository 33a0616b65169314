import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { EntityStore } from '../../../resource/entityStore';
import { readUnderLock } from '../../../resource/invariantLocks';

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

  async linesOf(tx: SqlExecutor, entity: string, qualifyHeaderId: number): Promise<Row[]> {
    const { t, c } = this.sql;
    const key = this.model(entity).primaryKey;
    return readUnderLock(
      tx,
      `SELECT * FROM ${t(entity)} WHERE ${c(entity, 'qualifyHeaderId')} = ? ORDER BY ${c(entity, key)}`,
      [qualifyHeaderId],
    ).then((rows) => rows.map((r) => this.fields(entity, r)));
  }

  /** A stored row with field names instead of columns. */
  fields(entity: string, row: Row): Row {
    const out: Row = {};
    for (const f of this.model(entity).fields) if (f.column in row) out[f.name] = row[f.column];
    return out;
  }

  async header(tx: SqlExecutor, qualifyHeaderId: number): Promise<Row | undefined> {
    const { t, c } = this.sql;
    const [row] = await readUnderLock(tx, `SELECT * FROM ${t(QUALIFY)} WHERE ${c(QUALIFY, 'qualifyHeaderId')} = ?`, [
      qualifyHeaderId,
    ]);
    return row && this.fields(QUALIFY, row);
  }

  /** The master site of the supplier at an organisation, if any. */
  async masterSite(tx: SqlExecutor, supplierId: number, orgId: number): Promise<Row | undefined> {
    const { t, c } = this.sql;
    const [row] = await readUnderLock(
      tx,
      `SELECT * FROM ${t(M_SITE)} WHERE ${c(M_SITE, 'supplierId')} = ? AND ${c(M_SITE, 'orgId')} = ?`,
      [supplierId, orgId],
    );
    return row && this.fields(M_SITE, row);
  }

  async masterSites(tx: SqlExecutor, supplierId: number): Promise<Row[]> {
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT * FROM ${t(M_SITE)} WHERE ${c(M_SITE, 'supplierId')} = ? ORDER BY ${c(M_SITE, 'siteId')}`,
      [supplierId],
    );
    return rows.map((r) => this.fields(M_SITE, r));
  }

  async supplierCategory(tx: SqlExecutor, siteId: number, categoryId: number): Promise<Row | undefined> {
    const { t, c } = this.sql;
    const [row] = await readUnderLock(
      tx,
      `SELECT * FROM ${t(M_CATEGORY)} WHERE ${c(M_CATEGORY, 'siteId')} = ? AND ${c(M_CATEGORY, 'categoryId')} = ?`,
      [siteId, categoryId],
    );
    return row && this.fields(M_CATEGORY, row);
  }

  /** The inventory organisations under an operating unit (its INV_ORG children); the unit itself when it has none. */
  async invOrgsOf(tx: SqlExecutor, orgId: number): Promise<number[]> {
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT ${c(ORG, 'orgId')} AS id FROM ${t(ORG)} WHERE ${c(ORG, 'parentOrgId')} = ? AND ${c(ORG, 'orgType')} = 'INV_ORG' ORDER BY ${c(ORG, 'orgId')}`,
      [orgId],
    );
    return rows.length ? rows.map((r) => Number(r.id)) : [orgId];
  }

  async aslRow(tx: SqlExecutor, supplierId: number, categoryId: number, invOrgId: number): Promise<Row | undefined> {
    const { t, c } = this.sql;
    const [row] = await readUnderLock(
      tx,
      `SELECT * FROM ${t(ASL)} WHERE ${c(ASL, 'supplierId')} = ? AND ${c(ASL, 'categoryId')} = ? AND ${c(ASL, 'invOrgId')} = ? AND ${c(ASL, 'itemId')} IS NULL`,
      [supplierId, categoryId, invOrgId],
    );
    return row && this.fields(ASL, row);
  }
}
