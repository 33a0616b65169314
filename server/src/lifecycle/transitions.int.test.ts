import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { runSql } from '../testing/authFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import {
  act,
  actorsOf,
  as,
  draft,
  history,
  statusOf,
  submitted,
  todos,
  type Actors,
  type DemoUser,
} from './approvalFixtures';

/** Every action of the requisition lifecycle from every state: legal exactly when the state is one of its `from` states. */
let server: TestServer;
let a: Actors;
beforeAll(async () => {
  server = await startTestServer('lifecycle_transitions');
  a = await actorsOf(server);
});
afterAll(async () => {
  await server?.close();
});

const STATES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'CLOSED', 'CANCELLED'];
const ACTIONS: [string, DemoUser, string[], string][] = [
  ['doSubmit', 'buyer01', ['DRAFT', 'REJECTED', 'WITHDRAWN'], 'SUBMITTED'],
  ['doApprove', 'manager01', ['SUBMITTED'], 'APPROVED'],
  ['doReject', 'manager01', ['SUBMITTED'], 'REJECTED'],
  ['doWithdraw', 'buyer01', ['SUBMITTED'], 'WITHDRAWN'],
  ['doClose', 'buyer01', ['APPROVED'], 'CLOSED'],
  ['doCancel', 'buyer01', ['DRAFT', 'REJECTED', 'WITHDRAWN'], 'CANCELLED'],
];

/** A requisition submitted by buyer01 and then put in `state` directly (test set-up). */
async function inState(state: string): Promise<number> {
  const id = state === 'DRAFT' ? await draft(a) : await submitted(a);
  if (state !== 'DRAFT' && state !== 'SUBMITTED')
    await runSql(server, 'UPDATE srm_pur_requisition_header SET status = ? WHERE requisition_header_id = ?', [
      state,
      id,
    ]);
  return id;
}

describe('the requisition lifecycle, action by state', () => {
  const cases = ACTIONS.flatMap(([action, user, from, to]) =>
    STATES.map((state) => [action, state, from.includes(state) ? to : null, user] as const),
  );
  it.each(cases)('%s from %s → %s', async (action, state, to, user) => {
    const id = await inState(state);
    const historyBefore = (await history(server, id)).length;
    const answer = await act(a, user as DemoUser, action, { id, comment: 'checked' });
    if (to) {
      expect(expectOk(answer).status).toBe(to);
      expect((await history(server, id)).slice(historyBefore)).toEqual([
        expect.objectContaining({ action, from_state: state, to_state: to, comment: 'checked' }),
      ]);
    } else {
      expectError(answer, 409);
      expect(answer.body.msg).toMatch(new RegExp(`^Cannot .+: the document is ${state} \\(`));
      expect((await statusOf(server, id)).status).toBe(state);
      expect((await history(server, id)).length).toBe(historyBefore);
    }
  });
});

describe('batches and concurrency', () => {
  it('a batch approve with one bad id changes nothing and names that id; without it all are approved', async () => {
    const good = [await submitted(a), await submitted(a)];
    const bad = await draft(a);
    const answer = await act(a, 'manager01', 'doApprove', { ids: [...good, bad] });
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe(
      `Record ${bad}: Cannot approve: the document is DRAFT (Draft) (nothing in the batch was changed)`,
    );
    expect(answer.body.data).toBeNull();
    for (const id of good) {
      expect((await statusOf(server, id)).status).toBe('SUBMITTED');
      expect((await todos(server, id))[0].handle_flag).toBe('N');
      expect((await history(server, id)).length).toBe(1);
    }
    const missing = await act(a, 'manager01', 'doApprove', { ids: [...good, 999999] });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toMatch(/^Record 999999: /);
    expect(expectOk(await act(a, 'manager01', 'doApprove', { ids: good }))).toEqual({ count: 2 });
    for (const id of good) expect((await statusOf(server, id)).status).toBe('APPROVED');
  });

  it('two simultaneous submits of one draft: exactly one succeeds, the other is 409; one history row, one to-do', async () => {
    const id = await draft(a);
    const answers = await Promise.all([act(a, 'buyer01', 'doSubmit', { id }), act(a, 'buyer01', 'doSubmit', { id })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await history(server, id)).length).toBe(1);
    expect((await todos(server, id)).length).toBe(1);
  });

  it('two simultaneous approvals (approve and reject) of one document: exactly one wins', async () => {
    const id = await submitted(a);
    const answers = await Promise.all([
      act(a, 'manager01', 'doApprove', { id }),
      act(a, 'manager01', 'doReject', { id, comment: 'no' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await history(server, id)).filter((h) => h.approval === 'Y').length).toBe(1);
  });
});

describe('findHistory', () => {
  const findHistory = (user: DemoUser, body: Record<string, unknown>, headers = as(a, user)) =>
    server.call('baseServer', 'baseApprovalRestful', 'findHistory', body, headers);

  it('returns the timeline to a reader of the record, labels in the request language; 404 for an unknown record; 403 without a menu that reads it', async () => {
    const id = await submitted(a);
    expectOk(await act(a, 'manager01', 'doApprove', { id, comment: 'fine' }));
    const rows = expectOk(await findHistory('buyer01', { resource: 'srmPurRequisitionHeaderRestful', id }));
    expect(
      rows.map((r: Record<string, unknown>) => [
        r.action,
        r.actionLabel,
        r.fromState,
        r.toState,
        r.userName,
        r.actorName,
        r.comment,
      ]),
    ).toEqual([
      ['doSubmit', 'Submit', 'DRAFT', 'SUBMITTED', 'buyer01', 'Wang Lei', null],
      ['doApprove', 'Approve', 'SUBMITTED', 'APPROVED', 'manager01', 'Chen Jing', 'fine'],
    ]);
    // The actor is named as a person field names a user: in Chinese the Chinese name.
    const cn = expectOk(
      await findHistory(
        'buyer01',
        { resource: 'srmPurRequisitionHeaderRestful', id },
        { ...as(a, 'buyer01'), language: 'CN' },
      ),
    );
    expect(cn.map((r: Record<string, unknown>) => r.actorName)).toEqual(['王磊', '陈静']);
    expectError(await findHistory('buyer01', { resource: 'srmPurRequisitionHeaderRestful', id: 999999 }), 404);
    expectError(
      await findHistory(
        'buyer01',
        { resource: 'srmPurRequisitionHeaderRestful', id },
        { ...as(a, 'buyer01'), menuId: '' },
      ),
      403,
    );
    expectError(await findHistory('buyer01', { resource: 'baseSessionRestful', id: 1 }), 404);
  });
});
