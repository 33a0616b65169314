import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { historyOf, notificationsOf, rows, todosOf } from '../../../testing/proofFixtures';
import {
  act,
  approvedQualification,
  draftOf,
  nodeOf,
  qualifyOf,
  sampleBody,
  settle,
  trialOf,
  tryoutBody,
  tryoutOf,
} from './trialFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * Sample trial and batch tryout approvals (DOMAIN 1.7): the std-approval cycle with its to-do,
 * notification, history and refusals (409 out of state, 403 self-approval), the submit rules, and
 * the node each approval settles on the qualification — up to its completion.
 */
const p = proofServer('srm_slc_trial', { timeout: 180_000 });

const SAMPLE = 'srmSlcSampleTrial';

describe('saving a sample trial', () => {
  it('fills item code, category and unit from the item; refuses a qualification of another supplier', async () => {
    const { qualifyHeaderId, supplierId } = await approvedQualification(p);
    const id = await draftOf(p, 'sample', sampleBody(supplierId, qualifyHeaderId));
    const row = await trialOf(p, id);
    expect([row.item_code, Number(row.category_id), row.uom_code, row.status]).toEqual([
      '2001000301',
      6,
      'PCS',
      'DRAFT',
    ]);
    expect(String(row.trial_number)).toMatch(/^SMP\d{12}$/);
    expect(await rows(p, 'srm_slc_sample_test_info', 'test_info_id', { sample_trial_id: id })).toHaveLength(2);
    const other = await approvedQualification(p);
    expectError(await act(p, 'buyer01', 'sample', 'saveOrUpdate', sampleBody(supplierId, other.qualifyHeaderId)), 400);
  });
});

describe('the sample trial approval cycle', () => {
  it('submit → to-do for the approver; approve → APPROVED, node SAMPLE PASSED, notification; repeats answer 409', async () => {
    const { qualifyHeaderId, supplierId } = await approvedQualification(p);
    const id = await draftOf(p, 'sample', sampleBody(supplierId, qualifyHeaderId));
    expectOk(await act(p, 'buyer01', 'sample', 'doSubmit', { id }));
    expect((await trialOf(p, id)).status).toBe('SUBMITTED');
    const [todo] = await todosOf(p, SAMPLE, id);
    expect([todo.bill_type, Number(todo.assignee_user_id), todo.handle_flag]).toEqual(['SLC_SAMPLE_TRIAL', 3, 'N']);
    expectError(await act(p, 'buyer01', 'sample', 'doSubmit', { id }), 409);

    expectOk(await act(p, 'manager01', 'sample', 'doApprove', { id }));
    const trial = await trialOf(p, id);
    expect([trial.status, Number(trial.approved_by)]).toEqual(['APPROVED', 3]);
    const node = await nodeOf(p, qualifyHeaderId, 'SAMPLE');
    expect([node.node_status, node.source_doc_type, Number(node.source_doc_id)]).toEqual(['PASSED', SAMPLE, id]);
    expect((await todosOf(p, SAMPLE, id))[0].handle_flag).toBe('Y');
    expect((await notificationsOf(p, SAMPLE, id)).map((n) => Number(n.recipient_user_id))).toContain(2);
    expect((await historyOf(p, SAMPLE, id)).map((h) => [h.action, h.to_state])).toEqual([
      ['doSubmit', 'SUBMITTED'],
      ['doApprove', 'APPROVED'],
    ]);
    expectError(await act(p, 'manager01', 'sample', 'doApprove', { id }), 409);
    expectError(await act(p, 'manager01', 'sample', 'doReject', { id, comment: 'late' }), 409);
    expectError(await act(p, 'buyer01', 'sample', 'doSubmit', { id }), 409);
    expectError(await act(p, 'manager01', 'sample', 'doApprove', { id: 4401 }), 409); // a draft
  });

  it('the submitter cannot approve (admin holds every button: 403); a buyer without the button neither', async () => {
    const { qualifyHeaderId, supplierId } = await approvedQualification(p);
    const id = await draftOf(p, 'sample', sampleBody(supplierId, qualifyHeaderId), 'admin');
    expectOk(await act(p, 'admin', 'sample', 'doSubmit', { id }));
    expectError(await act(p, 'admin', 'sample', 'doApprove', { id }), 403);
    expectError(await act(p, 'buyer01', 'sample', 'doApprove', { id }), 403);
    expect((await trialOf(p, id)).status).toBe('SUBMITTED');
    expect((await nodeOf(p, qualifyHeaderId, 'SAMPLE')).node_status).toBe('PENDING');
  });

  it('reject needs a comment, leaves the node open, and the trial is submitted again', async () => {
    const { qualifyHeaderId, supplierId } = await approvedQualification(p);
    const id = await draftOf(p, 'sample', sampleBody(supplierId, qualifyHeaderId));
    expectOk(await act(p, 'buyer01', 'sample', 'doSubmit', { id }));
    expectError(await act(p, 'manager01', 'sample', 'doReject', { id }), 400);
    expectOk(await act(p, 'manager01', 'sample', 'doReject', { id, comment: '补充绝缘耐压测试' }));
    expect((await trialOf(p, id)).status).toBe('REJECTED');
    expect((await nodeOf(p, qualifyHeaderId, 'SAMPLE')).node_status).toBe('PENDING');
    expectOk(await act(p, 'buyer01', 'sample', 'doSubmit', { id }));
    expect((await trialOf(p, id)).status).toBe('SUBMITTED');
  });
});

describe('what a submit requires', () => {
  it('a result, at least one judged test line, and no failed line under a PASS result (400)', async () => {
    const { qualifyHeaderId, supplierId } = await approvedQualification(p);
    const submit = async (over: Record<string, unknown>) => {
      const id = await draftOf(p, 'sample', sampleBody(supplierId, qualifyHeaderId, over));
      return { id, answer: await act(p, 'buyer01', 'sample', 'doSubmit', { id }) };
    };
    expectError((await submit({ trialResult: null })).answer, 400, ['trialResult']);
    expectError((await submit({ testInfos: [] })).answer, 400, ['testInfos']);
    expectError((await submit({ testInfos: [{ testItem: '外观' }] })).answer, 400, ['testInfos[0].judgeResult']);
    const failedLine = { testInfos: [{ testItem: '耐压', judgeResult: 'FAIL' }] };
    const refused = (await submit(failedLine)).answer;
    expectError(refused, 400, ['trialResult']);
    expect(refused.body.msg).toContain('cannot be Pass');
    const conditional = await submit({ ...failedLine, trialResult: 'CONDITIONAL' });
    expectOk(conditional.answer);
    expect((await trialOf(p, conditional.id)).status).toBe('SUBMITTED');
  });
});

describe('the node the approval settles', () => {
  it('a FAIL result fails node SAMPLE and sets the qualification result FAIL', async () => {
    const { qualifyHeaderId, supplierId } = await approvedQualification(p);
    const over = { trialResult: 'FAIL', testInfos: [{ testItem: '导体电阻', judgeResult: 'FAIL' }] };
    const id = await draftOf(p, 'sample', sampleBody(supplierId, qualifyHeaderId, over));
    expectOk(await act(p, 'buyer01', 'sample', 'doSubmit', { id }));
    expectOk(await act(p, 'manager01', 'sample', 'doApprove', { id }));
    expect((await nodeOf(p, qualifyHeaderId, 'SAMPLE')).node_status).toBe('FAILED');
    const q = await qualifyOf(p, qualifyHeaderId);
    expect([q.status, q.qualify_result]).toEqual(['APPROVED', 'FAIL']);
  });

  it('a node already decided refuses the submit (409), and the approval when it was decided meanwhile (409, rolled back)', async () => {
    const { qualifyHeaderId, supplierId } = await approvedQualification(p);
    const first = await draftOf(p, 'sample', sampleBody(supplierId, qualifyHeaderId));
    const second = await draftOf(p, 'sample', sampleBody(supplierId, qualifyHeaderId));
    expectOk(await act(p, 'buyer01', 'sample', 'doSubmit', { id: first }));
    expectOk(await act(p, 'buyer01', 'sample', 'doSubmit', { id: second }));
    expectOk(await act(p, 'manager01', 'sample', 'doApprove', { id: first }));
    const late = await act(p, 'manager01', 'sample', 'doApprove', { id: second });
    expectError(late, 409);
    expect(late.body.msg).toContain('already decided');
    expect((await trialOf(p, second)).status).toBe('SUBMITTED');
    const third = await draftOf(p, 'sample', sampleBody(supplierId, qualifyHeaderId));
    expectError(await act(p, 'buyer01', 'sample', 'doSubmit', { id: third }), 409);
  });

  it('the last required node passing completes the qualification: supplier QUALIFIED, ASL rows APPROVED', async () => {
    const { qualifyHeaderId, supplierId } = await approvedQualification(p);
    await settle(p.server, qualifyHeaderId, 'INSPECTION');
    const id = await draftOf(p, 'sample', sampleBody(supplierId, qualifyHeaderId));
    expectOk(await act(p, 'buyer01', 'sample', 'doSubmit', { id }));
    expectOk(await act(p, 'manager01', 'sample', 'doApprove', { id }));
    const q = await qualifyOf(p, qualifyHeaderId);
    expect([q.status, q.qualify_result]).toEqual(['COMPLETED', 'PASS']);
    expect((await historyOf(p, 'srmSlcQualifyHeader', qualifyHeaderId)).at(-1)!.action).toBe('doQualifyComplete');
    const [supplier] = await rows(p, 'srm_slc_supplier_info', 'supplier_id', { supplier_id: supplierId });
    expect(supplier.supplier_status).toBe('QUALIFIED');
    const asl = await rows(p, 'srm_pur_asl_list', 'inv_org_id', { supplier_id: supplierId, category_id: 6 });
    expect(asl.length).toBeGreaterThan(0);
    expect(
      asl.every((a) => a.asl_status === 'APPROVED' && Number(a.source_qualify_header_id) === qualifyHeaderId),
    ).toBe(true);
  });

  it('Flow 1 step 11 on the demo: the draft of QLF202611250001 is submitted and approved, node SAMPLE PASSED', async () => {
    const demo = await trialOf(p, 4401);
    expect([demo.status, Number(demo.qualify_header_id), demo.item_code, Number(demo.sample_qty)]).toEqual([
      'DRAFT',
      40,
      '2001000301',
      50,
    ]);
    expectOk(await act(p, 'buyer01', 'sample', 'doSubmit', { id: 4401 }));
    expectOk(await act(p, 'manager01', 'sample', 'doApprove', { id: 4401 }));
    expect((await nodeOf(p, 40, 'SAMPLE')).node_status).toBe('PASSED');
    expect((await qualifyOf(p, 40)).status).toBe('APPROVED'); // INSPECTION is still open
  });
});

describe('two trials of one node approved at the same moment', () => {
  it('settle it exactly once: one approval passes, the other answers 409 and stays SUBMITTED (3 rounds)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { qualifyHeaderId, supplierId } = await approvedQualification(p);
      const both = [
        await draftOf(p, 'sample', sampleBody(supplierId, qualifyHeaderId)),
        await draftOf(p, 'sample', sampleBody(supplierId, qualifyHeaderId)),
      ];
      for (const id of both) expectOk(await act(p, 'buyer01', 'sample', 'doSubmit', { id }));
      const answers = await Promise.all(both.map((id) => act(p, 'manager01', 'sample', 'doApprove', { id })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const states = await Promise.all(both.map(async (id) => (await trialOf(p, id)).status));
      expect(states.sort()).toEqual(['APPROVED', 'SUBMITTED']);
      const node = await nodeOf(p, qualifyHeaderId, 'SAMPLE');
      expect(both[answers.findIndex((a) => a.status === 200)]).toBe(Number(node.source_doc_id));
    }
  });
});

describe('the batch tryout', () => {
  it('submit, self-approval 403, approve → node BATCH_TRYOUT PASSED (optional: the review stays open); 409 after', async () => {
    const { qualifyHeaderId, supplierId } = await approvedQualification(p);
    const id = await draftOf(p, 'tryout', tryoutBody(supplierId, qualifyHeaderId));
    expect(String((await tryoutOf(p, id)).tryout_number)).toMatch(/^BTR\d{12}$/);
    expectOk(await act(p, 'buyer01', 'tryout', 'doSubmit', { id }));
    expect((await todosOf(p, 'srmSlcBatchTryout', id))[0].bill_type).toBe('SLC_BATCH_TRYOUT');
    expectError(await act(p, 'buyer01', 'tryout', 'doApprove', { id }), 403);
    expectOk(await act(p, 'manager01', 'tryout', 'doApprove', { id }));
    expect((await tryoutOf(p, id)).status).toBe('APPROVED');
    const node = await nodeOf(p, qualifyHeaderId, 'BATCH_TRYOUT');
    expect([node.node_status, node.source_doc_type, Number(node.source_doc_id)]).toEqual([
      'PASSED',
      'srmSlcBatchTryout',
      id,
    ]);
    expect((await qualifyOf(p, qualifyHeaderId)).status).toBe('APPROVED');
    expectError(await act(p, 'manager01', 'tryout', 'doApprove', { id }), 409);
    expectError(await act(p, 'manager01', 'tryout', 'doReject', { id, comment: 'x' }), 409);
  });

  it('refuses a result missing, more defects than pieces, an end before the start (400), a PO of another supplier (400)', async () => {
    const { qualifyHeaderId, supplierId } = await approvedQualification(p);
    const submit = async (over: Record<string, unknown>) => {
      const id = await draftOf(p, 'tryout', tryoutBody(supplierId, qualifyHeaderId, over));
      return act(p, 'buyer01', 'tryout', 'doSubmit', { id });
    };
    expectError(await submit({ trialResult: null }), 400, ['trialResult']);
    expectError(await submit({ defectQty: 600 }), 400, ['defectQty']);
    expectError(await submit({ tryoutEndDate: '2026-12-01' }), 400, ['tryoutEndDate']);
    expectError(
      await act(p, 'buyer01', 'tryout', 'saveOrUpdate', tryoutBody(supplierId, null, { orderHeaderId: 3 })),
      400,
    );
  });

  it('the qualification checks apply only with one: its node missing or its introduction over refuse the submit (409)', async () => {
    const { qualifyHeaderId, supplierId } = await approvedQualification(p);
    const sql = (text: string, params: (string | number)[]) =>
      p.server.kernel.db.transaction((tx) => tx.execute(text, params));
    const alone = await draftOf(p, 'tryout', tryoutBody(supplierId, null));
    expectOk(await act(p, 'buyer01', 'tryout', 'doSubmit', { id: alone }));
    const id = await draftOf(p, 'tryout', tryoutBody(supplierId, qualifyHeaderId));
    await sql('DELETE FROM srm_slc_qualify_nodes WHERE qualify_header_id = ? AND node_code = ?', [
      qualifyHeaderId,
      'BATCH_TRYOUT',
    ]);
    const noNode = await act(p, 'buyer01', 'tryout', 'doSubmit', { id });
    expectError(noNode, 409);
    expect(noNode.body.msg).toContain('has no BATCH_TRYOUT node');
    const other = await approvedQualification(p);
    const late = await draftOf(p, 'tryout', tryoutBody(other.supplierId, other.qualifyHeaderId));
    await sql('UPDATE srm_slc_qualify_header SET status = ? WHERE qualify_header_id = ?', [
      'COMPLETED',
      other.qualifyHeaderId,
    ]);
    const over = await act(p, 'buyer01', 'tryout', 'doSubmit', { id: late });
    expectError(over, 409);
    expect(over.body.msg).toContain('is not being introduced');
    expect([(await tryoutOf(p, id)).status, (await tryoutOf(p, late)).status]).toEqual(['DRAFT', 'DRAFT']);
  });

  it('a FAIL tryout fails the optional node without failing the review', async () => {
    const { qualifyHeaderId, supplierId } = await approvedQualification(p);
    const id = await draftOf(p, 'tryout', tryoutBody(supplierId, qualifyHeaderId, { trialResult: 'FAIL' }));
    expectOk(await act(p, 'buyer01', 'tryout', 'doSubmit', { id }));
    expectOk(await act(p, 'manager01', 'tryout', 'doApprove', { id }));
    expect((await nodeOf(p, qualifyHeaderId, 'BATCH_TRYOUT')).node_status).toBe('FAILED');
    expect((await qualifyOf(p, qualifyHeaderId)).qualify_result).not.toBe('FAIL');
  });
});
