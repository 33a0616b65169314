import * as ExcelJS from 'exceljs';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as unzipper from 'unzipper';
import { afterAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { workbookSheets } from './workbookSheets';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-book-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const OPTIONS = { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit' } as const;

async function rowsOf(file: string): Promise<unknown[][][]> {
  const sheets: unknown[][][] = [];
  for await (const sheet of workbookSheets(file, OPTIONS)) {
    const rows: unknown[][] = [];
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) rows.push((row.values as unknown[]).slice(1));
    sheets.push(rows);
  }
  return sheets;
}

/** exceljs's workbook, its zip entries rewritten in `order` and its workbook.xml changed by `edit`. */
async function rezipped(order: (paths: string[]) => string[], edit: (xml: string) => string): Promise<string> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('empty');
  book.addWorksheet('data').addRows([
    ['code', '编码'],
    ['A-1', new Date(Date.UTC(2026, 0, 2))],
  ]);
  const entries = (await unzipper.Open.buffer(Buffer.from(await book.xlsx.writeBuffer()))).files.filter(
    (e) => e.type === 'File',
  );
  const content = new Map(await Promise.all(entries.map(async (e) => [e.path, await e.buffer()] as const)));
  content.set('xl/workbook.xml', Buffer.from(edit(content.get('xl/workbook.xml')!.toString('utf8'))));
  const zip = new ZipFile();
  for (const name of order([...content.keys()])) zip.addBuffer(content.get(name)!, name);
  zip.end();
  const file = path.join(dir, `${fs.readdirSync(dir).length}.xlsx`);
  await new Promise<void>((resolve, reject) =>
    zip.outputStream
      .pipe(fs.createWriteStream(file))
      .on('finish', () => resolve())
      .on('error', reject),
  );
  return file;
}

describe('workbookSheets', () => {
  it('reads the sheets in the order the workbook lists them, whatever the order of the zip', async () => {
    // The sheets first and workbook.xml last (exceljs's own order, the one that lost entries), the
    // workbook listing sheet2 before sheet1: the data sheet is the first sheet a user sees.
    const swapped = (xml: string) => {
      const sheets = xml.match(/<sheet [^>]*\/>/g)!;
      return xml.replace(sheets[0], '\u0000').replace(sheets[1], sheets[0]).replace('\u0000', sheets[1]);
    };
    const last = (paths: string[]) => {
      const sheets = paths.filter((p) => p.startsWith('xl/worksheets/')).sort();
      const rest = paths.filter((p) => !sheets.includes(p) && p !== 'xl/workbook.xml');
      return [...sheets, ...rest, 'xl/workbook.xml'];
    };
    const file = await rezipped(last, swapped);
    const sheets = await rowsOf(file);
    expect(sheets).toHaveLength(2);
    expect(sheets[0][0]).toEqual(['code', '编码']);
    expect(sheets[0][1][0]).toBe('A-1');
    expect(sheets[0][1][1]).toEqual(new Date(Date.UTC(2026, 0, 2)));
    expect(sheets[1]).toEqual([]);
  });

  it('reads the same template many times without losing a part of it', async () => {
    const file = await rezipped(
      (paths) => paths,
      (xml) => xml,
    );
    for (let i = 0; i < 50; i++) expect((await rowsOf(file)).map((s) => s.length)).toEqual([0, 2]);
  });

  it('refuses a file that is no zip, and a zip cut before its directory', async () => {
    const text = path.join(dir, 'text.xlsx');
    fs.writeFileSync(text, 'not a workbook');
    await expect(rowsOf(text)).rejects.toThrow();
    const whole = fs.readFileSync(
      await rezipped(
        (p) => p,
        (x) => x,
      ),
    );
    const cut = path.join(dir, 'cut.xlsx');
    fs.writeFileSync(cut, whole.subarray(0, whole.length - 100));
    await expect(rowsOf(cut)).rejects.toThrow();
  });
});
