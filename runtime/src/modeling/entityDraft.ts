/**
 * Draft assembly: the designer edits entity documents as plain form values; these functions turn
 * them into the metadata documents the server validates and publishes (defaults filled, the
 * properties of other field types dropped, empty values left out) and build the publish body.
 */
import type { ChildDef, EntityDef, FieldDef } from '../meta';

/** A document of the draft: what the admin edits, and the version it started from (none = new). */
export interface DraftDocument {
  kind: 'entity' | 'page' | 'lifecycle';
  name: string;
  content: Record<string, unknown>;
  baseVersion?: number;
  /** Entities: the fields of the stored version (only those can be retired; new rows stay editable). */
  publishedFields?: string[];
}

export const draftKey = (kind: string, name: string) => `${kind}:${name}`;

export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

const DECIMALS = ['decimal', 'money', 'quantity'];
const SIZE_KEYS: Record<string, (keyof FieldDef)[]> = {
  string: ['length'],
  decimal: ['precision', 'scale'],
  money: ['precision', 'scale'],
  quantity: ['precision', 'scale'],
  lookup: ['lookupType'],
  reference: ['reference'],
};
const TYPED_KEYS = new Set<string>([
  'length',
  'precision',
  'scale',
  'lookupType',
  'reference',
  'min',
  'max',
  'maxLength',
  'pattern',
  'validator',
  'default',
]);

const NUMBER_RULES = ['min', 'max', 'default'];
const TEXT_RULES = ['maxLength', 'pattern', 'default'];
/** Validation rules and default a field type takes in the designer (docs/architecture.md "Spec: validators"). */
export const RULES_BY_TYPE: Record<string, string[]> = {
  string: TEXT_RULES,
  text: ['maxLength', 'default'],
  integer: NUMBER_RULES,
  decimal: NUMBER_RULES,
  money: NUMBER_RULES,
  quantity: NUMBER_RULES,
  lookup: ['default'],
  flag: ['default'],
};
/** The named validators that suit a type. */
export const VALIDATORS_BY_TYPE: Record<string, string[]> = {
  string: ['email', 'mobile', 'landline'],
  integer: ['integer', 'positiveInteger'],
  decimal: ['nonNegativeDecimal'],
  money: ['nonNegativeDecimal'],
  quantity: ['quantity', 'nonNegativeDecimal'],
};
const NUMERIC_TYPES = new Set(['integer', 'decimal', 'money', 'quantity']);

/** Whether the type takes this property: its size/target keys, its rules, a validator that suits it. */
function takes(field: FieldDef, key: string): boolean {
  if (!TYPED_KEYS.has(key)) return true;
  if (key === 'validator') return (VALIDATORS_BY_TYPE[field.type] ?? []).includes(String(field.validator));
  return (
    (SIZE_KEYS[field.type] ?? []).includes(key as keyof FieldDef) || (RULES_BY_TYPE[field.type] ?? []).includes(key)
  );
}

/** A default typed into a text box, as the type stores it (numbers as numbers). */
function typedDefault(field: FieldDef): FieldDef['default'] {
  const value = field.default;
  if (typeof value !== 'string' || !NUMERIC_TYPES.has(field.type) || value.trim() === '' || Number.isNaN(Number(value)))
    return value;
  return Number(value);
}

/** Drops empty strings, nulls and empty objects (a cleared input is "not set", not ""). */
export function pruneEmpty<T>(value: T): T {
  if (Array.isArray(value)) return value.map(pruneEmpty) as T;
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const pruned = pruneEmpty(v);
    if (pruned === '' || pruned === null || pruned === undefined) continue;
    if (typeof pruned === 'object' && !Array.isArray(pruned) && !Object.keys(pruned as object).length) continue;
    out[k] = pruned;
  }
  return out as T;
}

/** One field as stored: only the properties its type uses; required false is left out. */
export function fieldDocument(field: FieldDef): FieldDef {
  const kept: Record<string, unknown> = Object.fromEntries(Object.entries(field).filter(([k]) => takes(field, k)));
  if ('default' in kept) kept.default = typedDefault(field);
  if (!kept.required) delete kept.required;
  const reference = kept.reference as FieldDef['reference'];
  // The label travels with the value under labelAs, so that grids show a name rather than an id.
  if (field.type === 'reference' && reference?.labelField && !reference.labelAs)
    kept.reference = { ...reference, labelAs: `${field.name.replace(/Id$/, '')}Name` };
  if (!kept.retired) delete kept.retired;
  return pruneEmpty(kept as unknown as FieldDef);
}

/** The entity document of the designer's form values, with table and primary key defaulted. */
export function entityDocument(values: Partial<EntityDef>): EntityDef {
  const name = values.name ?? '';
  const doc = pruneEmpty({
    ...values,
    metaVersion: 1,
    kind: 'entity' as const,
    table: values.table || snakeCase(name),
    primaryKey: values.primaryKey || `${name}Id`,
    fields: (values.fields ?? []).map(fieldDocument),
    rowScope: designedRowScope(values),
  }) as EntityDef;
  if (!doc.fields) doc.fields = [] as unknown as EntityDef['fields'];
  return doc;
}

/**
 * The row scope of a designed entity, always declared (docs/admin-guide.md): a supplier field
 * picked in the designer makes the rows the supplier's own; otherwise lines follow their header
 * and headers are for internal users only.
 */
function designedRowScope(values: Partial<EntityDef>): EntityDef['rowScope'] {
  const { supplierField, supplierVisible, orgField, categoryField } = values.rowScope ?? {};
  const mode = supplierField
    ? { supplierField, supplierVisible }
    : values.parent
      ? { fromParent: true as const }
      : values.rowScope?.shared
        ? { shared: true as const }
        : { internalOnly: true as const };
  return { ...mode, orgField, categoryField };
}

/** A new entity for the designer: a name field to start from, the SRM area. */
export function newEntity(name: string, label: { cn: string; en: string }): EntityDef {
  return {
    metaVersion: 1,
    kind: 'entity',
    name,
    area: 'srmServer',
    table: snakeCase(name),
    label,
    primaryKey: `${name}Id`,
    fields: [{ name: 'title', type: 'string', length: 100, required: true, label: { cn: '标题', en: 'Title' } }],
    rowScope: { internalOnly: true },
  };
}

/**
 * A line entity under `header`: it carries the header's primary key as its foreign key, and the
 * header gets the child that names it (lines are written through their header).
 */
export function addLineEntity(header: EntityDef): { header: EntityDef; line: EntityDef } {
  const name = `${header.name}Line`;
  const label = { cn: `${header.label.cn}行`, en: `${header.label.en} line` };
  const line: EntityDef = {
    metaVersion: 1,
    kind: 'entity',
    name,
    area: header.area,
    table: `${header.table}_line`,
    label,
    primaryKey: `${name}Id`,
    parent: header.name,
    fields: [
      { name: header.primaryKey, type: 'integer', index: true, label: header.label },
      { name: 'lineNum', type: 'integer', required: true, min: 1, label: { cn: '行号', en: 'Line no.' } },
    ],
    rowScope: { fromParent: true },
  };
  const child: ChildDef = { name: 'lines', entity: name, foreignKey: header.primaryKey, label };
  return {
    header: { ...header, children: [...(header.children ?? []).filter((c) => c.name !== 'lines'), child] },
    line,
  };
}

/** The body of validateDraft / previewMigration / publish (server/src/modeling/draftInput.ts). */
export function draftBody(documents: DraftDocument[], comment?: string) {
  return {
    documents: documents.map((d) => ({
      content: d.content,
      ...(d.baseVersion !== undefined && { baseVersion: d.baseVersion }),
    })),
    ...(comment && { comment }),
  };
}

export const isDecimalType = (type: string) => DECIMALS.includes(type);
