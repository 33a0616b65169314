import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Database, SqlExecutor } from '../../../db/sqlExecutor';
import type { ResourceContext } from '../../../resource/context';
import { formatDateTime } from '../../../util/time';

export const QUALIFY = 'srmSlcQualifyHeader';
export const SITE = 'srmSlcQualifySite';
export const SUPPLIER = 'srmSlcSupplierInfo';

export interface StoredSite {
  inspectFlag: string;
  editFlag: string;
}

/** The qualification's own queries: its stored site rows, and the supplier and site state changes of its approval. */
export class QualifyStore {
  readonly sql: MetaSql;

  constructor(
    readonly registry: MetadataRegistry,
    readonly db: Database,
  ) {
    this.sql = new MetaSql(registry, db.dialect);
  }

  async sites(tx: SqlExecutor, qualifyHeaderId: number): Promise<Map<number, StoredSite>> {
    return new Map((await this.siteRows(tx, 'qualifyHeaderId', qualifyHeaderId)).map(({ id, ...site }) => [id, site]));
  }

  async site(tx: SqlExecutor, qualifySiteId: number): Promise<StoredSite | undefined> {
    const [row] = await this.siteRows(tx, 'qualifySiteId', qualifySiteId);
    return row && { inspectFlag: row.inspectFlag, editFlag: row.editFlag };
  }

  private async siteRows(tx: SqlExecutor, by: string, value: number): Promise<(StoredSite & { id: number })[]> {
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT ${c(SITE, 'qualifySiteId')} AS id, ${c(SITE, 'inspectFlag')} AS inspectFlag, ${c(SITE, 'editFlag')} AS editFlag FROM ${t(SITE)} WHERE ${c(SITE, by)} = ?`,
      [value],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      inspectFlag: String(r.inspectFlag ?? 'N'),
      editFlag: String(r.editFlag ?? 'Y'),
    }));
  }

  /** Approval (DOMAIN 1.5): a REGISTERED supplier becomes POTENTIAL (a QUALIFIED one keeps its status), and so do the qualification's REGISTERED sites. */
  /** True when the supplier itself moved REGISTERED → POTENTIAL (its history is the caller's to write). */
  async promoteToPotential(
    tx: SqlExecutor,
    qualifyHeaderId: number,
    supplierId: number,
    ctx: ResourceContext,
  ): Promise<boolean> {
    const { t, c } = this.sql;
    const now = formatDateTime();
    const supplier = await tx.execute(
      `UPDATE ${t(SUPPLIER)} SET ${c(SUPPLIER, 'supplierStatus')} = 'POTENTIAL', ${c(SUPPLIER, 'versionNum')} = ${c(SUPPLIER, 'versionNum')} + 1, ` +
        `${c(SUPPLIER, 'lastUpdatedBy')} = ?, ${c(SUPPLIER, 'lastUpdateDate')} = ? WHERE ${c(SUPPLIER, 'supplierId')} = ? AND ${c(SUPPLIER, 'supplierStatus')} = 'REGISTERED'`,
      [ctx.userId, now, supplierId],
    );
    await tx.execute(
      `UPDATE ${t(SITE)} SET ${c(SITE, 'siteStatus')} = 'POTENTIAL', ${c(SITE, 'versionNum')} = ${c(SITE, 'versionNum')} + 1, ` +
        `${c(SITE, 'lastUpdatedBy')} = ?, ${c(SITE, 'lastUpdateDate')} = ? WHERE ${c(SITE, 'qualifyHeaderId')} = ? AND ${c(SITE, 'siteStatus')} = 'REGISTERED'`,
      [ctx.userId, now, qualifyHeaderId],
    );
    return supplier.affected > 0;
  }
}
