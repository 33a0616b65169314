import { pickText, referenceLabelField, type Language } from '@meridian/metadata';
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
  const ownColumns = fields.map((f) => `t.${d.quote(f.column)} AS ${d.quote(f.name)}`).join(', ');
  const columns = fields.map((f) => `${localizedColumn(entity, f, d, language)} AS ${d.quote(f.name)}`);
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
  fields.forEach((f, i) => {
    if (!f.polymorphic || projection) return;
    const shown = polymorphicLabels(registry, entity, f.name, d, language, `p${i}`);
    columns.push(...shown.columns);
    joins.push(...shown.joins);
  });
  return { columns: columns.join(', '), joins: joins.join(' '), ownColumns };
}

/** A server-written text in the caller's language (FieldDef.textEn): the English twin where it is not empty. */
function localizedColumn(entity: EntityModel, f: EntityModel['fields'][number], d: Dialect, language: Language) {
  const own = `t.${d.quote(f.column)}`;
  const twin = f.textEn && language === 'EN' ? entity.field(f.textEn) : undefined;
  return twin ? `COALESCE(NULLIF(t.${d.quote(twin.column)}, ''), ${own})` : own;
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

/** A SQL string literal (entity names and labels come from the metadata, quoted all the same). */
function sqlText(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * A polymorphic reference's document and type (FieldDef.polymorphic): one LEFT JOIN per entity the
 * type field may name, each only where it names that entity; the document's label is the joined
 * entity's displayField (in English its `…En` where filled), its type the entity's label.
 */
function polymorphicLabels(
  registry: MetadataRegistry,
  entity: EntityModel,
  fieldName: string,
  d: Dialect,
  language: Language,
  prefix: string,
): { columns: string[]; joins: string[] } {
  const field = entity.field(fieldName)!;
  const declared = field.polymorphic!;
  const typeColumn = `t.${d.quote(entity.field(declared.typeField)!.column)}`;
  const joins: string[] = [];
  const labels: string[] = [];
  const types: string[] = [];
  declared.entities.forEach((name, j) => {
    const target = registry.entity(name);
    const labelField = target && referenceLabelField({}, target.def, language);
    if (!target || !labelField) return;
    const alias = `${prefix}_${j}`;
    const key = target.field(target.primaryKey)!.column;
    joins.push(
      `LEFT JOIN ${d.quote(target.table)} ${alias} ON ${typeColumn} = ${sqlText(name)} AND ${alias}.${d.quote(key)} = t.${d.quote(field.column)}`,
    );
    const cn = `${alias}.${d.quote(target.field(target.def.displayField!)!.column)}`;
    const en = labelField === target.def.displayField ? cn : `${alias}.${d.quote(target.field(labelField)!.column)}`;
    labels.push(en === cn ? cn : `NULLIF(${en}, '')`, ...(en === cn ? [] : [cn]));
    types.push(`WHEN ${sqlText(name)} THEN ${sqlText(pickText(target.def.label, language))}`);
  });
  if (!joins.length) return { columns: [], joins: [] };
  return {
    columns: [
      // SQLite's COALESCE wants two arguments at least.
      `${labels.length > 1 ? `COALESCE(${labels.join(', ')})` : labels[0]} AS ${d.quote(declared.labelAs)}`,
      `CASE ${typeColumn} ${types.join(' ')} ELSE ${typeColumn} END AS ${d.quote(declared.typeLabelAs)}`,
    ],
    joins,
  };
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
