import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../../testing/apiAssertions';
import { startTestServer, type TestServer } from '../../../testing/testServer';
import { proofOf, type Proof } from '../../supplier/changeInfo/proofFixtures';
import { act, confirmed, draft, headerOf, line, linesOf, released } from './orderFixtures';
import { OrderSql } from './orderModel';
import { addInvoiced, addReceived, addReturned, addShipped, removeReceived, removeShipped } from './orderQuantities';

/** orderQuantities: the roll-ups other documents move, called directly inside a transaction as they will be. */
let server: TestServer;
let p: Proof;
beforeAll(async () => {
  server = await startTestServer('srm_pur_order_qty');
  p = await proofOf(server);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type Move = typeof addShipped;
const run = (fn: Move, lineId: number, qty: string) =>
  server.kernel.db.transaction((tx) => fn(new OrderSql(server.kernel.registry, tx.dialect), tx, lineId, qty, 2));
const failure = async (fn: Move, lineId: number, qty: string) => {
  try {
    await run(fn, lineId, qty);
  } catch (e) {
    return e as { httpStatus: number; text: { en: string } };
  }
  throw new Error('expected a refusal');
};
const twoLines = [line({ quantity: '100' }), line({ lineNum: 2, itemId: 2, quantity: '50' })];

describe('orderQuantities', () => {
  it('shipped up to the ordered quantity (0% tolerance); a negative result is refused; the inverse gives back', async () => {
    const id = await released(p, 1, twoLines);
    const [a] = await linesOf(p, id);
    const lineId = a.order_line_id as number;
    await run(addShipped, lineId, '60');
    const over = await failure(addShipped, lineId, '40.0001');
    expect(over.httpStatus).toBe(409);
    expect(over.text.en).toMatch(/shipped quantity would be 100\.0001, above its limit 100\.0000/);
    await run(addShipped, lineId, '40');
    expect((await failure(removeShipped, lineId, '100.5')).httpStatus).toBe(409);
    await run(removeShipped, lineId, '30');
    expect(String((await linesOf(p, id))[0].shipped_qty)).toMatch(/^70(\.0+)?$/);
    expect((await failure(addShipped, lineId, '0')).httpStatus).toBe(400);
    expect((await failure(addShipped, lineId, '-1')).httpStatus).toBe(400);
  });

  it('receipts move the line and the header: PARTIAL_RECEIVED, RECEIVED, and back', async () => {
    const id = await confirmed(p, 1);
    const [a] = await linesOf(p, id);
    const lineId = a.order_line_id as number;
    await run(addShipped, lineId, '20000');
    await run(addReceived, lineId, '5000');
    expect((await headerOf(p, id)).status).toBe('PARTIAL_RECEIVED');
    expect((await linesOf(p, id))[0].line_status).toBe('PARTIAL_RECEIVED');
    await run(addReceived, lineId, '15000');
    expect((await headerOf(p, id)).status).toBe('RECEIVED');
    expect((await linesOf(p, id))[0].line_status).toBe('RECEIVED');
    expect((await failure(addReceived, lineId, '1')).httpStatus).toBe(409);
    await run(removeReceived, lineId, '20000');
    expect((await headerOf(p, id)).status).toBe('CONFIRMED');
    expect((await linesOf(p, id))[0].line_status).toBe('OPEN');
  });

  it('returns up to receipts, invoices up to receipts net of returns', async () => {
    const id = await released(p, 1, twoLines);
    const [, b] = await linesOf(p, id);
    const lineId = b.order_line_id as number;
    await run(addReceived, lineId, '50');
    expect((await headerOf(p, id)).status).toBe('PARTIAL_RECEIVED');
    await run(addReturned, lineId, '10');
    expect((await failure(addReturned, lineId, '41')).httpStatus).toBe(409);
    await run(addInvoiced, lineId, '40');
    expect((await failure(addInvoiced, lineId, '0.0001')).httpStatus).toBe(409);
  });

  it('nothing moves on an order that is not released (409) or a line that does not exist (404)', async () => {
    const id = await draft(p, 1);
    const [a] = await linesOf(p, id);
    expect((await failure(addShipped, a.order_line_id as number, '1')).httpStatus).toBe(409);
    expect((await failure(addShipped, 99999999, '1')).httpStatus).toBe(404);
  });

  it('the roll-ups are never taken from a client: a save ignores them', async () => {
    const id = await draft(p, 1, [line({ shippedQty: '5', receivedQty: '5', returnedQty: '5', invoicedQty: '5' })]);
    const [l] = await linesOf(p, id);
    expect([l.shipped_qty, l.received_qty, l.returned_qty, l.invoiced_qty].map(Number)).toEqual([0, 0, 0, 0]);
  });
});

describe('demo data', () => {
  it('the demo orders add up and supplier01 sees only its released ones', async () => {
    const demo = expectOk<Record<string, unknown>>(await act(p, 'buyer01', 'findById', { id: 1 }));
    expect([demo.poNumber, demo.totalAmountExcl, demo.totalTaxAmount, demo.totalAmountIncl]).toEqual([
      'PO202611200001',
      '2340.00',
      '304.20',
      '2644.20',
    ]);
    const list = expectOk<{ orderHeaderId: number; status: string }[]>(
      await act(p, 'supplier01', 'listByPage', { pageIndex: 1, pageRows: 500 }),
    );
    const changed = expectOk<Record<string, unknown[]>>(await act(p, 'supplier02', 'findById', { id: 5 }));
    expect([changed.feedbacks.length, changed.lines.length]).toEqual([1, 2]);
    const confirmedDemo = expectOk<Record<string, unknown[]>>(await act(p, 'supplier02', 'findById', { id: 4 }));
    expect(confirmedDemo.qas).toHaveLength(1);
    // Demo orders 1–8: supplier01 has 1 DRAFT, 3 RELEASED, 6 CLOSED.
    expect(
      list
        .filter((r) => r.orderHeaderId <= 8)
        .map((r) => r.orderHeaderId)
        .sort(),
    ).toEqual([3, 6]);
  });
});
