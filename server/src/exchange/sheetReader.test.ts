import * as ExcelJS from 'exceljs';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/apiError';
import { RowErrors } from './rowErrors';
import { readSheet, readSheets, type SheetColumn } from './sheetReader';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-sheet-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function workbook(...sheets: unknown[][][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  sheets.forEach((rows, i) => {
    const sheet = book.addWorksheet(`s${i}`);
    for (const row of rows) sheet.addRow(row);
  });
  const file = path.join(dir, `book-${n++}.xlsx`);
  await book.xlsx.writeFile(file);
  return file;
}

const COLUMNS: SheetColumn[] = [
  { key: 'code', titles: ['code', '编码'], required: true },
  { key: 'name', titles: ['itemName', '物料名称'] },
  { key: 'day', titles: ['day'] },
];

async function refusal(run: Promise<unknown>): Promise<ApiError> {
  const e = await run.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('readSheet', () => {
  it('matches titles in either language regardless of blanks and case; cells as the text they show; blank rows skipped', async () => {
    const file = await workbook([
      [' 编 码 ', 'ITEMNAME', 'other', 'day'],
      ['A1', { richText: [{ text: '螺' }, { text: '钉' }] }, 'x', new Date(Date.UTC(2026, 10, 25))],
      [null, null, 'ignored'],
      [{ formula: '1+1', result: 2 }, 'bolt ', null, new Date(Date.UTC(2026, 10, 25, 8, 30))],
    ]);
    expect(await readSheet(file, COLUMNS)).toEqual([
      { row: 2, values: { code: 'A1', name: '螺钉', day: '2026-11-25' } },
      { row: 4, values: { code: '2', name: 'bolt', day: '2026-11-25 08:30:00' } },
    ]);
  });

  it('refuses a file without a required column, over the row limit, damaged, or with no worksheet (400)', async () => {
    const noCode = await refusal(readSheet(await workbook([['itemName'], ['x']]), COLUMNS));
    expect([noCode.httpStatus, noCode.text.en]).toEqual([400, 'The file lacks required columns: code/编码']);
    const many = await refusal(readSheet(await workbook([['code'], ['a'], ['b'], ['c']]), COLUMNS, 2));
    expect(many.text.en).toBe('At most 2 rows at once');
    const damaged = path.join(dir, 'damaged.xlsx');
    fs.writeFileSync(damaged, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 1)]));
    expect((await refusal(readSheet(damaged, COLUMNS))).httpStatus).toBe(400);
    expect((await refusal(readSheet(await workbook(), COLUMNS))).text.en).toMatch(/no worksheet/);
  });

  it('reads each sheet with its own columns; a missing sheet reads as no rows', async () => {
    const scores: SheetColumn[] = [{ key: 'score', titles: ['score'] }];
    const file = await workbook([['code'], ['a']]);
    expect(await readSheets(file, [COLUMNS, scores])).toEqual([[{ row: 2, values: { code: 'a' } }], []]);
  });
});

describe('RowErrors', () => {
  it("names each bad row (and column) in the caller's language, counts bad rows exactly, caps the list", () => {
    const errors = new RowErrors();
    expect(errors.refusal(3, 'EN')).toBeUndefined();
    errors.add(3, 'unknown supplier');
    errors.add(4, 'must be a number', 'Score');
    errors.add(4, 'required', 'Item');
    const en = errors.refusal(5, 'EN')!;
    expect(en.text.en).toBe('Import refused: 2 of 5 rows have errors; nothing was imported');
    expect(en.errors!.map((e) => e.field)).toEqual(['row 3', 'row 4 Score', 'row 4 Item']);
    expect(errors.refusal(5, 'CN')!.errors!.map((e) => e.field)).toEqual(['第 3 行', '第 4 行 Score', '第 4 行 Item']);
    const many = new RowErrors();
    for (let row = 2; row < 300; row++) many.add(row, 'bad');
    const capped = many.refusal(298, 'EN')!;
    expect([capped.errors!.length, many.failed]).toEqual([200, 298]);
  });
});
