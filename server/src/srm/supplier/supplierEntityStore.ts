import type { Row, SqlExecutor, SqlParam } from '../../db/sqlExecutor';
import { EntityStore } from '../../resource/entityStore';
import { readUnderLock } from '../../resource/invariantLocks';

/**
 * A supplier-domain store: whole rows by field equalities, with field names instead of columns —
 * the master's status moves and the qualification gate decide on them, so they are read under
 * lock (readUnderLock: the latest committed rows) unless the caller says otherwise.
 */
export abstract class SupplierEntityStore extends EntityStore {
  /** A stored row with field names instead of columns. */
  fields(entity: string, row: Row): Row {
    const out: Row = {};
    for (const f of this.model(entity).fields) if (f.column in row) out[f.name] = row[f.column];
    return out;
  }

  /** The rows where each field equals its value (null: IS NULL), in key order. */
  async rowsWhere(tx: SqlExecutor, entity: string, where: Record<string, SqlParam>, locked = true): Promise<Row[]> {
    const { t, c } = this.sql;
    const names = Object.keys(where);
    const sql =
      `SELECT * FROM ${t(entity)} WHERE ` +
      names.map((n) => `${c(entity, n)} ${where[n] === null ? 'IS NULL' : '= ?'}`).join(' AND ') +
      ` ORDER BY ${c(entity, this.model(entity).primaryKey)}`;
    const params = names.filter((n) => where[n] !== null).map((n) => where[n]);
    const rows = locked ? await readUnderLock(tx, sql, params) : await tx.select(sql, params);
    return rows.map((r) => this.fields(entity, r));
  }

  async one(tx: SqlExecutor, entity: string, id: number): Promise<Row | undefined> {
    return (await this.rowsWhere(tx, entity, { [this.model(entity).primaryKey]: id }))[0];
  }
}
