/**
 * Streaming file writers for exports: rows go out page by page and are never held whole.
 * xlsx through exceljs's streaming WorkbookWriter (docs/architecture.md "Trap: exceljs streaming"), CSV as
 * plain text lines.
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
  /** Template exports: these columns (0-based) get a drop-down of `choices`, fed from a hidden sheet. */
  dropDowns?: { column: number; choices: string[] }[];
}

const LIST_SHEET = 'lists';

/** A1-style column letters of a 0-based index: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

type Validations = { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } };

/** The drop-downs of one sheet: list validations over its data rows, pointing into the hidden lists sheet. */
function addDropDowns(sheet: ExcelJS.Worksheet, layout: SheetLayout): void {
  layout.dropDowns?.forEach((dropDown, i) => {
    const target = columnLetter(dropDown.column);
    const source = columnLetter(i);
    // exceljs keeps range validations in dataValidations (its typings omit the property).
    (sheet as unknown as Validations).dataValidations.add(`${target}2:${target}${layout.sheetMaxRow + 1}`, {
      type: 'list',
      allowBlank: true,
      showErrorMessage: true,
      formulae: [`${LIST_SHEET}!$${source}$1:$${source}$${Math.max(1, dropDown.choices.length)}`],
    });
  });
}

/** The hidden sheet the drop-downs read: one column of choices per drop-down. */
function writeListSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, layout: SheetLayout): void {
  if (!layout.dropDowns?.length) return;
  const lists = workbook.addWorksheet(LIST_SHEET, { state: 'hidden' });
  const longest = Math.max(...layout.dropDowns.map((d) => d.choices.length));
  for (let row = 0; row < longest; row++) lists.addRow(layout.dropDowns.map((d) => d.choices[row] ?? null)).commit();
  lists.commit();
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
    sheet = workbook.addWorksheet(sheetName(layout.sheetBaseName, sheetIndex++), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = widths(layout.titles);
    addDropDowns(sheet, layout);
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
  writeListSheet(workbook, layout);
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
