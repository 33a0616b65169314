/**
 * Reads an uploaded xlsx row by row with exceljs's streaming WorkbookReader (bounded memory) and
 * turns each row into a saveOrUpdate body; which header names which column is decided once.
 */
import { pickText, type EntityModel, type Language } from '@meridian/metadata';
import * as ExcelJS from 'exceljs';
import { Errors } from '../http/apiError';
import type { PlannedColumn } from './columnPlan';
import { importCell, messageOf, plainCell } from './importCells';
import type { LookupTable } from './lookupTable';

export interface ImportedRow {
  /** The row number in the sheet (1 is the header). */
  row: number;
  /** The row's cells in the planned columns' order. */
  cells: unknown[];
  body: Record<string, unknown>;
  errors: { column: string; message: string }[];
}

/** Header cell (title in either language, or the field key) → planned column, by position. */
export function matchHeaders(entity: EntityModel, columns: PlannedColumn[], header: unknown[]): (PlannedColumn | undefined)[] {
  const names = (c: PlannedColumn) => [c.key, c.title, ...(c.field ? [pickText(c.field.label, 'CN'), pickText(c.field.label, 'EN')] : [])].map((n) => n.trim().toLowerCase());
  const matched = header.map((cell) => {
    const text = String(plainCell(cell) ?? '').trim().toLowerCase();
    return text ? columns.find((c) => names(c).includes(text)) : undefined;
  });
  const missing = columns.filter((c) => c.field?.required && !matched.includes(c));
  if (missing.length) {
    const list = missing.map((c) => c.title).join(', ');
    throw Errors.badRequest(`导入文件缺少必填列：${list}`, `The file lacks required columns: ${list} (${entity.name})`);
  }
  return matched;
}

function isBlank(values: unknown[]): boolean {
  return values.every((v) => {
    const plain = plainCell(v);
    return plain === null || plain === undefined || (typeof plain === 'string' && plain.trim() === '');
  });
}

/** Row values of a streamed row as a 0-based array (exceljs keeps them 1-based, with holes). */
function valuesOf(row: ExcelJS.Row, width: number): unknown[] {
  const values = row.values as unknown[];
  return Array.from({ length: width }, (_, i) => values[i + 1] ?? null);
}

/**
 * Yields every data row of the first sheet as a body plus its cell errors. Blank rows are skipped;
 * other sheets (the template's hidden lists) are read past without being kept.
 */
export async function* importedRows(file: string, entity: EntityModel, columns: PlannedColumn[], lookups: LookupTable, language: Language): AsyncGenerator<ImportedRow> {
  // styles 'cache' makes the reader turn date cells into Date objects instead of serial numbers (STACK.md trap 11).
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  let sheetIndex = 0;
  for await (const sheet of reader) {
    const first = sheetIndex++ === 0;
    let layout: (PlannedColumn | undefined)[] | undefined;
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      if (!first) continue;
      if (!layout) {
        layout = matchHeaders(entity, columns, valuesOf(row, row.cellCount));
        continue;
      }
      const cells = valuesOf(row, layout.length);
      if (isBlank(cells)) continue;
      yield rowOf(row.number, cells, layout, columns, lookups, language);
    }
    if (first && !layout) throw Errors.badRequest('导入文件没有表头', 'The file has no header row');
  }
}

/** `cells` of the result follow the planned columns (the error file's headers), whatever the file's order. */
function rowOf(number: number, cells: unknown[], layout: (PlannedColumn | undefined)[], columns: PlannedColumn[], lookups: LookupTable, language: Language): ImportedRow {
  const body: Record<string, unknown> = {};
  const errors: ImportedRow['errors'] = [];
  layout.forEach((column, i) => {
    if (!column) return;
    const result = importCell(column, cells[i], lookups);
    if (!result) return;
    if ('error' in result) errors.push({ column: column.title, message: messageOf(result, language) });
    else body[column.key] = result.value;
  });
  const inColumnOrder = columns.map((c) => {
    const at = layout.indexOf(c);
    return at < 0 ? null : plainCell(cells[at]);
  });
  return { row: number, cells: inColumnOrder, body, errors };
}
