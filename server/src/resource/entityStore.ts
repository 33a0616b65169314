import type { EntityModel } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../access/metaSql';
import type { Database, SqlExecutor, SqlParam } from '../db/sqlExecutor';
import type { RecordHookRegistry } from '../hooks/recordHooks';
import { formatDateTime } from '../util/time';
import type { ResourceContext } from './context';
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

  /** `purpose` names the flow in the start-up error when its metadata lacks an entity. */
  constructor(
    readonly registry: MetadataRegistry,
    readonly db: Database,
    hooks: RecordHookRegistry,
    private readonly purpose: string,
  ) {
    this.sql = new MetaSql(registry, db.dialect);
    this.reader = new ResourceReader(registry, db);
    this.writer = new ResourceWriter(registry, this.reader, hooks);
  }

  model(name: string): EntityModel {
    const model = this.registry.entity(name);
    if (!model) throw new Error(`${this.purpose} needs the entity ${name}`);
    return model;
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
