import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import {
  approvedQualification,
  executingPlan,
  expertScores,
  inspectionOf,
  linesWith,
  onInspect,
  peopleOf,
  planOf,
  recordsOf,
  rowsOf,
  saveInspection,
  selfChecked,
  USER_ID,
  type Body,
} from './inspectFixtures';
import { serverWith } from '../../../testing/proofServer';

/**
 * The on-site inspection (DOMAIN.md §1.6, Flow 1 steps 8–10): the supplier's self-check (its own
 * row, self scores only), the experts' scores (a non-expert 403, SCORED after the last expert,
 * expertScore the mean of their totals), the leader's submit with a result, the approval (not by
 * the submitter) settling the qualification's INSPECTION node and completing the plan; reject;
 * 409 out of state; suppliers kept to their own rows.
 */
const t = serverWith('srm_locale_inspect', peopleOf, { timeout: 180_000 });

const todos = (table: string, key: string, id: number) =>
  rowsOf(t.api, table, key, { entity_name: 'srmSlcLocaleInspect', bill_id: id });
const nodeOf = async (qualifyHeaderId: number, nodeCode: string) =>
  (await rowsOf(t.api, 'srm_slc_qualify_nodes', 'qualify_node_id', { qualify_header_id: qualifyHeaderId })).find(
    (n) => n.node_code === nodeCode,
  )!;

/** The leader's result and submit, from SCORED. */
async function submittedWith(id: number, inspectResult: string, leader: 'buyer01' | 'admin' = 'buyer01') {
  expectOk(await saveInspection(t.api, leader, id, { inspectResult, conclusion: '符合要求 / meets requirements' }));
  expectOk(await onInspect(t.api, leader, 'doSubmit', { id }));
}

describe('Flow 1 steps 8–10: self-check, expert scores, submit, approval', () => {
  it('ends APPROVED with the INSPECTION node passed and the plan COMPLETED', async () => {
    const qualifyHeaderId = await approvedQualification(t.api, 1);
    const { planId, inspectId: id } = await executingPlan(t.api, { supplierId: 1, qualifyHeaderId });

    // Step 8: the supplier enters self scores and submits its self-check.
    expectError(await onInspect(t.api, 'supplier01', 'doSelfExamination', { id }), 400);
    await selfChecked(t.api, id);
    const checked = await inspectionOf(t.api, id);
    expect([checked.status, Number(checked.self_score)]).toEqual(['SELF_CHECKED', 90]);
    expectError(await onInspect(t.api, 'supplier01', 'doSelfExamination', { id }), 409);
    expect((await todos('base_supplier_todo', 'supplier_todo_id', id)).map((t) => t.handle_flag)).toEqual(['Y']);
    const expertTodos = await todos('base_todo', 'todo_id', id);
    expect(expertTodos.map((t) => [Number(t.assignee_user_id), t.handle_flag])).toEqual([[4, 'N']]);

    // Step 9: the expert scores their own lines; a team member who is no expert cannot submit.
    expectError(await onInspect(t.api, 'buyer01', 'doExpertSubmit', { id }), 403);
    expectError(await onInspect(t.api, 'qe01', 'doExpertSubmit', { id }), 400);
    expectOk(await expertScores(t.api, id, 'qe01', 4));
    expectOk(await onInspect(t.api, 'qe01', 'doExpertSubmit', { id }));
    const scored = await inspectionOf(t.api, id);
    expect([scored.status, Number(scored.expert_score)]).toEqual(['SCORED', 80]);
    expectError(await onInspect(t.api, 'qe01', 'doExpertSubmit', { id }), 409);
    expect((await todos('base_todo', 'todo_id', id)).map((t) => t.handle_flag)).toEqual(['Y']);

    // Step 10: only the leader submits, with a result; manager01 approves.
    expectError(await onInspect(t.api, 'buyer01', 'doSubmit', { id }), 400, ['inspectResult']);
    expectOk(await saveInspection(t.api, 'qe01', id, { inspectResult: 'PASS' }));
    expectError(await onInspect(t.api, 'qe01', 'doSubmit', { id }), 403);
    await submittedWith(id, 'PASS');
    const submitted = await inspectionOf(t.api, id);
    expect([submitted.status, Number(submitted.final_score)]).toEqual(['SUBMITTED', 80]);
    expectError(await onInspect(t.api, 'buyer01', 'doApproval', { id }), 403);
    expectOk(await onInspect(t.api, 'manager01', 'doApproval', { id }));
    expect((await inspectionOf(t.api, id)).status).toBe('APPROVED');
    expectError(await onInspect(t.api, 'manager01', 'doApproval', { id }), 409);

    const node = await nodeOf(qualifyHeaderId, 'INSPECTION');
    expect([node.node_status, node.source_doc_type, Number(node.source_doc_id)]).toEqual([
      'PASSED',
      'srmSlcLocaleInspect',
      id,
    ]);
    expect((await planOf(t.api, planId)).status).toBe('COMPLETED');
    const planHistory = await rowsOf(t.api, 'base_lifecycle_history', 'history_id', {
      entity_name: 'srmSlcInspectPlan',
      record_id: planId,
    });
    expect(planHistory.map((h) => [h.action, h.to_state])).toEqual([
      ['doSubmit', 'SUBMITTED'],
      ['doApprove', 'EXECUTING'],
      ['doComplete', 'COMPLETED'],
    ]);
  });

  it('a FAIL result fails the INSPECTION node and the qualification', async () => {
    const qualifyHeaderId = await approvedQualification(t.api, 1);
    const { inspectId: id } = await executingPlan(t.api, { supplierId: 1, qualifyHeaderId });
    await selfChecked(t.api, id);
    expectOk(await expertScores(t.api, id, 'qe01', 15));
    expectOk(await onInspect(t.api, 'qe01', 'doExpertSubmit', { id }));
    await submittedWith(id, 'FAIL');
    expectOk(await onInspect(t.api, 'manager01', 'doApproval', { id }));
    expect((await nodeOf(qualifyHeaderId, 'INSPECTION')).node_status).toBe('FAILED');
    const [q] = await rowsOf(t.api, 'srm_slc_qualify_header', 'qualify_header_id', {
      qualify_header_id: qualifyHeaderId,
    });
    expect(q.qualify_result).toBe('FAIL');
  });

  it('the plan completes with its last approved inspection, not before', async () => {
    const { planId, inspectId: first } = await executingPlan(t.api, { supplierId: 1, more: [2] });
    const lines = await rowsOf(t.api, 'srm_slc_inspect_plan_supplier', 'plan_supplier_id', { inspect_plan_id: planId });
    const second = Number(lines.find((l) => Number(l.supplier_id) === 2)!.locale_inspect_id);
    for (const [id, supplier] of [
      [first, 'supplier01'],
      [second, 'supplier02'],
    ] as const) {
      await selfChecked(t.api, id, supplier);
      expectOk(await expertScores(t.api, id, 'qe01', 1));
      expectOk(await onInspect(t.api, 'qe01', 'doExpertSubmit', { id }));
      await submittedWith(id, 'PASS');
      expectOk(await onInspect(t.api, 'manager01', 'doApproval', { id }));
      expect((await planOf(t.api, planId)).status).toBe(id === second ? 'COMPLETED' : 'EXECUTING');
    }
  });
});

describe('two experts, reject, self-approval', () => {
  it('EXPERT_SCORING after the first expert, SCORED after the second with the mean of their totals', async () => {
    const { inspectId: id } = await executingPlan(t.api, { supplierId: 1, experts: ['qe01', 'manager01'] });
    await selfChecked(t.api, id);
    expectOk(await expertScores(t.api, id, 'qe01', 2));
    expectOk(await onInspect(t.api, 'qe01', 'doExpertSubmit', { id }));
    expect((await inspectionOf(t.api, id)).status).toBe('EXPERT_SCORING');
    // qe01 has submitted: their lines are closed; manager01's lines are not qe01's to write.
    expectError(await expertScores(t.api, id, 'qe01', 3), 409);
    const others = await linesWith(t.api, id, (l) => (l.expertUserId === 3 ? { expertScore: 1 } : {}));
    expectError(await saveInspection(t.api, 'qe01', id, { records: others }), 403);
    expectOk(await expertScores(t.api, id, 'manager01', 6));
    expectOk(await onInspect(t.api, 'manager01', 'doExpertSubmit', { id }));
    const scored = await inspectionOf(t.api, id);
    // qe01: 5 × 18 = 90, manager01: 5 × 14 = 70 → 80.
    expect([scored.status, Number(scored.expert_score)]).toEqual(['SCORED', 80]);
  });

  it('reject needs a reason and returns the inspection to the leader, who submits again', async () => {
    const { inspectId: id } = await executingPlan(t.api, { supplierId: 1 });
    await selfChecked(t.api, id);
    expectOk(await expertScores(t.api, id, 'qe01', 1));
    expectOk(await onInspect(t.api, 'qe01', 'doExpertSubmit', { id }));
    expectError(await onInspect(t.api, 'manager01', 'doReject', { id, comment: 'x' }), 409);
    await submittedWith(id, 'CONDITIONAL');
    expectError(await onInspect(t.api, 'manager01', 'doReject', { id }), 400);
    expectOk(await onInspect(t.api, 'manager01', 'doReject', { id, comment: '请补充整改要求' }));
    expect((await inspectionOf(t.api, id)).status).toBe('REJECTED');
    expectOk(await saveInspection(t.api, 'buyer01', id, { rectifyRequiredFlag: 'Y', rectifyDeadline: '2027-01-31' }));
    expectOk(await onInspect(t.api, 'buyer01', 'doSubmit', { id }));
    expect((await inspectionOf(t.api, id)).status).toBe('SUBMITTED');
  });

  it('the leader who submitted cannot approve (admin holds every button: 403)', async () => {
    const { inspectId: id } = await executingPlan(t.api, { supplierId: 1, leader: 'admin' });
    await selfChecked(t.api, id);
    expectOk(await expertScores(t.api, id, 'qe01', 0));
    expectOk(await onInspect(t.api, 'qe01', 'doExpertSubmit', { id }));
    await submittedWith(id, 'PASS', 'admin');
    const own = await onInspect(t.api, 'admin', 'doApproval', { id });
    expectError(own, 403);
    expect(own.body.msg).toBe('The submitter cannot approve their own document');
    expect((await inspectionOf(t.api, id)).status).toBe('SUBMITTED');
  });
});

describe('what a supplier may do', () => {
  it("writes only its own self scores: expert columns, checklist columns and header fields ignored, lines fixed, another supplier's row unreachable", async () => {
    const { inspectId: id } = await executingPlan(t.api, { supplierId: 1 });
    const before = await recordsOf(t.api, id);
    // Expert columns are written by internal users only, the checklist by nobody (writableBy, serverOnly).
    const expertLine = await linesWith(t.api, id, (l) => (l.expertUserId !== null ? { expertScore: 20 } : {}));
    expectOk(await saveInspection(t.api, 'supplier01', id, { records: expertLine }));
    const rewritten = await linesWith(t.api, id, () => ({ finding: '自评无问题', checkItem: 'x', standardScore: 1 }));
    expectOk(await saveInspection(t.api, 'supplier01', id, { records: rewritten }));
    expect(await recordsOf(t.api, id)).toEqual(before);
    expectOk(await saveInspection(t.api, 'supplier01', id, { inspectResult: 'PASS', finalScore: 100 }));
    const header = await inspectionOf(t.api, id);
    expect([header.inspect_result, header.final_score]).toEqual([null, null]);
    // The checklist's lines come with the inspection: none added or removed (children[].fixedLines).
    const lines = await linesWith(t.api, id, () => ({}));
    for (const records of [lines.slice(1), [...lines, { itemSeq: 99, selfScore: 1 }]]) {
      const refused = await saveInspection(t.api, 'supplier01', id, { records });
      expectError(refused, 403);
      expect(refused.body.msg).toBe(
        'Inspection records: the lines come with the document and none can be added or removed',
      );
    }
    expect(await recordsOf(t.api, id)).toEqual(before);

    // supplier02 neither sees nor acts on supplier 1's inspection.
    expectError(await onInspect(t.api, 'supplier02', 'findById', { id }), 404);
    expectError(await onInspect(t.api, 'supplier02', 'doSelfExamination', { id }), 404);
    expectError(await saveInspection(t.api, 'supplier02', id, { records: [] }), 404);
    const listed = expectOk(
      await onInspect(t.api, 'supplier02', 'listByPage', { params: {}, pageIndex: 1, pageRows: 500 }),
    );
    expect(listed.every((r: { supplierId: number }) => r.supplierId === 2)).toBe(true);

    // After its self-check the supplier can change nothing, and has no expert or approval action.
    await selfChecked(t.api, id);
    expectError(
      await saveInspection(t.api, 'supplier01', id, { records: await linesWith(t.api, id, () => ({})) }),
      409,
    );
    expectError(await onInspect(t.api, 'supplier01', 'doExpertSubmit', { id }), 403);
    expectError(await onInspect(t.api, 'supplier01', 'doApproval', { id }), 403);
  });

  it('saves its self scores when the page sends the whole record back (every line with all its fields)', async () => {
    const { inspectId: id } = await executingPlan(t.api, { supplierId: 1 });
    // The edit page sends what findById read, expert lines and their 评分专家 (user 4, which a supplier
    // may not read) included: those unchanged references are not checked again (docs/decisions.md).
    const read = expectOk(await onInspect(t.api, 'supplier01', 'findById', { id }));
    expect(read.records.some((l: Body) => l.expertUserId === USER_ID.qe01)).toBe(true);
    const records = read.records.map((l: Body) =>
      l.expertUserId === null ? { ...l, selfScore: Number(l.standardScore) - 1 } : l,
    );
    const before = await recordsOf(t.api, id);
    expectOk(await onInspect(t.api, 'supplier01', 'saveOrUpdate', { ...read, records }));
    const after = new Map((await recordsOf(t.api, id)).map((r) => [r.inspect_record_id, r]));
    const audit = ['self_score', 'version_num', 'last_updated_by', 'last_update_date'];
    for (const line of before) {
      const now = after.get(line.inspect_record_id)!;
      const selfLine = line.expert_user_id === null;
      expect(now.self_score === null ? null : Number(now.self_score)).toBe(
        selfLine ? Number(line.standard_score) - 1 : null,
      );
      for (const column of Object.keys(line).filter((c) => !audit.includes(c)))
        expect(now[column]).toEqual(line[column]);
      if (!selfLine) expect(now.version_num).toEqual(line.version_num);
    }
    // The expert of a line is the plan's (serverOnly): a changed one sent back is not written.
    const fresh = expectOk(await onInspect(t.api, 'supplier01', 'findById', { id }));
    const moved = fresh.records.map((l: Body) => (l.expertUserId === USER_ID.qe01 ? { ...l, expertUserId: 3 } : l));
    expectOk(await saveInspection(t.api, 'supplier01', id, { records: moved }));
    expect((await recordsOf(t.api, id)).filter((r) => Number(r.expert_user_id) === 3)).toEqual([]);
  });

  it('nobody creates an inspection by hand; the list opens on demo rows for supplier01', async () => {
    expectError(await onInspect(t.api, 'buyer01', 'saveOrUpdate', { inspectDate: '2026-12-01' }), 403);
    const listed = expectOk(
      await onInspect(t.api, 'supplier01', 'listByPage', { params: {}, pageIndex: 1, pageRows: 500 }),
    );
    const demo = listed.filter((r: { inspectNumber: string }) => r.inspectNumber.startsWith('LIN20261121'));
    expect(demo.map((r: { inspectNumber: string; status: string }) => [r.inspectNumber, r.status])).toEqual([
      ['LIN202611210004', 'SUBMITTED'],
      ['LIN202611210001', 'PENDING_SELF_CHECK'],
    ]);
  });
});
