import type { EntityDef, FieldDef } from '../generated/meta-model';
import { toSnakeCase } from '../naming';
import { canonicalJson } from './documentKey';
import { storageChangeRefusal, storageShape } from './storageShape';

/**
 * What publishing a new version of an entity does to the database and to its data.
 * - migrates: needs DDL (new table, new column, new index), applied additively;
 * - metadata only: labels, validation, renames (the field keeps its `column`), retiring;
 * - refused: anything that could lose data, with a message naming the field and the way out.
 */
export type ChangeKind =
  | 'createEntity'
  | 'removeEntity'
  | 'addField'
  | 'renameField'
  | 'retireField'
  | 'restoreField'
  | 'changeField'
  | 'addIndex'
  | 'changeEntity';

export interface ModelChange {
  kind: ChangeKind;
  field?: string;
  migrates: boolean;
  message: string;
}

/** A refused change: `pointer` is where in the new document the cause is, for a UI to mark the field. */
export interface ChangeRefusal {
  pointer: string;
  field?: string;
  message: string;
}

export interface EntityChangeReport {
  changes: ModelChange[];
  refusals: ChangeRefusal[];
}

export const columnOf = (f: FieldDef): string => f.column ?? toSnakeCase(f.name);

function compareField(before: FieldDef, after: FieldDef, at: string, report: EntityChangeReport): void {
  const why = storageChangeRefusal(storageShape(before), storageShape(after));
  if (why)
    report.refusals.push({
      pointer: at,
      field: after.name,
      message: `field "${after.name}" cannot be changed: ${why}`,
    });
  if ((before.nullable ?? true) && after.nullable === false) {
    report.refusals.push({
      pointer: `${at}/nullable`,
      field: after.name,
      message: `field "${after.name}" cannot become NOT NULL: existing rows may have no value (use "required" for new input instead)`,
    });
  }
  if (before.retired && !after.retired)
    report.changes.push({
      kind: 'restoreField',
      field: after.name,
      migrates: false,
      message: `field "${after.name}" is restored (its column kept the data)`,
    });
  else if (!before.retired && after.retired)
    report.changes.push({
      kind: 'retireField',
      field: after.name,
      migrates: false,
      message: `field "${after.name}" is retired: hidden, column "${columnOf(after)}" and data kept`,
    });
  if (before.name !== after.name)
    report.changes.push({
      kind: 'renameField',
      field: after.name,
      migrates: false,
      message: `field "${before.name}" is renamed to "${after.name}" (column "${columnOf(after)}" unchanged)`,
    });
  const same = (f: FieldDef) => canonicalJson({ ...f, name: undefined, retired: undefined });
  if (!why && same(before) !== same(after))
    report.changes.push({
      kind: 'changeField',
      field: after.name,
      migrates: false,
      message: `field "${after.name}" changes its metadata`,
    });
}

function removedFieldRefusal(field: FieldDef): ChangeRefusal {
  const message = field.retired
    ? `field "${field.name}" is retired and cannot be left out of the entity; purge it (purgeField) to drop its column`
    : `field "${field.name}" was removed, which would lose its data: retire it ("retired": true) to hide it and keep the column, ` +
      `or to rename it keep its column ("column": "${columnOf(field)}") under the new name`;
  return { pointer: '/fields', field: field.name, message };
}

function compareFields(live: EntityDef, next: EntityDef, report: EntityChangeReport): void {
  const nextByName = new Map(next.fields.map((f, i) => [f.name, { f, i }]));
  const nextByColumn = new Map(next.fields.map((f, i) => [columnOf(f), { f, i }]));
  const matched = new Set<number>();
  for (const before of live.fields) {
    const byName = nextByName.get(before.name);
    const hit = byName && columnOf(byName.f) === columnOf(before) ? byName : nextByColumn.get(columnOf(before));
    if (byName && hit !== byName) {
      report.refusals.push({
        pointer: `/fields/${byName.i}/column`,
        field: before.name,
        message: `field "${before.name}" cannot move from column "${columnOf(before)}" to "${columnOf(byName.f)}"`,
      });
      matched.add(byName.i);
      continue;
    }
    if (!hit) {
      report.refusals.push(removedFieldRefusal(before));
      continue;
    }
    matched.add(hit.i);
    compareField(before, hit.f, `/fields/${hit.i}`, report);
  }
  next.fields.forEach((f, i) => {
    if (matched.has(i)) return;
    if (f.nullable === false && f.default === undefined) {
      report.refusals.push({
        pointer: `/fields/${i}/nullable`,
        field: f.name,
        message: `new field "${f.name}" is NOT NULL without a default, which existing rows cannot have`,
      });
    } else
      report.changes.push({
        kind: 'addField',
        field: f.name,
        migrates: true,
        message: `field "${f.name}" is added (new column "${columnOf(f)}")`,
      });
  });
}

function compareEntityProperties(live: EntityDef, next: EntityDef, report: EntityChangeReport): void {
  if (live.table !== next.table)
    report.refusals.push({
      pointer: '/table',
      message: `the table cannot change from "${live.table}" to "${next.table}": the data stays in "${live.table}"`,
    });
  if (live.primaryKey !== next.primaryKey)
    report.refusals.push({
      pointer: '/primaryKey',
      message: `the primary key cannot change from "${live.primaryKey}" to "${next.primaryKey}"`,
    });
  const indexKey = (ix: { fields: string[]; unique?: boolean }) => `${ix.fields.join(',')}|${!!ix.unique}`;
  const had = new Set((live.indexes ?? []).map(indexKey));
  for (const ix of next.indexes ?? []) {
    if (!had.has(indexKey(ix)))
      report.changes.push({
        kind: 'addIndex',
        migrates: true,
        message: `${ix.unique ? 'unique ' : ''}index on ${ix.fields.join(', ')} is added`,
      });
  }
  const rest = (d: EntityDef) => canonicalJson({ ...d, fields: undefined, indexes: undefined });
  if (rest(live) !== rest(next))
    report.changes.push({
      kind: 'changeEntity',
      migrates: false,
      message: `entity "${next.name}" changes its metadata (labels, children, scope, lifecycle…)`,
    });
}

/**
 * Classifies the step from the live entity to the next one. `live` undefined: a new entity;
 * `next` undefined: the entity is removed, which the server allows only for an empty table.
 */
export function classifyEntityChange(live: EntityDef | undefined, next: EntityDef | undefined): EntityChangeReport {
  const report: EntityChangeReport = { changes: [], refusals: [] };
  if (!live && next)
    report.changes.push({
      kind: 'createEntity',
      migrates: true,
      message: `entity "${next.name}" is created (new table "${next.table}")`,
    });
  else if (live && !next)
    report.changes.push({
      kind: 'removeEntity',
      migrates: false,
      message: `entity "${live.name}" is removed (allowed only while table "${live.table}" is empty; the table is kept)`,
    });
  else if (live && next) {
    compareEntityProperties(live, next, report);
    compareFields(live, next, report);
  }
  return report;
}
