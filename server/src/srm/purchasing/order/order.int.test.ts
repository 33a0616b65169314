import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { historyOf, type ProofUser } from '../../../testing/proofFixtures';
import {
  act,
  confirmed,
  draft,
  ENTITY,
  headerOf,
  line,
  linesOf,
  released,
  setColumn,
  submitted,
  supplierTodosOf,
  todosOf,
} from '../../../testing/orderFixtures';
import { proofServer } from '../../../testing/proofServer';

/** The purchase order (DOMAIN §5.4): amounts, lifecycle purOrder, supplier feedback, access and row scope. */
const p = proofServer('srm_pur_order');
const read = async (id: number) => expectOk<Record<string, unknown>>(await act(p, 'buyer01', 'findById', { id }));

describe('amounts', () => {
  it('20000 × 0.0850 at 13%: 1700.00 / 221.00 / 1921.00, whatever the client sends', async () => {
    const id = await draft(p, 1, [line({ amountExcl: '1', unitPriceIncl: '9', shippedQty: '5', receivedQty: '5' })], {
      totalAmountExcl: '1',
      status: 'CLOSED',
    });
    const h = await read(id);
    expect([h.totalAmountExcl, h.totalTaxAmount, h.totalAmountIncl]).toEqual(['1700.00', '221.00', '1921.00']);
    expect(h.status).toBe('DRAFT');
    const [l] = h.lines as Record<string, unknown>[];
    expect([l.amountExcl, l.amountIncl, l.unitPriceIncl]).toEqual(['1700.00', '1921.00', '0.096050']);
    expect(Number(l.shippedQty)).toBe(0);
    expect(Number(l.receivedQty)).toBe(0);
    expect(l.itemCode).toBe('1001000012');
  });

  it('sums the rounded lines and rounds to the currency: JPY has no decimals', async () => {
    const lines = [
      line({ quantity: '3', unitPriceExcl: '0.5' }),
      line({ lineNum: 2, quantity: '1', unitPriceExcl: '0.333333' }),
    ];
    const h = await headerOf(p, await draft(p, 1, lines, { currencyCode: 'JPY' }));
    // 1.5 → 2 (tax 0.26 → 0), 0.333333 → 0 (tax 0): totals 2 / 0 / 2
    expect([h.total_amount_excl, h.total_tax_amount, h.total_amount_incl].map((v) => Number(v))).toEqual([2, 0, 2]);
    const cny = await read(await draft(p, 1, lines));
    expect([cny.totalAmountExcl, cny.totalTaxAmount, cny.totalAmountIncl]).toEqual(['1.83', '0.24', '2.07']);
  });

  it('a save cannot add feedback or Q&A rows (written by their actions)', async () => {
    const body = {
      poType: 'STANDARD',
      supplierId: 1,
      orgId: 2,
      invOrgId: 5,
      buyerId: 2,
      orderDate: '2026-11-26',
      currencyCode: 'CNY',
    };
    expectError(
      await act(p, 'buyer01', 'saveOrUpdate', { ...body, lines: [line()], feedbacks: [{ feedbackType: 'REJECT' }] }),
      400,
      ['feedbacks'],
    );
  });
});

type Setup = (supplierId: number) => Promise<number>;
const STATES: Record<string, Setup> = {
  DRAFT: (s) => draft(p, s),
  SUBMITTED: (s) => submitted(p, s),
  RELEASED: (s) => released(p, s),
  CONFIRMED: (s) => confirmed(p, s),
  REJECTED: async (s) => {
    const id = await submitted(p, s);
    expectOk(await act(p, 'manager01', 'doReject', { id, comment: 'price' }));
    return id;
  },
  WITHDRAWN: async (s) => {
    const id = await submitted(p, s);
    expectOk(await act(p, 'buyer01', 'doWithdraw', { id }));
    return id;
  },
  RECEIVED: async (s) => {
    const id = await confirmed(p, s);
    await setColumn(p, 'srm_pur_order_header', 'status', 'order_header_id', id, 'RECEIVED');
    return id;
  },
  CLOSED: async (s) => {
    const id = await confirmed(p, s);
    expectOk(await act(p, 'buyer01', 'doClose', { id }));
    return id;
  },
  CANCELLED: async (s) => {
    const id = await released(p, s);
    expectOk(await act(p, 'buyer01', 'doCancel', { id }));
    return id;
  },
};
const HIDDEN = ['DRAFT', 'SUBMITTED', 'REJECTED', 'WITHDRAWN'];

describe('every action from every state', () => {
  const ACTIONS: [string, ProofUser, string[], string][] = [
    ['doSubmit', 'buyer01', ['DRAFT', 'REJECTED', 'WITHDRAWN'], 'SUBMITTED'],
    ['doApprove', 'manager01', ['SUBMITTED'], 'RELEASED'],
    ['doReject', 'manager01', ['SUBMITTED'], 'REJECTED'],
    ['doWithdraw', 'buyer01', ['SUBMITTED'], 'WITHDRAWN'],
    ['doSupplierConfirm', 'supplier01', ['RELEASED'], 'CONFIRMED'],
    ['doClose', 'buyer01', ['RECEIVED', 'CONFIRMED'], 'CLOSED'],
    ['doCancel', 'buyer01', ['RELEASED', 'CONFIRMED'], 'CANCELLED'],
    ['doRevise', 'buyer01', ['RELEASED', 'CONFIRMED'], 'WITHDRAWN'],
  ];
  const cases = ACTIONS.flatMap(([action, user, from, to]) =>
    Object.keys(STATES).map((state) => [action, state, from.includes(state) ? to : null, user] as const),
  );
  it.each(cases)('%s from %s → %s', async (action, state, to, user) => {
    const id = await STATES[state](1);
    const answer = await act(p, user, action, { id, comment: 'checked' });
    const status = async () => (await headerOf(p, id)).status;
    if (to) {
      expectOk(answer);
      expect(await status()).toBe(to);
      expect((await historyOf(p, ENTITY, id)).at(-1)).toMatchObject({ action, from_state: state, to_state: to });
      // The illegal repeat: the document has moved on.
      if (!(action === 'doSubmit' && to === 'SUBMITTED' && state === 'SUBMITTED'))
        expectError(await act(p, user, action, { id, comment: 'again' }), 409);
    } else if (user.startsWith('supplier') && HIDDEN.includes(state)) {
      expectError(answer, 404);
      expect(await status()).toBe(state);
    } else {
      expectError(answer, 409);
      expect(await status()).toBe(state);
    }
  });
});

describe('release and supplier confirmation', () => {
  it('doApprove releases: feedback pending, release date, the supplier to-do SRM_PUR_ORDER', async () => {
    const id = await released(p, 1);
    const h = await headerOf(p, id);
    expect(h.feedback_status).toBe('PENDING_FEEDBACK');
    expect(h.release_date).toBeTruthy();
    const todos = await supplierTodosOf(p, id);
    expect(todos).toHaveLength(1);
    expect(todos[0]).toMatchObject({
      bill_type: 'SRM_PUR_ORDER',
      supplier_id: 1,
      handle_flag: 'N',
      cancel_flag: 'N',
      menu_code: 'SUP_CUSTOMER_ORDER',
    });
    expect(await todosOf(p, id, 'PUR_ORDER')).toEqual([expect.objectContaining({ handle_flag: 'Y' })]);
  });

  it('doSupplierConfirm: feedback CONFIRMED, promised = need-by date, original promised date set once, the to-do handled', async () => {
    const id = await confirmed(p, 1);
    const h = await headerOf(p, id);
    expect(h.feedback_status).toBe('CONFIRMED');
    expect(h.confirm_date).toBeTruthy();
    const [l] = await linesOf(p, id);
    expect(String(l.promised_date).slice(0, 10)).toBe('2026-12-10');
    expect(String(l.original_promised_date).slice(0, 10)).toBe('2026-12-10');
    expect((await supplierTodosOf(p, id))[0]).toMatchObject({ handle_flag: 'Y' });
  });
});

describe('supplier feedback', () => {
  it('DATE_CHANGE: feedback rows and the buyer to-do; accepted → CONFIRMED with the proposed date', async () => {
    const id = await released(p, 1);
    const [l] = await linesOf(p, id);
    const body = {
      id,
      feedbackType: 'DATE_CHANGE',
      reason: 'lead time',
      lines: [{ orderLineId: l.order_line_id, proposedDate: '2026-12-20' }],
    };
    expectOk(await act(p, 'supplier01', 'doFeedback', body));
    expect((await headerOf(p, id)).feedback_status).toBe('DELIVERY_DATE_CHANGE');
    expectError(await act(p, 'supplier01', 'doFeedback', body), 409);
    expectError(await act(p, 'supplier01', 'doSupplierConfirm', { id }), 409);
    expect(await todosOf(p, id, 'PUR_ORDER_FEEDBACK')).toEqual([
      expect.objectContaining({ assignee_user_id: 2, handle_flag: 'N' }),
    ]);
    expectOk(await act(p, 'buyer01', 'doAcceptFeedback', { id }));
    const h = await headerOf(p, id);
    expect([h.status, h.feedback_status]).toEqual(['CONFIRMED', 'CONFIRMED']);
    const [after] = await linesOf(p, id);
    expect(String(after.promised_date).slice(0, 10)).toBe('2026-12-20');
    expect(String(after.original_promised_date).slice(0, 10)).toBe('2026-12-20');
    expect(await todosOf(p, id, 'PUR_ORDER_FEEDBACK')).toEqual([expect.objectContaining({ handle_flag: 'Y' })]);
    expectError(await act(p, 'buyer01', 'doAcceptFeedback', { id }), 409);
  });

  it('REJECT needs a reason; the buyer rejects the refusal → pending again with a new supplier to-do', async () => {
    const id = await released(p, 1);
    expectError(await act(p, 'supplier01', 'doFeedback', { id, feedbackType: 'REJECT' }), 400, ['reason']);
    expectError(await act(p, 'supplier01', 'doFeedback', { id, feedbackType: 'MAYBE', reason: 'x' }), 400, [
      'feedbackType',
    ]);
    // The list's "refuse" button sends only the prompted reason.
    expectOk(await act(p, 'supplier01', 'doFeedback', { id, reason: 'no capacity' }));
    expect((await headerOf(p, id)).feedback_status).toBe('REJECTED');
    expectOk(await act(p, 'buyer01', 'doRejectFeedback', { id, comment: 'please reconsider' }));
    expect((await headerOf(p, id)).feedback_status).toBe('PENDING_FEEDBACK');
    expectError(await act(p, 'buyer01', 'doRejectFeedback', { id }), 409);
    const todos = await supplierTodosOf(p, id);
    expect(todos.map((t) => t.handle_flag)).toEqual(['Y', 'N']);
    expectOk(await act(p, 'supplier01', 'doSupplierConfirm', { id }));
  });

  it("the demo order awaiting approval is in manager01's to-dos and can be approved", async () => {
    expect(await todosOf(p, 2, 'PUR_ORDER')).toEqual([
      expect.objectContaining({ assignee_user_id: 3, handle_flag: 'N' }),
    ]);
    expectOk(await act(p, 'manager01', 'doApprove', { id: 2, comment: 'ok' }));
    expect(await supplierTodosOf(p, 2)).toEqual([expect.objectContaining({ supplier_id: 2, handle_flag: 'N' })]);
  });

  it("the edit page's prompt: one proposed date for every line", async () => {
    const id = await released(p, 1, [line(), line({ lineNum: 2, itemId: 2 })]);
    expectError(await act(p, 'supplier01', 'doFeedback', { id, proposedDate: '20.12.2026' }), 400, ['proposedDate']);
    expectOk(await act(p, 'supplier01', 'doFeedback', { id, proposedDate: '2026-12-24' }));
    const rows = await p.server.kernel.db.select(
      'SELECT feedback_type, proposed_date FROM srm_pur_order_feedback WHERE order_header_id = ?',
      [id],
    );
    expect(rows.map((r) => [r.feedback_type, String(r.proposed_date).slice(0, 10)])).toEqual([
      ['DATE_CHANGE', '2026-12-24'],
      ['DATE_CHANGE', '2026-12-24'],
    ]);
    expect((await headerOf(p, id)).feedback_status).toBe('DELIVERY_DATE_CHANGE');
  });

  it('a proposed date must be a calendar date: 2027-02-31 is refused (400) and nothing is stored', async () => {
    const id = await released(p, 1);
    const [l] = await linesOf(p, id);
    expectError(await act(p, 'supplier01', 'doFeedback', { id, proposedDate: '2027-02-31' }), 400, ['proposedDate']);
    const lines = [{ orderLineId: l.order_line_id, proposedDate: '2027-02-31' }];
    expectError(await act(p, 'supplier01', 'doFeedback', { id, lines }), 400, ['lines[0].proposedDate']);
    const rows = await p.server.kernel.db.select('SELECT 1 FROM srm_pur_order_feedback WHERE order_header_id = ?', [
      id,
    ]);
    expect(rows).toEqual([]);
    expect((await headerOf(p, id)).feedback_status).toBe('PENDING_FEEDBACK');
  });

  it('a feedback line of another order is refused (400)', async () => {
    const id = await released(p, 1);
    const [foreign] = await linesOf(p, await draft(p, 1));
    const body = {
      id,
      feedbackType: 'DATE_CHANGE',
      lines: [{ orderLineId: foreign.order_line_id, proposedDate: '2026-12-20' }],
    };
    expectError(await act(p, 'supplier01', 'doFeedback', body), 400);
  });

  it('questions and answers', async () => {
    const id = await released(p, 1);
    const asked = expectOk(await act(p, 'supplier01', 'doAskQuestion', { id, question: 'Labels?' }));
    const qa = (asked.qas as { orderQaId: number }[])[0];
    expectOk(await act(p, 'buyer01', 'doAnswerQuestion', { id, orderQaId: qa.orderQaId, answer: 'Yes' }));
    const read = expectOk(await act(p, 'supplier01', 'findById', { id }));
    expect((read.qas as { answer: string }[])[0].answer).toBe('Yes');
  });
});

describe('who may do what', () => {
  it('a supplier cannot approve; a buyer cannot approve or do the supplier actions', async () => {
    const id = await submitted(p, 1);
    expectError(await act(p, 'supplier01', 'doApprove', { id, comment: 'x' }), 403);
    expectError(await act(p, 'buyer01', 'doApprove', { id, comment: 'x' }), 403);
    expectOk(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }));
    // A released order changes only through doRevise: a plain save is refused.
    const current = expectOk<Record<string, unknown>>(await act(p, 'buyer01', 'findById', { id }));
    expectError(await act(p, 'buyer01', 'saveOrUpdate', { ...current, shipToAddress: 'elsewhere' }), 409);
    expectError(await act(p, 'supplier01', 'saveOrUpdate', { ...current, shipToAddress: 'elsewhere' }), 403);
    expectError(await act(p, 'buyer01', 'doSupplierConfirm', { id }), 403);
    expectError(await act(p, 'buyer01', 'doFeedback', { id, feedbackType: 'REJECT', reason: 'x' }), 403);
    expectError(await act(p, 'supplier01', 'doCancel', { id }), 403);
    expectError(await act(p, 'supplier01', 'doAcceptFeedback', { id }), 403);
    expect((await headerOf(p, id)).status).toBe('RELEASED');
  });
});

describe('row scope', () => {
  it("supplier02 cannot reach supplier01's order (404); a supplier never sees a draft or submitted order", async () => {
    const rel = await released(p, 1);
    const dr = await draft(p, 1);
    const sub = await submitted(p, 1);
    expectOk(await act(p, 'supplier01', 'findById', { id: rel }));
    expectError(await act(p, 'supplier02', 'findById', { id: rel }), 404);
    expectError(await act(p, 'supplier02', 'doSupplierConfirm', { id: rel }), 404);
    expectError(await act(p, 'supplier02', 'doFeedback', { id: rel, feedbackType: 'REJECT', reason: 'x' }), 404);
    expectError(await act(p, 'supplier01', 'findById', { id: dr }), 404);
    expectError(await act(p, 'supplier01', 'findById', { id: sub }), 404);
    const list = expectOk<{ orderHeaderId: number; status: string; supplierId: number }[]>(
      await act(p, 'supplier01', 'listByPage', { pageIndex: 1, pageRows: 500 }),
    );
    const ids = list.map((r) => r.orderHeaderId);
    expect(ids).toContain(rel);
    expect(ids).not.toContain(dr);
    expect(ids).not.toContain(sub);
    expect(
      list.every((r) => r.supplierId === 1 && !['DRAFT', 'SUBMITTED', 'REJECTED', 'WITHDRAWN'].includes(r.status)),
    ).toBe(true);
  });
});

describe('cancel and revise', () => {
  it('doCancel is refused once anything is shipped; otherwise the lines and the supplier to-do are cancelled', async () => {
    const shipped = await released(p, 1);
    const [l] = await linesOf(p, shipped);
    await setColumn(p, 'srm_pur_order_line', 'shipped_qty', 'order_line_id', l.order_line_id as number, '1');
    expectError(await act(p, 'buyer01', 'doCancel', { id: shipped }), 409);
    expect((await headerOf(p, shipped)).status).toBe('RELEASED');
    const id = await released(p, 1);
    expectOk(await act(p, 'buyer01', 'doCancel', { id }));
    expect((await linesOf(p, id)).map((r) => r.line_status)).toEqual(['CANCELLED']);
    expect((await supplierTodosOf(p, id))[0]).toMatchObject({ cancel_flag: 'Y' });
  });

  it('doRevise: revision + 1, WITHDRAWN and editable, the supplier to-do cancelled; resubmitted for approval', async () => {
    const id = await confirmed(p, 1);
    expectOk(await act(p, 'buyer01', 'doRevise', { id }));
    const h = await headerOf(p, id);
    expect([h.status, Number(h.revision_num), h.feedback_status]).toEqual(['WITHDRAWN', 1, null]);
    const before = await read(id);
    const lines = (before.lines as Record<string, unknown>[]).map((r) => ({ ...r, quantity: '10000' }));
    expectOk(await act(p, 'buyer01', 'saveOrUpdate', { ...before, lines }));
    expect((await read(id)).totalAmountExcl).toBe('850.00');
    expectOk(await act(p, 'buyer01', 'doSubmit', { id }));
    expectOk(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }));
    expect((await headerOf(p, id)).feedback_status).toBe('PENDING_FEEDBACK');
    expect((await supplierTodosOf(p, id)).map((t) => [t.handle_flag, t.cancel_flag])).toEqual([
      ['Y', 'N'],
      ['N', 'N'],
    ]);
  });
});
