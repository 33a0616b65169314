import type { EffectDef } from '@meridian/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, tableRows } from '../testing/apiAssertions';
import { documentsWithEffects } from '../testing/metadataVariants';
import { lineBody, requisitionBody } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { act, actorsOf, type Actors } from './approvalFixtures';

/**
 * createRecord per group of lines (forEach with groupBy and keyInto) and the computed effect
 * values (line aggregates, a date some days after a field with a default) through whole
 * transitions, added to this server's own requisition lifecycle: closing splits an approved
 * requisition into one new requisition per quantity; cancelling a draft stamps counts, sums and dates (a line's remark, when it holds one, else
 * its need-by date a line number of days on) and a difference (a line's quantity less its number).
 */
let server: TestServer;
let a: Actors;

const copyLine = {
  lineNum: { field: 'lineNum' },
  itemId: { field: 'itemId' },
  categoryId: { field: 'categoryId' },
  uomCode: { field: 'uomCode' },
  quantity: { field: 'quantity' },
  estimatedPrice: { field: 'estimatedPrice' },
  needByDate: { field: 'needByDate' },
};
const splitByQuantity: EffectDef = {
  createRecord: {
    entity: 'srmPurRequisitionHeader',
    forEach: { lines: 'lines', groupBy: ['quantity'], keyInto: 'lineNum' },
    set: {
      requisitionType: { field: 'requisitionType' },
      orgId: { field: 'orgId' },
      invOrgId: { field: 'invOrgId' },
      requesterId: { field: 'requesterId' },
      requisitionDate: { field: 'needByDate', addDays: -3 },
      currencyCode: { field: 'currencyCode' },
      urgentFlag: 'N',
      description: { comment: true },
    },
    lines: { into: 'lines', from: 'lines', set: copyLine },
  },
};
const stampAggregates: EffectDef[] = [
  { set: { requisitionDate: { aggregate: 'min', lines: 'lines', field: 'needByDate' } } },
  {
    setLines: {
      lines: 'lines',
      set: {
        estimatedPrice: {
          aggregate: 'sum',
          lines: 'lines',
          field: 'quantity',
          where: { field: 'quantity', op: 'gt', value: 50 },
        },
        orderedQty: { aggregate: 'count', lines: 'lines' },
        needByDate: { field: 'remark', addDays: 1, default: { field: 'needByDate', addDaysFrom: 'lineNum' } },
        amount: { field: 'quantity', minus: 'lineNum' },
      },
    },
  },
];

beforeAll(async () => {
  const documents = documentsWithEffects('purRequisition', { doClose: [splitByQuantity], doCancel: stampAggregates });
  server = await startTestServer('lifecycle_create_per_line', {}, { documents });
  a = await actorsOf(server);
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const lines = [
  lineBody(1, { needByDate: '2026-12-10' }),
  lineBody(2, { quantity: '10', needByDate: '2026-12-15', remark: '2026-12-20' }),
  lineBody(3, { needByDate: '2026-12-01' }),
];
const linesOf = (id: unknown) =>
  tableRows(server, 'srm_pur_requisition_line', 'requisition_line_id', { requisition_header_id: id as number });

describe('createRecord per group of lines', () => {
  it('makes one record per group with the group lines, and writes its key into them', async () => {
    const body = requisitionBody({}, lines);
    const id = expectOk(await act(a, 'buyer01', 'saveOrUpdate', body)).requisitionHeaderId as number;
    expectOk(await act(a, 'buyer01', 'doSubmit', { id }));
    expectOk(await act(a, 'manager01', 'doApprove', { id }));
    expectOk(await act(a, 'buyer01', 'doClose', { id, comment: 'split by quantity' }));
    const made = await tableRows(server, 'srm_pur_requisition_header', 'requisition_header_id', {
      description: 'split by quantity',
    });
    // Quantities 100, 10, 100: the first group is lines 1 and 3 (dated by line 1), the second line 2.
    expect(made.map((m) => [m.status, m.requisition_date, Number(m.total_amount)])).toEqual([
      ['DRAFT', '2026-12-07', 17],
      ['DRAFT', '2026-12-12', 0.85],
    ]);
    const copied = await Promise.all(made.map((m) => linesOf(m.requisition_header_id)));
    expect(copied.map((ls) => ls.map((l) => [l.line_num, Number(l.quantity)]))).toEqual([
      [
        [1, 100],
        [3, 100],
      ],
      [[2, 10]],
    ]);
    const keys = made.map((m) => m.requisition_header_id);
    expect((await linesOf(id)).map((l) => l.line_num)).toEqual([keys[0], keys[1], keys[0]]);
  });
});

describe('line aggregates and computed dates', () => {
  it('stamps the count and sum of the lines, the earliest date and dates some days on, with a default', async () => {
    const id = expectOk(await act(a, 'buyer01', 'saveOrUpdate', requisitionBody({}, lines)))
      .requisitionHeaderId as number;
    expectOk(await act(a, 'buyer01', 'doCancel', { id }));
    const [header] = await tableRows(server, 'srm_pur_requisition_header', 'requisition_header_id', {
      requisition_header_id: id,
    });
    expect(header.requisition_date).toBe('2026-12-01');
    expect((await linesOf(id)).map((l) => [Number(l.estimated_price), Number(l.ordered_qty), l.need_by_date])).toEqual([
      [200, 3, '2026-12-11'],
      [200, 3, '2026-12-21'],
      [200, 3, '2026-12-04'],
    ]);
  });

  it('writes a line number less another, in decimal arithmetic', async () => {
    const id = expectOk(await act(a, 'buyer01', 'saveOrUpdate', requisitionBody({}, lines)))
      .requisitionHeaderId as number;
    expectOk(await act(a, 'buyer01', 'doCancel', { id }));
    expect((await linesOf(id)).map((l) => Number(l.amount))).toEqual([99, 8, 97]);
  });
});
