import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { historyOf, notificationsOf, todosOf, type Body } from '../../../testing/proofFixtures';
import {
  act,
  aslRows,
  docRow,
  moveHistory,
  saved,
  siteRows,
  submitted,
  supplierRow,
  supplierWithSites,
  type TestSupplier,
} from '../status/statusFixtures';
import { proofServer } from '../../../testing/proofServer';

/** Blacklist (DOMAIN 1.10, 1.11): EFFECTIVE blacklists supplier and sites (ASL DEBARRED), release freezes them for review. */
const p = proofServer('srm_supplier_blacklist', { timeout: 300_000 }); // a fresh MariaDB schema with the demo seeds takes minutes on a loaded machine

function blacklistBody(s: TestSupplier, extra: Body = {}): Body {
  return {
    supplierId: s.supplierId,
    blacklistReason: 'FRAUD',
    reasonDesc: '伪造检测报告 / forged test reports',
    startDate: '2026-12-01',
    permanentFlag: 'Y',
    ...extra,
  };
}
const approve = (id: number) => act(p, 'blacklist', 'manager01', 'doApprove', { id, comment: 'ok' });
const release = (id: number, comment?: string) => act(p, 'blacklist', 'manager01', 'doRelease', { id, comment });

describe('blacklist and release', () => {
  it('approval: EFFECTIVE, supplier and every site BLACKLIST with history, ASL DEBARRED; to-do and notice', async () => {
    const s = await supplierWithSites(p);
    const id = await submitted(p, 'blacklist', blacklistBody(s));
    expect(
      (await todosOf(p, 'srmSlcSupplierBlacklist', id)).map((t) => [t.bill_type, Number(t.assignee_user_id)]),
    ).toEqual([['SLC_BLACKLIST', 3]]);
    expectOk(await approve(id));
    expect((await docRow(p, 'blacklist', id)).status).toBe('EFFECTIVE');
    expect((await supplierRow(p, s.supplierId)).supplier_status).toBe('BLACKLIST');
    expect((await siteRows(p, s.supplierId)).map((r) => r.site_status)).toEqual(['BLACKLIST', 'BLACKLIST']);
    expect((await aslRows(p, s.supplierId)).map((r) => r.asl_status)).toEqual(['DEBARRED', 'DEBARRED']);
    expect(
      (await moveHistory(p, 'srmSlcSupplierInfo', s.supplierId)).map((h) => [h.from_state, h.to_state, h.bill_type]),
    ).toEqual([['QUALIFIED', 'BLACKLIST', 'SLC_BLACKLIST']]);
    expect((await notificationsOf(p, 'srmSlcSupplierBlacklist', id)).map((n) => Number(n.recipient_user_id))).toContain(
      2,
    );
  });

  it('release needs a reason (400); with it: RELEASED, supplier and sites FROZEN with history, the reason stored', async () => {
    const s = await supplierWithSites(p);
    const id = await submitted(p, 'blacklist', blacklistBody(s));
    expectOk(await approve(id));
    expectError(await release(id), 400, ['comment']);
    expectOk(await release(id, '整改完成，复审中'));
    const row = await docRow(p, 'blacklist', id);
    expect([row.status, row.release_reason, Number(row.released_by)]).toEqual(['RELEASED', '整改完成，复审中', 3]);
    expect(row.release_date).toBeTruthy();
    expect((await supplierRow(p, s.supplierId)).supplier_status).toBe('FROZEN');
    expect((await siteRows(p, s.supplierId)).map((r) => r.site_status)).toEqual(['FROZEN', 'FROZEN']);
    expect(
      (await moveHistory(p, 'srmSlcSupplierSite', s.sites[0])).map((h) => [h.action, h.from_state, h.to_state]),
    ).toEqual([
      ['doApprove', 'QUALIFIED', 'BLACKLIST'],
      ['doRelease', 'BLACKLIST', 'FROZEN'],
    ]);
    expect((await aslRows(p, s.supplierId)).map((r) => r.asl_status)).toEqual(['DEBARRED', 'DEBARRED']);
    expect((await historyOf(p, 'srmSlcSupplierBlacklist', id)).map((h) => h.action)).toEqual([
      'doSubmit',
      'doApprove',
      'doRelease',
    ]);
  });
});

describe('refusals', () => {
  it('a supplier already blacklisted, or with another entry under approval: 409', async () => {
    const s = await supplierWithSites(p);
    const first = await submitted(p, 'blacklist', blacklistBody(s));
    const second = await saved(p, 'blacklist', blacklistBody(s));
    const answer = await act(p, 'blacklist', 'buyer01', 'doSubmit', { id: second });
    expectError(answer, 409);
    expect(answer.body.msg).toMatch(/already has a blacklist entry under approval or in effect/);
    expectOk(await approve(first));
    const again = await act(p, 'blacklist', 'buyer01', 'doSubmit', { id: second });
    expectError(again, 409);
    expect(again.body.msg).toMatch(/is BLACKLIST and cannot be moved \(blacklist\): it is blacklisted already/);
  });

  it('not permanent needs an end date not before the start (400)', async () => {
    const s = await supplierWithSites(p);
    expectError(
      await act(p, 'blacklist', 'buyer01', 'doSubmit', {
        id: await saved(p, 'blacklist', blacklistBody(s, { permanentFlag: 'N' })),
      }),
      400,
    );
    const backwards = blacklistBody(s, { permanentFlag: 'N', endDate: '2026-01-01' });
    expectError(await act(p, 'blacklist', 'buyer01', 'doSubmit', { id: await saved(p, 'blacklist', backwards) }), 400);
  });

  it('illegal transitions (409): release a draft or a submitted one, approve a released one; self-approval and the buyer 403', async () => {
    const s = await supplierWithSites(p);
    const id = await saved(p, 'blacklist', blacklistBody(s));
    expectError(await release(id, 'x'), 409);
    expectOk(await act(p, 'blacklist', 'buyer01', 'doSubmit', { id }));
    expectError(await release(id, 'x'), 409);
    expectError(await act(p, 'blacklist', 'buyer01', 'doApprove', { id }), 403);
    expectOk(await approve(id));
    expectError(await act(p, 'blacklist', 'buyer01', 'doRelease', { id, comment: 'x' }), 403);
    expectOk(await release(id, 'ok'));
    expectError(await approve(id), 409);
    expectError(await release(id, 'again'), 409);
    const t = await supplierWithSites(p);
    const own = await saved(p, 'blacklist', blacklistBody(t), 'admin');
    expectOk(await act(p, 'blacklist', 'admin', 'doSubmit', { id: own }));
    expectError(await act(p, 'blacklist', 'admin', 'doApprove', { id: own }), 403);
    expectOk(await act(p, 'blacklist', 'manager01', 'doReject', { id: own, comment: '证据不足' }));
    expect((await docRow(p, 'blacklist', own)).status).toBe('REJECTED');
    expect((await supplierRow(p, t.supplierId)).supplier_status).toBe('QUALIFIED');
  });

  it('release when the supplier is no longer blacklisted: 409 and nothing moves', async () => {
    const s = await supplierWithSites(p);
    const id = await submitted(p, 'blacklist', blacklistBody(s));
    expectOk(await approve(id));
    await p.server.kernel.db.transaction((tx) =>
      tx.execute('UPDATE srm_slc_supplier_info SET supplier_status = ? WHERE supplier_id = ?', ['QUIT', s.supplierId]),
    );
    const answer = await release(id, 'ok');
    expectError(answer, 409);
    expect(answer.body.msg).toMatch(/is QUIT and cannot be moved \(release\)/);
    expect((await docRow(p, 'blacklist', id)).status).toBe('EFFECTIVE');
  });

  it('suppliers cannot reach the blacklist (403)', async () => {
    expectError(await act(p, 'blacklist', 'supplier01', 'listByPage', { pageIndex: 1, pageRows: 10 }), 403);
  });
});
