import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectError, expectOk, tableRows } from '../testing/apiAssertions';
import { createRequisition, LINE_TABLE, lineBody, REQ, REQ_TABLE, requisitionBody } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

/** Requests in flight at the same time: no lost update, no duplicate number, no half-written document. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('concurrency');
});
afterAll(async () => {
  await server?.close();
});

describe('concurrent requests', () => {
  it('lets exactly one of several saves of the same version win; the others answer 409', async () => {
    const created = await createRequisition(server, {}, [lineBody(1)]);
    const id = created.requisitionHeaderId;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        server.call('srmServer', REQ, 'saveOrUpdate', {
          requisitionHeaderId: id,
          versionNum: created.versionNum,
          description: `writer ${i}`,
          lines: [{ ...created.lines[0], quantity: String(10 + i) }],
        }),
      ),
    );
    const winners = answers.filter((a) => a.status === 200);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    answers.filter((a) => a.status !== 200).forEach((a) => expectError(a, 409));
    const stored = expectOk(await server.call('srmServer', REQ, 'findById', { id }));
    const winner = winners[0].body.data;
    expect(stored).toMatchObject({
      versionNum: created.versionNum + 1,
      description: winner.description,
      totalAmount: winner.totalAmount,
    });
    expect(stored.lines.map((l: { quantity: string }) => l.quantity)).toEqual(
      winner.lines.map((l: { quantity: string }) => l.quantity),
    );
  });

  it('gives parallel creates distinct document numbers and writes every line once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        server.call(
          'srmServer',
          REQ,
          'saveOrUpdate',
          requisitionBody({ description: `parallel ${i}` }, [lineBody(1), lineBody(2)]),
        ),
      ),
    );
    const saved = answers.map((a) => expectOk(a));
    const numbers = saved.map((r) => r.requisitionNumber as string);
    expect(new Set(numbers).size).toBe(8);
    for (const r of saved)
      expect(await countRows(server, LINE_TABLE, { requisition_header_id: r.requisitionHeaderId })).toBe(2);
  });

  it('keeps failing saves from leaving anything behind while valid ones run alongside', async () => {
    const before = await countRows(server, REQ_TABLE);
    const linesBefore = await countRows(server, LINE_TABLE);
    const bad = requisitionBody({}, [lineBody(1), { ...lineBody(2), requisitionLineId: 1, versionNum: 1 }]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        server.call('srmServer', REQ, 'saveOrUpdate', i % 2 ? bad : requisitionBody({}, [lineBody(1)])),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 404, 200, 404, 200, 404]);
    expect(await countRows(server, REQ_TABLE)).toBe(before + 3);
    expect(await countRows(server, LINE_TABLE)).toBe(linesBefore + 3);
    expect((await tableRows(server, LINE_TABLE, 'requisition_line_id', { requisition_line_id: 1 }))[0]).toMatchObject({
      version_num: 1,
    });
  });

  it('deletes a record once when two deletes race; the other answers 404', async () => {
    const created = await createRequisition(server, {}, [lineBody(1)]);
    const answers = await Promise.all(
      [1, 2].map(() => server.call('srmServer', REQ, 'delete', { id: created.requisitionHeaderId })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(await countRows(server, LINE_TABLE, { requisition_header_id: created.requisitionHeaderId })).toBe(0);
  });
});
