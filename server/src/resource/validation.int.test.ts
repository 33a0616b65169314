import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import {
  type Body,
  LINE_TABLE,
  lineBody,
  RATE,
  RATE_TABLE,
  rateBody,
  REQ,
  REQ_TABLE,
  requisitionBody,
} from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('validation');
});
afterAll(async () => {
  await server?.close();
});

/** Every failing save below must leave headers, lines, rates and the document-number sequence as they were. */
let snapshot: Record<string, unknown[]>;
const tables: [string, string][] = [
  [REQ_TABLE, 'requisition_header_id'],
  [LINE_TABLE, 'requisition_line_id'],
  [RATE_TABLE, 'exchange_rate_id'],
  ['base_doc_sequence', 'sequence_id'],
];
async function readAll(): Promise<Record<string, unknown[]>> {
  return Object.fromEntries(
    await Promise.all(tables.map(async ([t, k]) => [t, await tableRows(server, t, k)] as const)),
  );
}
beforeEach(async () => {
  snapshot = await readAll();
});
async function expectNothingChanged(): Promise<void> {
  expect(await readAll()).toEqual(snapshot);
}

const saveRequisition = (body: Body) => server.call('srmServer', REQ, 'saveOrUpdate', body);
const saveRate = (body: Body) => server.call('srmServer', RATE, 'saveOrUpdate', body);

describe('record schema on create (400 with field errors, nothing written)', () => {
  it('rejects wrong types: text for a reference, a number for a lookup, a number for a string', async () => {
    const answer = await saveRequisition(requisitionBody({ orgId: 'two', requisitionType: 7, billTypeCode: 12 }));
    expectError(answer, 400, ['orgId', 'requisitionType', 'billTypeCode']);
    await expectNothingChanged();
  });

  it('rejects a fractional number for an integer reference', async () => {
    expectError(await saveRequisition(requisitionBody({ requesterId: 2.5 })), 400, ['requesterId']);
    await expectNothingChanged();
  });

  it('rejects a string longer than the column', async () => {
    expectError(await saveRequisition(requisitionBody({ billTypeCode: 'X'.repeat(31) })), 400, ['billTypeCode']);
    await expectNothingChanged();
  });

  it('accepts a string exactly as long as the column, in characters not bytes', async () => {
    const saved = expectOk(await saveRequisition(requisitionBody({ billTypeCode: '单'.repeat(30) })));
    expect(saved.billTypeCode).toBe('单'.repeat(30));
  });

  it.each(['2026-02-30', '2026-13-01', '22/11/2026', '2026-11-22T10:00:00', 'tomorrow'])(
    'rejects the bad date %s',
    async (date) => {
      expectError(await saveRequisition(requisitionBody({ requisitionDate: date })), 400, ['requisitionDate']);
      await expectNothingChanged();
    },
  );

  it.each(['X', 'y', 'true', true, 1])('rejects the flag value %s (only Y or N)', async (flag) => {
    expectError(await saveRequisition(requisitionBody({ urgentFlag: flag })), 400, ['urgentFlag']);
    await expectNothingChanged();
  });

  it('rejects a decimal with more decimals than its scale', async () => {
    expectError(await saveRate(rateBody({ rate: '7.123456789' })), 400, ['rate']);
    await expectNothingChanged();
  });

  it('rejects a decimal with more integer digits than its precision allows', async () => {
    expectError(await saveRate(rateBody({ rate: '1234567890123' })), 400, ['rate']);
    await expectNothingChanged();
  });

  it.each(['7,12', '7.1.2', '1e3', 'NaN', ' 7.12'])('rejects the malformed decimal %j', async (rate) => {
    expectError(await saveRate(rateBody({ rate })), 400, ['rate']);
    await expectNothingChanged();
  });

  it('rejects a negative rate (min 0)', async () => {
    expectError(await saveRate(rateBody({ rate: '-1.5' })), 400, ['rate']);
    await expectNothingChanged();
  });

  it('reports every missing required field on create', async () => {
    const answer = await saveRequisition({ urgentFlag: 'N', lines: [] });
    // Company, requester and date default from the caller's context ($user.orgId, $user.userId, $today).
    expectError(answer, 400, ['requisitionType', 'invOrgId']);
    expectError(
      await saveRequisition({ urgentFlag: 'N', lines: [], orgId: null, requesterId: null, requisitionDate: null }),
      400,
      ['requisitionType', 'orgId', 'invOrgId', 'requesterId', 'requisitionDate'],
    );
    await expectNothingChanged();
  });

  it('treats an empty string in a required field as missing', async () => {
    expectError(await saveRequisition(requisitionBody({ requisitionDate: '' })), 400, ['requisitionDate']);
    await expectNothingChanged();
  });

  it('names line errors by position: lines[1].quantity, lines[0].needByDate', async () => {
    const answer = await saveRequisition(
      requisitionBody({}, [lineBody(1, { needByDate: '2026-02-31' }), lineBody(2, { quantity: '1.123456' })]),
    );
    expectError(answer, 400, ['lines[0].needByDate', 'lines[1].quantity']);
    await expectNothingChanged();
  });

  it('reports a required field missing on a line as lines[0].uomCode', async () => {
    const { uomCode: _uom, ...line } = lineBody(1);
    expectError(await saveRequisition(requisitionBody({}, [line])), 400, ['lines[0].uomCode']);
    await expectNothingChanged();
  });

  it('rejects a line quantity below its minimum', async () => {
    expectError(await saveRequisition(requisitionBody({}, [lineBody(1, { quantity: '-3' })])), 400, [
      'lines[0].quantity',
    ]);
    await expectNothingChanged();
  });

  it('rejects lines that are not an array', async () => {
    expectError(await saveRequisition(requisitionBody({ lines: { 0: lineBody(1) } }, undefined)), 400);
    await expectNothingChanged();
  });

  it('rejects an unknown lookup code on the header', async () => {
    expectError(await saveRequisition(requisitionBody({ requisitionType: 'NOT_A_TYPE' })), 400, ['requisitionType']);
    await expectNothingChanged();
  });

  it('rejects an unknown lookup code on a line, named by position', async () => {
    const answer = await saveRequisition(requisitionBody({}, [lineBody(1), lineBody(2, { uomCode: 'FURLONG' })]));
    expectError(answer, 400, ['lines[1].uomCode']);
    await expectNothingChanged();
  });

  it('rejects a lookup code of another lookup type', async () => {
    expectError(await saveRate(rateBody({ rateType: 'PCS' })), 400, ['rateType']);
    await expectNothingChanged();
  });

  it('rejects an integer beyond the column range', async () => {
    const answer = await saveRequisition(requisitionBody({}, [lineBody(3_000_000_000)]));
    expectError(answer, 400, ['lines[0].lineNum']);
    await expectNothingChanged();
  });

  it('answers 400 with messages in the request language', async () => {
    const en = await saveRequisition(requisitionBody({ urgentFlag: 'X' }));
    const cn = await server.call('srmServer', REQ, 'saveOrUpdate', requisitionBody({ urgentFlag: 'X' }), {
      language: 'CN',
    });
    expectError(cn, 400, ['urgentFlag']);
    expect(en.body.msg).not.toBe(cn.body.msg);
    expect(cn.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('references name existing records (issue 13)', () => {
  it('refuses a header reference to no record, naming the field in CN and EN', async () => {
    const answer = await saveRequisition(requisitionBody({ requesterId: 999999 }));
    expectError(answer, 400, ['requesterId']);
    expect(answer.body.errors?.[0].message).toMatch(/999999/);
    const cn = await server.call(
      'srmServer',
      REQ,
      'saveOrUpdate',
      requisitionBody({ requesterId: 999999, deptId: 888888 }),
      { language: 'CN' },
    );
    expectError(cn, 400, ['requesterId', 'deptId']);
    expect((cn.body.errors ?? []).map((e: { message: string }) => e.message).join()).toMatch(/不存在/);
    await expectNothingChanged();
  });

  it('refuses a line reference to no record, naming the line', async () => {
    const answer = await saveRequisition(
      requisitionBody({}, [lineBody(1), lineBody(2, { itemId: 999999, categoryId: 3 })]),
    );
    expectError(answer, 400, ['lines[1].itemId']);
    await expectNothingChanged();
  });

  it('refuses it on update too, and accepts existing records', async () => {
    const created = expectOk(await saveRequisition(requisitionBody({ requesterId: 2 }, [lineBody(1, { itemId: 2 })])));
    snapshot = await readAll();
    expectError(await saveRequisition({ ...created, requesterId: 999999 }), 400, ['requesterId']);
    await expectNothingChanged();
  });

  it('refuses it in doBatchSaveOrUpdate, naming the row, and writes none of the rows', async () => {
    const answer = await server.call('srmServer', REQ, 'doBatchSaveOrUpdate', {
      rows: [requisitionBody(), requisitionBody({ requesterId: 999999 }, [lineBody(1, { categoryId: 777777 })])],
    });
    expectError(answer, 400, ['rows[1].requesterId', 'rows[1].lines[0].categoryId']);
    await expectNothingChanged();
  });
});

describe('record schema on update', () => {
  it('validates the fields an update carries and leaves the row unchanged', async () => {
    const answer = await saveRequisition({
      requisitionHeaderId: 1,
      versionNum: 1,
      requisitionDate: 'yesterday',
      urgentFlag: 'maybe',
    });
    expectError(answer, 400, ['requisitionDate', 'urgentFlag']);
    await expectNothingChanged();
  });

  it('rejects clearing a required field on update', async () => {
    expectError(await saveRequisition({ requisitionHeaderId: 1, versionNum: 1, orgId: null }), 400, ['orgId']);
    await expectNothingChanged();
  });

  it.each([['abc'], [-4], [0], [1.5]])('rejects the record key %j', async (id) => {
    expectError(await saveRequisition({ requisitionHeaderId: id, versionNum: 1, description: 'x' }), 400);
    await expectNothingChanged();
  });
});
