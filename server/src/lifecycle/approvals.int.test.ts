import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { startTestServer, type TestServer } from '../testing/testServer';
import {
  act,
  actorsOf,
  as,
  draft,
  history,
  notifications,
  statusOf,
  submitted,
  todos,
  type Actors,
} from './approvalFixtures';

/** The requisition lifecycle with its approval rule (metadata/apps/srm/purchasing/lifecycles/purRequisition.json). */
let server: TestServer;
let a: Actors;
beforeAll(async () => {
  server = await startTestServer('lifecycle_approvals');
  a = await actorsOf(server);
});
afterAll(async () => {
  await server?.close();
});

describe('submit', () => {
  it('moves DRAFT to SUBMITTED, stamps the submitter, writes history and one to-do per approver (manager01), titled in both languages', async () => {
    const id = await draft(a);
    const answer = expectOk(await act(a, 'buyer01', 'doSubmit', { id, comment: 'please approve' }));
    expect(answer).toMatchObject({ status: 'SUBMITTED', submittedBy: 2, submittedByName: 'Wang Lei' });
    expect(answer.submitDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const [todo, ...others] = await todos(server, id);
    expect(others).toEqual([]);
    expect(todo).toMatchObject({
      bill_type: 'PUR_REQUISITION',
      entity_name: 'srmPurRequisitionHeader',
      bill_id: id,
      bill_number: answer.requisitionNumber,
      assignee_user_id: 3,
      menu_code: 'PUR_REQUISITION',
      menu_name: '采购申请',
      bill_link: `purRequisitionManage/purRequisitionEdit?id=${id}`,
      handle_flag: 'N',
      cancel_flag: 'N',
      pending_title: `采购申请 ${answer.requisitionNumber} 待审批`,
      pending_title_en: `Requisition ${answer.requisitionNumber} awaits your approval`,
    });
    expect(await history(server, id)).toEqual([
      expect.objectContaining({
        action: 'doSubmit',
        from_state: 'DRAFT',
        to_state: 'SUBMITTED',
        comment: 'please approve',
        user_id: 2,
        user_name: 'buyer01',
        approval: 'N',
      }),
    ]);
  });

  it('answers 409 to a second submit, naming the action and the state in the language asked, and changes nothing', async () => {
    const id = await submitted(a);
    const before = [await statusOf(server, id), await todos(server, id), await history(server, id)];
    const again = await act(a, 'buyer01', 'doSubmit', { id });
    expectError(again, 409);
    expect(again.body.msg).toBe('Cannot submit: the document is SUBMITTED (Submitted)');
    const inChinese = await server.call(
      'srmServer',
      'srmPurRequisitionHeaderRestful',
      'doApprove',
      { id: await draft(a) },
      { ...as(a, 'manager01'), language: 'CN' },
    );
    expectError(inChinese, 409);
    expect(inChinese.body.msg).toMatch(/^无法审批通过：单据当前状态为DRAFT（/);
    expect([await statusOf(server, id), await todos(server, id), await history(server, id)]).toEqual(before);
  });

  it('fails with 409 and changes nothing when the rule resolves no approver (every MANAGER_RESP assignment disabled)', async () => {
    const id = await draft(a);
    const q = server.kernel.db.dialect.quote;
    const run = (flag: string) =>
      server.kernel.db.transaction((tx) =>
        tx.execute(`UPDATE ${q('base_user_resp')} SET ${q('enabled_flag')} = ? WHERE ${q('responsibility_id')} = 102`, [
          flag,
        ]),
      );
    await run('N');
    try {
      const answer = await act(a, 'buyer01', 'doSubmit', { id });
      expectError(answer, 409);
      expect(answer.body.msg).toMatch(/No approver can approve this document/);
      expect((await statusOf(server, id)).status).toBe('DRAFT');
      expect(await history(server, id)).toEqual([]);
    } finally {
      await run('Y');
    }
  });
});

describe('approve and reject', () => {
  it("approve: APPROVED, approver stamped, the approver's to-do handled, history with the comment, the submitter notified", async () => {
    const id = await submitted(a);
    const approved = expectOk(await act(a, 'manager01', 'doApprove', { id, comment: 'OK for Q4' }));
    expect(approved).toMatchObject({ status: 'APPROVED', approvedBy: 3, approvedByName: 'Chen Jing' });
    expect(await todos(server, id)).toEqual([
      expect.objectContaining({ handle_flag: 'Y', cancel_flag: 'N', handle_user_id: 3 }),
    ]);
    expect((await todos(server, id))[0].handle_date).toBeTruthy();
    expect(
      (await history(server, id)).map((h) => [h.action, h.from_state, h.to_state, h.user_name, h.comment, h.approval]),
    ).toEqual([
      ['doSubmit', 'DRAFT', 'SUBMITTED', 'buyer01', null, 'N'],
      ['doApprove', 'SUBMITTED', 'APPROVED', 'manager01', 'OK for Q4', 'Y'],
    ]);
    const [note, ...more] = await notifications(server, id);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      recipient_user_id: 2,
      notification_type: 'APPROVAL',
      source_bill_type: 'PUR_REQUISITION',
      source_entity_name: 'srmPurRequisitionHeader',
      source_bill_id: id,
      view_flag: 'N',
      self_count: 0,
      notification_title: `采购申请 ${approved.requisitionNumber} 已审批`,
      notification_title_en: `Requisition ${approved.requisitionNumber} Approved`,
    });
    expect(note.notification_content_en).toMatch(/manager01.*Comment: OK for Q4/);
    expect(note.send_date).toBeTruthy();
  });

  it('reject needs a comment (400, nothing changes); with one it is REJECTED, then the buyer edits and resubmits, which opens a new to-do', async () => {
    const id = await submitted(a);
    expectError(await act(a, 'manager01', 'doReject', { id }), 400, ['comment']);
    expectError(await act(a, 'manager01', 'doReject', { id, comment: '   ' }), 400, ['comment']);
    expect((await statusOf(server, id)).status).toBe('SUBMITTED');
    expectOk(await act(a, 'manager01', 'doReject', { id, comment: 'quantity too high' }));
    expect((await notifications(server, id))[0].notification_content).toMatch(/quantity too high/);
    const saved = expectOk(
      await server.call('srmServer', 'srmPurRequisitionHeaderRestful', 'findById', { id }, as(a, 'buyer01')),
    );
    expectOk(
      await act(a, 'buyer01', 'saveOrUpdate', {
        requisitionHeaderId: id,
        versionNum: saved.versionNum,
        description: 'fewer screws',
      }),
    );
    expect(expectOk(await act(a, 'buyer01', 'doSubmit', { id })).status).toBe('SUBMITTED');
    expect((await todos(server, id)).map((t) => [t.handle_flag, t.cancel_flag])).toEqual([
      ['Y', 'N'],
      ['N', 'N'],
    ]);
  });

  it('refuses self-approval with 403 (admin holds btnApprove but submitted the document) and changes nothing', async () => {
    const id = await submitted(a, 'admin');
    const before = [await statusOf(server, id), await todos(server, id)];
    const answer = await act(a, 'admin', 'doApprove', { id });
    expectError(answer, 403);
    expect(answer.body.msg).toBe('The submitter cannot approve their own document');
    expectError(await act(a, 'admin', 'doReject', { id, comment: 'no' }), 403);
    expect([await statusOf(server, id), await todos(server, id)]).toEqual(before);
  });

  it('answers 403 to approve without the button resource (buyer01 calling the API directly)', async () => {
    const id = await submitted(a);
    const answer = await act(a, 'buyer01', 'doApprove', { id });
    expectError(answer, 403);
    expect(answer.body.msg).toMatch(/btnApprove/);
    expect((await statusOf(server, id)).status).toBe('SUBMITTED');
  });
});

describe('withdraw', () => {
  it('only the submitter withdraws (403 for others); withdrawing cancels the open to-dos and allows a resubmit', async () => {
    const id = await submitted(a);
    const other = await act(a, 'admin', 'doWithdraw', { id });
    expectError(other, 403);
    expect(other.body.msg).toBe('Only the submitter can withdraw this document');
    expect(expectOk(await act(a, 'buyer01', 'doWithdraw', { id })).status).toBe('WITHDRAWN');
    expect(await todos(server, id)).toEqual([expect.objectContaining({ handle_flag: 'N', cancel_flag: 'Y' })]);
    expect(await notifications(server, id)).toEqual([]);
    expectOk(await act(a, 'buyer01', 'doSubmit', { id }));
  });
});
