import {
  numberTarget,
  formDependencies,
  formFieldLevel,
  pickText,
  resolveFormFilter,
  type EntityModel,
  type FilterNode,
  type FilterVariables,
  type Language,
  type NumberTarget,
  type ResolvedField,
} from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlExecutor, SqlParam } from '../db/sqlExecutor';
import type { FieldErrorOut } from '../http/apiError';
import { compileFilter } from './queryCompiler';
import type { PreparedRecord } from './recordPreparation';
import { setsNewValue, type ReferencedRecord } from './storedReferences';

interface ReferenceCheckOptions {
  language: Language;
  vars: FilterVariables;
  /** The caller's read scope of a target (referenceCheck.ts): a document number must name a row inside it. */
  scopeFor?: (target: EntityModel) => FilterNode | undefined;
}

/** One record of the save (a header or a line), its stored row on an update, and its header for a line. */
interface Item {
  model: EntityModel;
  record: PreparedRecord;
  prefix: string;
  stored?: Row;
  header?: Item;
}

interface Group {
  target: EntityModel;
  valueField: string;
  filter?: FilterNode;
  /** A document number (numberOf): the caller's read scope applies, as in a reference's own check. */
  byNumber: boolean;
  wanted: { field: ResolvedField; path: string; value: SqlParam }[];
}

/** At most this many values in one IN list, as in referenceCheck.ts. */
const IN_CHUNK = 500;
const isBlank = (v: unknown) => v === null || v === undefined || v === '';
const filtered = (model: EntityModel) => model.fields.filter((f) => (f.reference?.filter || f.numberOf) && !f.system);

/** A value as the saved record will hold it: from the body when it carries the field, else as stored. */
const valueOf = (item: Item, name: string) =>
  name in item.record.values ? item.record.values[name] : item.stored?.[name];
/** Whether the save sets the field to a new value (a new record sets all of them). */
const changes = (item: Item, name: string) => setsNewValue(item.model, item.record, item.stored, name);

/**
 * What the field's value must name: its reference with a filter, or for a document number
 * (FieldDef.numberOf) the document of the record's type, by number; undefined when not checked.
 */
function checkedTarget(
  item: Item,
  field: ResolvedField,
): (Omit<NumberTarget, 'valueField'> & { valueField?: string }) | undefined {
  if (!field.numberOf)
    return {
      entity: field.reference!.entity,
      valueField: field.reference!.valueField,
      filter: field.reference!.filter,
    };
  return numberTarget(field, valueOf(item, field.numberOf.typeField));
}

function collectItems(registry: MetadataRegistry, entity: EntityModel, records: ReferencedRecord[]): Item[] {
  const items: Item[] = [];
  for (const { record, prefix, stored } of records) {
    const header: Item = { model: entity, record, prefix, stored: stored?.get(record) };
    items.push(header);
    for (const child of entity.children) {
      const model = registry.entity(child.entity)!;
      record.children[child.name]?.forEach((row, i) =>
        items.push({ model, record: row, prefix: `${prefix}${child.name}[${i}].`, stored: stored?.get(row), header }),
      );
    }
  }
  return items;
}

/** Where each `$form.x` of the field is read: the item itself, or its header for a line. */
function dependencyOwner(item: Item, name: string): Item | undefined {
  const level = formFieldLevel(
    name,
    (n) => !!item.model.field(n),
    item.header && ((n) => !!item.header!.model.field(n)),
  );
  return level === 'record' ? item : level === 'header' ? item.header : undefined;
}

function groupChecks(
  registry: MetadataRegistry,
  items: Item[],
  options: ReferenceCheckOptions,
  errors: FieldErrorOut[],
): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const item of items) {
    for (const field of filtered(item.model)) {
      const checked = checkedTarget(item, field);
      const target = checked && registry.entity(checked.entity);
      const value = valueOf(item, field.name);
      const deps = [
        ...(field.numberOf ? [{ name: field.numberOf.typeField, owner: item as Item | undefined }] : []),
        ...formDependencies(checked?.filter).map((name) => ({ name, owner: dependencyOwner(item, name) })),
      ];
      // A record whose field and dependencies this save leaves alone keeps what it had (the target may have changed since).
      if (
        !target ||
        isBlank(value) ||
        !(changes(item, field.name) || deps.some((d) => d.owner && changes(d.owner, d.name)))
      )
        continue;
      const missing = deps.filter((d) => !d.owner || isBlank(valueOf(d.owner, d.name)));
      if (missing.length) {
        const labels = missing
          .map((d) => pickText(d.owner?.model.field(d.name)?.label ?? d.name, options.language))
          .join('、');
        errors.push({
          field: item.prefix + field.name,
          message: pickText({ cn: `请先选择${labels}`, en: `Choose ${labels} first` }, options.language),
        });
        continue;
      }
      const owners = new Map(deps.map((d) => [d.name, d.owner!]));
      const filter =
        checked.filter && resolveFormFilter(checked.filter, (name) => valueOf(owners.get(name)!, name)).filter!;
      const valueField = checked.valueField ?? target.primaryKey;
      const key = `${target.name}\u0000${valueField}\u0000${JSON.stringify(filter)}\u0000${!!field.numberOf}`;
      if (!groups.has(key)) groups.set(key, { target, valueField, filter, byNumber: !!field.numberOf, wanted: [] });
      groups.get(key)!.wanted.push({ field, path: item.prefix + field.name, value: value as SqlParam });
    }
  }
  return groups;
}

/**
 * FieldDef.reference.filter holds on save: each reference value this save sets (or whose `$form`
 * dependency it changes) must name a target row satisfying the field's filter, `$form.x` taken
 * from the record saved (its header for a line, the stored row for what an update leaves out) and
 * `$user` from the session; a value and dependencies the save leaves as stored (ReferencedRecord.stored)
 * are not checked again. One query per target and resolved filter for the whole save.
 * Returns the field errors (the caller answers 400).
 */
export async function checkReferenceFilters(
  registry: MetadataRegistry,
  tx: SqlExecutor,
  entity: EntityModel,
  records: ReferencedRecord[],
  options: ReferenceCheckOptions,
): Promise<FieldErrorOut[]> {
  const items = collectItems(registry, entity, records).filter((i) => filtered(i.model).length || i.model === entity);
  if (!items.some((i) => filtered(i.model).length)) return [];
  const errors: FieldErrorOut[] = [];
  const q = tx.dialect.quote;
  for (const { target, valueField, filter, byNumber, wanted } of groupChecks(
    registry,
    items,
    options,
    errors,
  ).values()) {
    const scope = byNumber ? options.scopeFor?.(target) : undefined;
    const both = filter && scope ? { and: [filter, scope] } : (filter ?? scope);
    const where = both
      ? compileFilter(target, tx.dialect, both, options.vars, { registry })
      : { sql: '1 = 1', params: [] };
    const values = [...new Set(wanted.map((w) => w.value))];
    const column = target.field(valueField)!.column;
    const found = new Set<string>();
    for (let i = 0; i < values.length; i += IN_CHUNK) {
      const chunk = values.slice(i, i + IN_CHUNK);
      const rows = await tx.select(
        `SELECT t.${q(column)} AS v FROM ${q(target.table)} t WHERE t.${q(column)} IN (${chunk.map(() => '?').join(', ')}) AND (${where.sql})`,
        [...chunk, ...where.params],
      );
      for (const row of rows) found.add(String(row.v).toLowerCase());
    }
    const targetLabel = pickText(target.def.label, options.language);
    for (const w of wanted) {
      if (found.has(String(w.value).toLowerCase())) continue;
      const fieldLabel = pickText(w.field.label, options.language);
      const text = byNumber
        ? {
            cn: `没有符合条件的${targetLabel}"${String(w.value)}"`,
            en: `No matching ${targetLabel} "${String(w.value)}"`,
          }
        : {
            cn: `所选${targetLabel}"${String(w.value)}"不能作为${fieldLabel}`,
            en: `${targetLabel} "${String(w.value)}" cannot be chosen as ${fieldLabel}`,
          };
      errors.push({ field: w.path, message: pickText(text, options.language) });
    }
  }
  return errors;
}
