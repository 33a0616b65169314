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
 * The SELECT list of an entity: every readable column under its field name, plus each reference's
 * label (reference.labelAs) through a LEFT JOIN on the target's key. Built once per entity.
 */
export function buildSelectShape(registry: MetadataRegistry, entity: EntityModel, d: Dialect): SelectShape {
  const columns = entity.readableFields.map((f) => `t.${d.quote(f.column)} AS ${d.quote(f.name)}`);
  const ownColumns = columns.join(', ');
  const joins: string[] = [];
  entity.readableFields.forEach((f, i) => {
    const ref = f.reference;
    const target = ref ? registry.entity(ref.entity) : undefined;
    const labelField = ref?.labelField ?? target?.def.displayField;
    if (!ref?.labelAs || !target || !labelField || entity.field(ref.labelAs)) return;
    const valueColumn = target.field(ref.valueField ?? target.primaryKey)!.column;
    const alias = `r${i}`;
    joins.push(`LEFT JOIN ${d.quote(target.table)} ${alias} ON ${alias}.${d.quote(valueColumn)} = t.${d.quote(f.column)}`);
    columns.push(`${alias}.${d.quote(target.field(labelField)!.column)} AS ${d.quote(ref.labelAs)}`);
  });
  return { columns: columns.join(', '), joins: joins.join(' '), ownColumns };
}
