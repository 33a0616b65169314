import { loadDocumentFiles } from '@meridian/metadata/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '../http/apiError';
import { expectError, expectOk } from '../testing/apiAssertions';
import { startTestServer, type TestServer } from '../testing/testServer';
import { act, actorsOf, history, notifications, statusOf, submitted, todos, type Actors } from './approvalFixtures';
import type { TransitionRun } from './transitionRun';

/**
 * A variant of the requisition rule with a second approval step (the named user admin) and named
 * transition handlers: one that writes into the record, one that refuses (and so rolls back).
 */
type Lifecycle = { name: string; approvalRule: Record<string, unknown>; transitions: Record<string, unknown>[] };
const documents = loadDocumentFiles().map((d) => ({ source: d.source, doc: structuredClone(d.doc) }));
const lifecycle = documents.map((d) => d.doc as Lifecycle).find((d) => d.name === 'purRequisition')!;
lifecycle.approvalRule.steps = [{ label: { cn: '总监审批', en: 'Director' }, approvers: { users: ['admin'] } }];
const transition = (action: string) => lifecycle.transitions.find((t) => t.action === action)!;
transition('doApprove').handler = 'markApproved';
transition('doReject').handler = 'refuseReject';

const calls: TransitionRun[] = [];
let server: TestServer;
let a: Actors;
beforeAll(async () => {
  server = await startTestServer(
    'lifecycle_steps',
    {},
    {
      documents,
      extend: ({ handlers }) => {
        handlers.register('markApproved', async (run) => {
          calls.push(run);
          await run.tx.execute(
            'UPDATE srm_pur_requisition_header SET description = ? WHERE requisition_header_id = ?',
            [`step ${run.step} ${run.to}`, run.id],
          );
        });
        handlers.register('refuseReject', () => {
          throw Errors.conflict('外部系统拒绝', 'The external system refused');
        });
      },
    },
  );
  a = await actorsOf(server);
});
afterAll(async () => {
  await server?.close();
});

describe('approval steps and named handlers', () => {
  it('step 1 (manager01) keeps SUBMITTED and opens the step-2 to-do for admin; step 2 approves and notifies once; the handler ran in both', async () => {
    const id = await submitted(a);
    expect(expectOk(await act(a, 'manager01', 'doApprove', { id })).status).toBe('SUBMITTED');
    expect((await todos(server, id)).map((t) => [t.assignee_user_id, t.handle_flag])).toEqual([
      [3, 'Y'],
      [1, 'N'],
    ]);
    expect(await notifications(server, id)).toEqual([]);
    expect((await statusOf(server, id)).description).toBe('step 1 SUBMITTED');
    const done = expectOk(await act(a, 'admin', 'doApprove', { id }));
    expect(done).toMatchObject({ status: 'APPROVED', description: 'step 2 APPROVED' });
    expect((await history(server, id)).map((h) => [h.action, h.to_state, h.approval_step])).toEqual([
      ['doSubmit', 'SUBMITTED', null],
      ['doApprove', 'SUBMITTED', 1],
      ['doApprove', 'APPROVED', 2],
    ]);
    expect(await notifications(server, id)).toHaveLength(1);
    expect(calls.map((c) => [c.id, c.step, c.advancing])).toEqual([
      [id, 1, true],
      [id, 2, false],
    ]);
  });

  it('a handler that throws rolls the whole transition back (state, history, to-dos)', async () => {
    const id = await submitted(a);
    const before = [await statusOf(server, id), await history(server, id), await todos(server, id)];
    const answer = await act(a, 'manager01', 'doReject', { id, comment: 'no' });
    expectError(answer, 409);
    expect(answer.body.msg).toBe('The external system refused');
    expect([await statusOf(server, id), await history(server, id), await todos(server, id)]).toEqual(before);
  });

  it('a lifecycle naming an unregistered handler stops start-up with the lifecycle and action named', async () => {
    await expect(startTestServer('lifecycle_nohandler', {}, { documents })).rejects.toThrow(
      'lifecycle purRequisition, doApprove: handler "markApproved" is not registered',
    );
  });
});
