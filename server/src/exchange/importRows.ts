/**
 * Reads an uploaded xlsx row by row with exceljs's streaming worksheet reader (bounded memory) and
 * turns each row into a saveOrUpdate body; which header names which column is decided once.
 */
import { pickText, type EntityModel, type Language } from '@meridian/metadata';
import * as ExcelJS from 'exceljs';
import { ApiError, Errors } from '../http/apiError';
import type { PlannedColumn } from './columnPlan';
import { importCell, messageOf, plainCell } from './importCells';
import type { LookupTable } from './lookupTable';
import { workbookSheets } from './workbookSheets';

export interface ImportedRow {
  /** The row number in the sheet (1 is the header). */
  row: number;
  /** The row's cells in the planned columns' order. */
  cells: unknown[];
  body: Record<string, unknown>;
  errors: { column: string; message: string }[];
}

/**
 * Header cell (title in either language, or the field key) → planned column, by position.
 * `anyColumn`: a header naming none of the columns is refused (a domain's import of a few columns).
 */
export function matchHeaders(
  entity: EntityModel,
  columns: PlannedColumn[],
  header: unknown[],
  anyColumn = false,
): (PlannedColumn | undefined)[] {
  const names = (c: PlannedColumn) =>
    [c.key, c.title, ...(c.field ? [pickText(c.field.label, 'CN'), pickText(c.field.label, 'EN')] : [])].map((n) =>
      n.trim().toLowerCase(),
    );
  const matched = header.map((cell) => {
    const text = String(plainCell(cell) ?? '')
      .trim()
      .toLowerCase();
    return text ? columns.find((c) => names(c).includes(text)) : undefined;
  });
  if (anyColumn && !matched.some(Boolean)) {
    const list = columns.map((c) => c.title).join(', ');
    throw Errors.badRequest(
      `导入文件的第一行须是列标题：${list}`,
      `The first row must hold column titles: ${list} (${entity.name})`,
    );
  }
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
export function valuesOf(row: ExcelJS.Row, width: number): unknown[] {
  const values = row.values as unknown[];
  return Array.from({ length: width }, (_, i) => values[i + 1] ?? null);
}

/**
 * Yields every data row of the first sheet as a body plus its cell errors. Blank rows are skipped;
 * other sheets (the template's hidden lists) are read past without being kept.
 */
export async function* importedRows(
  file: string,
  entity: EntityModel,
  columns: PlannedColumn[],
  lookups: LookupTable,
  language: Language,
  anyColumn = false,
): AsyncGenerator<ImportedRow> {
  let sheetIndex = 0;
  for await (const { sheet, row } of sheetRows(file)) {
    if (sheet > 0) continue;
    sheetIndex = 1;
    if (!row)
      throw Errors.badRequest('导入文件的第一个工作表没有表头', 'The file has no header row on its first worksheet');
    const { layout, values } = row;
    if (!layout.current) {
      layout.current = matchHeaders(entity, columns, valuesOf(values, values.cellCount), anyColumn);
      continue;
    }
    const cells = valuesOf(values, layout.current.length);
    if (isBlank(cells)) continue;
    yield rowOf(values.number, cells, layout.current, columns, lookups, language);
  }
  if (!sheetIndex)
    throw Errors.badRequest(
      '导入文件中没有工作表，请上传 .xlsx 格式的 Excel 文件',
      'The file has no worksheet: upload an Excel workbook (.xlsx)',
    );
}

/**
 * The rows of every sheet as the streaming reader gives them; `row` undefined marks a sheet
 * that ended without one. Whatever the reader throws (a truncated zip: FILE_ENDED, a broken
 * entry, bad XML) is the file's fault: 400 naming it, not a 500 (docs/decisions.md, issue 13).
 */
export async function* sheetRows<Layout = (PlannedColumn | undefined)[]>(
  file: string,
): AsyncGenerator<{ sheet: number; row?: { values: ExcelJS.Row; layout: { current?: Layout } } }> {
  try {
    // styles 'cache' makes the reader turn date cells into Date objects instead of serial numbers
    // (docs/architecture.md "Trap: exceljs streaming").
    const sheets = workbookSheets(file, {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    let sheet = 0;
    for await (const worksheet of sheets) {
      const layout: { current?: Layout } = {};
      for await (const values of worksheet as AsyncIterable<ExcelJS.Row>) yield { sheet, row: { values, layout } };
      if (!layout.current) yield { sheet };
      sheet++;
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const reason = String((e as Error)?.message ?? e)
      .replace(/[^\w .:-]/g, '')
      .slice(0, 60);
    throw Errors.badRequest(
      `导入文件已损坏或不完整（${reason}），请重新保存为 .xlsx 后再上传`,
      `The file is damaged or incomplete (${reason}): save it again as .xlsx and upload it again`,
    );
  }
}

/** `cells` of the result follow the planned columns (the error file's headers), whatever the file's order. */
function rowOf(
  number: number,
  cells: unknown[],
  layout: (PlannedColumn | undefined)[],
  columns: PlannedColumn[],
  lookups: LookupTable,
  language: Language,
): ImportedRow {
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
