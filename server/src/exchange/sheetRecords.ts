/**
 * Exchange's import path for a domain's own import action (lines appended to a header from a
 * sheet): every data row of the first sheet becomes a saveOrUpdate body of the entity exactly as
 * importExcel reads it — titles in either language or the field name, cells as the API takes them,
 * lookups by code or meaning, references by id or label — with its row errors. The caller checks
 * and saves the rows in its own way (through the header's save).
 */
import { pickText, type EntityModel, type Language } from '@meridian/metadata';
import type { Kernel } from '../kernel';
import type { PlannedColumn } from './columnPlan';
import { importedRows, type ImportedRow } from './importRows';
import { LookupTable } from './lookupTable';
import { ReferenceResolver } from './referenceResolver';
import { MAX_SHEET_ROWS, noDataRows, tooManyRows } from './rowErrors';

/** Columns of the entity's fields `names`, titled in the caller's language. */
export function fieldColumns(entity: EntityModel, names: string[], language: Language): PlannedColumn[] {
  return names.map((name) => {
    const field = entity.field(name);
    if (!field) throw new Error(`${entity.name} has no field ${name}`);
    return { key: name, title: pickText(field.label, language), field, lookupType: field.lookupType };
  });
}

export function lookupTypes(columns: PlannedColumn[]): string[] {
  return columns.flatMap((c) => (c.lookupType ? [c.lookupType] : []));
}

/** Reference cells holding a label → the id it names, or a row error when it names no single record. */
export async function resolveReferences(
  row: ImportedRow,
  columns: PlannedColumn[],
  references: ReferenceResolver,
  language: Language,
): Promise<void> {
  for (const column of columns) {
    const value = row.body[column.key];
    if (column.field?.type !== 'reference' || typeof value !== 'string') continue;
    const id = await references.idOf(column.field, value);
    if (id !== undefined) row.body[column.key] = id;
    else
      row.errors.push({
        column: column.title,
        message: language === 'EN' ? `"${value}" does not name exactly one record` : `"${value}" 找不到唯一对应的记录`,
      });
  }
}

/**
 * The rows of the upload at `file` as bodies of `entity` with their cell errors; a header naming
 * none of the columns, no data rows or more than `maxRows` rows answer 400.
 */
export async function readRecords(
  kernel: Kernel,
  file: string,
  entity: EntityModel,
  columns: PlannedColumn[],
  language: Language,
  maxRows = MAX_SHEET_ROWS,
): Promise<ImportedRow[]> {
  const lookups = await LookupTable.load(kernel.db, lookupTypes(columns));
  const rows: ImportedRow[] = [];
  await kernel.db.transaction(async (tx) => {
    const references = new ReferenceResolver(kernel.registry, tx);
    for await (const row of importedRows(file, entity, columns, lookups, language, true)) {
      if (rows.length >= maxRows) throw tooManyRows(maxRows);
      await resolveReferences(row, columns, references, language);
      rows.push(row);
    }
  });
  if (!rows.length) throw noDataRows();
  return rows;
}
