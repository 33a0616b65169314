import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { signIn, type SignedIn } from '../../../testing/sessions';
import { startTestServer, type TestServer } from '../../../testing/testServer';

/**
 * The non-production goods cart: each user's lines are their own (another user's line answers
 * 404 to every action), the count is the sum of the line counts, starting at 0.
 */
let server: TestServer;
let buyer: SignedIn;
let qe: SignedIn;
const headers: Record<string, Record<string, string>> = {};

async function screen(user: SignedIn, menuCode: string) {
  return sessionHeaders(user, user.responsibilities[0].responsibilityId, await menuId(server, menuCode));
}

beforeAll(async () => {
  server = await startTestServer('shopping_cart');
  buyer = await signIn(server.baseUrl, 'buyer01');
  qe = await signIn(server.baseUrl, 'qe01');
  headers.buyerMall = await screen(buyer, 'PUR_NON_PRODUCTIVE_MALL');
  headers.buyerCart = await screen(buyer, 'PUR_SHOPPING_CART');
  headers.qeMall = await screen(qe, 'PUR_NON_PRODUCTIVE_MALL');
  headers.qeCart = await screen(qe, 'PUR_SHOPPING_CART');
});
afterAll(async () => {
  await server?.close();
});

const cart = (action: string, body: object, h: Record<string, string>) =>
  server.call('srmServer', 'srmPurShoppingCartRestful', action, body, h);
const goods = async (h: Record<string, string>, keyword = '') =>
  expectOk(
    await server.call(
      'srmServer',
      'srmPurNoProductiveMaterialRestful',
      'listByPageGoods',
      { keyword, pageIndex: 1, pageRows: 20 },
      h,
    ),
  ) as { noProductiveMaterialId: number; goodsCode: string; unitPriceIncl: string }[];

describe('shopping cart', () => {
  it('starts empty with count 0, for the caller only', async () => {
    const answer = await cart('findByUserId', { userId: buyer.userInfo.userId }, sessionHeaders(buyer));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 'S', status: 'S', data: [], page: { count: 0 } });
    expectError(await cart('findByUserId', { userId: qe.userInfo.userId }, sessionHeaders(buyer)), 404);
  });

  it('lists goods on sale with search, and adds them with their price; the count sums the lines', async () => {
    expect((await goods(headers.buyerMall)).length).toBeGreaterThanOrEqual(5);
    const [paper] = await goods(headers.buyerMall, 'A4 复印纸');
    const [pen] = await goods(headers.buyerMall, '5001000015');
    expect(paper).toMatchObject({ goodsCode: '5001000001' });
    expectOk(
      await cart('saveOrUpdate', { noProductiveMaterialId: paper.noProductiveMaterialId, count: 2 }, headers.buyerMall),
    );
    const answer = await cart(
      'saveOrUpdate',
      {
        noProductiveMaterialId: pen.noProductiveMaterialId,
        count: 3,
        unitPriceIncl: '0.01',
        userId: qe.userInfo.userId,
      },
      headers.buyerMall,
    );
    expect(answer.body.page.count).toBe(5);
    const lines = answer.body.data as { count: number; unitPriceIncl: string; amount: string; goodsName: string }[];
    expect(
      lines.map((l) => [l.goodsName, Number(l.count), Number(l.unitPriceIncl).toFixed(2), Number(l.amount).toFixed(2)]),
    ).toEqual([
      ['A4 copy paper 70 g', 2, '21.50', '43.00'],
      ['Gel pen 0.5 mm, black', 3, '18.00', '54.00'],
    ]);
    // Labels follow the request's language (English here); adding the same goods again adds to its line.
    expect(
      (
        await cart(
          'saveOrUpdate',
          { noProductiveMaterialId: paper.noProductiveMaterialId, count: 1 },
          headers.buyerMall,
        )
      ).body.page.count,
    ).toBe(6);
    const stored = await tableRows(server, 'srm_pur_shopping_cart', 'cart_id');
    expect(stored.every((r) => Number(r.user_id) === buyer.userInfo.userId)).toBe(true);
  });

  it('another user sees none of these lines and cannot change or delete them (404)', async () => {
    const [line] = (await cart('findByUserId', {}, sessionHeaders(buyer))).body.data as { cartId: number }[];
    expect((await cart('findByUserId', {}, sessionHeaders(qe))).body).toMatchObject({ data: [], page: { count: 0 } });
    expectError(await cart('doAddCount', { id: line.cartId, count: 1 }, headers.qeCart), 404);
    expectError(await cart('doDelete', { id: line.cartId }, headers.qeCart), 404);
    expectOk(await cart('doDeleteAll', {}, headers.qeCart));
    expect((await cart('findByUserId', {}, sessionHeaders(buyer))).body.page.count).toBe(6);
  });

  it('changes a count, refuses bad counts, deletes one line and then all', async () => {
    const [paper, pen] = (await cart('findByUserId', {}, sessionHeaders(buyer))).body.data as { cartId: number }[];
    expect((await cart('doAddCount', { id: paper.cartId, count: -1 }, headers.buyerCart)).body.page.count).toBe(5);
    expectError(await cart('doAddCount', { id: paper.cartId, count: -2 }, headers.buyerCart), 400);
    expectError(await cart('doAddCount', { id: paper.cartId, count: 'x' }, headers.buyerCart), 400);
    expectError(await cart('saveOrUpdate', { noProductiveMaterialId: 1, count: 0 }, headers.buyerMall), 400, ['count']);
    expectError(await cart('saveOrUpdate', { count: 1 }, headers.buyerMall), 400, ['noProductiveMaterialId']);
    expectError(await cart('saveOrUpdate', { noProductiveMaterialId: 999999, count: 1 }, headers.buyerMall), 404);
    expect((await cart('doDelete', { id: pen.cartId }, headers.buyerCart)).body.page.count).toBe(2);
    expectError(await cart('doDelete', { id: pen.cartId }, headers.buyerCart), 404);
    expect((await cart('doDeleteAll', {}, headers.buyerCart)).body).toMatchObject({ data: [], page: { count: 0 } });
  });

  it('writes need the cart screens and their buttons; the cart table has no generic endpoints', async () => {
    expectError(await cart('doDeleteAll', {}, headers.buyerMall), 403);
    expectError(await cart('saveOrUpdate', { noProductiveMaterialId: 1, count: 1 }, headers.buyerCart), 403);
    const supplier = await signIn(server.baseUrl, 'supplier01');
    expectError(
      await cart(
        'saveOrUpdate',
        { noProductiveMaterialId: 1, count: 1 },
        sessionHeaders(supplier, supplier.responsibilities[0].responsibilityId),
      ),
      403,
    );
    expectError(await cart('listByPage', {}, headers.buyerCart), 404);
  });
});
