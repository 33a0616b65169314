import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectError, expectOk, tableRows } from '../testing/apiAssertions';
import {
  createRequisition,
  LINE,
  LINE_TABLE,
  lineBody,
  RATE,
  RATE_TABLE,
  REQ,
  REQ_TABLE,
} from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('deletes');
});
afterAll(async () => {
  await server?.close();
});

const call = (resource: string, action: string, body: Record<string, unknown>) =>
  server.call('srmServer', resource, action, body);
const everything = async () => ({
  headers: await tableRows(server, REQ_TABLE, 'requisition_header_id'),
  lines: await tableRows(server, LINE_TABLE, 'requisition_line_id'),
  rates: await tableRows(server, RATE_TABLE, 'exchange_rate_id'),
});

describe('delete', () => {
  it('answers 409 to deleting a SUBMITTED requisition (deletableWhen) and keeps it with its lines', async () => {
    const before = await everything();
    expectError(await call(REQ, 'delete', { id: 2 }), 409);
    expect(await everything()).toEqual(before);
    expect(expectOk(await call(REQ, 'findById', { id: 2 })).lines).toHaveLength(3);
  });

  it('answers 409 to deleting an APPROVED requisition', async () => {
    const before = await everything();
    expectError(await call(REQ, 'delete', { id: 3 }), 409);
    expect(await everything()).toEqual(before);
  });

  it('deletes a DRAFT requisition with its lines, and nothing else', async () => {
    const draft = await createRequisition(server, {}, [lineBody(1), lineBody(2)]);
    const id = draft.requisitionHeaderId;
    const othersBefore = (await everything()).lines.filter((l) => Number(l.requisition_header_id) !== id);
    expect(expectOk(await call(REQ, 'delete', { id }))).toEqual({ count: 1 });
    expect(await countRows(server, REQ_TABLE, { requisition_header_id: id })).toBe(0);
    expect(await countRows(server, LINE_TABLE, { requisition_header_id: id })).toBe(0);
    expect((await everything()).lines).toEqual(othersBefore);
    expectError(await call(REQ, 'findById', { id }), 404);
    expectError(await call(REQ, 'delete', { id }), 404);
  });

  it('deletes the seeded DRAFT requisition 1 and its lines 1 and 2', async () => {
    expectOk(await call(REQ, 'delete', { id: 1 }));
    expect(await countRows(server, REQ_TABLE, { requisition_header_id: 1 })).toBe(0);
    expect(
      (await countRows(server, LINE_TABLE, { requisition_line_id: 1 })) +
        (await countRows(server, LINE_TABLE, { requisition_line_id: 2 })),
    ).toBe(0);
  });

  it('answers 404 to deleting a missing id', async () => {
    const before = await everything();
    expectError(await call(REQ, 'delete', { id: 987654 }), 404);
    expect(await everything()).toEqual(before);
  });

  it.each([[undefined], ['abc'], [0], [-2], [[1]], ['1; DELETE FROM srm_pur_requisition_line']])(
    'answers 400 to the id %j and deletes nothing',
    async (id) => {
      const before = await everything();
      expectError(await call(REQ, 'delete', { id }), 400);
      expect(await everything()).toEqual(before);
    },
  );

  it('answers 409 to deleting a VALID exchange rate and deletes a NEW one', async () => {
    expectError(await call(RATE, 'delete', { id: 1 }), 409);
    expect(await countRows(server, RATE_TABLE, { exchange_rate_id: 1 })).toBe(1);
    expectOk(await call(RATE, 'delete', { id: 14 }));
    expect(await countRows(server, RATE_TABLE, { exchange_rate_id: 14 })).toBe(0);
  });
});

describe('doBatchDelete (all or nothing)', () => {
  it('answers 404 when one id is missing and deletes none of the others', async () => {
    const d1 = await createRequisition(server);
    const d2 = await createRequisition(server);
    const before = await everything();
    expectError(
      await call(REQ, 'doBatchDelete', { ids: [d1.requisitionHeaderId, 987654, d2.requisitionHeaderId] }),
      404,
    );
    expect(await everything()).toEqual(before);
  });

  it('answers 409 when one record may not be deleted and deletes none of the others', async () => {
    const d1 = await createRequisition(server);
    const before = await everything();
    expectError(await call(REQ, 'doBatchDelete', { ids: [d1.requisitionHeaderId, 2] }), 409);
    expect(await everything()).toEqual(before);
  });

  it('answers 400 to an empty list and deletes nothing', async () => {
    const before = await everything();
    expectError(await call(REQ, 'doBatchDelete', { ids: [] }), 400);
    expectError(await call(REQ, 'doBatchDelete', {}), 400);
    expectError(await call(REQ, 'doBatchDelete', { ids: 'all' }), 400);
    expect(await everything()).toEqual(before);
  });

  it('answers 400 when one id is not an id, before deleting any', async () => {
    const d1 = await createRequisition(server);
    const before = await everything();
    expectError(await call(REQ, 'doBatchDelete', { ids: [d1.requisitionHeaderId, 'x'] }), 400);
    expect(await everything()).toEqual(before);
  });

  it('deletes every listed record and their lines', async () => {
    const d1 = await createRequisition(server, {}, [lineBody(1)]);
    const d2 = await createRequisition(server, {}, [lineBody(1), lineBody(2)]);
    const ids = [d1.requisitionHeaderId, d2.requisitionHeaderId];
    expect(expectOk(await call(REQ, 'doBatchDelete', { ids: [...ids, ids[0]] }))).toEqual({ count: 2 });
    for (const id of ids) {
      expect(await countRows(server, REQ_TABLE, { requisition_header_id: id })).toBe(0);
      expect(await countRows(server, LINE_TABLE, { requisition_header_id: id })).toBe(0);
    }
  });
});

describe('lines are written only through their header', () => {
  it.each([
    ['saveOrUpdate', { requisitionHeaderId: 2, ...lineBody(9) }],
    ['saveOrUpdate', { requisitionLineId: 3, versionNum: 1, quantity: '1' }],
    ['doBatchSaveOrUpdate', { rows: [{ requisitionHeaderId: 2, ...lineBody(9) }] }],
    ['delete', { id: 3 }],
    ['doBatchDelete', { ids: [3, 4] }],
  ])('answers 400 to %s on srmPurRequisitionLineRestful and changes nothing', async (action, body) => {
    const before = await everything();
    expectError(await call(LINE, action, body), 400);
    expect(await everything()).toEqual(before);
  });

  it('still reads lines by id', async () => {
    expect(expectOk(await call(LINE, 'findById', { id: 3 }))).toMatchObject({
      requisitionLineId: 3,
      requisitionHeaderId: 2,
      amount: '31000.00',
      categoryName: 'Electronic components',
    });
  });
});
