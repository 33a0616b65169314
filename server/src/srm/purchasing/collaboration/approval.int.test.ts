import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { notificationsOf, rows, type Body, type ProofUser } from '../../../testing/proofFixtures';
import { ACK_RES, act, dayFrom, LINE_RES, one, pdfOf, sql, supplierTodos } from './collabFixtures';
import { uploadXlsx } from '../../../testing/sheetUploads';
import { proofServer } from '../../../testing/proofServer';

/** Acknowledgement forms (承认书, DOMAIN.md §5.8): save, send, supplier sign-off, completion, cancel, deadline, import, scope. */
const p = proofServer('srm_pur_ack', { timeout: 600_000 });

const buyer = (action: string, body: Body) => act(p, 'buyer01', 'PUR_APPROVAL_EDIT', ACK_RES, action, body);
const supplier = (user: ProofUser, action: string, body: Body) => act(p, user, 'SUP_APPROVAL', LINE_RES, action, body);
const header = (id: number) => one(p, 'srm_pur_approval_header', 'approval_header_id', id);
const linesOf = (id: number) => rows(p, 'srm_pur_approval_line', 'approval_line_id', { approval_header_id: id });

/** A DRAFT form of supplier01 (items 1, 2) and supplier02 (item 3). */
async function draft(
  deadline = dayFrom(10),
  lines = [
    [1, 1],
    [1, 2],
    [2, 3],
  ],
): Promise<number> {
  const saved = expectOk(
    await buyer('saveOrUpdate', {
      title: '测试承认书',
      templateId: 5901,
      deadline,
      lines: lines.map(([supplierId, itemId]) => ({ supplierId, itemId, requirement: '规格书盖章' })),
    }),
  );
  return Number(saved.approvalHeaderId);
}

async function acknowledgeAs(user: ProofUser, lineId: number): Promise<void> {
  const attachmentId = await pdfOf(p, user, 'SUP_APPROVAL');
  expectOk(await supplier(user, 'addAckFile', { approvalLineId: lineId, attachmentId }));
  expectOk(await supplier(user, 'doAcknowledge', { id: lineId }));
}

describe('save and send', () => {
  it('saves lines with the header copies and the suppliers list; a supplier and item twice is 400', async () => {
    const id = await draft();
    const head = await header(id);
    expect(head).toMatchObject({ status: 'DRAFT', supplier_ids: '1,2' });
    expect(String(head.approval_number)).toMatch(/^ACK/);
    const lines = await linesOf(id);
    expect(lines).toHaveLength(3);
    for (const l of lines)
      expect(l).toMatchObject({
        approval_number: head.approval_number,
        title: '测试承认书',
        ack_status: 'NEW',
        org_id: 2,
      });
    expect(lines.map((l) => l.item_code)).toEqual(['1001000012', '1001000047', '1002000118']);
    expectError(
      await buyer('saveOrUpdate', {
        title: 'x',
        deadline: dayFrom(3),
        lines: [
          { supplierId: 1, itemId: 1 },
          { supplierId: 1, itemId: 1 },
        ],
      }),
      400,
      ['lines[1].itemId'],
    );
  });

  it('doSubmit sends every line and raises one to-do per supplier; again 409; no lines or a past deadline 400; suppliers 403', async () => {
    const id = await draft();
    expectError(await act(p, 'supplier01', 'SUP_APPROVAL', ACK_RES, 'doSubmit', { id }), 403);
    expectOk(await buyer('doSubmit', { id }));
    expect((await header(id)).status).toBe('SUBMITTED');
    expect((await linesOf(id)).every((l) => l.ack_status === 'PENDING')).toBe(true);
    const todos = await supplierTodos(p, 'srmPurApprovalHeader', id, 'SRM_ACKNOWLEDGEMENT');
    expect(todos.map((t) => Number(t.supplier_id)).sort()).toEqual([1, 2]);
    expect(todos[0]).toMatchObject({ menu_code: 'SUP_APPROVAL', bill_link: 'approvalList', handle_flag: 'N' });
    expectError(await buyer('doSubmit', { id }), 409);
    expectError(await buyer('saveOrUpdate', { approvalHeaderId: id, title: 'changed' }), 409);

    const empty = expectOk(
      await buyer('saveOrUpdate', { title: '空', deadline: dayFrom(3), lines: [] }),
    ).approvalHeaderId;
    expectError(await buyer('doSubmit', { id: empty }), 400, ['lines']);
    const late = await draft(dayFrom(-1));
    expectError(await buyer('doSubmit', { id: late }), 400, ['deadline']);
    expect((await header(late)).status).toBe('DRAFT');
  });
});

describe('supplier sign-off', () => {
  it('a supplier sees only its own lines of sent forms; another supplier gets 404', async () => {
    const sent = await draft();
    const unsent = await draft();
    expectOk(await buyer('doSubmit', { id: sent }));
    const list = expectOk(await supplier('supplier01', 'listByPage', { params: {}, pageIndex: 1, pageRows: 500 }));
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r: Body) => r.supplierId === 1)).toBe(true);
    expect(list.some((r: Body) => r.approvalHeaderId === unsent)).toBe(false);
    expect(list.filter((r: Body) => r.approvalHeaderId === sent)).toHaveLength(2);
    const [mine] = (await linesOf(sent)).filter((l) => Number(l.supplier_id) === 1);
    const lineId = Number(mine.approval_line_id);
    expectError(await supplier('supplier02', 'findById', { id: lineId }), 404);
    expectError(await supplier('supplier02', 'doAcknowledge', { id: lineId }), 404);
    const file = await pdfOf(p, 'supplier02', 'SUP_APPROVAL');
    expectError(await supplier('supplier02', 'addAckFile', { approvalLineId: lineId, attachmentId: file }), 404);
    expectError(
      await supplier('supplier01', 'findById', { id: Number((await linesOf(unsent))[0].approval_line_id) }),
      404,
    );
  });

  it('needs a file (400), is refused to internal users (403), acknowledges once (409), completes the form with the last line', async () => {
    const id = await draft();
    expectOk(await buyer('doSubmit', { id }));
    const lines = await linesOf(id);
    const [a, b] = lines.filter((l) => Number(l.supplier_id) === 1).map((l) => Number(l.approval_line_id));
    const c = Number(lines.find((l) => Number(l.supplier_id) === 2)!.approval_line_id);
    expectError(await supplier('supplier01', 'doAcknowledge', { id: a }), 400, ['ackFileIds']);
    expectError(await supplier('supplier01', 'addAckFile', { approvalLineId: a, attachmentId: 999999 }), 400);
    expectError(await supplier('admin', 'doAcknowledge', { id: a }), 403);
    await acknowledgeAs('supplier01', a);
    const first = await one(p, 'srm_pur_approval_line', 'approval_line_id', a);
    expect(first).toMatchObject({ ack_status: 'ACKNOWLEDGED', ack_user_id: 5 });
    expect(String(first.ack_file_ids)).toMatch(/^\d+$/);
    expectError(await supplier('supplier01', 'doAcknowledge', { id: a }), 409);
    // A file only while PENDING: the action's declared states (409 with the action's own text).
    const after = await supplier('supplier01', 'addAckFile', {
      approvalLineId: a,
      attachmentId: await pdfOf(p, 'supplier01', 'SUP_APPROVAL'),
    });
    expectError(after, 409);
    expect(after.body.msg).toMatch(/待签收|not waiting/);
    // supplier01's to-do stays open until both of its lines are acknowledged.
    const todo = async (s: number) =>
      (await supplierTodos(p, 'srmPurApprovalHeader', id, 'SRM_ACKNOWLEDGEMENT')).find(
        (t) => Number(t.supplier_id) === s,
      )!;
    expect((await todo(1)).handle_flag).toBe('N');
    await acknowledgeAs('supplier01', b);
    expect((await todo(1)).handle_flag).toBe('Y');
    expect((await todo(2)).handle_flag).toBe('N');
    expect((await header(id)).status).toBe('SUBMITTED');
    await acknowledgeAs('supplier02', c);
    const done = await header(id);
    expect(done.status).toBe('COMPLETED');
    expect(done.complete_date).toBeTruthy();
    expect((await todo(2)).handle_flag).toBe('Y');
  });

  it('after the deadline neither files nor sign-off are accepted (409); on the deadline day they are', async () => {
    const id = await draft(dayFrom(5), [
      [1, 4],
      [1, 5],
    ]);
    expectOk(await buyer('doSubmit', { id }));
    const [a, b] = (await linesOf(id)).map((l) => Number(l.approval_line_id));
    await sql(p, 'UPDATE srm_pur_approval_header SET deadline = ? WHERE approval_header_id = ?', [dayFrom(0), id]);
    await sql(p, 'UPDATE srm_pur_approval_line SET deadline = ? WHERE approval_header_id = ?', [dayFrom(0), id]);
    await acknowledgeAs('supplier01', a);
    const file = await pdfOf(p, 'supplier01', 'SUP_APPROVAL');
    expectOk(await supplier('supplier01', 'addAckFile', { approvalLineId: b, attachmentId: file }));
    await sql(p, 'UPDATE srm_pur_approval_header SET deadline = ? WHERE approval_header_id = ?', [dayFrom(-1), id]);
    await sql(p, 'UPDATE srm_pur_approval_line SET deadline = ? WHERE approval_header_id = ?', [dayFrom(-1), id]);
    expectError(await supplier('supplier01', 'doAcknowledge', { id: b }), 409);
    const late = await pdfOf(p, 'supplier01', 'SUP_APPROVAL');
    expectError(await supplier('supplier01', 'addAckFile', { approvalLineId: b, attachmentId: late }), 409);
    expect((await one(p, 'srm_pur_approval_line', 'approval_line_id', b)).ack_status).toBe('PENDING');
    expect((await header(id)).status).toBe('SUBMITTED');
  });
});

describe('cancel (作废)', () => {
  const lineOf = async (id: number, supplierId: number) =>
    (await linesOf(id)).filter((l) => Number(l.supplier_id) === supplierId).map((l) => Number(l.approval_line_id));
  const todoOf = async (id: number, supplierId: number) =>
    (await supplierTodos(p, 'srmPurApprovalHeader', id, 'SRM_ACKNOWLEDGEMENT')).find(
      (t) => Number(t.supplier_id) === supplierId,
    )!;

  it('a sent form: lines to acknowledge and open to-dos are withdrawn, sign-offs stay; then read-only', async () => {
    const id = await draft();
    expectOk(await buyer('doSubmit', { id }));
    const [c] = await lineOf(id, 2);
    await acknowledgeAs('supplier02', c);
    expect((await todoOf(id, 2)).handle_flag).toBe('Y');
    expectOk(await buyer('doCancel', { id }));
    const head = await header(id);
    expect(head.status).toBe('CANCELLED');
    expect(head.cancel_date).toBeTruthy();
    const lines = await linesOf(id);
    expect(lines.map((l) => [Number(l.supplier_id), l.ack_status])).toEqual([
      [1, 'CANCELLED'],
      [1, 'CANCELLED'],
      [2, 'ACKNOWLEDGED'],
    ]);
    expect(await todoOf(id, 1)).toMatchObject({ handle_flag: 'N', cancel_flag: 'Y' });
    expect(await todoOf(id, 2)).toMatchObject({ handle_flag: 'Y', cancel_flag: 'N' });
    // Told why the to-do went away: the users of supplier 1 (lines still to sign), not supplier 2's.
    const told = await notificationsOf(p, 'srmPurApprovalHeader', id);
    const supplier1Users = (await rows(p, 'base_users', 'user_id', { supplier_id: 1, enabled_flag: 'Y' })).map((u) =>
      Number(u.user_id),
    );
    expect(told.map((n) => Number(n.recipient_user_id)).sort()).toEqual([...supplier1Users].sort());
    expect(told[0]).toMatchObject({ notification_type: 'BUSINESS', source_bill_type: 'SRM_ACKNOWLEDGEMENT' });
    expect(String(told[0]!.notification_title)).toMatch(/已作废/);
    expectError(await buyer('saveOrUpdate', { approvalHeaderId: id, title: 'changed' }), 409);
    expectError(await buyer('doSubmit', { id }), 409);
    expectError(await buyer('doCancel', { id }), 409);
    expect((await header(id)).title).toBe('测试承认书');
  });

  it('the supplier still sees its withdrawn lines, but files and sign-off are refused (409)', async () => {
    const id = await draft();
    expectOk(await buyer('doSubmit', { id }));
    const [a] = await lineOf(id, 1);
    const early = await pdfOf(p, 'supplier01', 'SUP_APPROVAL');
    expectOk(await supplier('supplier01', 'addAckFile', { approvalLineId: a, attachmentId: early }));
    expectOk(await buyer('doCancel', { id }));
    const seen = expectOk(await supplier('supplier01', 'findById', { id: a }));
    expect(seen.ackStatus).toBe('CANCELLED');
    const refused = await supplier('supplier01', 'doAcknowledge', { id: a });
    expectError(refused, 409);
    expect(refused.body.msg).toMatch(/作废|cancelled/i);
    const late = await pdfOf(p, 'supplier01', 'SUP_APPROVAL');
    const noFile = await supplier('supplier01', 'addAckFile', { approvalLineId: a, attachmentId: late });
    expectError(noFile, 409);
    expect(noFile.body.msg).toMatch(/作废|cancelled/i);
    expect((await one(p, 'srm_pur_approval_line', 'approval_line_id', a)).ack_status).toBe('CANCELLED');
  });

  it('a draft: cancelled with no to-do; its unsent lines stay hidden from suppliers', async () => {
    const id = await draft();
    expectOk(await buyer('doCancel', { id }));
    expect((await header(id)).status).toBe('CANCELLED');
    expect((await linesOf(id)).every((l) => l.ack_status === 'NEW')).toBe(true);
    expect(await supplierTodos(p, 'srmPurApprovalHeader', id, 'SRM_ACKNOWLEDGEMENT')).toHaveLength(0);
    const [a] = await lineOf(id, 1);
    expectError(await supplier('supplier01', 'findById', { id: a }), 404);
    expectError(await buyer('doSubmit', { id }), 409);
  });

  it('a completed form cannot be cancelled (409); a supplier user cannot cancel (403)', async () => {
    const done = await draft(dayFrom(10), [[1, 7]]);
    expectOk(await buyer('doSubmit', { id: done }));
    await acknowledgeAs('supplier01', (await lineOf(done, 1))[0]);
    expect((await header(done)).status).toBe('COMPLETED');
    const refused = await buyer('doCancel', { id: done });
    expectError(refused, 409);
    expect(refused.body.msg).toContain('COMPLETED');
    expect((await header(done)).status).toBe('COMPLETED');

    const sent = await draft();
    expectOk(await buyer('doSubmit', { id: sent }));
    expectError(await act(p, 'supplier01', 'SUP_APPROVAL', ACK_RES, 'doCancel', { id: sent }), 403);
    expect((await header(sent)).status).toBe('SUBMITTED');
  });
});

describe('concurrency', () => {
  it('two suppliers acknowledging the last two lines at once both succeed and complete the form once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await draft(dayFrom(10), [
        [1, 6],
        [2, 6],
      ]);
      expectOk(await buyer('doSubmit', { id }));
      const lines = await linesOf(id);
      const lineOf = (s: number) => Number(lines.find((l) => Number(l.supplier_id) === s)!.approval_line_id);
      for (const [user, s] of [
        ['supplier01', 1],
        ['supplier02', 2],
      ] as const) {
        const attachmentId = await pdfOf(p, user, 'SUP_APPROVAL');
        expectOk(await supplier(user, 'addAckFile', { approvalLineId: lineOf(s), attachmentId }));
      }
      const answers = await Promise.all([
        supplier('supplier01', 'doAcknowledge', { id: lineOf(1) }),
        supplier('supplier02', 'doAcknowledge', { id: lineOf(2) }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect((await header(id)).status).toBe('COMPLETED');
      const completions = (
        await rows(p, 'base_lifecycle_history', 'history_id', { entity_name: 'srmPurApprovalHeader', record_id: id })
      ).filter((h) => h.action === 'doComplete');
      expect(completions).toHaveLength(1);
    }
  });
});

describe('cancel against the last sign-off', () => {
  it('at once, exactly one wins: CANCELLED with the sign-off refused, or COMPLETED with the cancel refused', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await draft(dayFrom(10), [[1, 8]]);
      expectOk(await buyer('doSubmit', { id }));
      const lineId = Number((await linesOf(id))[0].approval_line_id);
      const attachmentId = await pdfOf(p, 'supplier01', 'SUP_APPROVAL');
      expectOk(await supplier('supplier01', 'addAckFile', { approvalLineId: lineId, attachmentId }));
      const [cancelled, acknowledged] = await Promise.all([
        buyer('doCancel', { id }),
        supplier('supplier01', 'doAcknowledge', { id: lineId }),
      ]);
      const head = await header(id);
      const line = await one(p, 'srm_pur_approval_line', 'approval_line_id', lineId);
      const todo = (await supplierTodos(p, 'srmPurApprovalHeader', id, 'SRM_ACKNOWLEDGEMENT'))[0];
      if (cancelled.status === 200) {
        expect(acknowledged.status).toBe(409);
        expect([head.status, line.ack_status, todo.cancel_flag, todo.handle_flag]).toEqual([
          'CANCELLED',
          'CANCELLED',
          'Y',
          'N',
        ]);
      } else {
        expect([cancelled.status, acknowledged.status]).toEqual([409, 200]);
        expect([head.status, line.ack_status, todo.cancel_flag, todo.handle_flag]).toEqual([
          'COMPLETED',
          'ACKNOWLEDGED',
          'N',
          'Y',
        ]);
      }
    }
  });
});

describe('doImportListItem', () => {
  const importInto = (id: number, sheet: unknown[][]) =>
    uploadXlsx(p, 'buyer01', 'PUR_APPROVAL_EDIT', ACK_RES, 'doImportListItem', sheet, { approvalHeaderId: String(id) });

  it('appends good rows (titles in either language) to a draft', async () => {
    const id = await draft(dayFrom(10), [[1, 1]]);
    expectOk(
      await importInto(id, [
        ['供应商编码', '物料编码', '承认要求'],
        ['S100002', '1002000230', '规格书'],
        ['S100003', '1003000205', ''],
      ]),
    );
    expectOk(
      await importInto(id, [
        ['supplierCode', 'itemCode'],
        ['S100001', '1004000009'],
      ]),
    );
    const lines = await linesOf(id);
    expect(lines.map((l) => [Number(l.supplier_id), l.item_code])).toEqual([
      [1, '1001000012'],
      [2, '1002000230'],
      [3, '1003000205'],
      [1, '1004000009'],
    ]);
    expect((await header(id)).supplier_ids).toBe('1,2,3');
  });

  it('a bad row writes nothing (400); a sent form 409; no titles 400', async () => {
    const id = await draft(dayFrom(10), [[1, 1]]);
    const bad = await importInto(id, [
      ['供应商编码', '物料编码'],
      ['S100002', '1002000230'],
      ['NOPE', '1002000230'],
      ['S100001', '1001000012'],
    ]);
    expectError(bad, 400, ['row 3', 'row 4']);
    expect(await linesOf(id)).toHaveLength(1);
    expectError(
      await importInto(id, [
        ['x', 'y'],
        ['S100002', '1002000230'],
      ]),
      400,
    );
    expectOk(await buyer('doSubmit', { id }));
    expectError(
      await importInto(id, [
        ['供应商编码', '物料编码'],
        ['S100002', '1002000230'],
      ]),
      409,
    );
  });
});

describe('demo data', () => {
  it('supplier01 and supplier02 have their lines of the sent demo form and its to-do; the draft is hidden', async () => {
    for (const [user, n] of [
      ['supplier01', 2],
      ['supplier02', 1],
    ] as const) {
      const list = expectOk(
        await supplier(user, 'listByPage', {
          params: { approvalNumber: 'ACK202611200001' },
          pageIndex: 1,
          pageRows: 50,
        }),
      );
      expect(list).toHaveLength(n);
    }
    const inside = expectOk(
      await act(p, 'buyer01', 'PUR_APPROVAL', ACK_RES, 'listByPage', { params: {}, pageIndex: 1, pageRows: 500 }),
    );
    expect(inside.map((r: Body) => r.approvalHeaderId)).toEqual(expect.arrayContaining([5901, 5902]));
  });
});
