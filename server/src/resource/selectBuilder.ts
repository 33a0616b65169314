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
    // Empty names fall back: the English one to the Chinese one, a label that is not the target's
    // display field to that field (a user without a person name is named by its login).
    const names = [...new Set([localized, labelField, fallbackName(target, labelField)])];
    const columnsOfNames = names.map((name) => `${alias}.${d.quote(target.field(name)!.column)}`);
    columns.push(`${labelExpression(columnsOfNames)} AS ${d.quote(ref.labelAs)}`);
  });
  return { columns: columns.join(', '), joins: joins.join(' '), ownColumns };
}

/** The target's display field when the label is another text field and it is a text field too. */
function fallbackName(target: EntityModel, labelField: string): string {
  const display = target.def.displayField;
  const isText = (name: string | undefined) => !!name && target.field(name)?.type === 'string';
  return display && isText(display) && isText(labelField) ? display : labelField;
}

/** The first of the columns that is not empty; the last one as it is. */
function labelExpression(columns: string[]): string {
  if (columns.length === 1) return columns[0];
  const tried = columns.slice(0, -1).map((column) => `NULLIF(${column}, '')`);
  return `COALESCE(${[...tried, columns[columns.length - 1]].join(', ')})`;
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
