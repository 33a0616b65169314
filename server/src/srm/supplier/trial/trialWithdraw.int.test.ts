import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { historyOf, todosOf } from '../../../testing/proofFixtures';
import {
  act,
  approvedQualification,
  draftOf,
  nodeOf,
  sampleBody,
  trialOf,
  tryoutBody,
  tryoutOf,
  type Kind,
} from './trialFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * doWithdraw of the sample trial and the batch tryout (std-approval, DOMAIN §0): SUBMITTED →
 * WITHDRAWN by the submitter only, the approver's to-do cancelled (§14); the qualification node a
 * submit only checked stays open, so a resubmit and its approval settle it as before.
 */
const p = proofServer('srm_slc_trial_withdraw', { timeout: 180_000 });

const ENTITY: Record<Kind, string> = { sample: 'srmSlcSampleTrial', tryout: 'srmSlcBatchTryout' };
const NODE: Record<Kind, string> = { sample: 'SAMPLE', tryout: 'BATCH_TRYOUT' };
const EDIT: Record<Kind, Record<string, unknown>> = {
  sample: { testDeptName: '中心实验室' },
  tryout: { productionLine: '总装三线' },
};
const stateOf = async (kind: Kind, id: number) =>
  String((kind === 'sample' ? await trialOf(p, id) : await tryoutOf(p, id)).status);
const openTodos = async (kind: Kind, id: number) =>
  (await todosOf(p, ENTITY[kind], id)).filter((t) => t.handle_flag === 'N' && t.cancel_flag === 'N');

async function submittedDraft(kind: Kind): Promise<{ id: number; qualifyHeaderId: number }> {
  const { qualifyHeaderId, supplierId } = await approvedQualification(p);
  const body = kind === 'sample' ? sampleBody(supplierId, qualifyHeaderId) : tryoutBody(supplierId, qualifyHeaderId);
  const id = await draftOf(p, kind, body);
  expectOk(await act(p, 'buyer01', kind, 'doSubmit', { id }));
  return { id, qualifyHeaderId };
}

describe.each<Kind>(['sample', 'tryout'])('withdrawing a %s', (kind) => {
  it('the submitter withdraws: WITHDRAWN, the approval to-do cancelled, the node still open, history written', async () => {
    const { id, qualifyHeaderId } = await submittedDraft(kind);
    expect(await openTodos(kind, id)).toHaveLength(1);
    expectOk(await act(p, 'buyer01', kind, 'doWithdraw', { id }));
    expect(await stateOf(kind, id)).toBe('WITHDRAWN');
    const todos = await todosOf(p, ENTITY[kind], id);
    expect(todos.map((t) => [t.handle_flag, t.cancel_flag])).toEqual([['N', 'Y']]);
    expect((await nodeOf(p, qualifyHeaderId, NODE[kind])).node_status).toBe('PENDING');
    expect((await historyOf(p, ENTITY[kind], id)).map((h) => [h.action, h.to_state])).toEqual([
      ['doSubmit', 'SUBMITTED'],
      ['doWithdraw', 'WITHDRAWN'],
    ]);
    // The approver can no longer decide it.
    expectError(await act(p, 'manager01', kind, 'doApprove', { id }), 409);
  });

  it('someone else may not withdraw (403: admin holds the button but did not submit; the approver has no button)', async () => {
    const { id } = await submittedDraft(kind);
    const other = await act(p, 'admin', kind, 'doWithdraw', { id });
    expectError(other, 403);
    expect(other.body.msg).toBe('Only the submitter can withdraw this document');
    expectError(await act(p, 'manager01', kind, 'doWithdraw', { id }), 403);
    expect(await stateOf(kind, id)).toBe('SUBMITTED');
    expect(await openTodos(kind, id)).toHaveLength(1);
  });

  it('withdraw from DRAFT or APPROVED answers 409; a withdrawn document is submitted again and approved', async () => {
    const { qualifyHeaderId, supplierId } = await approvedQualification(p);
    const body = kind === 'sample' ? sampleBody(supplierId, qualifyHeaderId) : tryoutBody(supplierId, qualifyHeaderId);
    const id = await draftOf(p, kind, body);
    expectError(await act(p, 'buyer01', kind, 'doWithdraw', { id }), 409);
    expectOk(await act(p, 'buyer01', kind, 'doSubmit', { id }));
    expectOk(await act(p, 'buyer01', kind, 'doWithdraw', { id }));
    expectError(await act(p, 'buyer01', kind, 'doWithdraw', { id }), 409);
    // Edited while withdrawn, then submitted again: a fresh to-do for the approver.
    const stored = expectOk<Record<string, unknown>>(await act(p, 'buyer01', kind, 'findById', { id }));
    expectOk(await act(p, 'buyer01', kind, 'saveOrUpdate', { ...stored, ...EDIT[kind] }));
    expectOk(await act(p, 'buyer01', kind, 'doSubmit', { id }));
    expect(await stateOf(kind, id)).toBe('SUBMITTED');
    expect((await openTodos(kind, id)).map((t) => Number(t.assignee_user_id))).toEqual([3]);
    expectOk(await act(p, 'manager01', kind, 'doApprove', { id }));
    expect(await stateOf(kind, id)).toBe('APPROVED');
    expect((await nodeOf(p, qualifyHeaderId, NODE[kind])).node_status).toBe('PASSED');
    expectError(await act(p, 'buyer01', kind, 'doWithdraw', { id }), 409);
  });
});
