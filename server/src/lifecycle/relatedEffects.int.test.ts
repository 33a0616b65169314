import type { EffectDef } from '@meridian/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, tableRows } from '../testing/apiAssertions';
import { lineBody, requisitionBody } from '../testing/srmFixtures';
import { documentsWithEffects } from '../testing/metadataVariants';
import { runSql } from '../testing/authFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { act, actorsOf, type Actors } from './approvalFixtures';

/**
 * setRelated through the whole transition, on the records that point at this one: closing a
 * requisition notes the closing comment on its lines still above 50 (the effect is added to this
 * server's own requisition lifecycle). transitionRelated on the record a reference names, with
 * ifAllowed, is the EQ answer's (purEqPromotion.json, eq.int.test.ts).
 */
let server: TestServer;
let a: Actors;

const noteLines: EffectDef = {
  setRelated: {
    related: { entity: 'srmPurRequisitionLine', field: 'requisitionHeaderId' },
    set: { remark: { comment: true } },
    where: { field: 'quantity', op: 'gt', value: 50 },
  },
};

// Recipients from lines: the suppliers suggested on the lines still above 50, each notified once.
const notifyLineSuppliers: EffectDef = {
  notify: {
    to: { lines: 'lines', supplierField: 'suggestedSupplierId', where: { field: 'quantity', op: 'gt', value: 50 } },
    title: { cn: '申请 {requisitionNumber} 已关闭', en: 'Requisition {requisitionNumber} closed' },
    content: { cn: '{action}', en: '{action}' },
    type: 'APPROVAL',
  },
};

// Values read through the record's references: the company's name and the approver's user name.
const throughReferences: EffectDef[] = [
  { set: { description: { field: 'orgId.orgName' } } },
  {
    notify: {
      to: { userField: 'requesterId' },
      title: { cn: '{orgId.orgName} 的申请 {requisitionNumber} 已关闭', en: 'Requisition {requisitionNumber} closed' },
      content: { cn: '审批人 {approvedBy.userName}', en: 'Approved by {approvedBy.userName}' },
      type: 'APPROVAL',
    },
  },
];

// The records the matching lines name (via + reference + viaWhere), when the record matches (when):
// the suppliers suggested on lines above 50 are blacklisted through their own lifecycle, whose
// history names the requisition (slcSupplierStatus: historyNamesCause).
const blacklistSuggested: EffectDef = {
  transitionRelated: {
    related: { via: 'lines', reference: 'suggestedSupplierId', viaWhere: { field: 'quantity', op: 'gt', value: 50 } },
    action: 'doBlacklist',
    when: { field: 'description', op: 'eq', value: 'blacklist suggested' },
  },
};

// The records holding this record's value of a field (equals): the company's requisitions marked "note me".
const noteCompanyRequisitions: EffectDef = {
  setRelated: {
    related: { entity: 'srmPurRequisitionHeader', field: 'orgId', equals: 'orgId' },
    set: { description: { comment: true } },
    where: { field: 'description', op: 'eq', value: 'note me' },
  },
};

beforeAll(async () => {
  const documents = documentsWithEffects('purRequisition', {
    doClose: [noteLines, notifyLineSuppliers, blacklistSuggested, noteCompanyRequisitions],
    doCancel: throughReferences,
  });
  server = await startTestServer('lifecycle_related_effects', {}, { documents });
  a = await actorsOf(server);
}, 300_000);
afterAll(async () => {
  await server?.close();
});

describe('setRelated', () => {
  it('writes the matching records that point at this one, and only those', async () => {
    const body = requisitionBody({}, [lineBody(1), lineBody(2, { quantity: '10' })]);
    const id = expectOk(await act(a, 'buyer01', 'saveOrUpdate', body)).requisitionHeaderId as number;
    const other = expectOk(await act(a, 'buyer01', 'saveOrUpdate', requisitionBody())).requisitionHeaderId as number;
    expectOk(await act(a, 'buyer01', 'doSubmit', { id }));
    expectOk(await act(a, 'manager01', 'doApprove', { id }));
    expectOk(await act(a, 'buyer01', 'doClose', { id, comment: 'closed early' }));
    const lines = (rid: number) =>
      tableRows(server, 'srm_pur_requisition_line', 'requisition_line_id', { requisition_header_id: rid });
    expect((await lines(id)).map((l) => [l.line_num, l.remark])).toEqual([
      [1, 'closed early'],
      [2, null],
    ]);
    expect((await lines(other)).map((l) => l.remark)).toEqual([null]);
  });
});

describe('recipients from lines', () => {
  it('notifies the users of each distinct supplier named by the matching lines, once each', async () => {
    const body = requisitionBody({}, [
      lineBody(1, { suggestedSupplierId: 1 }),
      lineBody(2, { suggestedSupplierId: 1 }),
      lineBody(3, { suggestedSupplierId: 2, quantity: '10' }),
      lineBody(4),
    ]);
    const id = expectOk(await act(a, 'buyer01', 'saveOrUpdate', body)).requisitionHeaderId as number;
    expectOk(await act(a, 'buyer01', 'doSubmit', { id }));
    expectOk(await act(a, 'manager01', 'doApprove', { id }));
    expectOk(await act(a, 'buyer01', 'doClose', { id }));
    const all = await tableRows(server, 'base_notification', 'notification_id', {
      source_entity_name: 'srmPurRequisitionHeader',
      source_bill_id: id,
    });
    // The approval notified its creator too: only the closing notices are this effect's.
    const sent = all.filter((n) => /^申请 \S+ 已关闭$/.test(String(n.notification_title)));
    const usersOf = async (supplierId: number) =>
      (await tableRows(server, 'base_users', 'user_id', { supplier_id: supplierId, enabled_flag: 'Y' })).map(
        (u) => u.user_id,
      );
    const expected = await usersOf(1);
    expect(expected.length).toBeGreaterThan(0);
    const ids = (values: unknown[]) => values.map(Number).sort((x, y) => x - y);
    expect(ids(sent.map((n) => n.recipient_user_id))).toEqual(ids(expected));
  });
});

describe('values through references', () => {
  it('reads "reference.field" in set values, placeholders and recipients from the record it names', async () => {
    const id = expectOk(await act(a, 'buyer01', 'saveOrUpdate', requisitionBody())).requisitionHeaderId as number;
    expectOk(await act(a, 'buyer01', 'doCancel', { id }));
    const [company] = await tableRows(server, 'base_organization', 'org_id', { org_id: 2 });
    const [header] = await tableRows(server, 'srm_pur_requisition_header', 'requisition_header_id', {
      requisition_header_id: id,
    });
    expect(header.description).toBe(company.org_name);
    const [sent] = await tableRows(server, 'base_notification', 'notification_id', {
      source_entity_name: 'srmPurRequisitionHeader',
      source_bill_id: id,
    });
    expect([Number(sent.recipient_user_id), sent.notification_title, sent.notification_content]).toEqual([
      2,
      `${String(company.org_name)} 的申请 ${String(header.requisition_number)} 已关闭`,
      '审批人 ',
    ]);
  });
});

describe('related records through the lines, and by an equal value', () => {
  const closed = async (body: Record<string, unknown>, comment: string) => {
    const id = expectOk(await act(a, 'buyer01', 'saveOrUpdate', body)).requisitionHeaderId as number;
    expectOk(await act(a, 'buyer01', 'doSubmit', { id }));
    expectOk(await act(a, 'manager01', 'doApprove', { id }));
    expectOk(await act(a, 'buyer01', 'doClose', { id, comment }));
    return id;
  };
  const supplierStatus = async (supplierId: number) =>
    (await tableRows(server, 'srm_slc_supplier_info', 'supplier_id', { supplier_id: supplierId }))[0].supplier_status;
  const supplierHistory = (supplierId: number) =>
    tableRows(server, 'base_lifecycle_history', 'history_id', {
      entity_name: 'srmSlcSupplierInfo',
      record_id: supplierId,
    });

  it('runs the transition on the records the matching lines name, only when the record matches; their history names it', async () => {
    const lines = [
      lineBody(1, { suggestedSupplierId: 3 }),
      lineBody(2, { suggestedSupplierId: 3, quantity: '60' }),
      lineBody(3, { suggestedSupplierId: 4, quantity: '10' }),
      lineBody(4),
    ];
    const before = (await supplierHistory(3)).length;
    await closed(requisitionBody({}, lines), 'not this one');
    expect([await supplierStatus(3), (await supplierHistory(3)).length]).toEqual(['QUALIFIED', before]);

    const id = await closed(requisitionBody({ description: 'blacklist suggested' }, lines), 'poor quality');
    expect([await supplierStatus(3), await supplierStatus(4)]).toEqual(['BLACKLIST', 'QUALIFIED']);
    const [header] = await tableRows(server, 'srm_pur_requisition_header', 'requisition_header_id', {
      requisition_header_id: id,
    });
    const number = String(header.requisition_number);
    const moves = (await supplierHistory(3)).slice(before);
    expect(
      moves.map((h) => [h.action, h.from_state, h.to_state, h.bill_type, h.bill_number, h.comment, Number(h.user_id)]),
    ).toEqual([
      [
        'doClose',
        'QUALIFIED',
        'BLACKLIST',
        'PUR_REQUISITION',
        number,
        'poor quality',
        Number(a.sessions.buyer01.userInfo.userId),
      ],
    ]);
    expect([moves[0].action_label, moves[0].action_label_en]).toEqual([
      `列入黑名单（采购申请 ${number}）`,
      `Blacklist (Purchase requisition ${number})`,
    ]);
  });

  it('writes the records holding the same value of the field (equals) that match where, and no others', async () => {
    const saved = async (description: string) =>
      expectOk(await act(a, 'buyer01', 'saveOrUpdate', requisitionBody({ description }))).requisitionHeaderId as number;
    const [marked, kept, otherCompany] = [await saved('note me'), await saved('keep'), await saved('note me')];
    await runSql(server, 'UPDATE srm_pur_requisition_header SET org_id = 3 WHERE requisition_header_id = ?', [
      otherCompany,
    ]);
    await closed(requisitionBody(), 'company note');
    const descriptionOf = async (id: number) =>
      (await tableRows(server, 'srm_pur_requisition_header', 'requisition_header_id', { requisition_header_id: id }))[0]
        .description;
    expect([await descriptionOf(marked), await descriptionOf(kept), await descriptionOf(otherCompany)]).toEqual([
      'company note',
      'keep',
      'note me',
    ]);
  });
});
