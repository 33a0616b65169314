import { referenceLabelField, type Language } from '@meridian/metadata';
import type { EntityModel, MetadataRegistry } from '@meridian/metadata/node';
import type { Dialect } from '../db/dialect';

export interface SelectShape {
  /** "t.`col` AS `field`, …, r0.`label` AS `labelAs`" */
  columns: string;
  /** LEFT JOINs for reference labels. */
  joins: string;
  /** The entity's own columns only (for locking reads, which must not join). */
  ownColumns: string;
}

/**
 * The SELECT list of an entity (per language: reference labels come in the caller's language): every readable column under its field name, plus each reference's
 * label (reference.labelAs) through a LEFT JOIN on the target's key. Built once per entity.
 */
export function buildSelectShape(
  registry: MetadataRegistry,
  entity: EntityModel,
  d: Dialect,
  language: Language = 'CN',
  projection?: ReadonlySet<string>,
): SelectShape {
  const fields = projection ? entity.readableFields.filter((f) => projection.has(f.name)) : entity.readableFields;
  const columns = fields.map((f) => `t.${d.quote(f.column)} AS ${d.quote(f.name)}`);
  const ownColumns = columns.join(', ');
  const joins: string[] = [];
  fields.forEach((f, i) => {
    const ref = f.reference;
    const target = ref ? registry.entity(ref.entity) : undefined;
    const labelField = ref?.labelField ?? target?.def.displayField;
    if (!ref?.labelAs || !target || !labelField || entity.field(ref.labelAs)) return;
    // A projection carries a label only when it names it (a line pick's columns), never otherwise.
    if (projection && !projection.has(ref.labelAs)) return;
    // English labels fall back to the Chinese one where the English is empty.
    const localized = referenceLabelField(ref, target.def, language)!;
    const valueColumn = target.field(ref.valueField ?? target.primaryKey)!.column;
    const alias = `r${i}`;
    joins.push(
      `LEFT JOIN ${d.quote(target.table)} ${alias} ON ${alias}.${d.quote(valueColumn)} = t.${d.quote(f.column)}`,
    );
    const cn = `${alias}.${d.quote(target.field(labelField)!.column)}`;
    const label =
      localized === labelField
        ? cn
        : `COALESCE(NULLIF(${alias}.${d.quote(target.field(localized)!.column)}, ''), ${cn})`;
    columns.push(`${label} AS ${d.quote(ref.labelAs)}`);
  });
  return { columns: columns.join(', '), joins: joins.join(' '), ownColumns };
}

/**
 * Only the projected fields, and the labels of projected references that the projection names too
 * (a reference picker's answer is value and label; a line pick's may show a joined label).
 */
export function projectedShape(
  registry: MetadataRegistry,
  entity: EntityModel,
  d: Dialect,
  projection: ReadonlySet<string>,
  language: Language = 'CN',
): SelectShape {
  return buildSelectShape(registry, entity, d, language, projection);
}
