/**
 * The worksheets of an xlsx on disk, read in the workbook's own order with exceljs's streaming
 * worksheet reader, but with the zip opened through its central directory (unzipper's Open)
 * instead of exceljs's own forward scan.
 *
 * Why: exceljs's WorkbookReader iterates unzipper's forward Parse stream, which announces its end
 * when its input has been written, not when its entries have been read. On a small file the
 * iteration can stop with entries still buffered: files whose workbook.xml comes last (exceljs's
 * own writer puts it last, so our templates do) then fail with "Cannot read properties of
 * undefined (reading 'sheets')" — seen about once in 300 reads of the same template, and twice
 * in CI (docs/architecture.md "Trap: exceljs streaming"). Reading each entry by its own range
 * removes the race and the dependence on the order of the entries in the zip.
 */
import * as ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';
import * as unzipper from 'unzipper';

/** The parts of exceljs 4.4's WorkbookReader that its parse() drives (lib/stream/xlsx/workbook-reader.js). */
interface ReaderParts {
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ rId: string }> };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
}

export type ReaderOptions = Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>;

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** The sheet entries in the order the workbook lists its sheets; any it does not list after them, by number. */
function sheetOrder(reader: ReaderParts, entries: unzipper.File[]): unzipper.File[] {
  const sheets = entries.filter((e) => SHEET.test(e.path));
  const pathOf = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  const listed = (reader.model?.sheets ?? [])
    .map((s) => reader.workbookRels?.find((r) => r.Id === s.rId))
    .map((rel) => rel && sheets.find((e) => e.path === pathOf(rel.Target)))
    .filter((e): e is unzipper.File => !!e);
  const number = (e: unzipper.File) => Number(SHEET.exec(e.path)![1]);
  const rest = sheets.filter((e) => !listed.includes(e)).sort((a, b) => number(a) - number(b));
  return [...listed, ...rest];
}

/** Each worksheet's streaming reader, rows read lazily: iterate it before asking for the next. */
export async function* workbookSheets(file: string, options: ReaderOptions): AsyncGenerator<AsyncIterable<unknown>> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, options) as unknown as ReaderParts;
  const zip = await unzipper.Open.file(file);
  const entry = (path: string) => zip.files.find((e) => e.path === path);
  const rels = entry('xl/_rels/workbook.xml.rels');
  if (rels) await reader._parseRels(rels.stream());
  const workbook = entry('xl/workbook.xml');
  if (workbook) await reader._parseWorkbook(workbook.stream());
  const strings = entry('xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(strings.stream()));
  const styles = entry('xl/styles.xml');
  if (styles) await reader._parseStyles(styles.stream());
  for (const sheet of sheetOrder(reader, zip.files)) {
    const number = SHEET.exec(sheet.path)![1];
    for (const event of reader._parseWorksheet(sheet.stream(), number))
      if (event.eventType === 'worksheet') yield event.value as AsyncIterable<unknown>;
  }
}
