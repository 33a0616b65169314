import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectError, expectOk } from '../testing/apiAssertions';
import { fileCall } from '../testing/fileFixtures';
import { RATE, RATE_TABLE, REQ, REQ_TABLE } from '../testing/srmFixtures';
import { startTestServer, type ApiAnswer, type TestServer } from '../testing/testServer';
import { filePost, IMPORT_PATH, importFile, readWorkbook, sheetRows, workbookOf } from './exchangeFixtures';

/**
 * importExcel and downloadImportTemplate over HTTP: the template's headers and drop-downs, every
 * row validated like a saveOrUpdate body, all or nothing, row/column errors and an error file.
 */
let server: TestServer;
let buyerRates: Record<string, string>;
const HEADER = ['From currency', 'To currency', 'Rate type', 'Rate', 'Rate date', 'Valid from', 'Valid to'];
/** A refused import: HTTP 400, status E, and the row errors as data. */
function expectRefused(answer: ApiAnswer): void {
  expect([answer.status, answer.body.code, answer.body.status, Array.isArray(answer.body.data?.errors)]).toEqual([
    400,
    'E',
    'E',
    true,
  ]);
}
/** A zip holding one plain file: a valid archive that is not a workbook. */
async function zipWith(name: string, text: string): Promise<Buffer> {
  const JSZip = (await import('jszip')).default;
  const zip = new JSZip();
  zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer' });
}
const goodRow = (day: number) => ['US dollar', 'CNY', 'Spot', 7.1234, new Date(Date.UTC(2027, 0, day)), null, null];

beforeAll(async () => {
  server = await startTestServer('exchange_import');
  buyerRates = await server.authHeaders(RATE, 'buyer01');
});
afterAll(async () => server?.close());

describe('downloadImportTemplate', () => {
  it("answers an xlsx whose headers are the page's writable columns and whose lookup columns are drop-downs", async () => {
    const answer = await filePost(server, buyerRates, `${IMPORT_PATH}/downloadImportTemplate`, {});
    expect(answer.status).toBe(200);
    const workbook = await readWorkbook(answer.bytes);
    const [data, lists] = workbook.worksheets;
    expect(sheetRows(data)[0]).toEqual(HEADER);
    expect(lists.state).toBe('hidden');
    expect(sheetRows(lists).map((r) => r[0])).toContain('US dollar');
    const validation = data.getCell('A2').dataValidation;
    expect(validation).toMatchObject({ type: 'list' });
    expect(data.getCell('D2').dataValidation?.type).toBeUndefined();
  });

  it('is refused where the menu offers no import (403) and without a session (401)', async () => {
    const supplier = await server.authHeaders(RATE, 'supplier01');
    expect((await filePost(server, supplier, `${IMPORT_PATH}/downloadImportTemplate`, {})).status).toBe(403);
    expect((await filePost(server, { certificate: '' }, `${IMPORT_PATH}/downloadImportTemplate`, {})).status).toBe(401);
  });
});

describe('importExcel', () => {
  it('imports every row of a good file (meanings or codes, dates as dates) in one go', async () => {
    const before = await countRows(server, RATE_TABLE);
    const file = await workbookOf([
      HEADER,
      goodRow(1),
      ['EUR', 'Chinese yuan', 'MONTHLY', '7.5', '2027-01-02', '2027-01-02', '2027-01-31'],
    ]);
    const data = expectOk(await importFile(server, buyerRates, file));
    expect(data).toEqual({ total: 2, imported: 2 });
    expect(await countRows(server, RATE_TABLE)).toBe(before + 2);
    const [saved] = await server.kernel.db.select(
      "SELECT * FROM srm_base_exchange_rate WHERE rate_date = '2027-01-02'",
    );
    expect(saved).toMatchObject({
      from_currency: 'EUR',
      to_currency: 'CNY',
      rate_type: 'MONTHLY',
      status: 'NEW',
      created_by: expect.anything(),
    });
    expect(String(saved.rate)).toMatch(/^7\.5/);
  });

  it('imports nothing when one row is bad, and names its row and column (also in an error file)', async () => {
    const before = await countRows(server, RATE_TABLE);
    const file = await workbookOf([
      HEADER,
      goodRow(10),
      ['Martian peso', 'CNY', 'Spot', 'lots', '2027-01-11'],
      goodRow(12),
    ]);
    const answer = await importFile(server, buyerRates, file, 'my rates.xlsx');
    expectRefused(answer);
    expect(answer.body.msg).toContain('1 of 3 rows');
    expect(answer.body.data.errors).toEqual([
      { row: 3, column: 'From currency', message: expect.stringContaining('Martian peso') },
      { row: 3, column: 'Rate', message: 'must be a number' },
    ]);
    expect(answer.body.errors?.[0].field).toBe('row 3 From currency');
    expect(await countRows(server, RATE_TABLE)).toBe(before);
    const errorFile = await fileCall(server, buyerRates, `v2/file/download?id=${answer.body.data.errorFileId}`);
    expect(errorFile.status).toBe(200);
    const rows = sheetRows((await readWorkbook(errorFile.bytes)).worksheets[0]);
    expect(rows[0]).toEqual(['Row', ...HEADER, 'Errors']);
    expect(rows[1].slice(0, 2)).toEqual([3, 'Martian peso']);
    expect(String(rows[1][HEADER.length + 1])).toContain('Rate: must be a number');
  });

  it('reports what only the database knows (a duplicate) and rolls back the rows before it', async () => {
    const before = await countRows(server, RATE_TABLE);
    const answer = await importFile(server, buyerRates, await workbookOf([HEADER, goodRow(20), goodRow(20)]));
    expectRefused(answer);
    expect(answer.body.data.errors).toEqual([{ row: 3, column: '', message: expect.stringContaining('Duplicate') }]);
    expect(await countRows(server, RATE_TABLE)).toBe(before);
  });

  it('checks required fields and record rules like saveOrUpdate does', async () => {
    const answer = await importFile(server, buyerRates, await workbookOf([HEADER, ['USD', 'CNY', 'SPOT', -1, null]]));
    expectRefused(answer);
    const columns = answer.body.data.errors.map((e: { column: string }) => e.column).sort();
    expect(columns).toEqual(['Rate', 'Rate date']);
  });

  it('refuses a file without the required columns, an empty file, and something that is not xlsx', async () => {
    const noColumns = await importFile(server, buyerRates, await workbookOf([['Rate'], [1]]));
    expectError(noColumns, 400);
    expect(noColumns.body.msg).toContain('From currency');
    expectError(await importFile(server, buyerRates, await workbookOf([HEADER])), 400);
    expectError(await importFile(server, buyerRates, Buffer.from('a,b\n1,2\n'), 'rates.csv'), 400);
  });

  // Issue 13: a malformed upload is the client's mistake: 400 naming the problem, never a 500.
  it('answers 400 naming the problem to a truncated xlsx, a zip that is no workbook, and a workbook whose first sheet is empty', async () => {
    const good = await workbookOf([HEADER, goodRow(20)]);
    const before = await countRows(server, RATE_TABLE);
    for (const cut of [good.length - 200, Math.floor(good.length / 2), 40]) {
      const truncated = await importFile(server, buyerRates, good.subarray(0, cut));
      expectError(truncated, 400);
      expect(truncated.body.msg, `cut at ${cut}`).toMatch(/damaged or incomplete/);
    }
    const zipOfText = await zipWith('notes.txt', 'not a workbook');
    const notWorkbook = await importFile(server, buyerRates, zipOfText);
    expectError(notWorkbook, 400);
    expect(notWorkbook.body.msg).toMatch(/no worksheet|damaged or incomplete/);
    const ExcelJS = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('empty');
    workbook.addWorksheet('data').addRows([HEADER, goodRow(21)]);
    const wrongSheet = await importFile(server, buyerRates, Buffer.from(await workbook.xlsx.writeBuffer()));
    expectError(wrongSheet, 400);
    expect(wrongSheet.body.msg).toMatch(/header row/);
    const cn = await importFile(server, { ...buyerRates, language: 'CN' }, good.subarray(0, good.length - 200));
    expectError(cn, 400);
    expect(cn.body.msg).toMatch(/损坏|不完整/);
    expect(await countRows(server, RATE_TABLE)).toBe(before);
  });

  it('needs the import button resource of the menu: not offered (supplier) or not granted (approver role only)', async () => {
    const supplier = await server.authHeaders(RATE, 'supplier01');
    expectError(await importFile(server, supplier, await workbookOf([HEADER, goodRow(25)])), 403);
    const buyerReqs = await server.authHeaders(REQ, 'buyer01');
    await server.kernel.db.transaction((tx) =>
      tx.execute("DELETE FROM base_role_resource WHERE role_id = 101 AND menu_id = ? AND resource_code = 'btnImport'", [
        Number(buyerReqs.menuId),
      ]),
    );
    server.kernel.auth.access.invalidate();
    const before = await countRows(server, REQ_TABLE);
    expectError(await importFile(server, buyerReqs, await workbookOf([['Description'], ['x']])), 403);
    expect(await countRows(server, REQ_TABLE)).toBe(before);
  });

  it('reads back its own export: the template filled in imports', async () => {
    const template = await readWorkbook(
      (await filePost(server, buyerRates, `${IMPORT_PATH}/downloadImportTemplate`, {})).bytes,
    );
    template.worksheets[0].addRow(['Euro', 'US dollar', 'Corporate', 1.08, new Date(Date.UTC(2027, 1, 1))]);
    const filled = Buffer.from(await template.xlsx.writeBuffer());
    expect(expectOk(await importFile(server, buyerRates, filled))).toEqual({ total: 1, imported: 1 });
  });
});

describe('importing requisitions (references by label)', () => {
  it('creates draft headers with document numbers; companies, plants and people named by their labels', async () => {
    const buyerReqs = await server.authHeaders(REQ, 'buyer01');
    await server.kernel.db.transaction((tx) =>
      tx.execute(
        "INSERT INTO base_role_resource (role_id, menu_id, resource_code) SELECT 101, ?, 'btnImport' WHERE NOT EXISTS (SELECT 1 FROM base_role_resource WHERE role_id = 101 AND menu_id = ? AND resource_code = 'btnImport')",
        [Number(buyerReqs.menuId), Number(buyerReqs.menuId)],
      ),
    );
    server.kernel.auth.access.invalidate();
    const template = await readWorkbook(
      (await filePost(server, buyerReqs, `${IMPORT_PATH}/downloadImportTemplate`, {})).bytes,
    );
    const header = sheetRows(template.worksheets[0])[0];
    expect(header).toEqual([
      'Type',
      'Company',
      'Ship-to plant',
      'Department',
      'Requester',
      'Date',
      'Currency',
      'Urgent',
      'Description',
    ]);
    const before = await countRows(server, REQ_TABLE);
    const row = [
      'Production',
      'Meridian Electronics (Suzhou) Co., Ltd.',
      '苏州一厂',
      'Production Department',
      'buyer01',
      '2027-03-01',
      'CNY',
      'Yes',
      'imported',
    ];
    const answer = await importFile(
      server,
      buyerReqs,
      await workbookOf([header, row, [...row.slice(0, 1), 'No such company', ...row.slice(2)]]),
    );
    expectRefused(answer);
    expect(answer.body.data.errors).toEqual([
      { row: 3, column: 'Company', message: '"No such company" does not name exactly one record' },
    ]);
    expect(expectOk(await importFile(server, buyerReqs, await workbookOf([header, row])))).toEqual({
      total: 1,
      imported: 1,
    });
    expect(await countRows(server, REQ_TABLE)).toBe(before + 1);
    const [saved] = await server.kernel.db.select(
      "SELECT * FROM srm_pur_requisition_header WHERE description = 'imported'",
    );
    expect(saved).toMatchObject({ org_id: 2, inv_org_id: 5, dept_id: 9, status: 'DRAFT', urgent_flag: 'Y' });
    expect(saved.requisition_number).toMatch(/^PR/);
  });
});
