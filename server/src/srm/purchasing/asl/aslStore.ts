/**
 * The approved supplier list's requests (DOMAIN.md §5.8): the header's lines and the effective
 * list srmPurAslList, read and written in the caller's transaction (audited, versioned rows).
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import { PlatformRows } from '../../../lifecycle/platformRows';
import { lockKeys, readUnderLock } from '../../../resource/invariantLocks';

export const HEADER = 'srmPurAslHeader';
export const LINE = 'srmPurAslLine';
export const ASL = 'srmPurAslList';

const LINE_FIELDS = [
  'aslLineId',
  'aslId',
  'supplierId',
  'supplierSiteId',
  'itemId',
  'categoryId',
  'invOrgId',
  'vendorBusinessType',
  'aslStatusBefore',
  'aslStatusAfter',
  'quotaPercent',
  'reviewByDate',
];

/** What identifies an ASL entry: supplier × item or category × inventory organisation (the site follows from supplier × organisation). */
export interface AslKey {
  supplierId: number;
  itemId: number | null;
  categoryId: number | null;
  invOrgId: number;
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

export const keyOf = (line: Row): AslKey => ({
  supplierId: Number(line.supplierId),
  itemId: num(line.itemId),
  categoryId: num(line.categoryId),
  invOrgId: Number(line.invOrgId),
});

export class AslStore {
  readonly rows: PlatformRows;

  constructor(registry: MetadataRegistry, dialect: SqlExecutor['dialect']) {
    this.rows = new PlatformRows(registry, dialect);
  }

  private get sql() {
    return this.rows.sql;
  }

  async lines(tx: SqlExecutor, aslHeaderId: number): Promise<Row[]> {
    const { t, c } = this.sql;
    return tx.select(
      `SELECT ${LINE_FIELDS.map((f) => `${c(LINE, f)} AS ${f}`).join(', ')} FROM ${t(LINE)} WHERE ${c(LINE, 'aslHeaderId')} = ? ORDER BY ${c(LINE, 'aslLineId')}`,
      [aslHeaderId],
    );
  }

  /** An ASL entry by id (what an alteration line copies). */
  async entry(tx: SqlExecutor, aslId: number): Promise<Row | undefined> {
    const { t, c } = this.sql;
    const fields = ['aslId', 'supplierId', 'supplierSiteId', 'itemId', 'categoryId', 'invOrgId', 'aslStatus'];
    const [row] = await tx.select(
      `SELECT ${fields.map((f) => `${c(ASL, f)} AS ${f}`).join(', ')} FROM ${t(ASL)} WHERE ${c(ASL, 'aslId')} = ?`,
      [aslId],
    );
    return row;
  }

  /** Serialises writers of the same ASL keys (no unique index can say it: item or category is NULL). */
  lockEntries(tx: SqlExecutor, keys: AslKey[]): Promise<void> {
    return lockKeys(
      tx,
      keys.map((k) => `${ASL} ${k.supplierId}|${k.itemId ?? '-'}|${k.categoryId ?? '-'}|${k.invOrgId}`),
    );
  }

  /** The entry with this key, read under lock (after lockEntries). */
  async entryByKey(tx: SqlExecutor, key: AslKey): Promise<Row | undefined> {
    const { t, c } = this.sql;
    const eq = (f: 'itemId' | 'categoryId') => (key[f] === null ? `${c(ASL, f)} IS NULL` : `${c(ASL, f)} = ?`);
    const params: SqlParam[] = [key.supplierId, key.invOrgId];
    if (key.itemId !== null) params.push(key.itemId);
    if (key.categoryId !== null) params.push(key.categoryId);
    const [row] = await readUnderLock(
      tx,
      `SELECT ${c(ASL, 'aslId')} AS aslId FROM ${t(ASL)} WHERE ${c(ASL, 'supplierId')} = ? AND ${c(ASL, 'invOrgId')} = ? AND ${eq('itemId')} AND ${eq('categoryId')}`,
      params,
    );
    return row;
  }
}
