/**
 * What a domain's store and context classes hold: metadata-named SQL, the platform's audited row
 * writer (PlatformRows) and its to-do writer, the only writer of the to-dos and notifications no
 * lifecycle effect declares. A domain class extends it and adds its own queries.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { MetaSql } from '../access/metaSql';
import type { SqlExecutor, SqlParam } from '../db/sqlExecutor';
import { PlatformRows } from '../lifecycle/platformRows';
import { TodoService } from '../todos/todoService';

export class DomainStore {
  readonly sql: MetaSql;
  readonly rows: PlatformRows;
  readonly todos: TodoService;

  constructor(
    readonly registry: MetadataRegistry,
    dialect: SqlExecutor['dialect'],
  ) {
    this.rows = new PlatformRows(registry, dialect);
    this.sql = this.rows.sql;
    this.todos = new TodoService(this.rows);
  }

  /** UPDATE entity SET values WHERE key = id, with versionNum + 1 and the audit columns (PlatformRows). */
  update(
    tx: SqlExecutor,
    entity: string,
    key: string,
    id: number,
    values: Record<string, SqlParam>,
    userId: number | null,
  ): Promise<number> {
    return this.rows.update(tx, entity, values, { [key]: id }, userId);
  }
}
