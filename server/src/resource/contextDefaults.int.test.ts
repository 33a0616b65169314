import { localDateParts } from '@meridian/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, actorsOf, type Actors } from '../lifecycle/approvalFixtures';
import { expectError, expectOk } from '../testing/apiAssertions';
import { requisitionBody } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

/** Context defaults (field default "$user.userId", "$today"…) applied by the server on create, as the runtime's form does. */
let server: TestServer;
let a: Actors;
beforeAll(async () => {
  server = await startTestServer('context_defaults');
  a = await actorsOf(server);
});
afterAll(async () => {
  await server?.close();
});

const omitting = (...names: string[]) => {
  const body = requisitionBody();
  for (const name of names) delete body[name];
  return body;
};

describe('context defaults on create', () => {
  it("a requisition that omits requester, date and company gets the caller, today and the caller's organisation", async () => {
    const saved = expectOk(
      await act(a, 'buyer01', 'saveOrUpdate', omitting('requesterId', 'requisitionDate', 'orgId')),
    );
    expect(saved).toMatchObject({
      requesterId: 2,
      requesterName: 'Wang Lei',
      orgId: 2,
      requisitionDate: localDateParts(new Date()).today,
    });
  });

  it('values the caller sends are kept, and an update never fills defaults', async () => {
    const saved = expectOk(
      await act(a, 'buyer01', 'saveOrUpdate', requisitionBody({ requesterId: 3, requisitionDate: '2026-11-22' })),
    );
    expect(saved).toMatchObject({ requesterId: 3, requisitionDate: '2026-11-22' });
    const { requisitionHeaderId, versionNum } = saved;
    const updated = expectOk(
      await act(a, 'buyer01', 'saveOrUpdate', { requisitionHeaderId, versionNum, description: 'changed' }),
    );
    expect(updated).toMatchObject({ requesterId: 3, requisitionDate: '2026-11-22', description: 'changed' });
  });

  it('a required field whose default the context lacks, or that is sent empty, is a 400 on that field', async () => {
    expectError(await act(a, 'buyer01', 'saveOrUpdate', requisitionBody({ requesterId: null })), 400, ['requesterId']);
    expectError(await act(a, 'buyer01', 'saveOrUpdate', requisitionBody({ requisitionDate: '' })), 400, [
      'requisitionDate',
    ]);
  });
});
