import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { createRequisition, REQ_TABLE } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { recordIdInput } from './actionInput';

/**
 * A custom action's declared states (platform/actionStates.ts): refused with 409 before its handler
 * runs, and again inside the handler's own transaction when the record moved on in between.
 */
let server: TestServer;
const RES = 'testStatesRestful';
const ran: number[] = [];
/** A change of state the handler makes (outside its checked db) before it opens its transaction. */
let meanwhile: string | undefined;

const setStatus = (id: number, status: string) =>
  server.kernel.db.transaction((tx) =>
    tx.execute(`UPDATE ${REQ_TABLE} SET status = ? WHERE requisition_header_id = ?`, [status, id]),
  );

// A server of its own migrates and seeds an empty database: a minute and more on a busy MariaDB.
beforeAll(async () => {
  server = await startTestServer(
    'action_states',
    {},
    {
      extend: ({ actions }) => {
        const states = { entity: 'srmPurRequisitionHeader', in: ['DRAFT', 'REJECTED'] };
        const register = (action: string, refusal?: (row: Record<string, unknown>) => { cn: string; en: string }) =>
          actions.register({
            area: 'srmServer',
            resource: RES,
            action,
            access: 'session',
            input: recordIdInput(),
            states: { ...states, refusal },
            handler: async (body, _ctx, kernel) => {
              const id = body.id as number;
              if (meanwhile) await setStatus(id, meanwhile);
              await kernel.db.transaction((tx) =>
                tx.execute(`UPDATE ${REQ_TABLE} SET description = 'touched' WHERE requisition_header_id = ?`, [id]),
              );
              ran.push(id);
              return { data: null };
            },
          });
        register('touch');
        register('touchWithText', (row) => ({
          cn: `只有草稿可以处理（${String(row.status)}）`,
          en: `Drafts only (${String(row.status)})`,
        }));
      },
    },
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const call = (action: string, id: unknown) => server.call('srmServer', RES, action, { id });
const description = async (id: number) =>
  (await server.kernel.db.select(`SELECT description FROM ${REQ_TABLE} WHERE requisition_header_id = ?`, [id]))[0]
    ?.description;

describe('declared action states', () => {
  it('runs the handler on a record in one of the states', async () => {
    const { requisitionHeaderId: id } = await createRequisition(server);
    expectOk(await call('touch', id));
    expect(ran).toContain(id);
    expect(await description(id)).toBe('touched');
  });

  it('answers 409 naming the state, before the handler runs, and 404 for no record', async () => {
    const { requisitionHeaderId: id } = await createRequisition(server);
    await setStatus(id, 'APPROVED');
    const refused = await call('touch', id);
    expectError(refused, 409);
    expect(refused.body.msg).toContain('APPROVED');
    const own = await call('touchWithText', id);
    expectError(own, 409);
    expect(own.body.msg).toMatch(/只有草稿可以处理（APPROVED）|Drafts only \(APPROVED\)/);
    expectError(await call('touch', 99_999_999), 404);
    expect(ran).not.toContain(id);
  });

  it('checks again inside the transaction the handler opens: a record moved on meanwhile writes nothing', async () => {
    const { requisitionHeaderId: id } = await createRequisition(server);
    meanwhile = 'SUBMITTED';
    try {
      expectError(await call('touch', id), 409);
    } finally {
      meanwhile = undefined;
    }
    expect(await description(id)).not.toBe('touched');
    expect(ran).not.toContain(id);
  });

  it('says so in the API description', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, { post: { description: string } }>;
    };
    expect(doc.paths[`/api/srmServer/v1/${RES}/touch`].post.description).toContain(
      'Allowed only while the srmPurRequisitionHeader named by `id` has its status in DRAFT, REJECTED (409 otherwise).',
    );
  });
});
