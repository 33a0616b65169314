/**
 * Streaming file writers for exports: rows go out page by page and are never held whole.
 * xlsx through exceljs's streaming WorkbookWriter (STACK.md trap 11), CSV as plain text lines.
 */
import * as ExcelJS from 'exceljs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { csvLine, sheetName } from './exchangeRules';

/** Anything that yields pages of cell values (each row already in column order). */
export type RowPages = AsyncIterable<unknown[][]>;

export interface SheetLayout {
  titles: string[];
  /** Data rows per sheet; the header row repeats on every sheet. */
  sheetMaxRow: number;
  sheetBaseName: string;
}

/** Column widths from the titles: wide enough to read the header, never absurd. */
function widths(titles: string[]): Partial<ExcelJS.Column>[] {
  return titles.map((title) => ({ width: Math.min(60, Math.max(12, [...title].length * 2 + 2)) }));
}

/**
 * Writes every page into xlsx sheets of at most sheetMaxRow data rows and ends `out`. Each row
 * is committed at once, so memory stays at one page whatever the row count.
 */
export async function writeXlsx(out: Writable, layout: SheetLayout, pages: RowPages): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  let sheet: ExcelJS.Worksheet | undefined;
  let sheetIndex = 0;
  let inSheet = 0;
  let total = 0;
  const newSheet = () => {
    sheet?.commit();
    sheet = workbook.addWorksheet(sheetName(layout.sheetBaseName, sheetIndex++), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = widths(layout.titles);
    const header = sheet.addRow(layout.titles);
    header.font = { bold: true };
    header.commit();
    inSheet = 0;
  };
  newSheet();
  for await (const page of pages) {
    for (const values of page) {
      if (inSheet >= layout.sheetMaxRow) newSheet();
      sheet!.addRow(values).commit();
      inSheet++;
      total++;
    }
  }
  sheet!.commit();
  await workbook.commit();
  return total;
}

/** Writes a UTF-8 CSV (with a BOM so Excel reads Chinese correctly), respecting back-pressure. */
export async function writeCsv(out: Writable, titles: string[], pages: RowPages): Promise<number> {
  let total = 0;
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`\uFEFF${csvLine(titles)}`);
  for await (const page of pages) {
    let chunk = '';
    for (const values of page) {
      chunk += csvLine(values);
      total++;
    }
    await write(chunk);
  }
  out.end();
  return total;
}
