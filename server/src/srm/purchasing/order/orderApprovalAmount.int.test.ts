import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { signIn, type SignedIn } from '../../../testing/sessions';
import { startTestServer, type TestServer } from '../../../testing/testServer';
import { line, orderBody } from '../../../testing/orderFixtures';

/**
 * Approval by amount (issue 15): an order of 500,000.00 CNY or more incl. tax — in the base
 * currency at the order date — goes to the purchasing director (director01) after the manager.
 */
const RESP = { buyer01: 101, manager01: 102, director01: 105 } as const;
type User = keyof typeof RESP;
let server: TestServer;
let sessions: Record<User, SignedIn>;
let menu: number;
beforeAll(async () => {
  server = await startTestServer('pur_order_approval_amount');
  const signed = await Promise.all((Object.keys(RESP) as User[]).map((u) => signIn(server.baseUrl, u)));
  sessions = Object.fromEntries((Object.keys(RESP) as User[]).map((u, i) => [u, signed[i]])) as Record<User, SignedIn>;
  menu = await menuId(server, 'PUR_ORDER');
});
afterAll(async () => {
  await server?.close();
});

const act = (user: User, action: string, body: Record<string, unknown>) =>
  server.call('srmServer', 'srmPurOrderHeaderRestful', action, body, sessionHeaders(sessions[user], RESP[user], menu));
const todos = (id: number) =>
  tableRows(server, 'base_todo', 'todo_id', { entity_name: 'srmPurOrderHeader', bill_id: id, bill_type: 'PUR_ORDER' });

async function submittedOrder(quantity: string, price: string, currencyCode = 'CNY'): Promise<number> {
  const body = orderBody(1, [line({ quantity, unitPriceExcl: price })], { currencyCode });
  const id = expectOk(await act('buyer01', 'saveOrUpdate', body)).orderHeaderId as number;
  expectOk(await act('buyer01', 'doSubmit', { id }));
  return id;
}

describe('purchase order approval by amount', () => {
  it('below 500,000.00 CNY: the manager releases it alone', async () => {
    const id = await submittedOrder('20000', '0.085');
    expect(expectOk(await act('manager01', 'findById', { id })).totalAmountBase).toBe('1921.00');
    expect(expectOk(await act('manager01', 'doApprove', { id, comment: 'ok' })).status).toBe('RELEASED');
  });

  it('from 500,000.00 CNY: the manager hands it to the director, who releases it', async () => {
    // 400,000 × 1.106195 = 442,478.00 excl.; 500,000.14 incl. 13 % VAT.
    const id = await submittedOrder('400000', '1.106195');
    expect(expectOk(await act('manager01', 'findById', { id })).totalAmountBase).toBe('500000.14');
    expect(expectOk(await act('manager01', 'doApprove', { id, comment: 'ok' })).status).toBe('SUBMITTED');
    expect((await todos(id)).map((t) => [t.assignee_user_id, t.handle_flag])).toEqual([
      [3, 'Y'],
      [9, 'N'],
    ]);
    // The manager cannot take the director's step.
    expect([403, 409]).toContain((await act('manager01', 'doApprove', { id, comment: 'again' })).status);
    expect(expectOk(await act('director01', 'doApprove', { id, comment: 'ok' })).status).toBe('RELEASED');
  });

  it('converts a foreign-currency order at the CORPORATE rate of its order date (USD 7.12)', async () => {
    // 70,000 × 0.7 = 49,000.00 USD excl.; 55,370.00 incl.; × 7.12 = 394,234.40 CNY: the manager alone.
    const id = await submittedOrder('70000', '0.7', 'USD');
    expect(expectOk(await act('manager01', 'findById', { id })).totalAmountBase).toBe('394234.40');
  });

  it('refuses to submit a foreign-currency order without a valid rate, naming it', async () => {
    const body = orderBody(1, [line()], { currencyCode: 'USD', orderDate: '2020-01-15' });
    const id = expectOk(await act('buyer01', 'saveOrUpdate', body)).orderHeaderId as number;
    const answer = await act('buyer01', 'doSubmit', { id });
    expectError(answer, 400);
    expect(answer.body.msg).toContain('USD→CNY');
    expect(expectOk(await act('buyer01', 'findById', { id })).status).toBe('DRAFT');
  });
});
