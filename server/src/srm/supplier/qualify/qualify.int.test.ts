import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { runSql } from '../../../testing/authFixtures';
import { call, historyOf, newSupplier, rows, todosOf, type Body, type ProofUser } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';
import { everyActionFromEveryState } from '../../../testing/transitionMatrix';

/** The qualification review lifecycle (slcQualify), its approval's effects, the inspection-site rule and getQualifyInfo. */
const p = proofServer('srm_qualify');

const RES = 'srmSlcQualifyHeaderRestful';
const ENTITY = 'srmSlcQualifyHeader';
const act = (user: ProofUser, action: string, body: Body) => call(p, user, 'SLC_QUALIFY_CENSOR', RES, action, body);
const headerOf = async (id: number) =>
  (await rows(p, 'srm_slc_qualify_header', 'qualify_header_id', { qualify_header_id: id }))[0];
const sitesOf = (id: number) => rows(p, 'srm_slc_qualify_site', 'qualify_site_id', { qualify_header_id: id });

function qualifyBody(supplierId: number, sites: Body[] = [{ siteName: 'Suzhou plant', orgId: 3 }]): Body {
  return {
    supplierId,
    qualifyType: 'NEW_SUPPLIER',
    orgId: 2,
    buyerId: 2,
    applyDate: '2026-11-22',
    applyReason: 'new source',
    sites,
    // Two required nodes: the approval passes QUALIFICATION and leaves the review introducing (APPROVED).
    nodes: [
      { nodeCode: 'QUALIFICATION', seqNum: 1, requiredFlag: 'Y' },
      { nodeCode: 'INSPECTION', seqNum: 2, requiredFlag: 'Y' },
    ],
  };
}

async function draft(supplierId?: number, sites?: Body[]): Promise<number> {
  return expectOk(await act('buyer01', 'saveOrUpdate', qualifyBody(supplierId ?? (await newSupplier(p)), sites)))
    .qualifyHeaderId as number;
}

async function submitted(user: ProofUser = 'buyer01'): Promise<number> {
  const id = expectOk(await act(user, 'saveOrUpdate', qualifyBody(await newSupplier(p)))).qualifyHeaderId as number;
  expectOk(await act(user, 'doQualifySubmit', { id }));
  return id;
}

describe('every action from every state', () => {
  everyActionFromEveryState(p, {
    entityName: ENTITY,
    table: 'srm_slc_qualify_header',
    keyColumn: 'qualify_header_id',
    states: ['DRAFT', 'SUBMITTED', 'REJECTED', 'APPROVED', 'COMPLETED', 'TERMINATED'],
    actions: [
      ['doQualifySubmit', 'buyer01', ['DRAFT', 'REJECTED'], 'SUBMITTED'],
      ['doQualifyApproval', 'manager01', ['SUBMITTED'], 'APPROVED'],
      ['doQualifyReject', 'manager01', ['SUBMITTED'], 'REJECTED'],
    ],
    draft,
    submitted,
    act,
  });
});

describe('approval', () => {
  it('a REGISTERED supplier and its REGISTERED sites become POTENTIAL; the to-do is handled; history has both steps', async () => {
    const supplierId = await newSupplier(p);
    const id = await draft(supplierId, [
      { siteName: 'A', orgId: 3 },
      { siteName: 'B', orgId: 11 },
    ]);
    expectOk(await act('buyer01', 'doQualifySubmit', { id }));
    expect((await todosOf(p, ENTITY, id)).map((t) => [t.assignee_user_id, t.bill_type, t.bill_link])).toEqual([
      [3, 'SLC_QUALIFY', `qualifyCensor/QualifyCensorEdit?id=${id}`],
    ]);
    expectOk(await act('manager01', 'doQualifyApproval', { id }));
    expect(
      (await rows(p, 'srm_slc_supplier_info', 'supplier_id', { supplier_id: supplierId }))[0].supplier_status,
    ).toBe('POTENTIAL');
    expect((await sitesOf(id)).map((s) => s.site_status)).toEqual(['POTENTIAL', 'POTENTIAL']);
    expect((await todosOf(p, ENTITY, id))[0].handle_flag).toBe('Y');
    expect((await historyOf(p, ENTITY, id)).map((h) => h.action)).toEqual(['doQualifySubmit', 'doQualifyApproval']);
  });

  it('a QUALIFIED supplier keeps its status', async () => {
    const supplierId = await newSupplier(p, 'QUALIFIED');
    const id = await draft(supplierId);
    expectOk(await act('buyer01', 'doQualifySubmit', { id }));
    expectOk(await act('manager01', 'doQualifyApproval', { id }));
    expect(
      (await rows(p, 'srm_slc_supplier_info', 'supplier_id', { supplier_id: supplierId }))[0].supplier_status,
    ).toBe('QUALIFIED');
  });

  it('reject needs a comment; a rejected review is corrected and resubmitted', async () => {
    const id = await submitted();
    expectError(await act('manager01', 'doQualifyReject', { id }), 400, ['comment']);
    expectOk(await act('manager01', 'doQualifyReject', { id, comment: 'licence expired' }));
    const saved = expectOk(await act('buyer01', 'findById', { id }));
    expectOk(await act('buyer01', 'saveOrUpdate', { ...saved, applyReason: 'licence renewed' }));
    expect(expectOk(await act('buyer01', 'doQualifySubmit', { id })).status).toBe('SUBMITTED');
  });

  it('double submit: one 200, one 409; approve without btnApprove is 403; self-approval is 403', async () => {
    const id = await draft();
    const answers = await Promise.all([
      act('buyer01', 'doQualifySubmit', { id }),
      act('buyer01', 'doQualifySubmit', { id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await todosOf(p, ENTITY, id)).length).toBe(1);
    expectError(await act('buyer01', 'doQualifyApproval', { id }), 403);
    const own = await submitted('admin');
    expectError(await act('admin', 'doQualifyApproval', { id: own }), 403);
    expect((await headerOf(own)).status).toBe('SUBMITTED');
  });
});

describe('inspection sites: participate (inspectFlag) only where editFlag is Y', () => {
  it('an internal user ticks an editable site; a locked one (editFlag N) is refused with 403 and nothing is saved', async () => {
    const id = await draft(undefined, [
      { siteName: 'Open', orgId: 3 },
      { siteName: 'Locked', orgId: 11 },
    ]);
    const [open, locked] = await sitesOf(id);
    await runSql(p.server, 'UPDATE srm_slc_qualify_site SET edit_flag = ? WHERE qualify_site_id = ?', [
      'N',
      locked.qualify_site_id as number,
    ]);
    const saved = expectOk(await act('buyer01', 'findById', { id }));
    const withFlags = (a: string, b: string) => ({
      ...saved,
      sites: saved.sites.map((s: Body, i: number) => ({ ...s, inspectFlag: i === 0 ? a : b })),
    });
    expectOk(await act('buyer01', 'saveOrUpdate', withFlags('Y', 'N')));
    expect((await sitesOf(id)).map((s) => [s.inspect_flag, s.edit_flag])).toEqual([
      ['Y', 'Y'],
      ['N', 'N'],
    ]);
    const again = expectOk(await act('buyer01', 'findById', { id }));
    const refused = await act('buyer01', 'saveOrUpdate', {
      ...again,
      applyReason: 'changed',
      sites: again.sites.map((s: Body) => ({ ...s, inspectFlag: 'Y' })),
    });
    expectError(refused, 403);
    expect(refused.body.msg).toMatch(/locked/);
    expect((await sitesOf(id)).map((s) => s.inspect_flag)).toEqual(['Y', 'N']);
    expect((await headerOf(id)).apply_reason).toBe('new source');
    expect(open.edit_flag).toBe('Y');
  });

  it('editFlag is never taken from the body', async () => {
    const id = await draft(undefined, [{ siteName: 'X', orgId: 3, editFlag: 'N' }]);
    expect((await sitesOf(id))[0].edit_flag).toBe('Y');
  });
});

describe('getQualifyInfo', () => {
  it('answers the review with its sites and the supplier status to a reader; 404 for an unknown id; 403 without the menu; 400 for a bad id', async () => {
    const supplierId = await newSupplier(p);
    const id = await draft(supplierId, [{ siteName: 'S1', orgId: 3 }]);
    const info = expectOk(await act('buyer01', 'getQualifyInfo', { id }));
    expect(info).toMatchObject({ qualifyHeaderId: id, supplierId, supplierStatus: 'REGISTERED', status: 'DRAFT' });
    expect(info.sites.map((s: Body) => [s.siteName, s.ouName, s.inspectFlag, s.editFlag])).toEqual([
      ['S1', 'Suzhou Operating Unit', 'N', 'Y'],
    ]);
    expectError(await act('buyer01', 'getQualifyInfo', { id: 999999 }), 404);
    expectError(await act('buyer01', 'getQualifyInfo', { id: 'x' }), 400);
    expectError(await call(p, 'supplier01', 'SUP_CHANGE_INFO', RES, 'getQualifyInfo', { id }), 403);
  });
});
