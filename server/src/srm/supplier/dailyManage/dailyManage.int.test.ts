import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { historyOf, notificationsOf, rows, todosOf } from '../../../testing/proofFixtures';
import {
  act,
  docRow,
  manageBody,
  moveHistory,
  saved,
  siteRows,
  submitted,
  supplierRow,
  supplierWithSites,
} from '../status/statusFixtures';
import { proofServer } from '../../../testing/proofServer';

/** Daily management (DOMAIN 1.8): lines filled by the server, approval moves sites and supplier with history, 409s, 403s. */
const p = proofServer('srm_daily_manage', { timeout: 300_000 }); // a fresh MariaDB schema with the demo seeds takes minutes on a loaded machine

const manageLines = (id: number) => rows(p, 'srm_slc_daily_manage_site', 'manage_site_id', { daily_manage_id: id });
const submit = (id: number) => act(p, 'manage', 'buyer01', 'doDailyManageSubmit', { id });
const approve = (id: number, user: 'manager01' | 'buyer01' = 'manager01') =>
  act(p, 'manage', user, 'doDailyManageApproval', { id, comment: 'ok' });

describe('saving: the server fills the site lines', () => {
  it('organisation, location, statusBefore and statusAfter come from the master, not the body', async () => {
    const s = await supplierWithSites(p);
    const body = manageBody(s, 'FREEZE');
    (body.sites as Record<string, unknown>[])[0].statusBefore = 'BLACKLIST';
    const id = await saved(p, 'manage', body);
    const lines = await manageLines(id);
    expect(lines.map((l) => [Number(l.org_id), Number(l.location_id), l.status_before, l.status_after])).toEqual([
      [3, s.locationId, 'QUALIFIED', 'FROZEN'],
      [2, s.locationId, 'QUALIFIED', 'FROZEN'],
    ]);
    expect((await docRow(p, 'manage', id)).manage_number).toMatch(/^DMG\d{12}$/);
  });

  it("a save of the header alone re-derives the stored lines' statusAfter from a changed manage type", async () => {
    const s = await supplierWithSites(p);
    const first = expectOk(await act(p, 'manage', 'buyer01', 'saveOrUpdate', manageBody(s, 'FREEZE')));
    const id = Number(first.dailyManageId);
    const header = {
      dailyManageId: id,
      versionNum: first.versionNum,
      manageType: 'LEVEL_CHANGE',
      newLevel: 'STRATEGIC',
    };
    expectOk(await act(p, 'manage', 'buyer01', 'saveOrUpdate', header));
    expect((await manageLines(id)).map((l) => [l.status_before, l.status_after])).toEqual([
      ['QUALIFIED', 'QUALIFIED'],
      ['QUALIFIED', 'QUALIFIED'],
    ]);
  });

  it('a site of another supplier is refused (400)', async () => {
    const s = await supplierWithSites(p);
    const other = await supplierWithSites(p);
    expectError(await act(p, 'manage', 'buyer01', 'saveOrUpdate', manageBody(s, 'FREEZE', [other.sites[0]])), 400);
  });
});

describe('freeze and unfreeze', () => {
  it('approval freezes the selected sites; with none qualified left the supplier is frozen; history on each', async () => {
    const s = await supplierWithSites(p);
    const id = await submitted(
      p,
      'manage',
      manageBody(s, 'FREEZE', s.sites, { newLevel: 'RESTRICTED' }),
      'doDailyManageSubmit',
    );
    expect((await todosOf(p, 'srmSlcDailyManage', id)).map((t) => [t.bill_type, Number(t.assignee_user_id)])).toEqual([
      ['SLC_DAILY_MANAGE', 3],
    ]);
    expectOk(await approve(id));
    expect((await docRow(p, 'manage', id)).status).toBe('APPROVED');
    expect((await siteRows(p, s.supplierId)).map((r) => r.site_status)).toEqual(['FROZEN', 'FROZEN']);
    const supplier = await supplierRow(p, s.supplierId);
    expect([supplier.supplier_status, supplier.supplier_level]).toEqual(['FROZEN', 'RESTRICTED']);
    const siteHistory = await moveHistory(p, 'srmSlcSupplierSite', s.sites[0]);
    expect(siteHistory.map((h) => [h.action, h.from_state, h.to_state, h.bill_type])).toEqual([
      ['doDailyManageApproval', 'QUALIFIED', 'FROZEN', 'SLC_DAILY_MANAGE'],
    ]);
    expect(siteHistory[0].bill_number).toBe((await docRow(p, 'manage', id)).manage_number);
    expect((await moveHistory(p, 'srmSlcSupplierInfo', s.supplierId)).map((h) => h.to_state)).toEqual(['FROZEN']);
    expect((await todosOf(p, 'srmSlcDailyManage', id))[0].handle_flag).toBe('Y');
    expect((await notificationsOf(p, 'srmSlcDailyManage', id)).map((n) => Number(n.recipient_user_id))).toContain(2);
    expect((await historyOf(p, 'srmSlcDailyManage', id)).map((h) => h.action)).toEqual([
      'doDailyManageSubmit',
      'doDailyManageApproval',
    ]);
  });

  it('freezing one of two sites keeps the supplier qualified; unfreezing it brings it back', async () => {
    const s = await supplierWithSites(p);
    expectOk(await approve(await submitted(p, 'manage', manageBody(s, 'FREEZE', [s.sites[0]]), 'doDailyManageSubmit')));
    expect((await siteRows(p, s.supplierId)).map((r) => r.site_status)).toEqual(['FROZEN', 'QUALIFIED']);
    expect((await supplierRow(p, s.supplierId)).supplier_status).toBe('QUALIFIED');
    expectOk(
      await approve(await submitted(p, 'manage', manageBody(s, 'UNFREEZE', [s.sites[0]]), 'doDailyManageSubmit')),
    );
    expect((await siteRows(p, s.supplierId)).map((r) => r.site_status)).toEqual(['QUALIFIED', 'QUALIFIED']);
    expect((await moveHistory(p, 'srmSlcSupplierSite', s.sites[0])).map((h) => h.to_state)).toEqual([
      'FROZEN',
      'QUALIFIED',
    ]);
  });

  it('a frozen supplier is unfrozen with its site', async () => {
    const s = await supplierWithSites(p);
    expectOk(await approve(await submitted(p, 'manage', manageBody(s, 'FREEZE'), 'doDailyManageSubmit')));
    expectOk(
      await approve(await submitted(p, 'manage', manageBody(s, 'UNFREEZE', [s.sites[1]]), 'doDailyManageSubmit')),
    );
    expect((await supplierRow(p, s.supplierId)).supplier_status).toBe('QUALIFIED');
    expect((await moveHistory(p, 'srmSlcSupplierInfo', s.supplierId)).map((h) => h.to_state)).toEqual([
      'FROZEN',
      'QUALIFIED',
    ]);
  });
});

describe('refusals', () => {
  it('UNFREEZE of a site that is not FROZEN: 409 saying why, nothing moves', async () => {
    const s = await supplierWithSites(p);
    const id = await saved(p, 'manage', manageBody(s, 'UNFREEZE', [s.sites[0]]));
    const answer = await submit(id);
    expectError(answer, 409);
    expect(answer.body.msg).toMatch(/is QUALIFIED and cannot be moved \(unfreeze\): only a frozen one can be unfrozen/);
    expect((await docRow(p, 'manage', id)).status).toBe('DRAFT');
  });

  it('a site moved by another document after submit: the approval answers 409 (stale statusBefore) and rolls back', async () => {
    const s = await supplierWithSites(p);
    const first = await submitted(p, 'manage', manageBody(s, 'FREEZE', [s.sites[0]]), 'doDailyManageSubmit');
    const second = await submitted(p, 'manage', manageBody(s, 'FREEZE', s.sites), 'doDailyManageSubmit');
    expectOk(await approve(first));
    const answer = await approve(second);
    expectError(answer, 409);
    expect(answer.body.msg).toMatch(/has moved from QUALIFIED to FROZEN since this document was written/);
    expect((await docRow(p, 'manage', second)).status).toBe('SUBMITTED');
    expect((await siteRows(p, s.supplierId)).map((r) => r.site_status)).toEqual(['FROZEN', 'QUALIFIED']);
    expect(await moveHistory(p, 'srmSlcSupplierSite', s.sites[1])).toEqual([]);
  });

  it('FREEZE without sites (400), LEVEL_CHANGE without the level (400)', async () => {
    const s = await supplierWithSites(p);
    expectError(await submit(await saved(p, 'manage', manageBody(s, 'FREEZE', []))), 400);
    expectError(await submit(await saved(p, 'manage', manageBody(s, 'LEVEL_CHANGE', []))), 400);
  });

  it('illegal transitions: approve a draft, reject an approved one, submit an approved one (409)', async () => {
    const s = await supplierWithSites(p);
    const id = await saved(p, 'manage', manageBody(s, 'LEVEL_CHANGE', [], { newLevel: 'STRATEGIC' }));
    expectError(await approve(id), 409);
    expectOk(await submit(id));
    expectOk(await approve(id));
    expect((await supplierRow(p, s.supplierId)).supplier_level).toBe('STRATEGIC');
    expectError(await act(p, 'manage', 'manager01', 'doDailyManageReject', { id, comment: 'no' }), 409);
    expectError(await submit(id), 409);
  });

  it('the submitter cannot approve (403); a buyer without the button neither (403); reject needs a comment', async () => {
    const s = await supplierWithSites(p);
    // admin holds every button; manager01 is the only other approver, so admin's own document stays approvable.
    const id = await saved(p, 'manage', manageBody(s, 'FREEZE'), 'admin');
    expectOk(await act(p, 'manage', 'admin', 'doDailyManageSubmit', { id }));
    const own = await act(p, 'manage', 'admin', 'doDailyManageApproval', { id });
    expectError(own, 403);
    expect(own.body.msg).toBe('The submitter cannot approve their own document');
    expectError(await approve(id, 'buyer01'), 403);
    expectError(await act(p, 'manage', 'manager01', 'doDailyManageReject', { id }), 400, ['comment']);
    expectOk(await act(p, 'manage', 'manager01', 'doDailyManageReject', { id, comment: '理由不足' }));
    expect((await docRow(p, 'manage', id)).status).toBe('REJECTED');
    expect((await siteRows(p, s.supplierId)).map((r) => r.site_status)).toEqual(['QUALIFIED', 'QUALIFIED']);
  });

  it('suppliers cannot reach daily management (403)', async () => {
    const answer = await act(p, 'manage', 'supplier01', 'listByPage', { pageIndex: 1, pageRows: 10 });
    expectError(answer, 403);
  });
});

describe('named queries', () => {
  it('queryManageInfoById answers the header with its sites; querySitesByLocationId the sites of a location as lines', async () => {
    const s = await supplierWithSites(p);
    const id = await saved(p, 'manage', manageBody(s, 'FREEZE'));
    const info = expectOk(await act(p, 'manage', 'buyer01', 'queryManageInfoById', { id }));
    expect(info.manageType).toBe('FREEZE');
    expect((info.sites as { siteId: number }[]).map((l) => Number(l.siteId))).toEqual(s.sites);
    const lines = expectOk(
      await act(p, 'manage', 'buyer01', 'querySitesByLocationId', { locationId: s.locationId, manageType: 'FREEZE' }),
    ) as Record<string, unknown>[];
    expect(lines.map((l) => [Number(l.siteId), l.statusBefore, l.statusAfter, l.selectFlag])).toEqual([
      [s.sites[0], 'QUALIFIED', 'FROZEN', 'Y'],
      [s.sites[1], 'QUALIFIED', 'FROZEN', 'Y'],
    ]);
    expectError(await act(p, 'manage', 'buyer01', 'queryManageInfoById', { id: 99999999 }), 404);
    expectError(await act(p, 'manage', 'buyer01', 'querySitesByLocationId', { locationId: 'x' }), 400);
  });
});
