import { describe, expect, it } from 'vitest';
import { expectOk } from '../testing/apiAssertions';
import { menuId, sessionHeaders } from '../testing/authFixtures';
import { call, RESP, rows, type ProofUser } from '../testing/proofFixtures';
import { act, draft } from '../testing/orderFixtures';
import { proofServer } from '../testing/proofServer';

/**
 * findHistory and the comments of approval transitions (`"approval": true`): a supplier caller who
 * may read the record sees every entry, but not the comments internal users wrote on approval
 * transitions (their comment is null); its own comments, and internal comments on other
 * transitions, it sees; where it submitted the record itself, the decisions are addressed to it and
 * it sees them. An internal caller sees every comment. Demo documents: a purchase order (the buyer
 * submits, the manager approves, the supplier confirms) and a supplier's info change (the supplier
 * submits, the manager rejects).
 */
const p = proofServer('lifecycle_history_comments');

async function historyAs(user: ProofUser, menu: string, resource: string, id: number) {
  const headers = sessionHeaders(p.sessions[user], RESP[user], await menuId(p.server, menu));
  const rows = expectOk(
    await p.server.call('baseServer', 'baseApprovalRestful', 'findHistory', { resource, id }, headers),
  );
  return (rows as Record<string, unknown>[]).map((r) => [r.action, r.userName, r.toState, r.comment]);
}

describe('findHistory: internal approval comments are not shown to suppliers', () => {
  it("a purchase order: the supplier sees the entries but not the buyer's submit or the manager's approval comment", async () => {
    const id = await draft(p, 1);
    expectOk(await act(p, 'buyer01', 'doSubmit', { id, comment: 'urgent, the only source' }));
    expectOk(await act(p, 'manager01', 'doApprove', { id, comment: 'price is 8% above target' }));
    expectOk(await act(p, 'supplier01', 'doSupplierConfirm', { id, comment: 'we ship on time' }));
    expectOk(await act(p, 'buyer01', 'doClose', { id, comment: 'no more deliveries needed' }));
    const RES = 'srmPurOrderHeaderRestful';
    expect(await historyAs('buyer01', 'PUR_ORDER', RES, id)).toEqual([
      ['doSubmit', 'buyer01', 'SUBMITTED', 'urgent, the only source'],
      ['doApprove', 'manager01', 'RELEASED', 'price is 8% above target'],
      ['doSupplierConfirm', 'supplier01', 'CONFIRMED', 'we ship on time'],
      ['doClose', 'buyer01', 'CLOSED', 'no more deliveries needed'],
    ]);
    expect(await historyAs('supplier01', 'SUP_CUSTOMER_ORDER', RES, id)).toEqual([
      ['doSubmit', 'buyer01', 'SUBMITTED', null],
      ['doApprove', 'manager01', 'RELEASED', null],
      ['doSupplierConfirm', 'supplier01', 'CONFIRMED', 'we ship on time'],
      ['doClose', 'buyer01', 'CLOSED', 'no more deliveries needed'],
    ]);
  });

  it('an info change the supplier submitted: the decision is addressed to it, so it sees the rejection comment too', async () => {
    const RES = 'srmSlcChangeInfoRestful';
    const change = (user: ProofUser, action: string, body: Record<string, unknown>) =>
      call(p, user, user === 'supplier01' ? 'SUP_CHANGE_INFO' : 'SLC_CHANGE_INFO', RES, action, body);
    const body = {
      supplierId: 1,
      changeType: 'BASIC',
      changeReason: 'office moved',
      registeredAddress: '苏州市吴中区东吴北路88号',
      contacts: [],
      accounts: [],
    };
    const id = expectOk(await change('supplier01', 'saveOrUpdate', body)).changeInfoId as number;
    expectOk(await change('supplier01', 'submitChangeInfo', { id, comment: 'new office from December' }));
    expectOk(await change('manager01', 'rejectChangeInfo', { id, comment: 'licence missing; check them again' }));
    expect(await historyAs('supplier01', 'SUP_CHANGE_INFO', RES, id)).toEqual([
      ['doSubmit', 'supplier01', 'SUBMITTED', 'new office from December'],
      ['doReject', 'manager01', 'REJECTED', 'licence missing; check them again'],
    ]);
    expect(await historyAs('manager01', 'SLC_CHANGE_INFO', RES, id)).toEqual([
      ['doSubmit', 'supplier01', 'SUBMITTED', 'new office from December'],
      ['doReject', 'manager01', 'REJECTED', 'licence missing; check them again'],
    ]);
  });

  it("a supplier's own master moved by an approved daily management: the entry names the approval, its comment is not shown", async () => {
    const manage = (user: ProofUser, action: string, body: Record<string, unknown>) =>
      call(p, user, 'SLC_DAILY_MANAGE', 'srmSlcDailyManageRestful', action, body);
    const sites = await rows(p, 'srm_slc_supplier_site', 'site_id', { supplier_id: 1 });
    const body = {
      supplierId: 1,
      manageType: 'FREEZE',
      effectiveDate: '2027-01-01',
      reason: 'quality',
      sites: sites.map((s) => ({ siteId: Number(s.site_id), selectFlag: 'Y' })),
    };
    const id = expectOk(await manage('buyer01', 'saveOrUpdate', body)).dailyManageId as number;
    expectOk(await manage('buyer01', 'doDailyManageSubmit', { id }));
    expectOk(
      await manage('manager01', 'doDailyManageApproval', { id, comment: 'third complaint; blacklist next time' }),
    );
    const RES = 'srmSlcSupplierInfoRestful';
    expect((await historyAs('supplier01', 'SUP_MY_COMPANY', RES, 1)).at(-1)).toEqual([
      'doDailyManageApproval',
      'manager01',
      'FROZEN',
      null,
    ]);
    expect((await historyAs('buyer01', 'SLC_SUPPLIER_CREATE', RES, 1)).at(-1)).toEqual([
      'doDailyManageApproval',
      'manager01',
      'FROZEN',
      'third complaint; blacklist next time',
    ]);
  });
});
