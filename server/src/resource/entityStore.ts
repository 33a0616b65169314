import type { EntityModel } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { MetaSql } from '../access/metaSql';
import type { Database, Row, SqlExecutor, SqlParam } from '../db/sqlExecutor';
import type { RecordHookRegistry } from '../hooks/recordHooks';
import { PlatformRows } from '../lifecycle/platformRows';
import { formatDateTime } from '../util/time';
import type { ResourceContext } from './context';
import { readUnderLock } from './invariantLocks';
import { ResourceReader } from './resourceReader';
import { ResourceWriter } from './resourceWriter';

/**
 * The base of a flow's hand-written store (registration, info changes…): metadata-named SQL
 * (MetaSql), and the generic reader and writer, so its writes keep versions, audit fields and
 * record hooks like any generic save.
 */
export abstract class EntityStore {
  readonly sql: MetaSql;
  readonly reader: ResourceReader;
  readonly writer: ResourceWriter;
  /** Single-table reads and audited updates by field names (PlatformRows.select/one/update), as a DomainStore has. */
  readonly rows: PlatformRows;

  /** `purpose` names the flow in the start-up error when its metadata lacks an entity. */
  constructor(
    readonly registry: MetadataRegistry,
    readonly db: Database,
    hooks: RecordHookRegistry,
    private readonly purpose: string,
  ) {
    this.rows = new PlatformRows(registry, db.dialect);
    this.sql = this.rows.sql;
    this.reader = new ResourceReader(registry, db);
    this.writer = new ResourceWriter(registry, this.reader, hooks);
  }

  model(name: string): EntityModel {
    const model = this.registry.entity(name);
    if (!model) throw new Error(`${this.purpose} needs the entity ${name}`);
    return model;
  }

  /** A stored row with field names instead of columns. */
  fields(entity: string, row: Row): Row {
    const out: Row = {};
    for (const f of this.model(entity).fields) if (f.column in row) out[f.name] = row[f.column];
    return out;
  }

  /**
   * The whole rows where each field equals its value (null: IS NULL), in key order, by field name.
   * Read under lock (the latest committed rows, "Invariants under concurrency") unless `locked` is false.
   */
  async rowsWhere(tx: SqlExecutor, entity: string, where: Record<string, SqlParam>, locked = true): Promise<Row[]> {
    const { t, c } = this.sql;
    const names = Object.keys(where);
    const sql =
      `SELECT * FROM ${t(entity)}` +
      (names.length
        ? ` WHERE ${names.map((n) => `${c(entity, n)} ${where[n] === null ? 'IS NULL' : '= ?'}`).join(' AND ')}`
        : '') +
      ` ORDER BY ${c(entity, this.model(entity).primaryKey)}`;
    const params = names.filter((n) => where[n] !== null).map((n) => where[n]);
    const rows = locked ? await readUnderLock(tx, sql, params) : await tx.select(sql, params);
    return rows.map((r) => this.fields(entity, r));
  }

  /** One row by its key (rowsWhere), under lock unless `locked` is false. */
  async one(tx: SqlExecutor, entity: string, id: number, locked = true): Promise<Row | undefined> {
    return (await this.rowsWhere(tx, entity, { [this.model(entity).primaryKey]: id }, locked))[0];
  }

  /** Sets columns of one row (versioned, audited): `set` by field name. */
  async setFields(
    tx: SqlExecutor,
    entity: string,
    id: number,
    set: Record<string, SqlParam>,
    ctx: ResourceContext,
  ): Promise<void> {
    const { t, c } = this.sql;
    const names = Object.keys(set);
    const key = this.model(entity).primaryKey;
    await tx.execute(
      `UPDATE ${t(entity)} SET ${names.map((n) => `${c(entity, n)} = ?`).join(', ')}, ${c(entity, 'versionNum')} = ${c(entity, 'versionNum')} + 1, ` +
        `${c(entity, 'lastUpdatedBy')} = ?, ${c(entity, 'lastUpdateDate')} = ? WHERE ${c(entity, key)} = ?`,
      [...names.map((n) => set[n]), ctx.userId, formatDateTime(), id],
    );
  }
}
