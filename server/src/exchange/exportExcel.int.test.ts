import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../testing/apiAssertions';
import { createRequisition, RATE, REQ } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { envelopeOf, EXPORT_PATH, filePost, readWorkbook, sheetRows } from './exchangeFixtures';

/**
 * exportExcel over HTTP (docs/architecture.md "Spec: calls", "Spec: messages", "Spec: constants",
 * "Export neutralisation"): the server runs the named list
 * with the caller's permissions, streams xlsx, neutralises formulas, and answers bad input in the envelope.
 */
let server: TestServer;
let buyerRates: Record<string, string>;
let buyerReqs: Record<string, string>;
const RATES_URL = '/api/srmServer/v1/srmBaseExchangeRateRestful/listByPage';
const RATE_COLUMNS = [
  { key: 'fromCurrency', title: 'From' },
  { key: 'rate', title: 'Rate' },
  { key: 'rateDate', title: 'Date' },
  { key: 'status', title: 'Status' },
];

const exportBody = (overrides: Record<string, unknown> = {}) => ({
  requestUrl: RATES_URL,
  requestParams: JSON.stringify({ params: {}, orderBy: 'exchangeRateId asc' }),
  columns: JSON.stringify(RATE_COLUMNS),
  fileName: 'Rates',
  sheetMaxRow: 20001,
  ...overrides,
});
const exportAs = (auth: Record<string, string>, body: unknown, action = 'exportExcel') =>
  filePost(server, auth, `${EXPORT_PATH}/${action}`, body);
const rateCount = async () =>
  Number((await server.kernel.db.select('SELECT COUNT(*) AS n FROM srm_base_exchange_rate'))[0].n);

beforeAll(async () => {
  server = await startTestServer('exchange_export');
  buyerRates = await server.authHeaders(RATE, 'buyer01');
  buyerReqs = await server.authHeaders(REQ, 'buyer01');
});
afterAll(async () => server?.close());

describe('exportExcel', () => {
  it('streams an xlsx of every listed row, lookups as meanings, in the request language', async () => {
    const answer = await exportAs(buyerRates, exportBody());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('spreadsheetml');
    expect(answer.headers.get('content-disposition')).toContain('Rates.xlsx');
    const rows = sheetRows((await readWorkbook(answer.bytes)).worksheets[0]);
    expect(rows[0]).toEqual(['From', 'Rate', 'Date', 'Status']);
    expect(rows).toHaveLength((await rateCount()) + 1);
    expect(rows[1]).toEqual(['US dollar', 7.12, '2026-11-01', expect.any(String)]);
    expect(rows[1][3]).not.toBe('VALID');
  });

  it('applies the search params and filter exactly as listByPage does', async () => {
    const requestParams = JSON.stringify({
      params: { fromCurrency: 'EUR' },
      filter: { field: 'status', op: 'eq', value: 'VALID' },
    });
    const rows = sheetRows(
      (await readWorkbook((await exportAs(buyerRates, exportBody({ requestParams }))).bytes)).worksheets[0],
    );
    const expected = await server.kernel.db.select(
      "SELECT COUNT(*) AS n FROM srm_base_exchange_rate WHERE from_currency = 'EUR' AND status = 'VALID'",
    );
    expect(rows.length - 1).toBe(Number(expected[0].n));
    expect(rows.slice(1).every((r) => r[0] === 'Euro')).toBe(true);
    // The customParams variant adds to the list's params (and is checked like them).
    const custom = await exportAs(
      buyerRates,
      exportBody({ requestParams: '{}', customParams: JSON.stringify({ fromCurrency: 'EUR', status: 'VALID' }) }),
    );
    expect(sheetRows((await readWorkbook(custom.bytes)).worksheets[0]).length - 1).toBe(Number(expected[0].n));
    expect((await exportAs(buyerRates, exportBody({ customParams: { passwordHash: 'x' } }))).status).toBe(400);
  });

  it('starts a new sheet (with the header again) after sheetMaxRow rows', async () => {
    const workbook = await readWorkbook((await exportAs(buyerRates, exportBody({ sheetMaxRow: 5 }))).bytes);
    const total = await rateCount();
    expect(workbook.worksheets).toHaveLength(Math.ceil(total / 5));
    expect(workbook.worksheets.map((s) => sheetRows(s).length - 1).reduce((a, b) => a + b)).toBe(total);
    expect(sheetRows(workbook.worksheets[1])[0]).toEqual(['From', 'Rate', 'Date', 'Status']);
  });

  it('neutralises cells starting with = + - @ so Excel never runs them', async () => {
    await createRequisition(server, { description: '=HYPERLINK("http://evil.example","x")' });
    await createRequisition(server, { description: '@SUM(1)' });
    const body = {
      requestUrl: '/api/srmServer/v1/srmPurRequisitionHeaderRestful/listByPage',
      requestParams: { params: {}, orderBy: 'requisitionHeaderId desc' },
      columns: [
        { key: 'description', title: 'Description' },
        { key: 'orgId', title: 'Org' },
      ],
      fileName: 'reqs',
    };
    const answer = await exportAs(buyerReqs, body);
    const rows = sheetRows((await readWorkbook(answer.bytes)).worksheets[0]);
    expect(rows[1][0]).toBe("'@SUM(1)");
    expect(rows[2][0]).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(typeof rows[1][1]).toBe('string');
  });

  it('answers the two empty-input messages of docs/architecture.md "Spec: messages" in the envelope', async () => {
    const noUrl = await exportAs(buyerRates, exportBody({ requestUrl: '' }));
    expect([noUrl.status, envelopeOf(noUrl).msg, envelopeOf(noUrl).status]).toEqual([
      400,
      'the request data link cannot be empty',
      'E',
    ]);
    const noColumns = await exportAs(buyerRates, exportBody({ columns: '[]' }));
    expect([noColumns.status, envelopeOf(noColumns).msg]).toEqual([400, 'the export field list cannot be empty']);
    const cn = await exportAs({ ...buyerRates, language: 'CN' }, exportBody({ columns: '' }));
    expect(envelopeOf(cn).msg).toBe('导出字段列表不能为空');
  });

  it('runs only registered listByPage endpoints: no other action, no URL of another host', async () => {
    for (const requestUrl of [
      'http://169.254.169.254/latest/meta-data',
      '/api/srmServer/v1/srmBaseExchangeRateRestful/delete',
      '/api/srmServer/v1/noSuchThingRestful/listByPage',
      '/api/baseServer/v1/srmBaseExchangeRateRestful/listByPage',
    ]) {
      const answer = await exportAs(buyerRates, exportBody({ requestUrl }));
      expect(answer.status, requestUrl).toBe(400);
    }
    const badFilter = await exportAs(
      buyerRates,
      exportBody({ requestParams: { filter: { field: 'secret', op: 'eq', value: 1 } } }),
    );
    expect(badFilter.status).toBe(400);
  });
});

describe('export permissions', () => {
  it('refuses what the caller cannot list: another menu, another responsibility, no session', async () => {
    const reqsFromRateMenu = await exportAs(buyerRates, {
      ...exportBody(),
      requestUrl: '/api/srmServer/v1/srmPurRequisitionHeaderRestful/listByPage',
    });
    expect(reqsFromRateMenu.status).toBe(403);
    const supplier = await server.authHeaders(RATE, 'supplier01');
    expect((await exportAs(supplier, exportBody())).status).toBe(403);
    const anonymous = await exportAs({ certificate: '' }, exportBody());
    expect(anonymous.status).toBe(401);
  });

  it('needs the export button resource on the menu even where listing is allowed', async () => {
    const reqs = {
      ...exportBody(),
      requestParams: {},
      requestUrl: '/api/srmServer/v1/srmPurRequisitionHeaderRestful/listByPage',
    };
    expect((await exportAs(buyerReqs, reqs)).status).toBe(200);
    // The buyer role loses btnExport on the requisition menu: listing still works, exporting does not.
    await server.kernel.db.transaction((tx) =>
      tx.execute("DELETE FROM base_role_resource WHERE role_id = 101 AND menu_id = ? AND resource_code = 'btnExport'", [
        Number(buyerReqs.menuId),
      ]),
    );
    server.kernel.auth.access.invalidate();
    const list = await server.call('srmServer', REQ, 'listByPage', { pageIndex: 1, pageRows: 20 }, buyerReqs);
    expect(list.status).toBe(200);
    const answer = await exportAs(buyerReqs, reqs);
    expectError({ status: answer.status, body: envelopeOf(answer) }, 403);
  });
});

describe('exportCsv', () => {
  it('skips the first column, quotes values with a comma, names the file DefaultExportCsv by default', async () => {
    await server.kernel.db.transaction((tx) =>
      tx.execute('UPDATE srm_base_exchange_rate SET rate = 1.5 WHERE exchange_rate_id = 1'),
    );
    const columns = [
      { key: 'index', title: '#' },
      { key: 'fromCurrency', title: 'From, currency' },
      { key: 'rate', title: 'Rate' },
    ];
    const answer = await exportAs(buyerRates, exportBody({ columns, fileName: '' }), 'exportCsv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain('DefaultExportCsv.csv');
    const lines = answer.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('"From, currency",Rate');
    expect(lines[1]).toBe('US dollar,1.5');
    expect(lines.filter(Boolean)).toHaveLength((await rateCount()) + 1);
  });
});

describe('downloadImportTemplateWithData', () => {
  it("fills the import template's columns with the listed rows, lookups as drop-downs of a hidden sheet", async () => {
    const answer = await exportAs(
      buyerRates,
      { requestUrl: RATES_URL, requestParams: { params: { fromCurrency: 'USD' } }, fileName: 'Rates template' },
      'downloadImportTemplateWithData',
    );
    expect(answer.status).toBe(200);
    const workbook = await readWorkbook(answer.bytes);
    const [data, lists] = workbook.worksheets;
    const rows = sheetRows(data);
    expect(rows[0]).toEqual([
      'From currency',
      'To currency',
      'Rate type',
      'Rate',
      'Rate date',
      'Valid from',
      'Valid to',
    ]);
    const usd = await server.kernel.db.select(
      "SELECT COUNT(*) AS n FROM srm_base_exchange_rate WHERE from_currency = 'USD'",
    );
    expect(rows.length - 1).toBe(Number(usd[0].n));
    expect(rows.slice(1).every((r) => r[0] === 'US dollar')).toBe(true);
    expect(data.getCell('A2').dataValidation).toMatchObject({ type: 'list' });
    expect(lists.state).toBe('hidden');
    expect(sheetRows(lists).map((r) => r[0])).toContain('Euro');
  });

  it('is an export: refused without the export right', async () => {
    const supplier = await server.authHeaders(RATE, 'supplier01');
    expect((await exportAs(supplier, { requestUrl: RATES_URL }, 'downloadImportTemplateWithData')).status).toBe(403);
    const noUrl = await exportAs(buyerRates, {}, 'downloadImportTemplateWithData');
    expect([noUrl.status, envelopeOf(noUrl).msg]).toEqual([400, 'the request data link cannot be empty']);
  });
});
