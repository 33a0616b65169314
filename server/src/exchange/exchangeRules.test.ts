import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/apiError';
import {
  csvColumns,
  csvField,
  csvLine,
  CSV_DEFAULT_NAME,
  exportFileName,
  neutralizeCell,
  parseColumns,
  parseExportRequest,
  parseListUrl,
  sheetName,
  SHEET_MAX_NEW,
  SHEET_MAX_OLD,
  EXPORT_PAGE_ROWS,
} from './exchangeRules';

const defaults = { fileName: 'export', sheetMaxRow: SHEET_MAX_NEW };
const body = (overrides: Record<string, unknown> = {}) => ({
  requestUrl: '/api/srmServer/v1/srmBaseExchangeRateRestful/listByPage',
  requestParams: '{"params":{"status":"VALID"}}',
  columns: '[{"key":"rate","title":"Rate"}]',
  fileName: 'Rates',
  ...overrides,
});
const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return { status: (e as ApiError).httpStatus, en: (e as ApiError).text.en, cn: (e as ApiError).text.cn };
  }
  throw new Error('expected a failure');
};

describe('constants of docs/architecture.md "Spec: constants"', () => {
  it('pages by 20000 rows; sheets of 20001 (new) and 50000 (old/template); csv default name', () => {
    expect([EXPORT_PAGE_ROWS, SHEET_MAX_NEW, SHEET_MAX_OLD, CSV_DEFAULT_NAME]).toEqual([
      20000,
      20001,
      50000,
      'DefaultExportCsv',
    ]);
  });
});

describe('parseExportRequest', () => {
  it('reads JSON text (as the spec sends it) and objects alike', () => {
    const fromText = parseExportRequest(body(), defaults);
    const fromObjects = parseExportRequest(
      body({ requestParams: { params: { status: 'VALID' } }, columns: [{ key: 'rate', title: 'Rate' }] }),
      defaults,
    );
    expect(fromText).toEqual(fromObjects);
    expect(fromText).toMatchObject({
      columns: [{ key: 'rate', title: 'Rate' }],
      fileName: 'Rates',
      sheetMaxRow: SHEET_MAX_NEW,
      customParams: {},
    });
  });

  it('answers an empty URL and an empty field list with the spec texts', () => {
    for (const requestUrl of ['', '  ', undefined]) {
      expect(failure(() => parseExportRequest(body({ requestUrl }), defaults))).toEqual({
        status: 400,
        en: 'the request data link cannot be empty',
        cn: '请求数据链接不能为空',
      });
    }
    for (const columns of ['', '[]', [], undefined, null]) {
      expect(failure(() => parseExportRequest(body({ columns }), defaults)).en).toBe(
        'the export field list cannot be empty',
      );
    }
  });

  it('refuses malformed JSON, columns without keys, non-object params and bad sheet sizes', () => {
    expect(failure(() => parseExportRequest(body({ requestParams: '{oops' }), defaults)).status).toBe(400);
    expect(failure(() => parseExportRequest(body({ requestParams: '[1]' }), defaults)).status).toBe(400);
    expect(failure(() => parseColumns([{ title: 'x' }])).status).toBe(400);
    expect(failure(() => parseColumns(Array.from({ length: 201 }, (_, i) => ({ key: `k${i}` })))).status).toBe(400);
    expect(failure(() => parseExportRequest(body({ sheetMaxRow: 0 }), defaults)).status).toBe(400);
    expect(failure(() => parseExportRequest(body({ sheetMaxRow: 'many' }), defaults)).status).toBe(400);
  });

  it('takes defaults for the file name and sheet size, a dataIndex for a key and the key for a missing title', () => {
    const parsed = parseExportRequest(
      body({ fileName: ' ', sheetMaxRow: undefined, columns: [{ dataIndex: 'rate' }] }),
      { fileName: CSV_DEFAULT_NAME, sheetMaxRow: SHEET_MAX_OLD },
    );
    expect(parsed).toMatchObject({
      fileName: CSV_DEFAULT_NAME,
      sheetMaxRow: SHEET_MAX_OLD,
      columns: [{ key: 'rate', title: 'rate' }],
    });
    expect(parseExportRequest(body({ sheetMaxRow: 5_000_000 }), defaults).sheetMaxRow).toBe(1048575);
  });
});

describe('parseListUrl', () => {
  it('accepts listByPage paths with or without /api, the zuul alias or the page origin', () => {
    const expected = { area: 'srmServer', resource: 'srmBaseExchangeRateRestful' };
    for (const url of [
      '/api/srmServer/v1/srmBaseExchangeRateRestful/listByPage',
      '/srmServer/v1/srmBaseExchangeRateRestful/listByPage',
      'http://localhost:8080/api/srmServer/v1/srmBaseExchangeRateRestful/listByPage',
      '/api/zuul/srmServer/v1/srmBaseExchangeRateRestful/listByPage?x=1',
    ]) {
      expect(parseListUrl(url)).toEqual(expected);
    }
  });

  it('refuses every other action and anything that is not such a path', () => {
    for (const url of [
      '/api/srmServer/v1/srmBaseExchangeRateRestful/delete',
      'http://169.254.169.254/latest',
      '/api/srmServer/v1/../../etc/listByPage',
      'file:///etc/passwd',
      '/api/srmServer/v1/srmBaseExchangeRate/listByPage',
      '/api/srmServer/v2/srmBaseExchangeRateRestful/listByPage',
    ]) {
      expect(failure(() => parseListUrl(url)).status, url).toBe(400);
    }
  });
});

describe('neutralizeCell', () => {
  it('prefixes text starting with = + - @ (and tab/CR) with an apostrophe; leaves other values alone', () => {
    expect(['=1+1', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'].map(neutralizeCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\t=1",
      "'\r=1",
    ]);
    expect(['a=1', 'normal', '', 'a =1', '１＋１', '  ', '\u3000'].map(neutralizeCell)).toEqual([
      'a=1',
      'normal',
      '',
      'a =1',
      '１＋１',
      '  ',
      '\u3000',
    ]);
    expect([-5, 3.5, null, undefined, true].map(neutralizeCell)).toEqual([-5, 3.5, null, undefined, true]);
  });

  it('also after leading whitespace, for full-width ＝ ＋ － ＠, and for any leading line break or tab (issue 13)', () => {
    const formulas = [
      ' =1+1',
      '   +A1',
      '\u3000=1',
      '\u00a0@SUM(A1)',
      '＝1+1',
      '＋A1',
      '－A1',
      '＠SUM(A1)',
      ' ＝HYPERLINK("x")',
      '\n=1',
      '\r\n=1',
      '\tplain',
      '\nplain',
      '\r',
      ' \t -1',
    ];
    for (const text of formulas) expect(neutralizeCell(text), JSON.stringify(text)).toBe(`'${text}`);
  });
});

describe('CSV', () => {
  it('skips the first column', () => {
    expect(
      csvColumns([
        { key: 'index', title: '#' },
        { key: 'a', title: 'A' },
        { key: 'b', title: 'B' },
      ]),
    ).toEqual([
      { key: 'a', title: 'A' },
      { key: 'b', title: 'B' },
    ]);
  });

  it('quotes values with a comma, a quote or a line break; neutralises formulas; empty for null', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=cmd|x')).toBe("'=cmd|x");
    expect(csvField(null)).toBe('');
    expect(csvField(7.5)).toBe('7.5');
    expect(csvLine(['x', 'y,z', 1])).toBe('x,"y,z",1\r\n');
  });
});

describe('names', () => {
  it('file names keep Chinese, lose path characters, get their extension once', () => {
    expect(exportFileName('汇率管理', 'xlsx')).toBe('汇率管理.xlsx');
    expect(exportFileName('a/b:c*?', 'csv')).toBe('a_b_c__.csv');
    expect(exportFileName('report.XLSX', 'xlsx')).toBe('report.XLSX');
    expect(exportFileName('', 'xlsx')).toBe('export.xlsx');
  });

  it('sheet names are numbered after the first and never hold Excel-forbidden characters', () => {
    expect(sheetName('Rates', 0)).toBe('Rates');
    expect(sheetName('Rates', 2)).toBe('Rates_3');
    expect(sheetName('a/b[c]', 0)).toBe('a_b_c_');
    expect(sheetName('x'.repeat(40), 1).length).toBeLessThanOrEqual(31);
  });
});
