import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { runSql } from '../../../testing/authFixtures';
import { historyOf, todosOf, type Body } from '../../../testing/proofFixtures';
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

/** Supplier exit (DOMAIN 1.10): open orders counted, sites/supplier QUIT with history, ASL DEBARRED, blacklisted refused. */
const p = proofServer('srm_supplier_quit', { timeout: 300_000 }); // a fresh MariaDB schema with the demo seeds takes minutes on a loaded machine

function quitBody(s: TestSupplier, quitScope: 'ALL' | 'SITE', siteIds: number[] = []): Body {
  return {
    supplierId: s.supplierId,
    quitType: 'ELIMINATE',
    quitScope,
    quitReason: '绩效连续不达标 / performance below target',
    effectiveDate: '2027-01-01',
    sites: siteIds.map((siteId) => ({ siteId })),
  };
}
const approve = (id: number) => act(p, 'quit', 'manager01', 'doApprove', { id, comment: 'ok' });

describe('exit', () => {
  it('scope ALL: every site and the supplier QUIT with history, every ASL row DEBARRED', async () => {
    const s = await supplierWithSites(p);
    const id = await submitted(p, 'quit', quitBody(s, 'ALL'));
    expect((await todosOf(p, 'srmSlcSupplierQuit', id)).map((t) => t.bill_type)).toEqual(['SLC_QUIT']);
    expectOk(await approve(id));
    expect((await docRow(p, 'quit', id)).status).toBe('APPROVED');
    expect((await siteRows(p, s.supplierId)).map((r) => r.site_status)).toEqual(['QUIT', 'QUIT']);
    expect((await supplierRow(p, s.supplierId)).supplier_status).toBe('QUIT');
    expect((await aslRows(p, s.supplierId)).map((r) => r.asl_status)).toEqual(['DEBARRED', 'DEBARRED']);
    expect(
      (await moveHistory(p, 'srmSlcSupplierInfo', s.supplierId)).map((h) => [h.action, h.from_state, h.to_state]),
    ).toEqual([['doApprove', 'QUALIFIED', 'QUIT']]);
    expect((await moveHistory(p, 'srmSlcSupplierSite', s.sites[1])).map((h) => h.to_state)).toEqual(['QUIT']);
  });

  it('scope SITE: the chosen site QUIT and its ASL row DEBARRED; the other site, its ASL row and the supplier stay', async () => {
    const s = await supplierWithSites(p);
    const id = await submitted(p, 'quit', quitBody(s, 'SITE', [s.sites[0]]));
    expectOk(await approve(id));
    expect((await siteRows(p, s.supplierId)).map((r) => r.site_status)).toEqual(['QUIT', 'QUALIFIED']);
    expect((await supplierRow(p, s.supplierId)).supplier_status).toBe('QUALIFIED');
    expect((await aslRows(p, s.supplierId)).map((r) => [Number(r.supplier_site_id), r.asl_status])).toEqual([
      [s.sites[0], 'DEBARRED'],
      [s.sites[1], 'APPROVED'],
    ]);
    expect(await moveHistory(p, 'srmSlcSupplierInfo', s.supplierId)).toEqual([]);
  });

  it('openPoCount is the server count of open orders (the body cannot set it)', async () => {
    const s = await supplierWithSites(p);
    // Demo orders 6 (CLOSED) and 8 (RELEASED) move to this supplier: only the released one is open.
    await runSql(
      p.server,
      'UPDATE srm_pur_order_header SET supplier_id = ?, supplier_site_id = ? WHERE order_header_id IN (6, 8)',
      [s.supplierId, s.sites[0]],
    );
    const id = await saved(p, 'quit', { ...quitBody(s, 'ALL'), openPoCount: 99 });
    expect(Number((await docRow(p, 'quit', id)).open_po_count)).toBe(1);
    expectOk(await act(p, 'quit', 'buyer01', 'doSubmit', { id }));
    expect(Number((await docRow(p, 'quit', id)).open_po_count)).toBe(1);
  });
});

describe('refusals', () => {
  it('a blacklisted supplier cannot exit (409 at submit and at approval)', async () => {
    const s = await supplierWithSites(p);
    const draft = await saved(p, 'quit', quitBody(s, 'ALL'));
    const pending = await submitted(p, 'quit', quitBody(s, 'ALL'));
    await runSql(p.server, 'UPDATE srm_slc_supplier_info SET supplier_status = ? WHERE supplier_id = ?', [
      'BLACKLIST',
      s.supplierId,
    ]);
    const answer = await act(p, 'quit', 'buyer01', 'doSubmit', { id: draft });
    expectError(answer, 409);
    expect(answer.body.msg).toMatch(/is blacklisted and cannot exit/);
    expectError(await approve(pending), 409);
    expect((await docRow(p, 'quit', pending)).status).toBe('SUBMITTED');
    expect((await siteRows(p, s.supplierId)).map((r) => r.site_status)).toEqual(['QUALIFIED', 'QUALIFIED']);
  });

  it('scope SITE without sites: 400; an exited site cannot exit again: 409', async () => {
    const s = await supplierWithSites(p);
    expectError(await act(p, 'quit', 'buyer01', 'doSubmit', { id: await saved(p, 'quit', quitBody(s, 'SITE')) }), 400);
    expectOk(await approve(await submitted(p, 'quit', quitBody(s, 'SITE', [s.sites[0]]))));
    const again = await act(p, 'quit', 'buyer01', 'doSubmit', {
      id: await saved(p, 'quit', quitBody(s, 'SITE', [s.sites[0]])),
    });
    expectError(again, 409);
    expect(again.body.msg).toMatch(/is QUIT and cannot be moved/);
  });

  it('a chosen site moved since the exit was written, or blacklisted, is refused (409) at submit and at approval', async () => {
    const s = await supplierWithSites(p);
    const draft = await saved(p, 'quit', quitBody(s, 'SITE', [s.sites[0]]));
    const pending = await submitted(p, 'quit', quitBody(s, 'SITE', [s.sites[1]]));
    await runSql(p.server, 'UPDATE srm_slc_supplier_site SET site_status = ? WHERE site_id IN (?, ?)', [
      'FROZEN',
      s.sites[0],
      s.sites[1],
    ]);
    const moved = await act(p, 'quit', 'buyer01', 'doSubmit', { id: draft });
    expectError(moved, 409);
    expect(moved.body.msg).toMatch(/has moved from QUALIFIED to FROZEN since this exit was written/);
    expectError(await approve(pending), 409);
    const other = await supplierWithSites(p);
    await runSql(p.server, 'UPDATE srm_slc_supplier_site SET site_status = ? WHERE site_id = ?', [
      'BLACKLIST',
      other.sites[0],
    ]);
    const all = await act(p, 'quit', 'buyer01', 'doSubmit', { id: await saved(p, 'quit', quitBody(other, 'ALL')) });
    expectError(all, 409);
    expect(all.body.msg).toMatch(/is BLACKLIST and cannot be moved \(exit\)/);
    expect([(await docRow(p, 'quit', draft)).status, (await docRow(p, 'quit', pending)).status]).toEqual([
      'DRAFT',
      'SUBMITTED',
    ]);
    expect((await siteRows(p, s.supplierId)).map((r) => r.site_status)).toEqual(['FROZEN', 'FROZEN']);
  });

  it('illegal transitions (409), self-approval (403), a buyer cannot approve (403), reject needs a comment', async () => {
    const s = await supplierWithSites(p);
    const id = await saved(p, 'quit', quitBody(s, 'ALL'));
    expectError(await approve(id), 409);
    const own = await saved(p, 'quit', quitBody(s, 'ALL'), 'admin');
    expectOk(await act(p, 'quit', 'admin', 'doSubmit', { id: own }));
    expectError(await act(p, 'quit', 'admin', 'doApprove', { id: own }), 403);
    expectError(await act(p, 'quit', 'buyer01', 'doApprove', { id: own }), 403);
    expectError(await act(p, 'quit', 'manager01', 'doReject', { id: own }), 400, ['comment']);
    expectOk(await act(p, 'quit', 'manager01', 'doReject', { id: own, comment: '先处理未完成订单' }));
    expectError(await act(p, 'quit', 'manager01', 'doReject', { id: own, comment: 'x' }), 409);
    expect((await historyOf(p, 'srmSlcSupplierQuit', own)).map((h) => h.action)).toEqual(['doSubmit', 'doReject']);
    expect((await supplierRow(p, s.supplierId)).supplier_status).toBe('QUALIFIED');
  });

  it('suppliers cannot reach exits (403)', async () => {
    expectError(await act(p, 'quit', 'supplier01', 'listByPage', { pageIndex: 1, pageRows: 10 }), 403);
  });
});
