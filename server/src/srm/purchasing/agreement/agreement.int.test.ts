import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { call, rows, todosOf, type Body, type ProofUser } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';
import { everyActionFromEveryState } from '../../../testing/transitionMatrix';

/** Agreements (purAgreement), their price-list rows, expiry, and the supplier's view (DOMAIN.md §5.2). */
const p = proofServer('srm_agreement');

const RES = 'srmPurAgreementHeaderRestful';
const ENTITY = 'srmPurAgreementHeader';
const MENU: Record<ProofUser, string> = {
  admin: 'PUR_AGREEMENT',
  buyer01: 'PUR_AGREEMENT',
  manager01: 'PUR_AGREEMENT',
  supplier01: 'SUP_PUR_AGREEMENT',
  supplier02: 'SUP_PUR_AGREEMENT',
};
const act = (user: ProofUser, action: string, body: Body) => call(p, user, MENU[user], RES, action, body);
const headerOf = async (id: number) =>
  (await rows(p, 'srm_pur_agreement_header', 'agreement_header_id', { agreement_header_id: id }))[0];
const pricesOf = async (agreementLineIds: number[]) =>
  (await rows(p, 'srm_pur_material_price', 'material_price_id', {})).filter((r) =>
    agreementLineIds.includes(Number(r.agreement_line_id)),
  );
const linesOf = (id: number) => rows(p, 'srm_pur_agreement_line', 'agreement_line_id', { agreement_header_id: id });

/** An agreement of supplier03 for the housing (item 5), valid over `validity`. */
function agreementBody(validity: [string, string] = ['2026-01-01', '2026-01-31'], lines?: Body[]): Body {
  return {
    agreementType: 'PRICE',
    supplierId: 3,
    orgId: 2,
    currencyCode: 'CNY',
    validFrom: validity[0],
    validTo: validity[1],
    buyerId: 2,
    lines: lines ?? [
      {
        lineNum: 1,
        itemId: 5,
        unitPriceExcl: '7.1',
        taxRate: '0.13',
        priceBreaks: [{ fromQty: 5000, unitPriceExcl: '6.9' }],
      },
      { lineNum: 2, itemId: 6, unitPriceExcl: '3.75', taxRate: '0.13', minOrderQty: '100', quotaPercent: '0.6' },
    ],
  };
}

async function draft(validity?: [string, string]): Promise<number> {
  return expectOk(await act('buyer01', 'saveOrUpdate', agreementBody(validity))).agreementHeaderId as number;
}

async function submitted(validity?: [string, string]): Promise<number> {
  const id = await draft(validity);
  expectOk(await act('buyer01', 'doSubmit', { id }));
  return id;
}

describe('saving an agreement', () => {
  it('computes the line values on the server: item code, UOM, unit price incl. tax, price breaks', async () => {
    const saved = expectOk(await act('buyer01', 'saveOrUpdate', agreementBody()));
    expect(saved.agreementNumber).toMatch(/^PA\d{12}$/);
    expect(saved.status).toBe('DRAFT');
    const lines = await linesOf(saved.agreementHeaderId as number);
    expect(lines.map((l) => [l.item_code, l.uom_code, String(l.unit_price_incl)])).toEqual([
      ['1003000205', 'PCS', expect.stringMatching(/^8\.023(000)?$/)],
      ['1004000009', 'PCS', expect.stringMatching(/^4\.2375(00)?$/)],
    ]);
    const found = expectOk(await act('buyer01', 'findById', { id: saved.agreementHeaderId }));
    expect(found.lines[0].unitPriceIncl).toBe('8.023000');
    expect(found.lines[0].priceBreaks).toEqual([{ fromQty: '5000.0000', unitPriceExcl: '6.900000' }]);
  });

  it('refuses a validity that ends before it starts and malformed price breaks (400 naming the field)', async () => {
    expectError(await act('buyer01', 'saveOrUpdate', agreementBody(['2026-02-01', '2026-01-31'])), 400, ['validTo']);
    const bad = agreementBody(undefined, [
      { lineNum: 1, itemId: 5, unitPriceExcl: '7', taxRate: '0.13', priceBreaks: [{ fromQty: 0, unitPriceExcl: 1 }] },
    ]);
    expectError(await act('buyer01', 'saveOrUpdate', bad), 400, ['lines[0].priceBreaks']);
  });

  it('refuses to submit an agreement without lines', async () => {
    const id = expectOk(await act('buyer01', 'saveOrUpdate', agreementBody(undefined, []))).agreementHeaderId as number;
    expectError(await act('buyer01', 'doSubmit', { id }), 400, ['lines']);
    expect((await headerOf(id)).status).toBe('DRAFT');
  });
});

describe('every action from every state', () => {
  everyActionFromEveryState(p, {
    entityName: ENTITY,
    table: 'srm_pur_agreement_header',
    keyColumn: 'agreement_header_id',
    states: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'EXPIRED', 'CLOSED'],
    actions: [
      ['doSubmit', 'buyer01', ['DRAFT', 'REJECTED', 'WITHDRAWN'], 'SUBMITTED'],
      ['doApprove', 'manager01', ['SUBMITTED'], 'APPROVED'],
      ['doReject', 'manager01', ['SUBMITTED'], 'REJECTED'],
      ['doWithdraw', 'buyer01', ['SUBMITTED'], 'WITHDRAWN'],
      ['doClose', 'buyer01', ['APPROVED'], 'CLOSED'],
      ['doExpire', 'buyer01', ['APPROVED'], 'EXPIRED'],
    ],
    draft,
    submitted,
    act,
  });
});

describe('approval, closing and expiry and the price list', () => {
  it('approval writes one VALID price per line in the same transaction; approving again is a 409 and writes nothing', async () => {
    const id = await submitted(['2026-01-01', '2026-12-31']);
    const todos = await todosOf(p, ENTITY, id);
    expect(todos.map((t) => t.bill_type)).toEqual(['PUR_AGREEMENT']);
    expectOk(await act('manager01', 'doApprove', { id }));
    const lines = await linesOf(id);
    const prices = await pricesOf(lines.map((l) => Number(l.agreement_line_id)));
    expect(prices).toHaveLength(2);
    const header = await headerOf(id);
    expect(prices[0]).toMatchObject({
      item_id: 5,
      item_code: '1003000205',
      supplier_id: 3,
      org_id: 2,
      currency_code: 'CNY',
      source_type: 'AGREEMENT',
      source_doc_number: header.agreement_number,
      price_status: 'VALID',
      agreement_line_id: Number(lines[0].agreement_line_id),
    });
    expect(String(prices[0].unit_price_excl)).toMatch(/^7\.1(00000)?$/);
    expect(String(prices[0].unit_price_incl)).toMatch(/^8\.023(000)?$/);
    expect(String(prices[0].valid_from).slice(0, 10)).toBe('2026-01-01');
    expect(JSON.parse(String(prices[0].price_breaks))).toEqual([{ fromQty: '5000.0000', unitPriceExcl: '6.900000' }]);
    expect(String(prices[1].quota_percent)).toMatch(/^0\.6(000)?$/);
    expect(String(prices[1].min_qty)).toMatch(/^100(\.0000)?$/);
    expectError(await act('manager01', 'doApprove', { id }), 409);
    expect(await pricesOf(lines.map((l) => Number(l.agreement_line_id)))).toHaveLength(2);
  });

  it('closing an approved agreement ends its prices (INVALID); closing again is a 409', async () => {
    const id = await submitted(['2026-01-01', '2026-12-31']);
    expectOk(await act('manager01', 'doApprove', { id }));
    expectOk(await act('buyer01', 'doClose', { id }));
    const lineIds = (await linesOf(id)).map((l) => Number(l.agreement_line_id));
    expect((await pricesOf(lineIds)).map((r) => r.price_status)).toEqual(['INVALID', 'INVALID']);
    expectError(await act('buyer01', 'doClose', { id }), 409);
  });

  it('doExpire refuses an agreement still valid (409) and expires one past validTo with its prices', async () => {
    const current = await submitted(['2026-01-01', '2099-12-31']);
    expectOk(await act('manager01', 'doApprove', { id: current }));
    const early = await act('buyer01', 'doExpire', { id: current });
    expectError(early, 409);
    expect(early.body.msg).toMatch(/has not expired yet/);
    expect((await headerOf(current)).status).toBe('APPROVED');

    const past = await submitted(['2026-01-01', '2026-01-31']);
    expectOk(await act('manager01', 'doApprove', { id: past }));
    const done = expectOk(await act('buyer01', 'doExpireAgreements', {}));
    expect(done.ids).toContain(past);
    expect(done.ids).not.toContain(current);
    expect((await headerOf(past)).status).toBe('EXPIRED');
    const lineIds = (await linesOf(past)).map((l) => Number(l.agreement_line_id));
    expect((await pricesOf(lineIds)).map((r) => r.price_status)).toEqual(['EXPIRED', 'EXPIRED']);
    // Nothing left to expire: the second run expires nothing.
    expect(expectOk(await act('buyer01', 'doExpireAgreements', {})).ids).not.toContain(past);
  });

  it('doExpireAgreements needs btnExpire: the supplier menu has none (403)', async () => {
    expectError(await act('supplier01', 'doExpireAgreements', {}), 403);
  });
});

describe('what suppliers see', () => {
  it('supplier01 reads its approved agreement with lines; supplier02 gets 404 for it', async () => {
    const mine = expectOk(await act('supplier01', 'findById', { id: 1 }));
    expect(mine.agreementNumber).toBe('PA202601020001');
    expect(mine.lines.map((l: Body) => [l.itemCode, l.unitPriceExcl])).toEqual([
      ['1001000012', '0.085000'],
      ['1001000047', '0.032000'],
    ]);
    expectError(await act('supplier02', 'findById', { id: 1 }), 404);
  });

  it('a DRAFT agreement is invisible to its own supplier; the list holds only its own approved and later agreements', async () => {
    expectError(await act('supplier01', 'findById', { id: 6 }), 404);
    const list = expectOk<Body[]>(await act('supplier01', 'listByPage', { pageIndex: 1, pageRows: 100 }));
    expect(list.map((a) => a.agreementHeaderId).sort()).toEqual([1, 5]);
    expect(new Set(list.map((a) => a.supplierId))).toEqual(new Set([1]));
  });

  it('suppliers cannot write agreements (no button: 403)', async () => {
    expectError(await act('supplier01', 'saveOrUpdate', { ...agreementBody(), supplierId: 1 }), 403);
    expectError(await act('supplier01', 'doClose', { id: 1 }), 403);
  });

  it('the price list: a supplier reads its own prices only', async () => {
    const own = expectOk<Body[]>(
      await call(p, 'supplier01', 'SUP_MATERIAL_PRICE', 'srmPurMaterialPriceRestful', 'listByPage', {
        pageIndex: 1,
        pageRows: 100,
      }),
    );
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((r) => r.supplierId))).toEqual(new Set([1]));
    const foreign = (await rows(p, 'srm_pur_material_price', 'material_price_id', { supplier_id: 2 }))[0];
    expectError(
      await call(p, 'supplier01', 'SUP_MATERIAL_PRICE', 'srmPurMaterialPriceRestful', 'findById', {
        id: foreign.material_price_id,
      }),
      404,
    );
  });
});

describe('hand-entered prices and bill types', () => {
  it('a manual price gets its item code, incl. price and source MANUAL from the server; agreement prices cannot be edited', async () => {
    const saved = expectOk(
      await call(p, 'buyer01', 'PUR_MATERIAL_PRICE', 'srmPurMaterialPriceRestful', 'saveOrUpdate', {
        itemId: 7,
        supplierId: 4,
        orgId: 2,
        currencyCode: 'CNY',
        unitPriceExcl: '1.25',
        taxRate: '0.13',
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
        sourceType: 'AGREEMENT',
      }),
    );
    expect(saved).toMatchObject({
      itemCode: '2001000301',
      unitPriceIncl: '1.412500',
      sourceType: 'MANUAL',
      priceStatus: 'VALID',
    });
    const seeded = expectOk(
      await call(p, 'buyer01', 'PUR_MATERIAL_PRICE', 'srmPurMaterialPriceRestful', 'findById', { id: 1 }),
    );
    expect(seeded.sourceType).toBe('AGREEMENT');
    expectError(
      await call(p, 'buyer01', 'PUR_MATERIAL_PRICE', 'srmPurMaterialPriceRestful', 'saveOrUpdate', {
        ...seeded,
        unitPriceExcl: '0.01',
      }),
      409,
    );
  });

  it('bill types are shared reference data: buyers maintain them, codes are unique', async () => {
    const list = expectOk<Body[]>(
      await call(p, 'buyer01', 'PUR_BILL_TYPE', 'srmPurBillTypeRestful', 'listByPage', { pageIndex: 1, pageRows: 50 }),
    );
    expect(list.map((b) => b.docCategory).sort()).toEqual(['AGREEMENT', 'ORDER', 'ORDER', 'REQUISITION']);
    const dup = await call(p, 'buyer01', 'PUR_BILL_TYPE', 'srmPurBillTypeRestful', 'saveOrUpdate', {
      billTypeCode: 'PO_STD',
      billTypeName: '重复',
      docCategory: 'ORDER',
    });
    expectError(dup, 409);
  });
});
