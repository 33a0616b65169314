import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { runSql } from '../../../testing/authFixtures';
import { type Body } from '../../../testing/proofFixtures';
import { act, headerOf, line, linesOf, orderBody } from '../../../testing/orderFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * Saving an order rewrites only the lines that changed (docs/decisions.md, issue 15): an unchanged
 * line keeps its versionNum and audit columns, yet its versionNum is still checked, lines left out
 * are still deleted, and the header's totals still add up every line.
 */
const p = proofServer('srm_pur_order_unchanged');

const OLD = '2020-01-01 00:00:00';
type Line = Record<string, unknown>;

/** A draft of three lines as its edit page holds it (findById), its lines' audit dates pushed into the past. */
async function threeLines(extra: Body = {}): Promise<Body & { lines: Line[] }> {
  const lines = [1, 2, 3].map((n) => line({ lineNum: n, quantity: String(1000 * n) }));
  const saved = expectOk(await act(p, 'buyer01', 'saveOrUpdate', orderBody(1, lines, extra)));
  const id = saved.orderHeaderId as number;
  await runSql(p.server, 'UPDATE srm_pur_order_line SET last_update_date = ? WHERE order_header_id = ?', [OLD, id]);
  return expectOk(await act(p, 'buyer01', 'findById', { id }));
}

const audit = async (id: number) =>
  (await linesOf(p, id)).map((l) => ({
    id: Number(l.order_line_id),
    version: Number(l.version_num),
    date: String(l.last_update_date),
    quantity: Number(l.quantity),
  }));

describe('saving an order with unchanged lines', () => {
  it('writes only the changed line; the others keep versionNum and last_update_date; totals add up', async () => {
    const order = await threeLines();
    const [a, b, c] = order.lines;
    const saved = expectOk(
      await act(p, 'buyer01', 'saveOrUpdate', { ...order, lines: [a, { ...b, quantity: '5000' }, c] }),
    );
    const rows = await audit(order.orderHeaderId as number);
    expect(rows.map((r) => [r.version, r.date === OLD])).toEqual([
      [1, true],
      [2, false],
      [1, true],
    ]);
    expect(rows[1].quantity).toBe(5000);
    // 1000 + 5000 + 3000 at 0.085: 765.00 excl., 13 % tax 99.45
    expect([saved.totalAmountExcl, saved.totalTaxAmount, saved.totalAmountIncl]).toEqual(['765.00', '99.45', '864.45']);
    expect((saved.lines as Line[]).map((l) => l.versionNum)).toEqual([1, 2, 1]);
  });

  it('counts a value sent in another notation ("1000" for 1000.0000, a number) as unchanged', async () => {
    const order = await threeLines();
    const lines = order.lines.map((l, i) => ({ ...l, quantity: i === 0 ? '1000' : Number(l.quantity) }));
    expectOk(await act(p, 'buyer01', 'saveOrUpdate', { ...order, lines }));
    expect((await audit(order.orderHeaderId as number)).map((r) => r.version)).toEqual([1, 1, 1]);
  });

  it('answers 409 for a stale versionNum on an unchanged line and writes nothing', async () => {
    const order = await threeLines();
    const id = order.orderHeaderId as number;
    const [a, b, c] = order.lines;
    const header = await headerOf(p, id);
    const before = await audit(id);
    const stale = await act(p, 'buyer01', 'saveOrUpdate', {
      ...order,
      lines: [{ ...a, quantity: '7000' }, b, { ...c, versionNum: 7 }],
    });
    expectError(stale, 409);
    expect(await audit(id)).toEqual(before);
    expect(await headerOf(p, id)).toEqual(header);
  });

  it('deletes the lines left out and keeps the rest untouched', async () => {
    const order = await threeLines();
    const id = order.orderHeaderId as number;
    const [a, , c] = order.lines;
    const saved = expectOk(await act(p, 'buyer01', 'saveOrUpdate', { ...order, lines: [a, c] }));
    const rows = await audit(id);
    expect(rows.map((r) => [r.id, r.version, r.date === OLD])).toEqual([
      [a.orderLineId, 1, true],
      [c.orderLineId, 1, true],
    ]);
    // 1000 + 3000 at 0.085: 340.00, tax 44.20
    expect([saved.totalAmountExcl, saved.totalAmountIncl]).toEqual(['340.00', '384.20']);
  });

  it("rewrites lines whose computed amounts change with the header's currency", async () => {
    const order = await threeLines();
    const id = order.orderHeaderId as number;
    const saved = expectOk(await act(p, 'buyer01', 'saveOrUpdate', { ...order, currencyCode: 'JPY' }));
    // JPY has no decimals: 85.00 → 85, tax 11.05 → 11; every line's amounts were recomputed and written.
    expect((saved.lines as Line[]).map((l) => [l.versionNum, l.amountIncl])).toEqual([
      [2, '96.00'],
      [2, '192.00'],
      [2, '288.00'],
    ]);
    expect((await audit(id)).every((r) => r.date !== OLD)).toBe(true);
  });
});
