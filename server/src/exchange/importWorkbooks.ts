/**
 * The two small workbooks of an import: the template (headers from the page's columns, lookup
 * columns as drop-down lists fed from a hidden sheet) and the error file (the rejected rows as
 * they were sent, each with its messages). Both are bounded: no data, or at most the error cap.
 */
import type { Language } from '@meridian/metadata';
import * as ExcelJS from 'exceljs';
import { neutralizeCell, SHEET_MAX_OLD } from './exchangeRules';
import type { PlannedColumn } from './columnPlan';
import type { LookupTable } from './lookupTable';
import { columnLetter } from './exportWriters';
import { bufferOf } from './xlsxBuffer';

const LIST_SHEET = 'lists';

export async function templateWorkbook(
  columns: PlannedColumn[],
  lookups: LookupTable,
  language: Language,
  sheet: string,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const data = workbook.addWorksheet(sheet.slice(0, 31) || 'data', { views: [{ state: 'frozen', ySplit: 1 }] });
  const lists = workbook.addWorksheet(LIST_SHEET, { state: 'hidden' });
  data.columns = columns.map((c) => ({
    header: c.title,
    key: c.key,
    width: Math.max(14, [...c.title].length * 2 + 2),
  }));
  data.getRow(1).font = { bold: true };
  let listColumn = 0;
  columns.forEach((column, i) => {
    const choices = column.lookupType ? lookups.choices(column.lookupType, language) : [];
    if (!choices.length) return;
    const letter = columnLetter(listColumn++);
    choices.forEach((choice, row) => (lists.getCell(`${letter}${row + 1}`).value = choice));
    const target = columnLetter(i);
    // exceljs keeps range validations in dataValidations (its typings omit the property).
    (
      data as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }
    ).dataValidations.add(`${target}2:${target}${SHEET_MAX_OLD + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`${LIST_SHEET}!$${letter}$1:$${letter}$${choices.length}`],
      showErrorMessage: true,
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface RejectedRow {
  row: number;
  cells: unknown[];
  messages: string[];
}

/** The rejected rows under the file's own headers plus "row" and "errors" columns, via the streaming writer. */
export async function errorWorkbook(
  titles: string[],
  rows: RejectedRow[],
  labels: { row: string; errors: string },
): Promise<Buffer> {
  return bufferOf(async (out) => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet('errors');
    sheet.columns = [labels.row, ...titles, labels.errors].map((header, i, all) => ({
      header,
      width: i === all.length - 1 ? 60 : 16,
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const rejected of rows)
      sheet
        .addRow([rejected.row, ...rejected.cells.map(neutralizeCell), neutralizeCell(rejected.messages.join('; '))])
        .commit();
    sheet.commit();
    await workbook.commit();
  });
}
