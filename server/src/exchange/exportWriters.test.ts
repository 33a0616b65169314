import * as ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeCsv, writeXlsx } from './exportWriters';

/** Collects what a writer streams into `out`. */
function sink(): { out: PassThrough; bytes: () => Promise<Buffer> } {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  return { out, bytes: async () => (await ended, Buffer.concat(chunks)) };
}

async function* pages(count: number, size: number) {
  for (let p = 0; p < count; p++)
    yield Array.from({ length: size }, (_, i) => [p * size + i + 1, `row ${p * size + i + 1}`]);
}

describe('writeXlsx', () => {
  it('streams every page into sheets of at most sheetMaxRow data rows, each with the header', async () => {
    const { out, bytes } = sink();
    const total = await writeXlsx(out, { titles: ['No', 'Name'], sheetMaxRow: 4, sheetBaseName: 'Rates' }, pages(3, 3));
    expect(total).toBe(9);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytes()) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Rates', 'Rates_2', 'Rates_3']);
    expect(workbook.worksheets.map((s) => s.rowCount)).toEqual([5, 5, 2]);
    expect((workbook.worksheets[1].getRow(1).values as unknown[]).slice(1)).toEqual(['No', 'Name']);
    expect((workbook.worksheets[2].getRow(2).values as unknown[]).slice(1)).toEqual([9, 'row 9']);
  });

  it('writes a header-only sheet when the list is empty', async () => {
    const { out, bytes } = sink();
    expect(await writeXlsx(out, { titles: ['A'], sheetMaxRow: 10, sheetBaseName: 'x' }, pages(1, 0))).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytes()) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(1);
  });
});

describe('writeCsv', () => {
  it('writes a BOM, the titles and every row as quoted CSV lines', async () => {
    const { out, bytes } = sink();
    async function* rows() {
      yield [
        ['a,b', 1],
        ['=x', null],
      ];
      yield [['say "hi"', 2.5]];
    }
    expect(await writeCsv(out, ['Name, full', 'N'], rows())).toBe(3);
    expect((await bytes()).toString('utf8')).toBe('\uFEFF"Name, full",N\r\n"a,b",1\r\n\'=x,\r\n"say ""hi""",2.5\r\n');
  });
});
