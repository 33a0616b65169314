import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { runSql } from '../../../testing/authFixtures';
import {
  call,
  historyOf,
  newSupplier,
  notificationsOf,
  rows,
  todosOf,
  type Body,
  type ProofUser,
} from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';
import { everyActionFromEveryState } from '../../../testing/transitionMatrix';

/** The supplier info change lifecycle (slcChangeInfo) through its spec endpoints, and its write into the supplier master. */
const p = proofServer('srm_change_info');

const RES = 'srmSlcChangeInfoRestful';
const ENTITY = 'srmSlcChangeInfo';
const act = (
  user: ProofUser,
  action: string,
  body: Body,
  menu = user.startsWith('supplier') ? 'SUP_CHANGE_INFO' : 'SLC_CHANGE_INFO',
) => call(p, user, menu, RES, action, body);
const changeOf = async (id: number) =>
  (await rows(p, 'srm_slc_change_info', 'change_info_id', { change_info_id: id }))[0];
const supplierOf = async (id: number) =>
  (await rows(p, 'srm_slc_supplier_info', 'supplier_id', { supplier_id: id }))[0];

function changeBody(supplierId: number, extra: Body = {}): Body {
  return {
    supplierId,
    changeType: 'BASIC',
    changeReason: 'office moved',
    registeredAddress: '苏州市吴中区东吴北路88号',
    contacts: [],
    accounts: [],
    ...extra,
  };
}

async function draft(user: ProofUser = 'buyer01', supplierId?: number, extra: Body = {}): Promise<number> {
  return expectOk(await act(user, 'saveOrUpdate', changeBody(supplierId ?? (await newSupplier(p)), extra)))
    .changeInfoId as number;
}

async function submitted(user: ProofUser = 'buyer01'): Promise<number> {
  const id = await draft(user);
  expectOk(await act(user, 'submitChangeInfo', { id }));
  return id;
}

describe('every action from every state', () => {
  everyActionFromEveryState(p, {
    entityName: ENTITY,
    table: 'srm_slc_change_info',
    keyColumn: 'change_info_id',
    states: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'],
    actions: [
      ['submitChangeInfo', 'buyer01', ['DRAFT', 'REJECTED'], 'SUBMITTED'],
      ['approvalChangeInfo', 'manager01', ['SUBMITTED'], 'APPROVED'],
      ['rejectChangeInfo', 'manager01', ['SUBMITTED'], 'REJECTED'],
    ],
    draft,
    submitted,
    act,
    historyAction: (action) =>
      action.replace(
        /^(submit|approval|reject)ChangeInfo$/,
        (_, verb: string) => ({ submit: 'doSubmit', approval: 'doApprove', reject: 'doReject' })[verb]!,
      ),
  });
});

describe('approval writes the supplier master', () => {
  it('applies the new basic values and every contact and account line in one go; the to-do is closed and the submitter notified', async () => {
    const supplierId = await newSupplier(p);
    const contactModel = p.server.kernel.registry.entity('srmSlcSupplierContact')!;
    const accountModel = p.server.kernel.registry.entity('srmSlcSupplierAccount')!;
    const ctx = { userId: null, language: 'CN' as const, vars: {} };
    const [contactId, accountId] = await p.server.kernel.db.transaction(async (tx) => [
      await p.server.kernel.resources.writer.insert(
        tx,
        contactModel,
        { supplierId, contactName: '王五', contactType: 'BUSINESS', email: 'wang@old.cn', enabledFlag: 'Y' },
        ctx,
      ),
      await p.server.kernel.resources.writer.insert(
        tx,
        accountModel,
        {
          supplierId,
          bankName: '农业银行',
          bankBranchName: '园区支行',
          bankAccountName: 'X',
          bankAccountNumber: '111',
          currencyCode: 'CNY',
          enabledFlag: 'Y',
        },
        ctx,
      ),
    ]);
    const id = await draft('buyer01', supplierId, {
      changeType: 'MIXED',
      email: 'sales@new-supplier.cn',
      contacts: [
        {
          operationType: 'ADD',
          contactName: '赵六',
          contactType: 'QUALITY',
          email: 'zhao@new.cn',
          mobile: '13800000001',
        },
        {
          operationType: 'UPDATE',
          sourceContactId: contactId,
          contactName: '王五',
          contactType: 'BUSINESS',
          email: 'wang@new.cn',
        },
      ],
      accounts: [
        {
          operationType: 'DELETE',
          sourceAccountId: accountId,
          bankName: '农业银行',
          bankBranchName: '园区支行',
          bankAccountName: 'X',
          bankAccountNumber: '111',
          currencyCode: 'CNY',
        },
      ],
    });
    expect(expectOk(await act('buyer01', 'submitChangeInfo', { id }))).toMatchObject({
      status: 'SUBMITTED',
      applicantUserType: 'INSIDE',
    });
    const stored = await changeOf(id);
    expect(JSON.parse(String(stored.basic_after))).toEqual({
      registeredAddress: '苏州市吴中区东吴北路88号',
      email: 'sales@new-supplier.cn',
    });
    expect(JSON.parse(String(stored.basic_before))).toMatchObject({
      registeredAddress: '苏州市工业园区星湖街1号',
      email: null,
    });
    expect((await todosOf(p, ENTITY, id)).map((t) => [t.assignee_user_id, t.handle_flag, t.bill_type])).toEqual([
      [3, 'N', 'SLC_CHANGE_INFO'],
    ]);

    expect(expectOk(await act('manager01', 'approvalChangeInfo', { id, comment: 'ok' }))).toMatchObject({
      status: 'APPROVED',
      approvedBy: 3,
    });
    expect(await supplierOf(supplierId)).toMatchObject({
      registered_address: '苏州市吴中区东吴北路88号',
      email: 'sales@new-supplier.cn',
    });
    const contacts = await rows(p, 'srm_slc_supplier_contact', 'contact_id', { supplier_id: supplierId });
    expect(contacts.map((c) => [c.contact_name, c.email, c.enabled_flag])).toEqual([
      ['王五', 'wang@new.cn', 'Y'],
      ['赵六', 'zhao@new.cn', 'Y'],
    ]);
    expect((await rows(p, 'srm_slc_supplier_account', 'account_id', { account_id: accountId }))[0].enabled_flag).toBe(
      'N',
    );
    expect((await todosOf(p, ENTITY, id))[0].handle_flag).toBe('Y');
    expect((await notificationsOf(p, ENTITY, id)).map((n) => n.recipient_user_id)).toEqual([2]);
    expect((await historyOf(p, ENTITY, id)).map((h) => [h.action, h.to_state, h.user_id])).toEqual([
      ['doSubmit', 'SUBMITTED', 2],
      ['doApprove', 'APPROVED', 3],
    ]);
  });

  it('refuses (409) when the master changed after the submit, and writes nothing', async () => {
    const id = await submitted();
    const supplierId = Number((await changeOf(id)).supplier_id);
    await runSql(
      p.server,
      'UPDATE srm_slc_supplier_info SET phone = ?, version_num = version_num + 1 WHERE supplier_id = ?',
      ['0512-66666666', supplierId],
    );
    const answer = await act('manager01', 'approvalChangeInfo', { id });
    expectError(answer, 409);
    expect(answer.body.msg).toMatch(/supplier master changed/);
    expect((await changeOf(id)).status).toBe('SUBMITTED');
    expect((await supplierOf(supplierId)).registered_address).toBe('苏州市工业园区星湖街1号');
    expect((await todosOf(p, ENTITY, id))[0].handle_flag).toBe('N');
  });

  it("an UPDATE line must name a row of the same supplier: another supplier's contact is refused on save (400), and on approval (409) if it got there", async () => {
    const other = {
      operationType: 'UPDATE',
      sourceContactId: 1,
      contactName: 'x',
      contactType: 'BUSINESS',
      email: 'x@x.cn',
    };
    expectError(await act('buyer01', 'saveOrUpdate', changeBody(await newSupplier(p), { contacts: [other] })), 400, [
      'contacts[0].sourceContactId',
    ]);
    const id = await draft();
    await runSql(
      p.server,
      'INSERT INTO srm_slc_change_contact (change_info_id, operation_type, source_contact_id, contact_name, contact_type, email, version_num) VALUES (?, ?, ?, ?, ?, ?, 1)',
      [id, 'UPDATE', 1, 'x', 'BUSINESS', 'x@x.cn'],
    );
    expectOk(await act('buyer01', 'submitChangeInfo', { id }));
    expectError(await act('manager01', 'approvalChangeInfo', { id }), 409);
    expect((await rows(p, 'srm_slc_supplier_contact', 'contact_id', { contact_id: 1 }))[0].contact_name).toBe('周明');
    expect((await changeOf(id)).status).toBe('SUBMITTED');
  });
});

describe('rules of the cycle', () => {
  it('two simultaneous submits: one succeeds, the other is 409; one history row and one to-do', async () => {
    const id = await draft();
    const answers = await Promise.all([
      act('buyer01', 'submitChangeInfo', { id }),
      act('buyer01', 'submitChangeInfo', { id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await historyOf(p, ENTITY, id)).length).toBe(1);
    expect((await todosOf(p, ENTITY, id)).length).toBe(1);
  });

  it('only one change per supplier is under approval; a change of nothing cannot be submitted', async () => {
    const supplierId = await newSupplier(p);
    expectOk(await act('buyer01', 'submitChangeInfo', { id: await draft('buyer01', supplierId) }));
    const second = await act('buyer01', 'submitChangeInfo', { id: await draft('buyer01', supplierId) });
    expectError(second, 409);
    expect(second.body.msg).toBe('This supplier already has an info change under approval');
    expectError(
      await act('buyer01', 'submitChangeInfo', { id: await draft('buyer01', undefined, { registeredAddress: null }) }),
      400,
    );
  });

  it('approve and reject without the button resource: 403 even by direct call (buyer01 holds no btnApprove/btnReject)', async () => {
    const id = await submitted();
    expectError(await act('buyer01', 'approvalChangeInfo', { id }), 403);
    expectError(await act('buyer01', 'rejectChangeInfo', { id, comment: 'no' }), 403);
    expectError(await act('supplier01', 'approvalChangeInfo', { id }), 403);
    expect((await changeOf(id)).status).toBe('SUBMITTED');
  });

  it('the submitter cannot approve their own change (admin holds every button, submits, then approves: 403, nothing changes)', async () => {
    const id = await submitted('admin');
    const answer = await act('admin', 'approvalChangeInfo', { id });
    expectError(answer, 403);
    expect(answer.body.msg).toBe('The submitter cannot approve their own document');
    expect((await changeOf(id)).status).toBe('SUBMITTED');
    expect((await todosOf(p, ENTITY, id)).map((t) => [t.assignee_user_id, t.handle_flag])).toEqual([[3, 'N']]);
  });

  it('reject needs a comment (400); with one it closes the to-do and the change can be corrected and submitted again', async () => {
    const id = await submitted();
    expectError(await act('manager01', 'rejectChangeInfo', { id }), 400, ['comment']);
    expectOk(await act('manager01', 'rejectChangeInfo', { id, comment: 'attach the licence' }));
    expect((await todosOf(p, ENTITY, id)).map((t) => t.handle_flag)).toEqual(['Y']);
    expectOk(await act('buyer01', 'submitChangeInfo', { id }));
    expect((await todosOf(p, ENTITY, id)).map((t) => t.handle_flag)).toEqual(['Y', 'N']);
  });

  it("a supplier user changes only its own company: supplierId is forced to its own, and another supplier's change is 404", async () => {
    const mine = expectOk(await act('supplier01', 'saveOrUpdate', changeBody(2)));
    expect(mine).toMatchObject({ supplierId: 1, applicantUserType: 'EX', status: 'DRAFT' });
    expectError(await act('supplier02', 'findById', { id: mine.changeInfoId }), 404);
    expectError(await act('supplier02', 'submitChangeInfo', { id: mine.changeInfoId }), 404);
    expect((await changeOf(mine.changeInfoId)).status).toBe('DRAFT');
  });

  it('ADD lines name no original row, UPDATE and DELETE lines must (400 naming the line)', async () => {
    const answer = await act(
      'buyer01',
      'saveOrUpdate',
      changeBody(await newSupplier(p), {
        contacts: [{ operationType: 'UPDATE', contactName: 'a', contactType: 'BUSINESS', email: 'a@b.cn' }],
      }),
    );
    expectError(answer, 400, ['contacts[0].sourceContactId']);
  });
});
