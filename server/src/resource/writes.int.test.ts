import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectError, expectOk, tableRows } from '../testing/apiAssertions';
import {
  type Body,
  createRequisition,
  LINE_TABLE,
  lineBody,
  RATE,
  RATE_TABLE,
  rateBody,
  REQ,
  REQ_TABLE,
  requisitionBody,
} from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('writes');
});
afterAll(async () => {
  await server?.close();
});

const save = (body: Body) => server.call('srmServer', REQ, 'saveOrUpdate', body);
const findReq = async (id: number) => expectOk(await server.call('srmServer', REQ, 'findById', { id }));
const headerRow = (id: number) => tableRows(server, REQ_TABLE, 'requisition_header_id', { requisition_header_id: id });
const linesOf = (id: number) => tableRows(server, LINE_TABLE, 'requisition_line_id', { requisition_header_id: id });
const everything = async () => ({
  headers: await tableRows(server, REQ_TABLE, 'requisition_header_id'),
  lines: await tableRows(server, LINE_TABLE, 'requisition_line_id'),
  sequence: await tableRows(server, 'base_doc_sequence', 'sequence_id'),
});

describe('optimistic locking with versionNum', () => {
  it('accepts the first save of a version (versionNum + 1) and answers 409 to the second, leaving the row as the first left it', async () => {
    const created = await createRequisition(server);
    const id = created.requisitionHeaderId;
    const first = expectOk(
      await save({ requisitionHeaderId: id, versionNum: created.versionNum, description: 'first writer' }),
    );
    expect(first.versionNum).toBe(created.versionNum + 1);
    expect(first.description).toBe('first writer');
    const afterFirst = { header: await headerRow(id), lines: await linesOf(id) };
    expectError(
      await save({ requisitionHeaderId: id, versionNum: created.versionNum, description: 'second writer' }),
      409,
    );
    expect({ header: await headerRow(id), lines: await linesOf(id) }).toEqual(afterFirst);
  });

  it('answers 400 naming versionNum to an update without it, and changes nothing', async () => {
    const before = await everything();
    expectError(await save({ requisitionHeaderId: 1, description: 'no version' }), 400, ['versionNum']);
    expect(await everything()).toEqual(before);
  });

  it('answers 404 to an update of a missing id, and creates nothing', async () => {
    const before = await everything();
    expectError(await save({ requisitionHeaderId: 987654, versionNum: 1, description: 'ghost' }), 404);
    expect(await everything()).toEqual(before);
  });

  it('answers 409 to an update of a record its state does not allow to edit (editableWhen)', async () => {
    const before = await everything();
    expectError(await save({ requisitionHeaderId: 2, versionNum: 1, description: 'edit a submitted one' }), 409);
    expect(await everything()).toEqual(before);
  });

  it('answers 409 to a stale line versionNum and rolls back the header too', async () => {
    const created = await createRequisition(server, {}, [lineBody(1), lineBody(2)]);
    const id = created.requisitionHeaderId;
    const before = await everything();
    const [l1, l2] = created.lines as Body[];
    const answer = await save({
      requisitionHeaderId: id,
      versionNum: created.versionNum,
      description: 'changed',
      lines: [
        { ...l1, quantity: '5' },
        { ...l2, versionNum: Number(l2.versionNum) + 7 },
      ],
    });
    expectError(answer, 409);
    expect(await everything()).toEqual(before);
  });
});

describe('header and lines in one transaction', () => {
  it('writes neither header nor first line when the second line is invalid', async () => {
    const before = await everything();
    const answer = await save(requisitionBody({}, [lineBody(1), lineBody(2, { quantity: 'lots' })]));
    expectError(answer, 400, ['lines[1].quantity']);
    expect(await everything()).toEqual(before);
  });

  it('writes nothing, not even a document number, when a line of a new requisition names a line of another (404)', async () => {
    const before = await everything();
    const answer = await save(
      requisitionBody({}, [lineBody(1), { ...lineBody(2), requisitionLineId: 1, versionNum: 1 }]),
    );
    expectError(answer, 404);
    expect(await everything()).toEqual(before);
  });

  it('answers 404 to an update naming a line of another requisition, and changes neither', async () => {
    const created = await createRequisition(server, {}, [lineBody(1)]);
    const before = await everything();
    const answer = await save({
      requisitionHeaderId: created.requisitionHeaderId,
      versionNum: created.versionNum,
      lines: [created.lines[0], { ...lineBody(2, { quantity: '1' }), requisitionLineId: 3, versionNum: 1 }],
    });
    expectError(answer, 404);
    expect(await everything()).toEqual(before);
    expect((await findReq(2)).lines.map((l: Body) => l.requisitionLineId)).toEqual([3, 4, 5]);
  });

  it('replaces the line set: keeps one, edits one, adds one, drops one; recomputes amounts and total', async () => {
    const created = await createRequisition(server, {}, [
      lineBody(1, { quantity: '10', estimatedPrice: '1.5' }),
      lineBody(2, { quantity: '20', estimatedPrice: '2' }),
      lineBody(3, { quantity: '30', estimatedPrice: '3' }),
    ]);
    const [keep, edit, drop] = created.lines as Body[];
    const saved = expectOk(
      await save({
        requisitionHeaderId: created.requisitionHeaderId,
        versionNum: created.versionNum,
        lines: [
          keep,
          { ...edit, quantity: '25', remark: 'edited' },
          lineBody(4, { quantity: '2', estimatedPrice: '0.125' }),
        ],
      }),
    );
    const ids = saved.lines.map((l: Body) => l.requisitionLineId);
    expect(ids.slice(0, 2)).toEqual([keep.requisitionLineId, edit.requisitionLineId]);
    expect(ids).not.toContain(drop.requisitionLineId);
    expect(saved.lines.map((l: Body) => [l.lineNum, l.quantity, l.amount, l.remark ?? null])).toEqual([
      [1, '10.0000', '15.00', null],
      [2, '25.0000', '50.00', 'edited'],
      [4, '2.0000', '0.25', null],
    ]);
    expect(saved.totalAmount).toBe('65.25');
    expect(await countRows(server, LINE_TABLE, { requisition_line_id: drop.requisitionLineId as number })).toBe(0);
    expect((await linesOf(created.requisitionHeaderId)).map((l) => Number(l.requisition_line_id))).toEqual(ids);
  });

  it('leaves the lines untouched by an update that carries no lines', async () => {
    const created = await createRequisition(server, {}, [lineBody(1), lineBody(2)]);
    const lines = await linesOf(created.requisitionHeaderId);
    const saved = expectOk(
      await save({ requisitionHeaderId: created.requisitionHeaderId, versionNum: created.versionNum, urgentFlag: 'Y' }),
    );
    expect(saved.urgentFlag).toBe('Y');
    expect(saved.totalAmount).toBe(created.totalAmount);
    expect(await linesOf(created.requisitionHeaderId)).toEqual(lines);
  });

  it('saves an empty lines array as "no lines"', async () => {
    const created = await createRequisition(server, {}, [lineBody(1), lineBody(2)]);
    const saved = expectOk(
      await save({ requisitionHeaderId: created.requisitionHeaderId, versionNum: created.versionNum, lines: [] }),
    );
    expect(saved.lines).toEqual([]);
    expect(saved.totalAmount).toBe('0.00');
    expect(await linesOf(created.requisitionHeaderId)).toEqual([]);
  });
});

describe('mass assignment: server values win', () => {
  const forged = {
    requisitionHeaderId: undefined,
    createdBy: 99,
    creationDate: '2000-01-01 00:00:00',
    lastUpdatedBy: 99,
    lastUpdateDate: '2000-01-01 00:00:00',
    versionNum: 42,
    status: 'APPROVED',
    requisitionNumber: 'PR-FORGED',
    totalAmount: '999999.99',
  };

  it('ignores createdBy, creationDate, versionNum, status, requisitionNumber and totalAmount on create', async () => {
    const startedAt = Date.now();
    const saved = await createRequisition(server, forged, [
      {
        ...lineBody(1, { quantity: '2', estimatedPrice: '3' }),
        amount: '1000.00',
        lineStatus: 'CLOSED',
        orderedQty: '2',
        requisitionHeaderId: 3,
        createdBy: 99,
      },
    ]);
    expect(saved).toMatchObject({ versionNum: 1, status: 'DRAFT', totalAmount: '6.00' });
    expect([saved.createdBy, saved.lastUpdatedBy]).not.toContain(99);
    expect(saved.lastUpdateDate).not.toBe(forged.lastUpdateDate);
    expect(saved.requisitionNumber).toMatch(/^PR\d{8}\d{4}$/);
    expect(Math.abs(new Date(String(saved.creationDate).replace(' ', 'T')).getTime() - startedAt)).toBeLessThan(60_000);
    expect(saved.lines[0]).toMatchObject({
      amount: '6.00',
      lineStatus: 'OPEN',
      orderedQty: null,
      requisitionHeaderId: saved.requisitionHeaderId,
    });
    expect(saved.lines[0].createdBy).not.toBe(99);
    expect((await findReq(3)).lines).toHaveLength(2);
  });

  it('ignores them on update too', async () => {
    const created = await createRequisition(server);
    const saved = expectOk(
      await save({
        ...forged,
        requisitionHeaderId: created.requisitionHeaderId,
        versionNum: created.versionNum,
        description: 'updated',
      }),
    );
    expect(saved).toMatchObject({
      description: 'updated',
      status: 'DRAFT',
      requisitionNumber: created.requisitionNumber,
      totalAmount: created.totalAmount,
      creationDate: created.creationDate,
      createdBy: created.createdBy,
      versionNum: created.versionNum + 1,
    });
    expect(saved.lastUpdatedBy).not.toBe(99);
  });

  it('does not take a lifecycle status from the body on update, even for a status the metadata leaves writable', async () => {
    const before = await tableRows(server, RATE_TABLE, 'exchange_rate_id', { exchange_rate_id: 12 });
    const answer = await server.call('srmServer', RATE, 'saveOrUpdate', {
      exchangeRateId: 12,
      versionNum: 1,
      status: 'VALID',
      rate: '7.16000000',
    });
    const saved = expectOk(answer);
    expect(saved).toMatchObject({ status: 'NEW', rate: '7.16000000', versionNum: 2 });
    expect(before[0].status).toBe('NEW');
  });

  it('starts a new exchange rate in the lifecycle initial state whatever the body says', async () => {
    const saved = expectOk(
      await server.call('srmServer', RATE, 'saveOrUpdate', rateBody({ status: 'VALID', rateDate: '2026-11-02' })),
    );
    expect(saved.status).toBe('NEW');
  });
});

describe('batch saves and unique keys', () => {
  it('saves nothing of a batch with one invalid row, naming it rows[1].rate', async () => {
    const before = await tableRows(server, RATE_TABLE, 'exchange_rate_id');
    const answer = await server.call('srmServer', RATE, 'doBatchSaveOrUpdate', {
      rows: [rateBody({ rateDate: '2026-11-03' }), rateBody({ rateDate: '2026-11-04', rate: 'x' })],
    });
    expectError(answer, 400, ['rows[1].rate']);
    expect(await tableRows(server, RATE_TABLE, 'exchange_rate_id')).toEqual(before);
  });

  it('answers 409 to a duplicate of a unique key and saves nothing of the batch', async () => {
    const before = await tableRows(server, RATE_TABLE, 'exchange_rate_id');
    const answer = await server.call('srmServer', RATE, 'doBatchSaveOrUpdate', {
      rows: [rateBody({ rateDate: '2026-11-05' }), rateBody({ rateDate: '2026-11-05' })],
    });
    expectError(answer, 409);
    expect(await tableRows(server, RATE_TABLE, 'exchange_rate_id')).toEqual(before);
  });

  it('answers 400 to an empty batch', async () => {
    expectError(await server.call('srmServer', RATE, 'doBatchSaveOrUpdate', { rows: [] }), 400);
    expectError(await server.call('srmServer', RATE, 'doBatchSaveOrUpdate', {}), 400);
  });
});
