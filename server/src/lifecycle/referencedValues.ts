import { dottedNames, referencedField, type EntityModel, type TransitionDef } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlExecutor } from '../db/sqlExecutor';
import type { PlatformRows } from './platformRows';

/** A transition's dotted names by reference field (metadata/src/referencedNames.ts), worked out once. */
const namesOf = new WeakMap<TransitionDef, Map<string, string[]>>();

function byReference(registry: MetadataRegistry, entity: EntityModel, t: TransitionDef): Map<string, string[]> {
  let grouped = namesOf.get(t);
  if (!grouped) {
    grouped = new Map();
    for (const name of dottedNames(t)) {
      if (!referencedField(registry, entity, name)) continue;
      const [reference, field] = name.split('.');
      grouped.set(reference, [...(grouped.get(reference) ?? []), field]);
    }
    namesOf.set(t, grouped);
  }
  return grouped;
}

/**
 * The record with the values its transition's effects read through its references
 * ("eqHeaderId.eqNumber"), each read once, as committed (the referenced record is not the one
 * this transition locks); a blank reference reads as blanks.
 */
export async function withReferencedValues(
  deps: { registry: MetadataRegistry; rows: PlatformRows },
  tx: SqlExecutor,
  entity: EntityModel,
  t: TransitionDef,
  record: Row,
): Promise<Row> {
  const grouped = byReference(deps.registry, entity, t);
  if (!grouped.size) return record;
  const out: Row = { ...record };
  const { t: table, c } = deps.rows.sql;
  const q = tx.dialect.quote;
  for (const [reference, fields] of grouped) {
    const target = deps.registry.entity(entity.field(reference)!.reference!.entity)!;
    const id = record[reference];
    const [row] =
      id === null || id === undefined
        ? [undefined]
        : await tx.select(
            `SELECT ${fields.map((f) => `${c(target.name, f)} AS ${q(f)}`).join(', ')} FROM ${table(target.name)} ` +
              `WHERE ${c(target.name, target.primaryKey)} = ?`,
            [id as number],
          );
    for (const f of fields) out[`${reference}.${f}`] = row?.[f] ?? null;
  }
  return out;
}
