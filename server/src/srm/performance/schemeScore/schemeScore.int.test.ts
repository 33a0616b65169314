import { describe, expect, it } from 'vitest';
import { systemContext } from '../../../resource/context';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import {
  call,
  expectTransition,
  historyOf,
  notificationsOf,
  rows,
  setState,
  todosOf,
  type Body,
  type ProofUser,
} from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';

/** Score sheets (speSchemeScore): every transition, and the batch approve / reject of the list (all or nothing, the bad id named). */
const p = proofServer('srm_scheme_score');

const RES = 'srmSpeSchemeScoreRestful';
const ENTITY = 'srmSpeSchemeScore';
const act = (user: ProofUser, action: string, body: Body) => call(p, user, 'SPE_SCHEME_SCORE', RES, action, body);
const sheetOf = async (id: number) =>
  (await rows(p, 'srm_spe_scheme_score', 'scheme_score_id', { scheme_score_id: id }))[0];

async function newScheme(): Promise<number> {
  const model = p.server.kernel.registry.entity('srmSpeScheme')!;
  return p.server.kernel.db.transaction((tx) =>
    p.server.kernel.resources.writer.insert(
      tx,
      model,
      {
        schemeNumber: `SCH-T${Date.now()}${Math.random()}`.slice(0, 30),
        schemeName: 'test scheme',
        orgId: 2,
        periodName: '2026Q4',
        evaluationCycle: 'QUARTER',
        periodStart: '2026-10-01',
        periodEnd: '2026-12-31',
        scoreStartDate: '2027-01-05',
        scoreEndDate: '2027-01-15',
        templateHeadId: 4901,
        settingHeadId: 4901,
        status: 'SCORING',
      },
      systemContext(),
    ),
  );
}

async function sheet(schemeId?: number, scores: Body[] = [{ supplierId: 1, score: '88.50' }]): Promise<number> {
  const body = { schemeId: schemeId ?? (await newScheme()), scorerUserId: 2, deptId: 8, supplierScores: scores };
  return expectOk(await act('buyer01', 'saveOrUpdate', body)).schemeScoreId as number;
}

async function submitted(schemeId?: number, user: ProofUser = 'buyer01'): Promise<number> {
  const id = await sheet(schemeId);
  expectOk(await act(user, 'submitSchemeScore', { id }));
  return id;
}

describe('every action from every state', () => {
  const STATES = ['PENDING', 'SCORING', 'SUBMITTED', 'APPROVED', 'REJECTED'];
  const ACTIONS: [string, string, ProofUser, string[], string][] = [
    ['submitSchemeScore', 'doSubmit', 'buyer01', ['PENDING', 'SCORING', 'REJECTED'], 'SUBMITTED'],
    ['approvalSchemeScore', 'doApprove', 'manager01', ['SUBMITTED'], 'APPROVED'],
    ['rejectSchemeScore', 'doReject', 'manager01', ['SUBMITTED'], 'REJECTED'],
    ['doBatchApprovalSchemeScore', 'doApprove', 'manager01', ['SUBMITTED'], 'APPROVED'],
    ['doBatchRejectSchemeScore', 'doReject', 'manager01', ['SUBMITTED'], 'REJECTED'],
  ];
  const cases = ACTIONS.flatMap(([alias, action, user, from, to]) =>
    STATES.map((state) => [alias, state, from.includes(state) ? to : null, user, action] as const),
  );
  it.each(cases)('%s from %s → %s', async (alias, state, to, user, action) => {
    const id = state === 'PENDING' ? await sheet() : await submitted();
    if (state !== 'PENDING' && state !== 'SUBMITTED')
      await setState(p, 'srm_spe_scheme_score', 'score_status', 'scheme_score_id', id, state);
    const answer = await act(
      user,
      alias,
      alias.startsWith('doBatch') ? { ids: [id], comment: 'checked' } : { id, comment: 'checked' },
    );
    await expectTransition(p, {
      entityName: ENTITY,
      table: 'srm_spe_scheme_score',
      statusColumn: 'score_status',
      keyColumn: 'scheme_score_id',
      id,
      state,
      to,
      answer,
      action,
    });
  });
});

describe('batch approve and reject', () => {
  it('one bad id: 409 naming it, nothing changes (states, to-dos, history); without it both are approved, to-dos closed, submitter notified, the last approval calculates the scheme', async () => {
    const schemeId = await newScheme();
    const good = [await submitted(schemeId), await submitted(schemeId)];
    const bad = await sheet(schemeId);
    const answer = await act('manager01', 'doBatchApprovalSchemeScore', { ids: [...good, bad], comment: 'fine' });
    expectError(answer, 409);
    expect(answer.body.msg).toBe(
      `Record ${bad}: Cannot approve: the document is PENDING (Pending) (nothing in the batch was changed)`,
    );
    for (const id of good) {
      expect((await sheetOf(id)).score_status).toBe('SUBMITTED');
      expect((await todosOf(p, ENTITY, id)).map((t) => t.handle_flag)).toEqual(['N']);
      expect((await historyOf(p, ENTITY, id)).length).toBe(1);
    }
    const missing = await act('manager01', 'doBatchApprovalSchemeScore', { ids: [...good, 999999] });
    expectError(missing, 404);
    expect(missing.body.msg).toMatch(/^Record 999999: /);
    expect(expectOk(await act('manager01', 'doBatchApprovalSchemeScore', { ids: good, comment: 'fine' }))).toEqual({
      count: 2,
    });
    for (const id of good) {
      expect(await sheetOf(id)).toMatchObject({ score_status: 'APPROVED', approver_comment: 'fine', approved_by: 3 });
      expect((await todosOf(p, ENTITY, id)).map((t) => t.handle_flag)).toEqual(['Y']);
      expect((await notificationsOf(p, ENTITY, id)).map((n) => n.recipient_user_id)).toEqual([2]);
      expect((await historyOf(p, ENTITY, id)).map((h) => [h.action, h.to_state, h.comment])).toEqual([
        ['doSubmit', 'SUBMITTED', null],
        ['doApprove', 'APPROVED', 'fine'],
      ]);
    }
    const scheme = async () => (await rows(p, 'srm_spe_scheme', 'scheme_id', { scheme_id: schemeId }))[0].status;
    expect(await scheme()).toBe('SCORING');
    expectOk(await act('buyer01', 'submitSchemeScore', { id: bad }));
    expectOk(await act('manager01', 'approvalSchemeScore', { id: bad }));
    expect(await scheme()).toBe('CALCULATED');
  });

  it('batch reject needs a comment (400) and then rejects all, keeping the comment on each sheet', async () => {
    const ids = [await submitted(), await submitted()];
    expectError(await act('manager01', 'doBatchRejectSchemeScore', { ids }), 400, ['comment']);
    expect(expectOk(await act('manager01', 'doBatchRejectSchemeScore', { ids, comment: 'recheck Q01' }))).toEqual({
      count: 2,
    });
    for (const id of ids)
      expect(await sheetOf(id)).toMatchObject({ score_status: 'REJECTED', approver_comment: 'recheck Q01' });
  });

  it('without the button resource the batch is 403 even by direct call; a non-approver or a batch holding my own sheet is refused whole (403)', async () => {
    const ids = [await submitted(), await submitted()];
    expectError(await act('buyer01', 'doBatchApprovalSchemeScore', { ids }), 403);
    // The administrator holds the button but is no approver of the sheets (MANAGER_RESP): refused whole.
    const notApprover = await act('admin', 'doBatchApprovalSchemeScore', { ids });
    expectError(notApprover, 403);
    expect(notApprover.body.msg).toBe(
      `Record ${ids[0]}: You are not an approver of approval step 1 of this document (nothing in the batch was changed)`,
    );
    // A batch of a sheet the administrator submitted itself: refused whole as well (its own
    // document, and no approver of it).
    const own = await submitted(undefined, 'admin');
    const answer = await act('admin', 'doBatchApprovalSchemeScore', { ids: [own] });
    expectError(answer, 403);
    for (const id of ids) expect((await sheetOf(id)).score_status).toBe('SUBMITTED');
  });
});

describe('submit', () => {
  it('a sheet without supplier scores cannot be submitted (400); two simultaneous submits: one 200, one 409, one to-do', async () => {
    expectError(await act('buyer01', 'submitSchemeScore', { id: await sheet(undefined, []) }), 400);
    const id = await sheet();
    const answers = await Promise.all([
      act('buyer01', 'submitSchemeScore', { id }),
      act('buyer01', 'submitSchemeScore', { id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await todosOf(p, ENTITY, id)).length).toBe(1);
    expect((await historyOf(p, ENTITY, id)).length).toBe(1);
  });
});

describe('the scheme is calculated once its last sheet is approved, under concurrency', () => {
  it('the last two sheets of a scheme approved at the same moment: both 200 and the scheme CALCULATED, 5 rounds', async () => {
    for (let round = 0; round < 5; round++) {
      const schemeId = await newScheme();
      const ids = [await submitted(schemeId), await submitted(schemeId)];
      const answers = await Promise.all(
        ids.map((id) => act('manager01', 'approvalSchemeScore', { id, comment: 'ok' })),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect((await rows(p, 'srm_spe_scheme', 'scheme_id', { scheme_id: schemeId }))[0].status).toBe('CALCULATED');
    }
  });
});
