/** Test helpers of the exchange suites: calls answered with files, and workbooks read back with exceljs. */
import * as ExcelJS from 'exceljs';
import { signedHeaders, type ApiAnswer, type TestServer } from '../testing/testServer';

export interface FileAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

export const EXPORT_PATH = 'exportServer/v1/exportExcelRestful';
export const IMPORT_PATH = 'exportServer/v1/importExcelRestful';

/** A JSON-bodied call answered with a file (or an error envelope, read as bytes). */
export async function filePost(
  server: TestServer,
  auth: Record<string, string>,
  path: string,
  body: unknown,
): Promise<FileAnswer> {
  const res = await fetch(`${server.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { ...signedHeaders(), ...auth },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export const envelopeOf = (answer: FileAnswer) => JSON.parse(answer.bytes.toString('utf8')) as ApiAnswer['body'];

/** Uploads an xlsx to importExcel as a browser's FormData would. */
export async function importFile(
  server: TestServer,
  auth: Record<string, string>,
  content: Buffer,
  name = 'rates.xlsx',
): Promise<ApiAnswer> {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const { 'content-type': _json, ...signed } = signedHeaders();
  const res = await fetch(`${server.baseUrl}/api/${IMPORT_PATH}/importExcel`, {
    method: 'POST',
    headers: { ...signed, ...auth },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
}

export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's rows as arrays of values (row 1 first). */
export function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A workbook of one sheet with these rows, as a user would save it from Excel. */
export async function workbookOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
