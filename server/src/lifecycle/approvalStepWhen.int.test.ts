import { loadDocumentFiles } from '@meridian/metadata/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../testing/apiAssertions';
import { lineBody, requisitionBody } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { act, actorsOf, history, todos, type Actors } from './approvalFixtures';

/**
 * A second approval step that applies only from an amount on (steps[].when): the requisition rule
 * with admin as the director for totals of 10,000.00 and more.
 */
type Lifecycle = { name: string; approvalRule: Record<string, unknown> };
const documents = loadDocumentFiles().map((d) => ({ source: d.source, doc: structuredClone(d.doc) }));
const lifecycle = documents.map((d) => d.doc as Lifecycle).find((d) => d.name === 'purRequisition')!;
lifecycle.approvalRule.steps = [
  {
    label: { cn: '总监审批', en: 'Director' },
    approvers: { users: ['admin'] },
    when: { field: 'totalAmount', op: 'gte', value: '10000' },
  },
];

let server: TestServer;
let a: Actors;
beforeAll(async () => {
  server = await startTestServer('lifecycle_step_when', {}, { documents });
  a = await actorsOf(server);
});
afterAll(async () => {
  await server?.close();
});

async function submittedWith(quantity: string): Promise<number> {
  const body = requisitionBody({}, [lineBody(1, { quantity, estimatedPrice: '1.00' })]);
  const id = expectOk(await act(a, 'buyer01', 'saveOrUpdate', body)).requisitionHeaderId as number;
  expectOk(await act(a, 'buyer01', 'doSubmit', { id }));
  return id;
}

describe('an approval step with when', () => {
  it('does not apply below the amount: the first approval finishes the document', async () => {
    const id = await submittedWith('9999.99');
    expect(expectOk(await act(a, 'manager01', 'doApprove', { id })).status).toBe('APPROVED');
    expect((await todos(server, id)).map((t) => t.assignee_user_id)).toEqual([3]);
  });

  it('applies from the amount on: the first approval hands the document to the step, which finishes it', async () => {
    const id = await submittedWith('10000');
    expect(expectOk(await act(a, 'manager01', 'doApprove', { id })).status).toBe('SUBMITTED');
    expect((await todos(server, id)).map((t) => [t.assignee_user_id, t.handle_flag])).toEqual([
      [3, 'Y'],
      [1, 'N'],
    ]);
    expect(expectOk(await act(a, 'admin', 'doApprove', { id })).status).toBe('APPROVED');
    expect((await history(server, id)).map((h) => [h.action, h.to_state, h.approval_step])).toEqual([
      ['doSubmit', 'SUBMITTED', null],
      ['doApprove', 'SUBMITTED', 1],
      ['doApprove', 'APPROVED', 2],
    ]);
  });
});
