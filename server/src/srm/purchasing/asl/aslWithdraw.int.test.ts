import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { historyOf, todosOf } from '../../../testing/proofFixtures';
import {
  act,
  ALTER_MENU,
  alterationBody,
  applyBody,
  applyLine,
  draft,
  entriesOf,
  entryOf,
  ENTITY,
  headerOf,
  submitted,
} from './aslFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * doWithdraw of ASL applications and alterations (std-approval, DOMAIN §0, §5.8): SUBMITTED →
 * WITHDRAWN by the submitter only, the approver's to-do cancelled (§14); a submit only checks the
 * lines, so the list is untouched until a resubmitted request is approved.
 */
const p = proofServer('srm_pur_asl_withdraw', { timeout: 180_000 });

const openTodos = async (id: number) =>
  (await todosOf(p, ENTITY, id)).filter((t) => t.handle_flag === 'N' && t.cancel_flag === 'N');

describe('withdrawing an application', () => {
  it('the submitter withdraws: WITHDRAWN, the to-do cancelled, the list untouched; edited, resubmitted and approved', async () => {
    const key = { supplier_id: 2, category_id: 3, inv_org_id: 6 };
    const before = await entriesOf(p, key); // the demo list may hold the key already
    const id = await submitted(p, applyBody([applyLine(2, 3, 6, { quotaPercent: '0.25' })]));
    expectOk(await act(p, 'buyer01', 'doWithdraw', { id }));
    expect((await headerOf(p, id)).status).toBe('WITHDRAWN');
    expect((await todosOf(p, ENTITY, id)).map((t) => [t.handle_flag, t.cancel_flag])).toEqual([['N', 'Y']]);
    expect(await entriesOf(p, key)).toEqual(before);
    expectError(await act(p, 'manager01', 'doApprove', { id, comment: 'late' }), 409);

    const stored = expectOk<Record<string, unknown>>(await act(p, 'buyer01', 'findById', { id }));
    expectOk(await act(p, 'buyer01', 'saveOrUpdate', { ...stored, reason: '撤回后修改 / Edited after withdrawal' }));
    expectOk(await act(p, 'buyer01', 'doSubmit', { id }));
    expect((await openTodos(id)).map((t) => Number(t.assignee_user_id))).toEqual([3]);
    expectOk(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }));
    expect((await headerOf(p, id)).status).toBe('APPROVED');
    const entries = await entriesOf(p, key);
    expect(entries.map((e) => [Number(e.source_asl_header_id), Number(e.quota_percent)])).toEqual([[id, 0.25]]);
    expect((await historyOf(p, ENTITY, id)).map((h) => h.action)).toEqual([
      'doSubmit',
      'doWithdraw',
      'doSubmit',
      'doApprove',
    ]);
  });

  it('someone else may not withdraw (403); from DRAFT or APPROVED it is 409', async () => {
    const id = await submitted(p, applyBody([applyLine(1, 2, 6)]));
    const other = await act(p, 'admin', 'doWithdraw', { id });
    expectError(other, 403);
    expect(other.body.msg).toBe('Only the submitter can withdraw this document');
    expectError(await act(p, 'manager01', 'doWithdraw', { id }), 403);
    expect((await headerOf(p, id)).status).toBe('SUBMITTED');
    expect(await openTodos(id)).toHaveLength(1);

    const drafted = await draft(p, applyBody([applyLine(4, 4, 5)]));
    expectError(await act(p, 'buyer01', 'doWithdraw', { id: drafted }), 409);
    expectOk(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }));
    expectError(await act(p, 'buyer01', 'doWithdraw', { id }), 409);
    expect((await headerOf(p, id)).status).toBe('APPROVED');
  });
});

describe('withdrawing an alteration', () => {
  it('leaves the entry as it was; resubmitted and approved, the entry changes', async () => {
    const before = (await entryOf(p, 3)).asl_status;
    const id = await draft(
      p,
      alterationBody([{ aslId: 3, supplierId: 3, invOrgId: 5, aslStatusAfter: 'DEBARRED' }]),
      'buyer01',
      ALTER_MENU,
    );
    expectOk(await act(p, 'buyer01', 'doSubmit', { id }, ALTER_MENU));
    expectError(await act(p, 'admin', 'doWithdraw', { id }, ALTER_MENU), 403);
    expectOk(await act(p, 'buyer01', 'doWithdraw', { id }, ALTER_MENU));
    expect((await headerOf(p, id)).status).toBe('WITHDRAWN');
    expect(await openTodos(id)).toHaveLength(0);
    expect((await entryOf(p, 3)).asl_status).toBe(before);
    expectOk(await act(p, 'buyer01', 'doSubmit', { id }, ALTER_MENU));
    expectOk(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }, ALTER_MENU));
    expect((await entryOf(p, 3)).asl_status).toBe('DEBARRED');
  });
});
