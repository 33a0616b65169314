import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformRows } from '../lifecycle/platformRows';
import { expectError, expectOk } from '../testing/apiAssertions';
import { startTestServer, type TestServer } from '../testing/testServer';
import { TodoService } from '../todos/todoService';
import { eitherIdInput, idFrom, recordIdInput } from './actionInput';

/**
 * A custom action's declared input (platform/actionInput.ts) is checked before its handler and
 * shown in the API description; an answer names every entity the action wrote (db/writeJournal.ts).
 */
let server: TestServer;
const seen: unknown[] = [];
const RES = 'testTypedRestful';
// A server of its own migrates and seeds an empty database: a minute and more on a busy MariaDB.
beforeAll(async () => {
  server = await startTestServer(
    'typed_actions',
    {},
    {
      extend: ({ actions }) => {
        actions.register({
          area: 'srmServer',
          resource: RES,
          action: 'either',
          access: 'session',
          input: eitherIdInput(['id', 'schemeId']),
          handler: async (body) => ({ data: idFrom(body, ['id', 'schemeId']) }),
        });
        actions.register({
          area: 'srmServer',
          resource: RES,
          action: 'dated',
          access: 'session',
          input: { type: 'object', properties: { day: { type: 'string', format: 'date' } } },
          handler: async (body) => ({ data: body.day }),
        });
        actions.register({
          area: 'srmServer',
          resource: RES,
          action: 'remind',
          access: 'session',
          input: recordIdInput('id', { note: { type: 'string', maxLength: 10, default: '-' } }),
          handler: async (body, ctx, kernel) => {
            seen.push(body);
            await kernel.db.transaction((tx) =>
              new TodoService(new PlatformRows(kernel.registry, tx.dialect)).open(
                tx,
                {
                  to: { userId: ctx.userId! },
                  billType: 'PUR_ORDER',
                  entityName: 'srmPurOrderHeader',
                  billId: Number(body.id),
                  billNumber: null,
                  title: { cn: '提醒', en: 'Reminder' },
                  menuCode: 'PUR_ORDER',
                  link: `purOrderManage/purchaseOrderEdit?id=${String(body.id)}`,
                },
                ctx.userId,
              ),
            );
            return { data: null };
          },
        });
      },
    },
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const remind = (body: Record<string, unknown>) => server.call('srmServer', RES, 'remind', body);

describe('typed custom actions', () => {
  it('refuses a body that breaks the declared input, naming each field, before the handler runs', async () => {
    seen.length = 0;
    const missing = await remind({ note: 'x' });
    expectError(missing, 400);
    expect(missing.body.errors).toEqual([{ field: 'id', message: "must have required property 'id'" }]);
    const bad = await remind({ id: 0, note: 'far too long a note' });
    expectError(bad, 400);
    expect(bad.body.errors!.map((e) => e.field).sort()).toEqual(['id', 'note']);
    const word = await remind({ id: 'twelve' });
    expectError(word, 400);
    expect(word.body.errors).toEqual([{ field: 'id', message: 'must be integer' }]);
    expect(seen).toEqual([]);
  });

  it('hands the handler the body as the schema types it: a number sent as text, a default filled in', async () => {
    seen.length = 0;
    expectOk(await remind({ id: '12' }));
    expect(seen).toEqual([{ id: 12, note: '-' }]);
  });

  it('names a record by either of two fields: the first given, and both named when neither is', async () => {
    const either = (body: Record<string, unknown>) => server.call('srmServer', RES, 'either', body);
    expect((await either({ schemeId: '5' })).body.data).toBe(5);
    expect((await either({ id: 4, schemeId: 5 })).body.data).toBe(4);
    const neither = await either({});
    expectError(neither, 400);
    expect(neither.body.errors!.map((e) => e.field).sort()).toEqual(['id', 'schemeId']);
    expectError(await either({ schemeId: 0 }), 400, ['schemeId']);
  });

  it('takes a date only when it is one on the calendar', async () => {
    const dated = (day: unknown) => server.call('srmServer', RES, 'dated', { day });
    for (const day of ['2027-02-31', '2027-02-29', '2027-13-01', 'not-a-date', 20270228]) {
      const refused = await dated(day);
      expectError(refused, 400);
      expect(refused.body.errors).toEqual([{ field: 'day', message: 'must match format "date"' }]);
      expect(refused.body.msg).toMatch(/请求参数无效：day|The request is not valid: day must match format "date"/);
    }
    expect((await dated('2028-02-29')).body.data).toBe('2028-02-29');
  });

  it('names what the action wrote in its answer', async () => {
    const answer = await remind({ id: 7 });
    expectOk(answer);
    expect(answer.body.written).toEqual([{ area: 'baseServer', name: 'baseTodo' }]);
  });

  it('shows the declared input in the API description', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        { post: { requestBody: { required: boolean; content: Record<string, { schema: unknown }> } } }
      >;
    };
    const body = doc.paths[`/api/srmServer/v1/${RES}/remind`].post.requestBody;
    expect(body.required).toBe(true);
    expect(body.content['application/json'].schema).toMatchObject({
      required: ['id'],
      properties: { id: { minimum: 1 } },
    });
  });
});
