import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../access/metaSql';
import type { Row, SqlExecutor, SqlParam } from '../db/sqlExecutor';
import { formatDateTime } from '../util/time';

/** What a read needs: a transaction, or the database itself (a read outside any transaction). */
export type SqlReads = Pick<SqlExecutor, 'select' | 'dialect'>;

/** Field → value (=), values (IN; empty matches nothing) or null (IS NULL). */
export type Where = Record<string, SqlParam | readonly SqlParam[]>;

/**
 * Inserts and updates of platform rows (history, to-dos, notifications) written by the engine
 * inside a transition's transaction. Column names come from the entity metadata (MetaSql), and
 * audit columns are filled like the generic writer does, so these rows look like any other.
 */
export class PlatformRows {
  readonly sql: MetaSql;

  constructor(
    readonly registry: MetadataRegistry,
    dialect: SqlExecutor['dialect'],
  ) {
    this.sql = new MetaSql(registry, dialect);
  }

  async insert(
    tx: SqlExecutor,
    entity: string,
    values: Record<string, SqlParam>,
    userId: number | null,
  ): Promise<number | undefined> {
    const now = formatDateTime();
    const all: Record<string, SqlParam> = {
      ...values,
      createdBy: userId,
      creationDate: now,
      lastUpdatedBy: userId,
      lastUpdateDate: now,
      versionNum: 1,
    };
    const names = Object.keys(all);
    const result = await tx.execute(
      `INSERT INTO ${this.sql.t(entity)} (${names.map((n) => this.sql.c(entity, n)).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
      names.map((n) => all[n]),
    );
    return result.insertId;
  }

  /**
   * SELECT the named fields of `entity` (rows keyed by field name) WHERE each field of `where`
   * equals its value (an array: IN, empty matches nothing; null: IS NULL), in `orderBy`'s order
   * ('-field' descending). `underLock` reads the latest committed rows under a row lock
   * (readUnderLock), for a check after an invariant's lock. `tx` may be the Database itself (a read outside a transaction).
   */
  async select(
    tx: SqlReads,
    entity: string,
    fields: readonly string[],
    where: Where,
    options: { orderBy?: readonly string[]; underLock?: boolean } = {},
  ): Promise<Row[]> {
    const { t, c } = this.sql;
    const params: SqlParam[] = [];
    const conditions = this.conditions(entity, where, params);
    const order = (options.orderBy ?? []).map((o) =>
      o.startsWith('-') ? `${c(entity, o.slice(1))} DESC` : c(entity, o),
    );
    const sql =
      `SELECT ${fields.map((f) => `${c(entity, f)} AS ${f}`).join(', ')} FROM ${t(entity)}` +
      (conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '') +
      (order.length ? ` ORDER BY ${order.join(', ')}` : '') +
      (options.underLock ? tx.dialect.forUpdate : '');
    return tx.select(sql, params);
  }

  /** `where`'s conditions (an array: IN, empty matches nothing; null: IS NULL), their values appended to params. */
  private conditions(entity: string, where: Where, params: SqlParam[]): string[] {
    const { c } = this.sql;
    return Object.entries(where).map(([name, value]) => {
      if (value === null) return `${c(entity, name)} IS NULL`;
      if (!Array.isArray(value)) {
        params.push(value as SqlParam);
        return `${c(entity, name)} = ?`;
      }
      if (value.length === 0) return '1 = 0';
      params.push(...value);
      return `${c(entity, name)} IN (${value.map(() => '?').join(', ')})`;
    });
  }

  /** The first row `select` finds (in `orderBy`'s order), or undefined. */
  async one(
    tx: SqlReads,
    entity: string,
    fields: readonly string[],
    where: Where,
    options: { orderBy?: readonly string[]; underLock?: boolean } = {},
  ): Promise<Row | undefined> {
    return (await this.select(tx, entity, fields, where, options))[0];
  }

  /** DELETE FROM entity WHERE the conditions of `where` hold (as select's; at least one); returns the rows deleted. */
  async delete(tx: SqlExecutor, entity: string, where: Where): Promise<number> {
    const params: SqlParam[] = [];
    const conditions = this.conditions(entity, where, params);
    if (!conditions.length) throw new Error(`PlatformRows.delete of ${entity} needs a condition`);
    const result = await tx.execute(`DELETE FROM ${this.sql.t(entity)} WHERE ${conditions.join(' AND ')}`, params);
    return result.affected;
  }

  /** The (Chinese) name of the menu with this code, for the to-do's menuName. */
  async menuName(tx: SqlExecutor, menuCode: string): Promise<string | null> {
    const row = await this.one(tx, 'baseMenu', ['menuName'], { menuCode });
    return row ? String(row.menuName) : null;
  }

  async userName(tx: SqlExecutor, userId: number | null): Promise<string | null> {
    if (userId === null) return null;
    const row = await this.one(tx, 'baseUsers', ['userName'], { userId });
    return row ? String(row.userName) : null;
  }

  /** UPDATE entity SET values WHERE the conditions of `where` hold (as select's); returns the rows changed. */
  async update(
    tx: SqlExecutor,
    entity: string,
    values: Record<string, SqlParam>,
    where: Where,
    userId: number | null,
  ): Promise<number> {
    const { t, c } = this.sql;
    const set: Record<string, SqlParam> = { ...values, lastUpdatedBy: userId, lastUpdateDate: formatDateTime() };
    const setNames = Object.keys(set);
    const params = setNames.map((n) => set[n]);
    const conditions = this.conditions(entity, where, params);
    const result = await tx.execute(
      `UPDATE ${t(entity)} SET ${setNames.map((n) => `${c(entity, n)} = ?`).join(', ')}, ${c(entity, 'versionNum')} = ${c(entity, 'versionNum')} + 1 ` +
        `WHERE ${conditions.join(' AND ')}`,
      params,
    );
    return result.affected;
  }
}

/** Fills {field} placeholders of a pattern from the record and the extra values ({id}, {state}, {action}). */
export function fillPattern(
  pattern: string,
  record: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): string {
  return pattern.replace(/\{([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)?)\}/g, (_m, name: string) => {
    const value = name in extra ? extra[name] : record[name];
    return value === undefined || value === null ? '' : String(value);
  });
}
