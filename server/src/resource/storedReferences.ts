import type { EntityModel } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlExecutor } from '../db/sqlExecutor';
import type { PreparedRecord } from './preparedRecord';
import { sameStoredValue } from './storedLines';

/** The stored rows of what a save updates — its header and the lines it names by key — by prepared record. */
export type StoredRows = ReadonlyMap<PreparedRecord, Row>;

/** A record to check and the path its field errors start with ('' for one record, 'rows[3].' in a batch). */
export interface ReferencedRecord {
  record: PreparedRecord;
  prefix: string;
  /**
   * On an update, the stored rows of the record and its lines (readStoredReferences): a reference
   * value the save leaves as stored is not checked again. A record with a key but no stored row
   * counts as setting every value it carries.
   */
  stored?: StoredRows;
}

const hasReferences = (model: EntityModel, foreignKey: string) =>
  model.fields.some((f) => f.type === 'reference' && f.reference && !f.system && f.name !== foreignKey);

/**
 * The stored rows an update's reference checks compare with: the header as the writer read it
 * (`current`: in the caller's scope, locked) and its stored lines that the body names by key — one
 * query per child table with reference fields, restricted to this header. A line key the header
 * does not hold gets no stored row (it is checked as sent; the writer then refuses it).
 */
export async function readStoredReferences(
  registry: MetadataRegistry,
  tx: SqlExecutor,
  entity: EntityModel,
  record: PreparedRecord,
  current: Row,
): Promise<Map<PreparedRecord, Row>> {
  const stored = new Map<PreparedRecord, Row>([[record, current]]);
  const q = tx.dialect.quote;
  for (const child of entity.children) {
    const model = registry.entity(child.entity)!;
    const lines = (record.children[child.name] ?? []).filter((line) => line.id !== undefined);
    if (!lines.length || !hasReferences(model, child.foreignKey)) continue;
    // The columns a reference filter's `$form` dependencies may name, as referenceFilterCheck reads them.
    const columns = model.fields
      .filter((f) => !f.secret && f.type !== 'json' && f.type !== 'text')
      .map((f) => `t.${q(f.column)} AS ${q(f.name)}`);
    const rows = await tx.select(
      `SELECT ${columns.join(', ')} FROM ${q(model.table)} t WHERE t.${q(model.field(child.foreignKey)!.column)} = ?`,
      [record.id!],
    );
    const byId = new Map(rows.map((row) => [String(row[model.primaryKey]), row]));
    for (const line of lines) {
      const row = byId.get(String(line.id));
      if (row) stored.set(line, row);
    }
  }
  return stored;
}

/**
 * Whether the save sets the field to something other than what is stored: always on a new record;
 * on an update only when the body carries the field with a value that differs from the stored one
 * (compared as the writer would bind it: stored 4 and sent "4" are the same), or there is no stored
 * row to compare with.
 */
export function setsNewValue(model: EntityModel, record: PreparedRecord, stored: Row | undefined, name: string) {
  if (record.id === undefined) return true;
  if (!(name in record.values)) return false;
  const field = model.field(name);
  return !stored || !field || !sameStoredValue(field, record.values[name], stored[name], model.name);
}
