import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../access/metaSql';
import type { SqlExecutor, SqlParam } from '../db/sqlExecutor';
import { formatDateTime } from '../util/time';

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

  /** The (Chinese) name of the menu with this code, for the to-do's menuName. */
  async menuName(tx: SqlExecutor, menuCode: string): Promise<string | null> {
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT ${c('baseMenu', 'menuName')} AS menuName FROM ${t('baseMenu')} WHERE ${c('baseMenu', 'menuCode')} = ?`,
      [menuCode],
    );
    return rows[0] ? String(rows[0].menuName) : null;
  }

  async userName(tx: SqlExecutor, userId: number | null): Promise<string | null> {
    if (userId === null) return null;
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT ${c('baseUsers', 'userName')} AS userName FROM ${t('baseUsers')} WHERE ${c('baseUsers', 'userId')} = ?`,
      [userId],
    );
    return rows[0] ? String(rows[0].userName) : null;
  }

  /** UPDATE entity SET values WHERE the equalities of `where` hold; returns the rows changed. */
  async update(
    tx: SqlExecutor,
    entity: string,
    values: Record<string, SqlParam>,
    where: Record<string, SqlParam>,
    userId: number | null,
  ): Promise<number> {
    const { t, c } = this.sql;
    const set: Record<string, SqlParam> = { ...values, lastUpdatedBy: userId, lastUpdateDate: formatDateTime() };
    const setNames = Object.keys(set);
    const whereNames = Object.keys(where);
    const result = await tx.execute(
      `UPDATE ${t(entity)} SET ${setNames.map((n) => `${c(entity, n)} = ?`).join(', ')}, ${c(entity, 'versionNum')} = ${c(entity, 'versionNum')} + 1 ` +
        `WHERE ${whereNames.map((n) => `${c(entity, n)} = ?`).join(' AND ')}`,
      [...setNames.map((n) => set[n]), ...whereNames.map((n) => where[n])],
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
