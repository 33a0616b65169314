/**
 * How each exported or imported column maps onto the entity: its field, the lookup type whose
 * meanings it shows, the reference label it shows instead of an id. Pure over the metadata.
 */
import {
  decimalShape,
  isWritableFromBody,
  pickText,
  type EntityModel,
  type Language,
  type PageDef,
  type ResolvedField,
} from '@meridian/metadata';
import type { LookupTable } from './lookupTable';
import { neutralizeCell, type ExportColumn } from './exchangeRules';

export interface PlannedColumn {
  key: string;
  title: string;
  field?: ResolvedField;
  lookupType?: string;
}

/** The lookup type of a column: the page column's lookup.typeCode, else the field's own. */
function lookupTypeOf(pages: PageDef[], entity: EntityModel, key: string): string | undefined {
  for (const page of pages) {
    if (page.entity !== entity.name) continue;
    const column = page.grid?.columns?.find((c) => c.key === key);
    if (column?.lookup?.typeCode) return column.lookup.typeCode;
  }
  return entity.field(key)?.lookupType;
}

/**
 * The caller's columns, restricted to what a listed row may show: readable fields and reference
 * labels. Anything else (a secret field, a made-up key) is exported as an empty column, never read.
 */
export function planColumns(entity: EntityModel, pages: PageDef[], columns: ExportColumn[]): PlannedColumn[] {
  return columns.map(({ key, title }) => {
    const field = entity.readableFields.find((f) => f.name === key);
    return {
      key,
      title,
      field,
      lookupType: field || isReferenceLabel(entity, key) ? lookupTypeOf(pages, entity, key) : undefined,
    };
  });
}

function isReferenceLabel(entity: EntityModel, key: string): boolean {
  return entity.readableFields.some((f) => f.reference?.labelAs === key);
}

/** Keys a listed row may carry: readable fields and the reference labels joined to them. */
export function readableKeys(entity: EntityModel): Set<string> {
  const keys = new Set(entity.readableFields.map((f) => f.name));
  for (const f of entity.readableFields) if (f.reference?.labelAs) keys.add(f.reference.labelAs);
  return keys;
}

/** Decimal strings become numbers when a double holds them exactly (15 significant digits), else stay text. */
function decimalCell(value: unknown): unknown {
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) return value;
  return value.replace(/^-|\./g, '').replace(/^0+/, '').length <= 15 ? Number(value) : value;
}

/** One cell of an exported row: lookup codes as meanings, references as their label, formulas neutralised. */
export function exportCell(
  column: PlannedColumn,
  row: Record<string, unknown>,
  lookups: LookupTable,
  language: Language,
  keys: Set<string>,
): unknown {
  if (!keys.has(column.key)) return null;
  const field = column.field;
  let value = row[column.key];
  const labelAs = field?.reference?.labelAs;
  if (labelAs && row[labelAs] !== null && row[labelAs] !== undefined) value = row[labelAs];
  else if (column.lookupType) value = lookups.meaning(column.lookupType, value, language);
  else if (field && decimalShape(field)) value = decimalCell(value);
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object') value = JSON.stringify(value);
  return neutralizeCell(value);
}

/**
 * The columns of an import template: the page's grid columns that a user may write, then any
 * required writable field the grid does not show (an import without it could never pass).
 */
export function importColumns(entity: EntityModel, page: PageDef | undefined, language: Language): PlannedColumn[] {
  const writable = entity.fields.filter(
    (f) => isWritableFromBody(f) && f.name !== entity.statusField && f.type !== 'attachment' && f.type !== 'json',
  );
  const byName = new Map(writable.map((f) => [f.name, f]));
  const chosen: ResolvedField[] = [];
  for (const column of page?.grid?.columns ?? []) {
    const field = column.key ? byName.get(column.key) : undefined;
    if (field && !chosen.includes(field)) chosen.push(field);
  }
  for (const field of writable) if (field.required && !chosen.includes(field)) chosen.push(field);
  if (!chosen.length) chosen.push(...writable);
  const pages = page ? [page] : [];
  return chosen.map((field) => {
    const gridTitle = page?.grid?.columns?.find((c) => c.key === field.name)?.title;
    return {
      key: field.name,
      title: pickText(gridTitle ?? field.label, language),
      field,
      lookupType: lookupTypeOf(pages, entity, field.name),
    };
  });
}
