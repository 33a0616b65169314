import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { onMysql } from '../../../testing/secondProcess';
import { historyOf, RESP, todosOf } from '../../../testing/proofFixtures';
import {
  act,
  ALTER_MENU,
  alterationBody,
  applyBody,
  applyLine,
  aslLinesOf,
  draft,
  entriesOf,
  entryOf,
  ENTITY,
  headerOf,
  RES,
  setColumn,
  submitted,
} from './aslFixtures';
import { proofServer } from '../../../testing/proofServer';

/** Approved supplier list applications and alterations (DOMAIN.md §5.8): lifecycle purAsl and the list it writes. */
const PORT = 20000 + ((process.pid + 460) % 1000);
const p = proofServer('srm_pur_asl', { timeout: 180_000, secondProcessPort: PORT });

describe('an application', () => {
  it('submit raises the approver to-do; approval inserts the entry (site, source, effective date); a second approval of the key updates it', async () => {
    const id = await submitted(p, applyBody([applyLine(1, 2, 6, { quotaPercent: '0.4' })]));
    expect((await todosOf(p, ENTITY, id)).map((t) => [t.bill_type, Number(t.assignee_user_id), t.menu_code])).toEqual([
      ['PUR_ASL', 3, 'PUR_ASL_APPLY'],
    ]);
    expect(await entriesOf(p, { supplier_id: 1, category_id: 2, inv_org_id: 6 })).toHaveLength(0);
    expectOk(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }));
    expect((await headerOf(p, id)).status).toBe('APPROVED');
    expect((await todosOf(p, ENTITY, id))[0].handle_flag).toBe('Y');
    const [entry] = await entriesOf(p, { supplier_id: 1, category_id: 2, inv_org_id: 6 });
    expect([entry.asl_status, Number(entry.supplier_site_id), Number(entry.source_asl_header_id)]).toEqual([
      'APPROVED',
      1,
      id,
    ]);
    expect(String(entry.effective_date).slice(0, 10)).toBe('2026-12-01');
    expect(entry.item_id).toBeNull();
    expect((await historyOf(p, ENTITY, id)).map((h) => [h.action, h.to_state])).toEqual([
      ['doSubmit', 'SUBMITTED'],
      ['doApprove', 'APPROVED'],
    ]);

    const again = await submitted(p, applyBody([applyLine(1, 2, 6, { quotaPercent: '0.7', aslStatusAfter: 'NEW' })]));
    expectOk(await act(p, 'manager01', 'doApprove', { id: again, comment: 'ok' }));
    const entries = await entriesOf(p, { supplier_id: 1, category_id: 2, inv_org_id: 6 });
    expect(entries).toHaveLength(1);
    expect([entries[0].asl_status, Number(entries[0].quota_percent), Number(entries[0].source_asl_header_id)]).toEqual([
      'NEW',
      0.7,
      again,
    ]);
  });

  it('reject needs a comment and sends it back; it is then edited and submitted again', async () => {
    const id = await submitted(p, applyBody([applyLine(2, 3, 6)]));
    expectError(await act(p, 'manager01', 'doReject', { id }), 400);
    expectOk(await act(p, 'manager01', 'doReject', { id, comment: 'quota missing' }));
    expect((await headerOf(p, id)).status).toBe('REJECTED');
    const stored = expectOk<Record<string, unknown>>(await act(p, 'buyer01', 'findById', { id }));
    const lines = (stored.lines as Record<string, unknown>[]).map((l) => ({ ...l, quotaPercent: '0.5' }));
    expectOk(await act(p, 'buyer01', 'saveOrUpdate', { ...stored, lines }));
    expectOk(await act(p, 'buyer01', 'doSubmit', { id }));
    expect((await headerOf(p, id)).status).toBe('SUBMITTED');
  });

  it('illegal transitions answer 409 and change nothing; an approved request cannot be edited', async () => {
    const id = await draft(p, applyBody([applyLine(4, 4, 5)]));
    expectError(await act(p, 'manager01', 'doApprove', { id, comment: 'x' }), 409);
    expectError(await act(p, 'manager01', 'doReject', { id, comment: 'x' }), 409);
    expectOk(await act(p, 'buyer01', 'doSubmit', { id }));
    expectError(await act(p, 'buyer01', 'doSubmit', { id }), 409);
    expectOk(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }));
    expectError(await act(p, 'manager01', 'doApprove', { id, comment: 'again' }), 409);
    expectError(await act(p, 'manager01', 'doReject', { id, comment: 'late' }), 409);
    const stored = expectOk<Record<string, unknown>>(await act(p, 'buyer01', 'findById', { id }));
    expectError(await act(p, 'buyer01', 'saveOrUpdate', { ...stored, reason: 'changed' }), 409);
    expect((await headerOf(p, id)).status).toBe('APPROVED');
  });

  it('the submitter cannot approve their own request (403, admin holds every button); a buyer without the button neither', async () => {
    const id = await draft(p, applyBody([applyLine(1, 2, 5)]), 'admin');
    expectOk(await act(p, 'admin', 'doSubmit', { id }));
    const own = await act(p, 'admin', 'doApprove', { id, comment: 'mine' });
    expectError(own, 403);
    expect(own.body.msg).toBe('The submitter cannot approve their own document');
    expectError(await act(p, 'buyer01', 'doApprove', { id, comment: 'x' }), 403);
    expect((await headerOf(p, id)).status).toBe('SUBMITTED');
  });
});

describe('who may be listed', () => {
  it('a FROZEN or BLACKLIST supplier is refused (409, naming it and why); a POTENTIAL one may be listed', async () => {
    const frozen = await act(p, 'buyer01', 'saveOrUpdate', applyBody([applyLine(5, 5, 6)]));
    expectError(frozen, 409);
    expect(frozen.body.msg).toMatch(
      /^Supplier .+ \(S100005\) cannot be put on the approved supplier list: the supplier is frozen$/,
    );
    const black = await act(p, 'buyer01', 'saveOrUpdate', applyBody([applyLine(7, 2, 6)]));
    expectError(black, 409);
    expect(black.body.msg).toMatch(
      /\(S100007\) cannot be put on the approved supplier list: the supplier is blacklisted$/,
    );
    await setColumn(p, 'srm_slc_supplier_info', 'supplier_status', 'supplier_id', 6, 'POTENTIAL');
    await setColumn(p, 'srm_slc_supplier_site', 'site_status', 'site_id', 6, 'POTENTIAL');
    try {
      expectOk(await act(p, 'buyer01', 'saveOrUpdate', applyBody([applyLine(6, 8, 6)])));
    } finally {
      await setColumn(p, 'srm_slc_supplier_info', 'supplier_status', 'supplier_id', 6, 'QUALIFIED');
      await setColumn(p, 'srm_slc_supplier_site', 'site_status', 'site_id', 6, 'QUALIFIED');
    }
  });

  it('a supplier frozen after the save cannot be submitted (409) nor approved (409)', async () => {
    const id = await draft(p, applyBody([applyLine(2, 3, 5)]));
    await setColumn(p, 'srm_slc_supplier_site', 'site_status', 'site_id', 2, 'FROZEN');
    try {
      const answer = await act(p, 'buyer01', 'doSubmit', { id });
      expectError(answer, 409);
      expect(answer.body.msg).toMatch(
        /\(S100002\) cannot be put on the approved supplier list: its site ".+" is frozen$/,
      );
      expect((await headerOf(p, id)).status).toBe('DRAFT');
    } finally {
      await setColumn(p, 'srm_slc_supplier_site', 'site_status', 'site_id', 2, 'QUALIFIED');
    }
    expectOk(await act(p, 'buyer01', 'doSubmit', { id }));
    await setColumn(p, 'srm_slc_supplier_info', 'supplier_status', 'supplier_id', 2, 'QUIT');
    try {
      expectError(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }), 409);
      expect((await headerOf(p, id)).status).toBe('SUBMITTED');
    } finally {
      await setColumn(p, 'srm_slc_supplier_info', 'supplier_status', 'supplier_id', 2, 'QUALIFIED');
    }
  });

  it('an application line needs an item or a category (400) and cannot name an existing entry (400)', async () => {
    expectError(await act(p, 'buyer01', 'saveOrUpdate', applyBody([applyLine(1, 2, 5, { categoryId: null })])), 400);
    expectError(await act(p, 'buyer01', 'saveOrUpdate', applyBody([applyLine(1, 2, 5, { aslId: 1 })])), 400);
  });
});

describe('an alteration', () => {
  it('copies the entry (whatever the body says) and its status; approval sets the entry to the status after', async () => {
    const body = alterationBody([{ aslId: 1, supplierId: 2, categoryId: 9, invOrgId: 6, aslStatusAfter: 'DEBARRED' }]);
    const id = await draft(p, body, 'buyer01', ALTER_MENU);
    const [line] = await aslLinesOf(p, id);
    expect([
      Number(line.supplier_id),
      Number(line.category_id),
      Number(line.inv_org_id),
      line.asl_status_before,
    ]).toEqual([1, 2, 5, 'APPROVED']);
    expectOk(await act(p, 'buyer01', 'doSubmit', { id }, ALTER_MENU));
    expectOk(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }, ALTER_MENU));
    const entry = await entryOf(p, 1);
    expect([entry.asl_status, Number(entry.source_asl_header_id)]).toEqual(['DEBARRED', id]);
  });

  it('an entry changed since the alteration read it: submit 409, approval 409 (nothing written)', async () => {
    const id = await draft(
      p,
      alterationBody([{ aslId: 2, supplierId: 2, invOrgId: 5, aslStatusAfter: 'DEBARRED' }]),
      'buyer01',
      ALTER_MENU,
    );
    await setColumn(p, 'srm_pur_asl_list', 'asl_status', 'asl_id', 2, 'NEW');
    const stale = await act(p, 'buyer01', 'doSubmit', { id }, ALTER_MENU);
    expectError(stale, 409);
    expect(stale.body.msg).toMatch(/ASL entry 2 is now NEW, not APPROVED/);
    await setColumn(p, 'srm_pur_asl_list', 'asl_status', 'asl_id', 2, 'APPROVED');
    expectOk(await act(p, 'buyer01', 'doSubmit', { id }, ALTER_MENU));
    await setColumn(p, 'srm_pur_asl_list', 'asl_status', 'asl_id', 2, 'NEW');
    expectError(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }, ALTER_MENU), 409);
    expect((await headerOf(p, id)).status).toBe('SUBMITTED');
    expect((await entryOf(p, 2)).asl_status).toBe('NEW');
    await setColumn(p, 'srm_pur_asl_list', 'asl_status', 'asl_id', 2, 'APPROVED');
  });

  it('an alteration line must pick an entry (400); the document type cannot change after creation (409)', async () => {
    expectError(await act(p, 'buyer01', 'saveOrUpdate', alterationBody([{ aslStatusAfter: 'NEW' }]), ALTER_MENU), 400);
    const id = await draft(
      p,
      alterationBody([{ aslId: 3, supplierId: 3, invOrgId: 5, aslStatusAfter: 'NEW' }]),
      'buyer01',
      ALTER_MENU,
    );
    const stored = expectOk<Record<string, unknown>>(await act(p, 'buyer01', 'findById', { id }, ALTER_MENU));
    expectError(await act(p, 'buyer01', 'saveOrUpdate', { ...stored, aslDocType: 'APPLY' }, ALTER_MENU), 409);
  });
});

describe('scope', () => {
  it('suppliers reach no request (internal only: 403), and see only their own ASL entries', async () => {
    expectError(
      await p.server.call(
        'srmServer',
        RES,
        'listByPage',
        { pageIndex: 1, pageRows: 20 },
        sessionHeaders(p.sessions.supplier01, RESP.supplier01, await menuId(p.server, 'SUP_CUSTOMER_ORDER')),
      ),
      403,
    );
    expectError(await act(p, 'supplier01', 'findById', { id: 1 }, 'SUP_CUSTOMER_ORDER'), 403);
  });
});

describe('two approvals of the same key at once', () => {
  const key = { supplier_id: 1, item_id: 1, inv_org_id: 6 };
  const pair = async () => {
    const line = { supplierId: 1, itemId: 1, invOrgId: 6, aslStatusAfter: 'APPROVED' };
    return [await submitted(p, applyBody([line])), await submitted(p, applyBody([line]))];
  };

  it('in one process: both approved, one entry', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = await pair();
      const answers = await Promise.all([
        act(p, 'manager01', 'doApprove', { id: a, comment: 'a' }),
        act(p, 'manager01', 'doApprove', { id: b, comment: 'b' }),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(await entriesOf(p, key)).toHaveLength(1);
    }
  });

  it.skipIf(!onMysql)('on two server processes: both approved, one entry', async () => {
    const headers = sessionHeaders(p.sessions.manager01, RESP.manager01, await menuId(p.server, 'PUR_ASL_APPLY'));
    for (let round = 0; round < 3; round++) {
      const [a, b] = await pair();
      const answers = await Promise.all([
        p.server.call('srmServer', RES, 'doApprove', { id: a, comment: 'a' }, headers),
        p.other!.call('srmServer', RES, 'doApprove', { id: b, comment: 'b' }, headers),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(await entriesOf(p, key)).toHaveLength(1);
    }
  });
});
