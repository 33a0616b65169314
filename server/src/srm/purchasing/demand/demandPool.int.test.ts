import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { signIn, type SignedIn } from '../../../testing/sessions';
import { lineBody, REQ, requisitionBody } from '../../../testing/srmFixtures';
import { startTestServer, type TestServer } from '../../../testing/testServer';

/**
 * The demand pool (Flow 2 steps 2–3): approved requisition lines become draft orders priced from
 * the price list (supplier01's agreement: 1001000012 at 0.085000 excl. VAT 13 %, 2026).
 */
let server: TestServer;
let users: Record<'buyer01' | 'manager01' | 'supplier01', SignedIn>;
let menus: { requisition: number; pool: number; orders: number };
beforeAll(async () => {
  server = await startTestServer('pur_demand_pool');
  const [buyer01, manager01, supplier01] = await Promise.all(
    (['buyer01', 'manager01', 'supplier01'] as const).map((u) => signIn(server.baseUrl, u)),
  );
  users = { buyer01, manager01, supplier01 };
  menus = {
    requisition: await menuId(server, 'PUR_REQUISITION'),
    pool: await menuId(server, 'PUR_DEMAND_SUMMARY'),
    orders: await menuId(server, 'PUR_ORDER'),
  };
});
afterAll(async () => {
  await server?.close();
});

const RESP = { buyer01: 101, manager01: 102, supplier01: 103 } as const;
const call = (user: keyof typeof RESP, resource: string, action: string, body: unknown, menu: number) =>
  server.call('srmServer', resource, action, body, sessionHeaders(users[user], RESP[user], menu));
const createOrder = (ids: unknown, user: keyof typeof RESP = 'buyer01') =>
  call(user, 'srmPurRequisitionLineRestful', 'doCreateOrder', { ids }, menus.pool);

async function requisition(lines: Record<string, unknown>[], approve = true): Promise<number[]> {
  const saved = expectOk(await call('buyer01', REQ, 'saveOrUpdate', requisitionBody({}, lines), menus.requisition));
  const id = saved.requisitionHeaderId as number;
  expectOk(await call('buyer01', REQ, 'doSubmit', { id }, menus.requisition));
  if (approve) expectOk(await call('manager01', REQ, 'doApprove', { id }, menus.requisition));
  const rows = await tableRows(server, 'srm_pur_requisition_line', 'requisition_line_id', {
    requisition_header_id: id,
  });
  return rows.map((r) => Number(r.requisition_line_id));
}

describe('the demand pool', () => {
  it('lists approved open lines with their requisition number, and nothing of drafts or submitted ones', async () => {
    const [approved] = await requisition([lineBody(1, { quantity: '20000' })]);
    const [submitted] = await requisition([lineBody(1)], false);
    const filter = {
      and: [
        { field: 'lineStatus', op: 'in', value: ['OPEN', 'PARTIAL_ORDERED'] },
        { parent: { field: 'status', op: 'eq', value: 'APPROVED' } },
      ],
    };
    const page = expectOk(
      await call(
        'buyer01',
        'srmPurRequisitionLineRestful',
        'listByPage',
        { filter, pageIndex: 1, pageRows: 500 },
        menus.pool,
      ),
    );
    const ids = page.map((r: { requisitionLineId: number }) => r.requisitionLineId);
    expect(ids).toContain(approved);
    expect(ids).not.toContain(submitted);
    expect(page.find((r: { requisitionLineId: number }) => r.requisitionLineId === approved).requisitionNumber).toMatch(
      /^PR\d{12}$/,
    );
  });

  it('makes one draft order per supplier, priced from the price list, and answers it to open', async () => {
    const [line] = await requisition([lineBody(1, { quantity: '20000' })]);
    const answer = expectOk(await createOrder([line]));
    expect(answer.orders).toHaveLength(1);
    expect(answer.open).toEqual({ path: 'purOrderManage/purchaseOrderEdit', id: answer.orders[0].orderHeaderId });
    const order = expectOk(
      await call(
        'buyer01',
        'srmPurOrderHeaderRestful',
        'findById',
        { id: answer.orders[0].orderHeaderId },
        menus.orders,
      ),
    );
    expect(order).toMatchObject({
      status: 'DRAFT',
      supplierId: 1,
      buyerId: 2,
      currencyCode: 'CNY',
      totalAmountExcl: '1700.00',
      totalTaxAmount: '221.00',
      totalAmountIncl: '1921.00',
    });
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({
      requisitionLineId: line,
      quantity: '20000.0000',
      unitPriceExcl: '0.085000',
    });
    expect(order.poNumber).toBe(answer.orders[0].poNumber);
  });

  it('refuses a line of a requisition not approved (409), one without a valid price (400), and bad ids (400)', async () => {
    const [submitted] = await requisition([lineBody(1)], false);
    expectError(await createOrder([submitted]), 409);
    // 2001000301 (item 7, a sample item) has no price in the price list.
    const [unpriced] = await requisition([lineBody(1, { itemId: 7, itemCode: '2001000301' })]);
    const refused = await createOrder([unpriced]);
    expectError(refused, 400);
    expect(refused.body.msg).toContain('no valid price');
    expectError(await createOrder([]), 400, ['ids']);
    expectError(await createOrder(['x']), 400, ['ids']);
  });

  it('is the buyer’s: a supplier gets no answer from the pool, and an unknown line is 404', async () => {
    const [line] = await requisition([lineBody(1)]);
    expect([403, 404]).toContain((await createOrder([line], 'supplier01')).status);
    expectError(await createOrder([99999999]), 404);
  });
});
