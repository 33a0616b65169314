import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Database, SqlExecutor } from '../../../db/sqlExecutor';
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { ResourceContext } from '../../../resource/context';

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
  readonly rows: PlatformRows;

  constructor(
    readonly registry: MetadataRegistry,
    readonly db: Database,
  ) {
    this.sql = new MetaSql(registry, db.dialect);
    this.rows = new PlatformRows(registry, db.dialect);
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

  /** Approval (DOMAIN 1.5): the qualification's REGISTERED sites become POTENTIAL (the supplier's move is slcQualify.json's). */
  async promoteSitesToPotential(tx: SqlExecutor, qualifyHeaderId: number, ctx: ResourceContext): Promise<void> {
    await this.rows.update(
      tx,
      SITE,
      { siteStatus: 'POTENTIAL' },
      { qualifyHeaderId, siteStatus: 'REGISTERED' },
      ctx.userId,
    );
  }
}
