import { pickText, type EntityModel, type FilterNode, type FilterVariables, type Language } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { SqlExecutor, SqlParam } from '../db/sqlExecutor';
import { Errors, type FieldErrorOut } from '../http/apiError';
import { compileFilter } from './queryCompiler';
import { checkReferenceFilters } from './referenceFilterCheck';
import type { PreparedRecord } from './recordPreparation';
import { setsNewValue, type ReferencedRecord, type StoredRows } from './storedReferences';

export type { ReferencedRecord } from './storedReferences';

export interface ReferenceCheckOptions {
  language: Language;
  vars: FilterVariables;
  /**
   * The rows of a target entity the caller may name, ANDed into its query (e.g. a supplier only
   * its own records): the permission guard puts the caller's read scope here (ResourceContext),
   * so a reference cannot point at — and through its joined label reveal — a row the caller may
   * not read. A row outside it is answered like a missing one.
   */
  scopeFor?: (target: EntityModel) => FilterNode | undefined;
}

interface Wanted {
  field: string;
  value: SqlParam;
}

/** Per target entity and value field: the values wanted, with the field paths naming them. */
interface Group {
  target: EntityModel;
  valueField: string;
  wanted: Wanted[];
}

/** At most this many values in one IN list (a huge batch becomes a few queries, not one per row). */
const IN_CHUNK = 500;

const keyOf = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : String(value));

function collect(
  registry: MetadataRegistry,
  entity: EntityModel,
  record: PreparedRecord,
  prefix: string,
  groups: Map<string, Group>,
  stored: StoredRows | undefined,
  skip?: string,
): void {
  for (const field of entity.fields) {
    if (field.type !== 'reference' || !field.reference || field.system || field.name === skip) continue;
    const value = record.values[field.name];
    if (value === null || value === undefined || value === '') continue;
    // A value the save leaves as stored was not chosen by the caller: it is not checked again.
    if (!setsNewValue(entity, record, stored?.get(record), field.name)) continue;
    const target = registry.entity(field.reference.entity);
    if (!target) continue;
    const valueField = field.reference.valueField ?? target.primaryKey;
    if (!target.field(valueField)) continue;
    const key = `${target.name}\u0000${valueField}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { target, valueField, wanted: [] }));
    group.wanted.push({ field: prefix + field.name, value: value as SqlParam });
  }
  for (const child of entity.children) {
    const model = registry.entity(child.entity)!;
    // The line's link to its header is written by the writer, never taken from the body.
    record.children[child.name]?.forEach((row, i) =>
      collect(registry, model, row, `${prefix}${child.name}[${i}].`, groups, stored, child.foreignKey),
    );
  }
}

/**
 * Every reference value the records (headers and lines) set must name a row of its target entity
 * (field.reference.entity, by valueField or the target's key) that the caller may read: 400 naming
 * each field that does not. A value an update leaves as stored (ReferencedRecord.stored) is not
 * checked again, here nor against reference.filter. One query per target entity and value field
 * for all the records together — a batch of 200 rows costs as much as one record
 * (docs/decisions.md, issue 13).
 */
export async function checkReferences(
  registry: MetadataRegistry,
  tx: SqlExecutor,
  entity: EntityModel,
  records: ReferencedRecord[],
  options: ReferenceCheckOptions,
): Promise<void> {
  const groups = new Map<string, Group>();
  for (const { record, prefix, stored } of records) collect(registry, entity, record, prefix, groups, stored);
  const errors: FieldErrorOut[] = [];
  const q = tx.dialect.quote;
  for (const { target, valueField, wanted } of groups.values()) {
    const values = [...new Map(wanted.map((w) => [keyOf(w.value), w.value])).values()];
    const column = target.field(valueField)!.column;
    const scope = options.scopeFor?.(target);
    const scoped = scope ? compileFilter(target, tx.dialect, scope, options.vars, { registry }) : undefined;
    const found = new Set<string>();
    for (let i = 0; i < values.length; i += IN_CHUNK) {
      const chunk = values.slice(i, i + IN_CHUNK);
      const rows = await tx.select(
        `SELECT t.${q(column)} AS v FROM ${q(target.table)} t WHERE t.${q(column)} IN (${chunk.map(() => '?').join(', ')})${scoped ? ` AND (${scoped.sql})` : ''}`,
        [...chunk, ...(scoped?.params ?? [])],
      );
      for (const row of rows) found.add(keyOf(row.v));
    }
    const label = pickText(target.def.label, options.language);
    for (const w of wanted) {
      if (found.has(keyOf(w.value))) continue;
      const text = {
        cn: `"${String(w.value)}" 对应的${label}不存在`,
        en: `"${String(w.value)}" names no ${label} record`,
      };
      errors.push({ field: w.field, message: pickText(text, options.language) });
    }
  }
  if (errors.length) throw Errors.validation(errors);
  // Only rows that exist are held to the field's declared filter (reference.filter).
  const filterErrors = await checkReferenceFilters(registry, tx, entity, records, options);
  if (filterErrors.length) throw Errors.validation(filterErrors);
}
