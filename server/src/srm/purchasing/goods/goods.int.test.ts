import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { signIn, type SignedIn } from '../../../testing/sessions';
import { startTestServer, type TestServer } from '../../../testing/testServer';

/**
 * Issue 18, non-production goods (DOMAIN §5.8) on the demo data of seeds/demo/24 and 57: the mall shows
 * goods with a price in force only (with that price), prices refuse overlapping validity (409, also
 * when two saves race), the cart checks out into one SHOPPING_CART requisition per supplier that
 * goes through the normal approval, and the price linkage summary computes the implied change.
 */
let server: TestServer;
type User = 'buyer01' | 'manager01' | 'supplier01' | 'qe01';
let users: Record<User, SignedIn>;
const menus: Record<string, number> = {};
const RESOURCE = 'srmPurNoProductiveMaterialRestful';
const PRICE = 'srmPurNoProductivePriceRestful';
const REQ = 'srmPurRequisitionHeaderRestful';

beforeAll(async () => {
  server = await startTestServer('pur_goods');
  const list = await Promise.all(
    (['buyer01', 'manager01', 'supplier01', 'qe01'] as const).map((u) => signIn(server.baseUrl, u)),
  );
  users = { buyer01: list[0], manager01: list[1], supplier01: list[2], qe01: list[3] };
  for (const code of [
    'PUR_NON_PRODUCTIVE_MALL',
    'PUR_SHOPPING_CART',
    'PUR_NON_PRODUCTIVE_PRICE',
    'PUR_NON_PRODUCTIVE_GOODS',
    'PUR_REQUISITION',
    'PUR_LINKAGE',
    'PUR_LINKAGE_COLLECT',
  ])
    menus[code] = await menuId(server, code);
});
afterAll(async () => {
  await server?.close();
});

const call = (user: User, resource: string, action: string, body: unknown, menu: string) =>
  server.call(
    'srmServer',
    resource,
    action,
    body,
    sessionHeaders(users[user], users[user].responsibilities[0].responsibilityId, menus[menu]),
  );
const mall = (action: string, body: object = {}, user: User = 'buyer01') =>
  call(user, RESOURCE, action, { pageIndex: 1, pageRows: 50, ...body }, 'PUR_NON_PRODUCTIVE_MALL');
const cart = (action: string, body: object = {}, resource = 'srmPurShoppingCartRestful', user: User = 'buyer01') =>
  call(user, resource, action, body, action === 'saveOrUpdate' ? 'PUR_NON_PRODUCTIVE_MALL' : 'PUR_SHOPPING_CART');
const price = (action: string, body: unknown, user: User = 'buyer01') =>
  call(user, PRICE, action, body, 'PUR_NON_PRODUCTIVE_PRICE');
type Goods = { noProductiveMaterialId: number; goodsCode: string; unitPriceIncl: string; classifyId: number };

describe('the mall', () => {
  it('shows only goods on sale with a price in force today, at that price', async () => {
    const goods = expectOk<Goods[]>(await mall('listByPageGoods'));
    const byCode = new Map(goods.map((g) => [g.goodsCode, Number(g.unitPriceIncl).toFixed(2)]));
    // 5004000031 has only a NEW price: not for sale; 5003000008's 2025 price expired, its 2026 one is in force.
    expect([...byCode.keys()].sort()).toEqual([
      '5001000001',
      '5001000015',
      '5001000022',
      '5002000003',
      '5003000008',
      '5004000011',
      '5004000026',
    ]);
    expect(byCode.get('5003000008')).toBe('129.00');
    expect(byCode.get('5001000001')).toBe('21.50');
  });

  it('lists the categories with goods for sale, and the goods of one category', async () => {
    const classes = expectOk<{ classifyId: number; goodsCount: number }[]>(await mall('findByClassify'));
    expect(classes.map((c) => [c.classifyId, c.goodsCount])).toEqual([
      [7, 1],
      [8, 3],
      [9, 2],
      [10, 1],
    ]);
    const office = expectOk<Goods[]>(await mall('findByClassifyId', { classifyId: 8 }));
    expect(office.map((g) => g.goodsCode)).toEqual(['5001000001', '5001000015', '5001000022']);
    // The bodies are declared (input): a missing or bad category is a 400 naming it; blank means all.
    expectError(await mall('findByClassifyId', {}), 400, ['classifyId']);
    expectError(await mall('listByPageGoods', { classifyId: 'x' }), 400, ['classifyId']);
    expect(expectOk<Goods[]>(await mall('listByPageGoods', { classifyId: '', keyword: '' })).length).toBe(7);
    expectError(await mall('listByPageGoods', {}, 'supplier01'), 403);
  });

  it('refuses goods without a price in force in the cart (409)', async () => {
    expectError(await cart('saveOrUpdate', { noProductiveMaterialId: 5703, count: 1 }), 409);
  });
});

describe('non-production prices', () => {
  it('takes the supplier and code from the goods, checks the dates and refuses overlapping validity (409)', async () => {
    const saved = expectOk(
      await price('saveOrUpdate', {
        noProductiveMaterialId: 5703,
        supplierId: 6,
        orgId: 2,
        unitPriceIncl: '33.00',
        taxRate: '0.13',
        validFrom: '2026-06-01',
        validTo: '2026-11-30',
      }),
    );
    expect(saved).toMatchObject({ supplierId: 1, goodsCode: '5004000031', status: 'NEW' });
    // The seeded NEW price runs from 2026-12-01 with no end.
    expectError(
      await price('saveOrUpdate', {
        noProductiveMaterialId: 5703,
        orgId: 2,
        unitPriceIncl: '34.00',
        taxRate: '0.13',
        validFrom: '2027-03-01',
      }),
      409,
    );
    expectError(
      await price('saveOrUpdate', {
        noProductiveMaterialId: 5703,
        orgId: 2,
        unitPriceIncl: '34.00',
        taxRate: '0.13',
        validFrom: '2026-11-01',
        validTo: '2026-12-05',
      }),
      409,
    );
    expectError(
      await price('saveOrUpdate', {
        noProductiveMaterialId: 5703,
        orgId: 2,
        unitPriceIncl: '34.00',
        taxRate: '0.13',
        validFrom: '2026-05-01',
        validTo: '2026-04-01',
      }),
      400,
    );
    // Another company, or all companies, is another validity.
    expectOk(
      await price('saveOrUpdate', {
        noProductiveMaterialId: 5703,
        orgId: 7,
        unitPriceIncl: '34.00',
        taxRate: '0.13',
        validFrom: '2026-01-01',
      }),
    );
    // An edit is checked against the others, not itself.
    expectOk(
      await price('saveOrUpdate', {
        noProductivePriceId: saved.noProductivePriceId,
        versionNum: saved.versionNum,
        validTo: '2026-11-29',
      }),
    );
  });

  it('the overlap refusal names the other price’s validity, an open end as ∞', async () => {
    const refused = await price('saveOrUpdate', {
      noProductiveMaterialId: 5703,
      orgId: 2,
      unitPriceIncl: '34.00',
      taxRate: '0.13',
      validFrom: '2027-03-01',
    });
    expectError(refused, 409);
    expect(refused.body.msg).toContain('(2026-12-01 ~ ∞)');
  });

  it('enables and invalidates by state only (409 otherwise); a VALID price is not edited', async () => {
    const [row] = await tableRows(server, 'srm_pur_no_productive_price', 'no_productive_price_id', {
      no_productive_price_id: 5710,
    });
    expect(row.status).toBe('NEW');
    expectError(await price('doInvalid', { id: 5710 }), 409);
    expectOk(await price('doEnable', { id: 5710 }));
    expectError(await price('doEnable', { id: 5710 }), 409);
    expectError(await price('saveOrUpdate', { noProductivePriceId: 5710, unitPriceIncl: '1.00', versionNum: 2 }), 409);
    expectError(await price('doEnable', { id: 5703 }), 409);
  });

  it('of two overlapping prices saved at once, one is refused', async () => {
    for (const [i, from] of ['2030-01-01', '2031-01-01', '2032-01-01'].entries()) {
      const body = {
        noProductiveMaterialId: 3,
        orgId: 7,
        unitPriceIncl: `7.${i}0`,
        taxRate: '0.13',
        validFrom: from,
        validTo: `${from.slice(0, 4)}-12-31`,
      };
      const answers = await Promise.all([price('saveOrUpdate', body), price('saveOrUpdate', body)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    }
    const rows = await tableRows(server, 'srm_pur_no_productive_price', 'no_productive_price_id', {
      no_productive_material_id: 3,
      org_id: 7,
    });
    expect(rows).toHaveLength(3);
  });

  it('is internal: a supplier user has no price screen (403)', async () => {
    expectError(await price('listByPage', { pageIndex: 1, pageRows: 10 }, 'supplier01'), 403);
  });
});

describe('the cart to requisitions', () => {
  it('answers the cart by supplier, on both resources the catalog names', async () => {
    for (const [id, count] of [
      [1, 2],
      [5702, 1],
      [2, 3],
    ])
      expectOk(await cart('saveOrUpdate', { noProductiveMaterialId: id, count }));
    const groups = expectOk<{ supplierId: number; count: number; amount: string; lines: unknown[] }[]>(
      await cart('findBySupplier'),
    );
    expect(groups.map((g) => [g.supplierId, g.count, g.amount, g.lines.length])).toEqual([
      [6, 5, '97.00', 2],
      [1, 1, '158.00', 1],
    ]);
    const viaGoods = await cart('findBySupplier', {}, RESOURCE);
    expect(viaGoods.body.data).toEqual(groups);
    expect(viaGoods.body.page.count).toBe(6);
    const lines = expectOk<{ cartId: number; count: number }[]>(await cart('findByUserId', {}, RESOURCE));
    expect((await cart('doAddCount', { id: lines[0].cartId, count: 1 }, RESOURCE)).body.page.count).toBe(7);
    expect((await cart('doAddCount', { id: lines[0].cartId, count: -1 }, RESOURCE)).body.page.count).toBe(6);
    expectError(await cart('doDelete', { id: lines[0].cartId }, RESOURCE, 'qe01'), 404);
  });

  it('refuses another user (404), a supplier (403), no button (403) and goods without a price in force (409), changing nothing', async () => {
    const lines = expectOk<{ cartId: number; noProductiveMaterialId: number }[]>(await cart('findByUserId'));
    expectError(await cart('doSubmitGoods', { ids: [lines[0].cartId] }, RESOURCE, 'qe01'), 404);
    expectError(
      await call('buyer01', RESOURCE, 'doSubmitGoods', { ids: [lines[0].cartId] }, 'PUR_NON_PRODUCTIVE_MALL'),
      403,
    );
    expectError(
      await call('supplier01', RESOURCE, 'doSubmitGoods', { ids: [lines[0].cartId] }, 'PUR_SHOPPING_CART'),
      403,
    );
    expectError(await cart('doSubmitGoods', { ids: [lines[0].cartId, 999999] }, RESOURCE), 404);
    expectError(await cart('doSubmitGoods', { ids: [] }, RESOURCE), 400, ['ids']);
    expectError(await cart('doSubmitGoods', { ids: ['x'] }, RESOURCE), 400, ['ids[0]']);
    const noDate = { ids: [lines[0].cartId], needByDate: '2027-02-31' };
    expectError(await cart('doSubmitGoods', noDate, RESOURCE), 400, ['needByDate']);
    // The shoes' price is invalidated after they were put in the cart.
    const shoes = lines.find((l) => l.noProductiveMaterialId === 5702)!;
    expectOk(await price('doInvalid', { id: 5709 }));
    expectError(await cart('doSubmitGoods', { ids: lines.map((l) => l.cartId) }, RESOURCE), 409);
    expect((await cart('findByUserId')).body.page.count).toBe(6);
    const reqs = await tableRows(server, 'srm_pur_requisition_header', 'requisition_header_id', {
      requisition_type: 'SHOPPING_CART',
    });
    expect(reqs).toHaveLength(0);
    const enabled = expectOk(
      await price('saveOrUpdate', {
        noProductiveMaterialId: 5702,
        orgId: 2,
        unitPriceIncl: '160.00',
        taxRate: '0.13',
        validFrom: '2026-01-01',
      }),
    );
    expectOk(await price('doEnable', { id: enabled.noProductivePriceId }));
    expect(shoes).toBeTruthy();
  });

  it('makes one SHOPPING_CART requisition per supplier from the chosen lines, deletes them, and the requisition is approved as any', async () => {
    const lines = expectOk<{ cartId: number; noProductiveMaterialId: number }[]>(await cart('findByUserId'));
    const chosen = lines.filter((l) => l.noProductiveMaterialId !== 2);
    const answer = expectOk<{
      requisitions: { requisitionHeaderId: number; requisitionNumber: string; supplierId: number }[];
    }>(await cart('doSubmitGoods', { ids: chosen.map((l) => l.cartId) }, RESOURCE));
    expect(answer.requisitions.map((r) => r.supplierId)).toEqual([6, 1]);
    expect(new Set(answer.requisitions.map((r) => r.requisitionNumber)).size).toBe(2);
    const left = expectOk<{ noProductiveMaterialId: number }[]>(await cart('findByUserId'));
    expect(left.map((l) => l.noProductiveMaterialId)).toEqual([2]);
    const [paperReq, shoesReq] = answer.requisitions.map((r) => r.requisitionHeaderId);
    const header = expectOk(await call('buyer01', REQ, 'findById', { id: paperReq }, 'PUR_REQUISITION'));
    expect(header).toMatchObject({
      requisitionType: 'SHOPPING_CART',
      status: 'DRAFT',
      orgId: 2,
      invOrgId: 5,
      totalAmount: expect.stringMatching(/^43(\.0+)?$/),
    });
    expect(
      header.lines.map((l: Record<string, unknown>) => [
        l.itemCode,
        Number(l.quantity),
        Number(l.estimatedPrice),
        l.suggestedSupplierId,
        l.categoryId,
      ]),
    ).toEqual([['5001000001', 2, 21.5, 6, 8]]);
    const shoes = expectOk(await call('buyer01', REQ, 'findById', { id: shoesReq }, 'PUR_REQUISITION'));
    expect(Number(shoes.lines[0].estimatedPrice)).toBe(160);
    expectOk(await call('buyer01', REQ, 'doSubmit', { id: paperReq }, 'PUR_REQUISITION'));
    expectError(await call('buyer01', REQ, 'doApprove', { id: paperReq }, 'PUR_REQUISITION'), 403);
    expectOk(await call('manager01', REQ, 'doApprove', { id: paperReq }, 'PUR_REQUISITION'));
    expectError(await call('manager01', REQ, 'doApprove', { id: paperReq }, 'PUR_REQUISITION'), 409);
    const [stored] = await tableRows(server, 'srm_pur_requisition_header', 'requisition_header_id', {
      requisition_header_id: paperReq,
    });
    expect(stored.status).toBe('APPROVED');
  });
});

describe('price linkage', () => {
  const linkage = (action: string, body: unknown, user: User = 'buyer01') =>
    call(user, 'srmPurPriceLinkageRestful', action, body, 'PUR_LINKAGE');
  const collect = (body: object = {}, user: User = 'buyer01') =>
    call(
      user,
      'srmPurLinkageCollectListRestful',
      'listByPage',
      { pageIndex: 1, pageRows: 50, ...body },
      'PUR_LINKAGE_COLLECT',
    );

  it('summarises per linkage and per item: index movement over the cycle and the implied price change', async () => {
    const rows = expectOk<Record<string, unknown>[]>(await collect());
    const pick = (r: Record<string, unknown>) => [
      r.itemCode,
      r.rawMaterialCode,
      r.basePeriod,
      r.latestPeriod,
      r.indexChangePct,
      r.impliedChangePct,
      r.itemLinkedProportion,
      r.itemImpliedChangePct,
    ];
    expect(rows.map(pick)).toEqual([
      ['1001000012', 'AL', '2026-08', '2026-11', '2.31', '0.92', '0.4000', '0.92'],
      ['1001000047', 'AL', '2026-10', '2026-11', '0.76', '0.08', '0.4000', '0.36'],
      ['1001000047', 'CU', '2026-10', '2026-11', '0.94', '0.28', '0.4000', '0.36'],
      ['2001000301', 'CU', '2026-05', '2026-11', '6.21', '3.42', '0.5500', '3.42'],
    ]);
    const one = expectOk<unknown[]>(await collect({ filter: { field: 'itemId', op: 'eq', value: 2 } }));
    expect(one).toHaveLength(2);
    expectError(await collect({}, 'supplier01'), 403);
  });

  it('refuses a second link of an item to one raw material, and proportions over 1 (409)', async () => {
    expectError(
      await linkage('saveOrUpdate', { itemId: 2, rawMaterialCode: 'CU', proportion: '0.1', cycle: 'MONTH' }),
      409,
    );
    expectError(
      await linkage('saveOrUpdate', { itemId: 7, rawMaterialCode: 'AL', proportion: '0.5', cycle: 'MONTH' }),
      409,
    );
    expectError(
      await linkage('saveOrUpdate', { itemId: 7, rawMaterialCode: 'AL', proportion: '0', cycle: 'MONTH' }),
      400,
    );
    const saved = expectOk(
      await linkage('saveOrUpdate', { itemId: 7, rawMaterialCode: 'AL', proportion: '0.45', cycle: 'MONTH' }),
    );
    expect(saved).toMatchObject({ itemCode: '2001000301', status: 'NEW' });
    expectError(await linkage('doInvalid', { id: saved.priceLinkageId }), 409);
    expectOk(await linkage('doEnable', { id: saved.priceLinkageId }));
    const rows = expectOk<Record<string, unknown>[]>(
      await collect({ filter: { field: 'itemId', op: 'eq', value: 7 } }),
    );
    expect(rows.map((r) => [r.rawMaterialCode, r.itemLinkedProportion])).toEqual([
      ['AL', '1.0000'],
      ['CU', '1.0000'],
    ]);
  });
});
