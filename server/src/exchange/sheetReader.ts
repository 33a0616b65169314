/**
 * A domain's own sheets read through exchange, when their columns are no entity's fields (a price
 * rule's factor and score sheets, an acknowledgement form's supplier and item codes): columns
 * named by their titles, cells as the text they show, read by the same streaming reader with the
 * same checks as importExcel — a damaged file, no worksheet, a missing required column and more
 * than `maxRows` rows answer 400. Blank rows are skipped.
 */
import { Errors } from '../http/apiError';
import { dateText, plainCell } from './importCells';
import { sheetRows, valuesOf } from './importRows';
import { MAX_SHEET_ROWS, tooManyRows } from './rowErrors';

export interface SheetColumn {
  /** The key the cell is read into. */
  key: string;
  /** Header texts that name the column (either language, a field name); blanks and case do not count. */
  titles: string[];
  required?: boolean;
}

export interface SheetRow {
  /** The row number in the sheet (1 is the header). */
  row: number;
  /** The text of each non-blank cell, by column key. */
  values: Record<string, string>;
}

const normal = (text: string) => text.replace(/\s/g, '').toLowerCase();

/** A cell as the text it shows: formulas as their result, rich text joined, dates as yyyy-MM-dd[ HH:mm:ss]. */
export function cellText(cell: unknown): string | undefined {
  const plain = plainCell(cell);
  if (plain === null || plain === undefined) return undefined;
  if (plain instanceof Date) return dateText(plain, plain.getTime() % 86400000 !== 0);
  return String(plain as string | number | boolean).trim() || undefined;
}

type Layout = (SheetColumn | undefined)[];

function headerLayout(columns: SheetColumn[], header: unknown[]): Layout {
  const layout = header.map((cell) => {
    const text = normal(cellText(cell) ?? '');
    return text ? columns.find((c) => c.titles.some((t) => normal(t) === text)) : undefined;
  });
  const missing = columns.filter((c) => c.required && !layout.includes(c));
  if (missing.length) {
    const list = missing.map((c) => c.titles.slice(0, 2).join('/')).join(', ');
    throw Errors.badRequest(`导入文件缺少必填列：${list}`, `The file lacks required columns: ${list}`);
  }
  return layout;
}

/**
 * The data rows of the workbook's first sheets: `sheets[i]` names the columns of sheet i. A sheet
 * the file lacks reads as no rows (its required columns are then missing: 400).
 */
export async function readSheets(
  file: string,
  sheets: SheetColumn[][],
  maxRows = MAX_SHEET_ROWS,
): Promise<SheetRow[][]> {
  const found = sheets.map(() => [] as SheetRow[]);
  const seen = new Set<number>();
  let worksheets = 0;
  for await (const { sheet, row } of sheetRows<Layout>(file)) {
    worksheets = Math.max(worksheets, sheet + 1);
    const columns = sheets[sheet];
    if (!columns || !row) continue;
    seen.add(sheet);
    if (!row.layout.current) {
      row.layout.current = headerLayout(columns, valuesOf(row.values, row.values.cellCount));
      continue;
    }
    const values: Record<string, string> = {};
    valuesOf(row.values, row.layout.current.length).forEach((cell, i) => {
      const column = row.layout.current![i];
      const text = column ? cellText(cell) : undefined;
      if (column && text !== undefined) values[column.key] = text;
    });
    if (!Object.keys(values).length) continue;
    if (found[sheet].length >= maxRows) throw tooManyRows(maxRows);
    found[sheet].push({ row: row.values.number, values });
  }
  if (!worksheets)
    throw Errors.badRequest(
      '导入文件中没有工作表，请上传 .xlsx 格式的 Excel 文件',
      'The file has no worksheet: upload an Excel workbook (.xlsx)',
    );
  sheets.forEach((columns, i) => {
    if (!seen.has(i)) headerLayout(columns, []);
  });
  return found;
}

/** The data rows of the first sheet. */
export async function readSheet(file: string, columns: SheetColumn[], maxRows = MAX_SHEET_ROWS): Promise<SheetRow[]> {
  return (await readSheets(file, [columns], maxRows))[0];
}
