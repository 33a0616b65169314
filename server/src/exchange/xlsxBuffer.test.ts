import * as ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxBuffer } from './xlsxBuffer';

describe('xlsxBuffer', () => {
  it('answers the whole workbook: the titles, then the rows, split into sheets of sheetMaxRow', async () => {
    const rows = [
      ['A-1', 1.5],
      ['A-2', null],
      ['A-3', 3],
    ];
    const content = await xlsxBuffer(
      { titles: ['编号 No', '得分 Score'], sheetMaxRow: 2, sheetBaseName: 'scores' },
      rows,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(content as unknown as ArrayBuffer);
    expect(book.worksheets).toHaveLength(2);
    const values = (sheet: ExcelJS.Worksheet) =>
      sheet
        .getSheetValues()
        .slice(1)
        .map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(values(book.worksheets[0])).toEqual([['编号 No', '得分 Score'], ['A-1', 1.5], ['A-2']]);
    expect(values(book.worksheets[1])).toEqual([
      ['编号 No', '得分 Score'],
      ['A-3', 3],
    ]);
  });
});
