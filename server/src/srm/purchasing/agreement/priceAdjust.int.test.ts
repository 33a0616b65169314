import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { expectTransition, rows, setState, type ProofUser } from '../../../testing/proofFixtures';
import { findMaterialPrice } from '../price/materialPrices';
import { adjustAct, approvedAdjust, approvedAgreement, draftAdjust } from './priceAdjustFixtures';
import { proofServer } from '../../../testing/proofServer';

/** Agreement price changes (purPriceAdjust, DOMAIN.md §5.3): server-side prices, the supplier's to-do and confirmation. */
let agreement: { id: number; lineIds: number[] };
const p = proofServer('srm_price_adjust');
beforeAll(async () => {
  agreement = await approvedAgreement(p);
});

const ENTITY = 'srmPurPriceAdjust';
const adjustOf = async (id: number) =>
  (await rows(p, 'srm_pur_price_adjust', 'price_adjust_id', { price_adjust_id: id }))[0];
const pricesOfLine = (agreementLineId: number) =>
  rows(p, 'srm_pur_material_price', 'material_price_id', { agreement_line_id: agreementLineId });
const supplierTodos = (id: number) =>
  rows(p, 'base_supplier_todo', 'supplier_todo_id', { entity_name: ENTITY, bill_id: id });
const priceOn = (itemId: number, onDate: string) =>
  p.server.kernel.db.transaction((tx) =>
    findMaterialPrice(tx, p.server.kernel.registry, { itemId, orgId: 2, onDate, supplierId: 1 }),
  );

describe('saving a price change', () => {
  it('takes supplier and company from the agreement and computes old price and change rate', async () => {
    const id = await draftAdjust(p, agreement, '2.1');
    const found = expectOk(await adjustAct(p, 'buyer01', 'findById', { id }));
    expect(found).toMatchObject({ supplierId: 1, orgId: 2, status: 'DRAFT' });
    expect(found.adjustNumber).toMatch(/^ADJ\d{12}$/);
    expect(found.lines[0]).toMatchObject({
      itemId: 7,
      itemCode: '2001000301',
      oldPrice: '2.000000',
      newPrice: '2.100000',
      changeRate: '0.0500',
    });
  });

  it('refuses a line of another agreement and an agreement that is not approved (400 naming the field)', async () => {
    const other = await approvedAgreement(p);
    const foreignLine = await adjustAct(p, 'buyer01', 'saveOrUpdate', {
      agreementHeaderId: agreement.id,
      effectiveDate: '2026-07-01',
      lines: [{ agreementLineId: other.lineIds[0], newPrice: '1' }],
    });
    expectError(foreignLine, 400, ['lines[0].agreementLineId']);
    const draftAgreement = await approvedAgreement(p, 'DRAFT');
    const notApproved = await adjustAct(p, 'buyer01', 'saveOrUpdate', {
      agreementHeaderId: draftAgreement.id,
      effectiveDate: '2026-07-01',
      lines: [{ agreementLineId: draftAgreement.lineIds[0], newPrice: '1' }],
    });
    expectError(notApproved, 400);
  });

  it('refuses to submit an effective date outside the agreement (400 effectiveDate)', async () => {
    const id = await draftAdjust(p, agreement, '2.1', '2027-02-01');
    expectError(await adjustAct(p, 'buyer01', 'doSubmit', { id }), 400, ['effectiveDate']);
  });
});

describe('every internal action from every state', () => {
  const STATES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'CONFIRMED'];
  const ACTIONS: [string, ProofUser, string[], string][] = [
    ['doSubmit', 'buyer01', ['DRAFT', 'REJECTED', 'WITHDRAWN'], 'SUBMITTED'],
    ['doApprove', 'manager01', ['SUBMITTED'], 'APPROVED'],
    ['doReject', 'manager01', ['SUBMITTED'], 'REJECTED'],
    ['doWithdraw', 'buyer01', ['SUBMITTED'], 'WITHDRAWN'],
  ];
  const cases = ACTIONS.flatMap(([action, user, from, to]) =>
    STATES.map((state) => [action, state, from.includes(state) ? to : null, user] as const),
  );
  it.each(cases)('%s from %s → %s', async (action, state, to, user) => {
    const id = await draftAdjust(p, agreement);
    if (state !== 'DRAFT') expectOk(await adjustAct(p, 'buyer01', 'doSubmit', { id }));
    if (state !== 'DRAFT' && state !== 'SUBMITTED')
      await setState(p, 'srm_pur_price_adjust', 'status', 'price_adjust_id', id, state);
    const answer = await adjustAct(p, user, action, { id, comment: 'checked' });
    await expectTransition(p, {
      entityName: ENTITY,
      table: 'srm_pur_price_adjust',
      statusColumn: 'status',
      keyColumn: 'price_adjust_id',
      id,
      state,
      to,
      answer,
      action,
    });
  });

  it('doSupplierConfirm: only from APPROVED; the states a supplier cannot see answer 404, CONFIRMED 409', async () => {
    for (const state of ['DRAFT', 'SUBMITTED', 'REJECTED', 'WITHDRAWN', 'CONFIRMED']) {
      const id = await draftAdjust(p, agreement);
      await setState(p, 'srm_pur_price_adjust', 'status', 'price_adjust_id', id, state);
      expectError(await adjustAct(p, 'supplier01', 'doSupplierConfirm', { id }), state === 'CONFIRMED' ? 409 : 404);
      expect((await adjustOf(id)).status).toBe(state);
    }
  });
});

describe('approval and the supplier confirmation', () => {
  it('approval raises the supplier to-do SRM_PRICE_ADJUST for supplier01', async () => {
    const id = await approvedAdjust(p, agreement);
    const todos = await supplierTodos(id);
    expect(todos).toHaveLength(1);
    expect(todos[0]).toMatchObject({
      bill_type: 'SRM_PRICE_ADJUST',
      supplier_id: 1,
      handle_flag: 'N',
      menu_code: 'SUP_PRICE_ADJUST',
      bill_link: `purAgreementManage/srmPurPriceAdjustEdit?id=${id}`,
    });
    const mine = expectOk(
      await p.server.call(
        'baseServer',
        'baseSupplierTodoRestful',
        'findMyTodo',
        {},
        await p.server.authHeaders('baseSupplierTodoRestful', 'supplier01'),
      ),
    );
    expect((mine as { billId: number }[]).some((t) => t.billId === id)).toBe(true);
  });

  it('the buyer has no confirm button (403); an administrator holding it is not the supplier (403); supplier02 gets 404', async () => {
    const id = await approvedAdjust(p, agreement);
    expectError(await adjustAct(p, 'buyer01', 'doSupplierConfirm', { id }), 403);
    expectError(await adjustAct(p, 'admin', 'doSupplierConfirm', { id }), 403);
    expectError(await adjustAct(p, 'supplier02', 'doSupplierConfirm', { id }), 404);
    expect((await adjustOf(id)).status).toBe('APPROVED');
  });

  it('confirming applies the new price to the agreement line and the price list from the effective date, once', async () => {
    const own = await approvedAgreement(p);
    const lineId = own.lineIds[0];
    const id = await approvedAdjust(p, own, '2.35', '2026-07-01');
    expect(await pricesOfLine(lineId)).toHaveLength(1);
    const done = expectOk(await adjustAct(p, 'supplier01', 'doSupplierConfirm', { id }));
    expect(done).toMatchObject({ status: 'CONFIRMED', confirmedBy: 5 });
    const line = expectOk(await p.server.call('srmServer', 'srmPurAgreementHeaderRestful', 'findById', { id: own.id }))
      .lines[0];
    expect(line).toMatchObject({ unitPriceExcl: '2.350000', unitPriceIncl: '2.655500' });
    const prices = await pricesOfLine(lineId);
    expect(
      prices.map((r) => [
        r.source_type,
        String(r.valid_from).slice(0, 10),
        String(r.valid_to).slice(0, 10),
        r.price_status,
      ]),
    ).toEqual([
      ['AGREEMENT', '2026-01-01', '2026-06-30', 'VALID'],
      ['ADJUSTMENT', '2026-07-01', '2026-12-31', 'VALID'],
    ]);
    expect(prices[1].source_doc_number).toBe((await adjustOf(id)).adjust_number);
    expect((await supplierTodos(id))[0]).toMatchObject({ handle_flag: 'Y', handle_user_id: 5 });
    // the price list answers by date
    expect((await priceOn(7, '2026-06-30'))?.unitPriceExcl).toBe('2.000000');
    expect(await priceOn(7, '2026-07-01')).toMatchObject({
      unitPriceExcl: '2.350000',
      agreementLineId: lineId,
      sourceType: 'ADJUSTMENT',
    });

    const again = await adjustAct(p, 'supplier01', 'doSupplierConfirm', { id });
    expectError(again, 409);
    expect(again.body.msg).toMatch(/the document is CONFIRMED/);
    expect((await pricesOfLine(lineId)).filter((r) => r.source_type === 'ADJUSTMENT')).toHaveLength(1);
  });

  it('a second change from an earlier date replaces the later price and ends the earlier one', async () => {
    const own = await approvedAgreement(p);
    const lineId = own.lineIds[0];
    expectOk(
      await adjustAct(p, 'supplier01', 'doSupplierConfirm', { id: await approvedAdjust(p, own, '2.2', '2026-09-01') }),
    );
    expectOk(
      await adjustAct(p, 'supplier01', 'doSupplierConfirm', { id: await approvedAdjust(p, own, '2.1', '2026-05-01') }),
    );
    const prices = await pricesOfLine(lineId);
    expect(
      prices.map((r) => [
        String(r.unit_price_excl),
        String(r.valid_from).slice(0, 10),
        String(r.valid_to).slice(0, 10),
        r.price_status,
      ]),
    ).toEqual([
      [expect.stringMatching(/^2(\.000000)?$/), '2026-01-01', '2026-04-30', 'VALID'],
      [expect.stringMatching(/^2\.2(00000)?$/), '2026-09-01', '2026-12-31', 'INVALID'],
      [expect.stringMatching(/^2\.1(00000)?$/), '2026-05-01', '2026-12-31', 'VALID'],
    ]);
    const line = (await rows(p, 'srm_pur_agreement_line', 'agreement_line_id', { agreement_line_id: lineId }))[0];
    expect(String(line.unit_price_excl)).toMatch(/^2\.1(00000)?$/);
  });

  it('a closed agreement takes no confirmation (409) and nothing changes', async () => {
    const own = await approvedAgreement(p);
    const id = await approvedAdjust(p, own);
    expectOk(await p.server.call('srmServer', 'srmPurAgreementHeaderRestful', 'doClose', { id: own.id }));
    expectError(await adjustAct(p, 'supplier01', 'doSupplierConfirm', { id }), 409);
    expect((await adjustOf(id)).status).toBe('APPROVED');
    expect((await pricesOfLine(own.lineIds[0])).map((r) => r.source_type)).toEqual(['AGREEMENT']);
  });
});

describe('what suppliers see of price changes', () => {
  it('supplier01 reads its approved seeded change; supplier02 gets 404; a draft is invisible to its own supplier', async () => {
    expect(expectOk(await adjustAct(p, 'supplier01', 'findById', { id: 1 })).adjustNumber).toBe('ADJ202611200001');
    expectError(await adjustAct(p, 'supplier02', 'findById', { id: 1 }), 404);
    expectError(await adjustAct(p, 'supplier02', 'findById', { id: 2 }), 404);
    const list = expectOk<{ supplierId: number; status: string }[]>(
      await adjustAct(p, 'supplier01', 'listByPage', { pageIndex: 1, pageRows: 200 }),
    );
    expect(list.every((a) => a.supplierId === 1 && ['APPROVED', 'CONFIRMED'].includes(a.status))).toBe(true);
  });
});
