import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Dialect } from '../../../db/dialect';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';

const SUPPLIER = 'srmSlcSupplierInfo';
const SITE = 'srmSlcSupplierSite';
const SCOPE = 'srmSlcSupplierCategory';
const CATEGORY = 'srmBaseCategory';
const ITEM = 'srmBaseMaterialItem';
const ORG = 'baseOrganization';
const ASL = 'srmPurAslList';

const marks = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** The reads behind the trade gate: supplier and site states, qualified categories, ASL rows. */
export class GateReads {
  private readonly sql: MetaSql;

  constructor(registry: MetadataRegistry, dialect: Dialect) {
    this.sql = new MetaSql(registry, dialect);
  }

  async supplier(tx: SqlExecutor, supplierId: number): Promise<Row | undefined> {
    const { t, c } = this.sql;
    const [row] = await tx.select(
      `SELECT ${c(SUPPLIER, 'supplierCode')} AS code, ${c(SUPPLIER, 'supplierName')} AS name, ${c(SUPPLIER, 'supplierStatus')} AS status FROM ${t(SUPPLIER)} WHERE ${c(SUPPLIER, 'supplierId')} = ?`,
      [supplierId],
    );
    return row;
  }

  /** The organisation and its ancestors, nearest first (a site at the operating unit serves its plants). */
  async orgChain(tx: SqlExecutor, orgId: number | null | undefined): Promise<number[]> {
    const { t, c } = this.sql;
    const chain: number[] = [];
    for (let id = orgId ?? null; id !== null && !chain.includes(id) && chain.length < 20;) {
      chain.push(id);
      const [row] = await tx.select(
        `SELECT ${c(ORG, 'parentOrgId')} AS p FROM ${t(ORG)} WHERE ${c(ORG, 'orgId')} = ?`,
        [id],
      );
      id = row?.p === null || row?.p === undefined ? null : Number(row.p);
    }
    return chain;
  }

  async orgName(tx: SqlExecutor, orgId: number | null | undefined): Promise<string> {
    const { t, c } = this.sql;
    const [row] = await tx.select(`SELECT ${c(ORG, 'orgName')} AS n FROM ${t(ORG)} WHERE ${c(ORG, 'orgId')} = ?`, [
      orgId ?? -1,
    ]);
    return row ? String(row.n) : String(orgId ?? '-');
  }

  async sites(tx: SqlExecutor, supplierId: number): Promise<Row[]> {
    const { t, c } = this.sql;
    return tx.select(
      `SELECT ${c(SITE, 'siteId')} AS siteId, ${c(SITE, 'siteName')} AS siteName, ${c(SITE, 'orgId')} AS orgId, ${c(SITE, 'siteStatus')} AS status FROM ${t(SITE)} WHERE ${c(SITE, 'supplierId')} = ? ORDER BY ${c(SITE, 'siteId')}`,
      [supplierId],
    );
  }

  /** Category rows (id, code, name, parent, ASL control) of the given ids. */
  async categories(tx: SqlExecutor, ids: number[]): Promise<Row[]> {
    if (!ids.length) return [];
    const { t, c } = this.sql;
    return tx.select(
      `SELECT ${c(CATEGORY, 'categoryId')} AS id, ${c(CATEGORY, 'categoryCode')} AS code, ${c(CATEGORY, 'categoryName')} AS name, ${c(CATEGORY, 'parentCategoryId')} AS parentId, ${c(CATEGORY, 'aslControlFlag')} AS aslControl FROM ${t(CATEGORY)} WHERE ${c(CATEGORY, 'categoryId')} IN (${marks(ids.length)})`,
      ids,
    );
  }

  /** itemId → categoryId of the given items. */
  async itemCategories(tx: SqlExecutor, itemIds: number[]): Promise<Map<number, number | null>> {
    if (!itemIds.length) return new Map();
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT ${c(ITEM, 'itemId')} AS id, ${c(ITEM, 'categoryId')} AS cat FROM ${t(ITEM)} WHERE ${c(ITEM, 'itemId')} IN (${marks(itemIds.length)})`,
      itemIds,
    );
    return new Map(rows.map((r) => [Number(r.id), r.cat === null ? null : Number(r.cat)]));
  }

  /** The supplier's category statuses for a site (rows of the site, and rows bound to no site). */
  async categoryStatuses(tx: SqlExecutor, supplierId: number, siteId: number): Promise<Row[]> {
    const { t, c } = this.sql;
    return tx.select(
      `SELECT ${c(SCOPE, 'categoryId')} AS categoryId, ${c(SCOPE, 'categoryStatus')} AS status FROM ${t(SCOPE)} WHERE ${c(SCOPE, 'supplierId')} = ? AND (${c(SCOPE, 'siteId')} = ? OR ${c(SCOPE, 'siteId')} IS NULL)`,
      [supplierId, siteId],
    );
  }

  /** APPROVED ASL rows of the supplier for a category (category rows) or for items; invOrgId null = any. */
  async approvedAsl(tx: SqlExecutor, supplierId: number, invOrgId: number | null): Promise<Row[]> {
    const { t, c } = this.sql;
    const org = invOrgId === null ? '' : ` AND ${c(ASL, 'invOrgId')} = ?`;
    return tx.select(
      `SELECT ${c(ASL, 'categoryId')} AS categoryId, ${c(ASL, 'itemId')} AS itemId FROM ${t(ASL)} WHERE ${c(ASL, 'supplierId')} = ? AND ${c(ASL, 'aslStatus')} = 'APPROVED'${org}`,
      invOrgId === null ? [supplierId] : [supplierId, invOrgId],
    );
  }
}
