import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { historyOf, rows, type Body, type ProofUser } from '../../../testing/proofFixtures';
import { act, EQ_RES, one, pdfOf, PROMO_RES, supplierTodos } from './collabFixtures';
import { proofServer } from '../../../testing/proofServer';

/** Engineering queries (EQ, DOMAIN.md §5.8): EQ users, submit, transfer, close, promotions and the supplier's answer, scope. */
const p = proofServer('srm_pur_eq', { timeout: 600_000 });

const QE01 = 4;
const MANAGER01 = 3;
const DIRECTOR01 = 9;
const buyer = (action: string, body: Body) => act(p, 'buyer01', 'PUR_EQ_EDIT', EQ_RES, action, body);
const buyerPromo = (action: string, body: Body) => act(p, 'buyer01', 'PUR_EQ_PROMOTION_EDIT', PROMO_RES, action, body);
const supplierEq = (user: ProofUser, action: string, body: Body) => act(p, user, 'SUP_EQ_VIEW', EQ_RES, action, body);
const supplierPromo = (user: ProofUser, action: string, body: Body) =>
  act(p, user, 'SUP_EQ_PROMOTION_EDIT', PROMO_RES, action, body);
const eq = (id: number) => one(p, 'srm_pur_eq_header', 'eq_header_id', id);
const promo = (id: number) => one(p, 'srm_pur_eq_promotion', 'eq_promotion_id', id);

async function draftEq(supplierId = 1, researchEngineerId = QE01): Promise<number> {
  return Number(
    expectOk(
      await buyer('saveOrUpdate', {
        title: '测试问询',
        supplierId,
        itemId: 1,
        researchEngineerId,
        question: '请确认公差',
      }),
    ).eqHeaderId,
  );
}

async function submittedEq(supplierId = 1): Promise<number> {
  const id = await draftEq(supplierId);
  expectOk(await buyer('doSubmit', { id }));
  return id;
}

async function promoted(eqId: number): Promise<number> {
  const id = Number(
    expectOk(await buyerPromo('saveOrUpdate', { eqHeaderId: eqId, content: '请尽快回复' })).eqPromotionId,
  );
  expectOk(await buyerPromo('doPromote', { id }));
  return id;
}

describe('EQ users and lists', () => {
  it('listResearchEngineer answers the enabled research engineers; suppliers 403', async () => {
    const list = expectOk(await buyer('listResearchEngineer', {}));
    expect(list.map((r: Body) => r.userName).sort()).toEqual(['director01', 'manager01', 'qe01']);
    expectError(await supplierEq('supplier01', 'listResearchEngineer', {}), 403);
    // A disabled EQ user is no research engineer any more.
    expectOk(
      await act(p, 'buyer01', 'PUR_EQ_USERS_EDIT', 'srmPurEqUsersRestful', 'saveOrUpdate', {
        eqUserId: 5903,
        enabledFlag: 'N',
        versionNum: 1,
      }),
    );
    const after = expectOk(await buyer('listResearchEngineer', {}));
    expect(after.map((r: Body) => r.userId)).not.toContain(DIRECTOR01);
    expectOk(
      await act(p, 'buyer01', 'PUR_EQ_USERS_EDIT', 'srmPurEqUsersRestful', 'saveOrUpdate', {
        eqUserId: 5903,
        enabledFlag: 'Y',
        versionNum: 2,
      }),
    );
  });

  it('listSupplierContact answers the supplier contacts; a supplier gets its own whatever it asks', async () => {
    const list = expectOk(await buyer('listSupplierContact', { supplierId: 1 }));
    expect(list.map((r: Body) => r.contactName)).toEqual(['周明', '钱芳']);
    const own = expectOk(await supplierEq('supplier02', 'listSupplierContact', { supplierId: 1 }));
    expect(own.every((r: Body) => r.supplierId === 2)).toBe(true);
    expect(own.length).toBeGreaterThan(0);
    expectError(await buyer('listSupplierContact', {}), 400);
  });
});

describe('EQ lifecycle', () => {
  it('the research engineer must be an EQ research engineer (400); doSubmit once (409); suppliers see it only once submitted', async () => {
    expectError(
      await buyer('saveOrUpdate', { title: 'x', supplierId: 1, itemId: 1, researchEngineerId: 2, question: 'q' }),
      400,
      ['researchEngineerId'],
    );
    const id = await draftEq();
    expect((await eq(id)).item_code).toBe('1001000012');
    expectError(await supplierEq('supplier01', 'findById', { id }), 404);
    expectError(await supplierEq('supplier01', 'doSubmit', { id }), 403);
    expectOk(await buyer('doSubmit', { id }));
    expect(await eq(id)).toMatchObject({ status: 'SUBMITTED' });
    expect((await eq(id)).submit_date).toBeTruthy();
    expectError(await buyer('doSubmit', { id }), 409);
    expect(expectOk(await supplierEq('supplier01', 'findById', { id }))).toMatchObject({
      eqHeaderId: id,
      status: 'SUBMITTED',
    });
    expectError(await supplierEq('supplier02', 'findById', { id }), 404);
    const theirs = expectOk(await supplierEq('supplier02', 'listByPage', { params: {}, pageIndex: 1, pageRows: 500 }));
    expect(theirs.every((r: Body) => r.supplierId === 2 && r.status !== 'DRAFT')).toBe(true);
  });

  it('transfer hands the EQ to another research engineer with a who/why row; refusals 400, 403, 404, 409', async () => {
    const draft = await draftEq();
    expectError(await buyer('transfer', { id: draft, researchEngineerId: MANAGER01, reason: 'r' }), 409);
    const id = await submittedEq();
    expectError(await supplierEq('supplier01', 'transfer', { id, researchEngineerId: MANAGER01, reason: 'r' }), 403);
    expectError(await buyer('transfer', { id, researchEngineerId: QE01, reason: 'r' }), 400, ['researchEngineerId']);
    expectError(await buyer('transfer', { id, researchEngineerId: 2, reason: 'r' }), 400, ['researchEngineerId']);
    expectError(await buyer('transfer', { id, researchEngineerId: MANAGER01 }), 400, ['reason']);
    expectError(await buyer('transfer', { id }), 400, ['researchEngineerId']);
    expectError(await buyer('transfer', { id: 99999999, researchEngineerId: MANAGER01, reason: 'r' }), 404);
    expectOk(await buyer('transfer', { id, researchEngineerId: MANAGER01, reason: '电子件问题' }));
    // The form's saved "transfer to" is used when the body names none; other values stay as submitted.
    const stored = expectOk(await buyer('findById', { id }));
    expectOk(await buyer('saveOrUpdate', { ...stored, transferToId: DIRECTOR01, title: 'changed' }));
    expect(await eq(id)).toMatchObject({ transfer_to_id: DIRECTOR01, title: '测试问询' });
    expectOk(await buyer('transfer', { id, reason: '交研发总监' }));
    expect(await eq(id)).toMatchObject({ research_engineer_id: DIRECTOR01, transfer_to_id: null });
    const history = await rows(p, 'srm_pur_eq_transfer_history', 'transfer_history_id', { eq_header_id: id });
    expect(
      history.map((h) => [Number(h.from_user_id), Number(h.to_user_id), h.reason, Number(h.transferred_by)]),
    ).toEqual([
      [QE01, MANAGER01, '电子件问题', 2],
      [MANAGER01, DIRECTOR01, '交研发总监', 2],
    ]);
    expect(expectOk(await buyer('findById', { id })).transfers).toHaveLength(2);
    expectOk(await buyer('doClose', { id }));
    expectError(await buyer('transfer', { id, researchEngineerId: QE01, reason: 'r' }), 409);
    expectError(await buyer('doClose', { id }), 409);
  });
});

describe('promotions', () => {
  it('doPromote raises the supplier to-do; the supplier answers once; the EQ becomes ANSWERED with the answer', async () => {
    const eqId = await submittedEq();
    const id = Number(
      expectOk(await buyerPromo('saveOrUpdate', { eqHeaderId: eqId, content: '请回复' })).eqPromotionId,
    );
    expect(await promo(id)).toMatchObject({ supplier_id: 1, org_id: 2, title: '测试问询', status: 'DRAFT' });
    expectError(await supplierPromo('supplier01', 'findById', { id }), 404);
    expectError(await supplierPromo('supplier01', 'doPromote', { id }), 403);
    expectOk(await buyerPromo('doPromote', { id }));
    expectError(await buyerPromo('doPromote', { id }), 409);
    const [todo] = await supplierTodos(p, 'srmPurEqPromotion', id, 'SRM_EQ_PROMOTION');
    expect(todo).toMatchObject({ supplier_id: 1, handle_flag: 'N', menu_code: 'SUP_EQ_PROMOTION_EDIT' });
    expect(todo.bill_link).toBe(`eqPromotion/SrmPurEqPromotionEdit?id=${id}`);
    const numbers = [(await eq(eqId)).eq_number, (await promo(id)).promotion_number];
    expect(todo.pending_title).toBe(`EQ ${String(numbers[0])} 推进 ${String(numbers[1])}，请回复`);

    expectError(await supplierPromo('supplier02', 'findById', { id }), 404);
    expectError(await supplierPromo('supplier02', 'doAnswer', { id, comment: 'x' }), 404);
    expectError(await supplierPromo('supplier01', 'doAnswer', { id }), 400);
    expectError(await supplierPromo('admin', 'doAnswer', { id, comment: 'x' }), 403);
    const file = await pdfOf(p, 'supplier01', 'SUP_EQ_PROMOTION_EDIT');
    expectOk(await supplierPromo('supplier01', 'addAnswerFile', { eqPromotionId: id, attachmentId: file }));
    expectOk(await supplierPromo('supplier01', 'doAnswer', { id, comment: '模具已修正' }));
    expect(await promo(id)).toMatchObject({
      status: 'ANSWERED',
      answer_content: '模具已修正',
      answered_by: 5,
      answer_file_ids: String(file),
    });
    expectError(await supplierPromo('supplier01', 'doAnswer', { id, comment: 'again' }), 409);
    expectError(await supplierPromo('supplier01', 'addAnswerFile', { eqPromotionId: id, attachmentId: file }), 409);
    expect((await supplierTodos(p, 'srmPurEqPromotion', id, 'SRM_EQ_PROMOTION'))[0].handle_flag).toBe('Y');
    expect(await eq(eqId)).toMatchObject({ status: 'ANSWERED', answer_content: '模具已修正' });
    expect((await historyOf(p, 'srmPurEqHeader', eqId)).map((h) => h.action)).toContain('doAnswered');
    // A second round on an ANSWERED EQ keeps it ANSWERED with the latest answer.
    const second = await promoted(eqId);
    expectOk(await supplierPromo('supplier01', 'doAnswer', { id: second, comment: '第二次回复' }));
    expect(await eq(eqId)).toMatchObject({ status: 'ANSWERED', answer_content: '第二次回复' });
  });

  it('an EQ that is a draft or closed takes no promotion (400/409); closing cancels open promotion to-dos and refuses answers', async () => {
    const draft = await draftEq();
    expectError(await buyerPromo('saveOrUpdate', { eqHeaderId: draft, content: 'x' }), 400, ['eqHeaderId']);
    const eqId = await submittedEq();
    const open = await promoted(eqId);
    const later = Number(
      expectOk(await buyerPromo('saveOrUpdate', { eqHeaderId: eqId, content: 'later' })).eqPromotionId,
    );
    expectOk(await buyer('doClose', { id: eqId }));
    expect((await supplierTodos(p, 'srmPurEqPromotion', open, 'SRM_EQ_PROMOTION'))[0].cancel_flag).toBe('Y');
    expectError(await supplierPromo('supplier01', 'doAnswer', { id: open, comment: 'x' }), 409);
    expectError(await buyerPromo('doPromote', { id: later }), 409);
    expect((await promo(later)).status).toBe('DRAFT');
  });

  it('the demo promotion is open for supplier01 with its to-do; the answered one for supplier02', async () => {
    const one1 = expectOk(await supplierPromo('supplier01', 'findById', { id: 5901 }));
    expect(one1).toMatchObject({ status: 'PROMOTED', eqNumber: 'EQ202611210001' });
    expectError(await supplierPromo('supplier01', 'findById', { id: 5903 }), 404);
    expect(expectOk(await supplierPromo('supplier02', 'findById', { id: 5902 }))).toMatchObject({ status: 'ANSWERED' });
    expect((await supplierTodos(p, 'srmPurEqPromotion', 5901, 'SRM_EQ_PROMOTION'))[0].handle_flag).toBe('N');
  });
});
