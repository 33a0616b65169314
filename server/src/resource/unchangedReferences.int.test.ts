import type { EntityModel, FilterNode } from '@meridian/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../db/sqlExecutor';
import { ApiError } from '../http/apiError';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import { runSql } from '../testing/authFixtures';
import { createRequisition, lineBody, REQ, REQ_TABLE, requisitionBody, LINE_TABLE } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import type { ResourceContext } from './context';

/**
 * A reference value a save leaves as stored is not checked again (docs/decisions.md, "References
 * left as stored"): neither within the caller's read scope (ResourceContext.scopeFor) nor against
 * reference.filter. A changed or new value is checked as before — header, line, batch row.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('unchanged_references');
});
afterAll(async () => {
  await server?.close();
});

/** A caller who may read neither users 2 and 3 nor categories 2 and 3 (as a supplier may not read users). */
const outside = (key: string): FilterNode => ({
  and: [
    { field: key, op: 'ne', value: 2 },
    { field: key, op: 'ne', value: 3 },
  ],
});
const scoped: ResourceContext = {
  userId: 1,
  language: 'CN',
  vars: { user: { userId: 1 } },
  scopeFor: (target: EntityModel) =>
    target.name === 'baseUsers'
      ? outside('userId')
      : target.name === 'srmBaseCategory'
        ? outside('categoryId')
        : undefined,
};
const header = () => server.kernel.registry.entity('srmPurRequisitionHeader')!;
const resources = () => server.kernel.resources;
/** The record as the edit page has it (findById: every field of header and lines), with `change` applied. */
async function asRead(id: number, change: (record: Row) => void = () => {}): Promise<Row> {
  const record = expectOk(await server.call('srmServer', REQ, 'findById', { id }));
  change(record);
  return record;
}
/** The field errors a scoped service call is refused with (it must be refused with 400). */
async function refusal(call: Promise<unknown>): Promise<{ field: string; message: string }[]> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).httpStatus).toBe(400);
  return (error as ApiError).errors ?? [];
}
const saveScoped = (body: Row) => resources().saveOrUpdate(header(), body, scoped);
const batchScoped = (rows: Row[]) => resources().run('doBatchSaveOrUpdate', header(), { rows }, scoped);
const stored = async (id: number) =>
  (await tableRows(server, REQ_TABLE, 'requisition_header_id', { requisition_header_id: id }))[0];

describe('references outside the caller read scope', () => {
  it('accepts an unchanged header and line reference the caller may not read, and saves the change', async () => {
    const { requisitionHeaderId: id } = await createRequisition(server, { requesterId: 2 });
    const saved = await saveScoped(await asRead(id, (r) => (r.description = 'only the text')));
    expect(saved).toMatchObject({ requesterId: 2, description: 'only the text' });
    expect((saved.lines as Row[]).map((l) => l.categoryId)).toEqual([2]);
    expect((await stored(id)).description).toBe('only the text');
  });

  it('refuses a changed or new value outside the scope with the same error as before', async () => {
    const { requisitionHeaderId: id } = await createRequisition(server, { requesterId: 2 });
    const changed = await refusal(saveScoped(await asRead(id, (r) => (r.requesterId = 3))));
    expect(changed).toEqual([{ field: 'requesterId', message: '"3" 对应的用户不存在' }]);
    const line = await refusal(saveScoped(await asRead(id, (r) => ((r.lines as Row[])[0].categoryId = 3))));
    expect(line).toEqual([{ field: 'lines[0].categoryId', message: '"3" 对应的采购品类不存在' }]);
    const added = await refusal(
      saveScoped(await asRead(id, (r) => (r.lines as Row[]).push(lineBody(2, { categoryId: 2 })))),
    );
    expect(added.map((e) => e.field)).toEqual(['lines[1].categoryId']);
    expect((await stored(id)).version_num).toBe(1);
  });

  it('does the same in a batch: a row with a key keeps its stored references, a changed one is named by row', async () => {
    const { requisitionHeaderId: id } = await createRequisition(server, { requesterId: 2 });
    const saved = await batchScoped([await asRead(id, (r) => (r.description = 'batch text'))]);
    expect((saved.data as Row[])[0]).toMatchObject({ requesterId: 2, description: 'batch text' });
    const refused = await refusal(
      batchScoped([
        requisitionBody({ requesterId: 1 }, [lineBody(1, { categoryId: 1 })]),
        await asRead(id, (r) => (r.requesterId = 3)),
      ]),
    );
    expect(refused).toEqual([{ field: 'rows[1].requesterId', message: '"3" 对应的用户不存在' }]);
    // A new row is still checked up front.
    const fresh = await refusal(batchScoped([requisitionBody({ requesterId: 2 }, [lineBody(1, { categoryId: 1 })])]));
    expect(fresh.map((e) => e.field)).toEqual(['rows[0].requesterId']);
  });
});

describe('references that no longer match the field filter', () => {
  /** A requisition whose requester became a supplier account (5) and whose first line's supplier is disabled (7). */
  async function outdated(): Promise<number> {
    const created = await createRequisition(server, {}, [
      lineBody(1, { suggestedSupplierId: 1 }),
      lineBody(2, { suggestedSupplierId: 1 }),
    ]);
    const id = created.requisitionHeaderId;
    await runSql(server, `UPDATE ${REQ_TABLE} SET requester_id = 5 WHERE requisition_header_id = ?`, [id]);
    await runSql(server, `UPDATE ${LINE_TABLE} SET suggested_supplier_id = 7 WHERE requisition_line_id = ?`, [
      (created.lines as Row[]).find((l) => l.lineNum === 1)!.requisitionLineId as number,
    ]);
    return id;
  }
  const save = (body: Row) => server.call('srmServer', REQ, 'saveOrUpdate', body);
  const lineOf = (record: Row, lineNum: number) => (record.lines as Row[]).find((l) => l.lineNum === lineNum)!;

  it('accepts them unchanged, as the page sends the whole record', async () => {
    const id = await outdated();
    const saved = expectOk(await save(await asRead(id, (r) => (r.description = 'kept references'))));
    expect(saved.requesterId).toBe(5);
    expect(lineOf(saved, 1).suggestedSupplierId).toBe(7);
    const batch = expectOk(
      await server.call('srmServer', REQ, 'doBatchSaveOrUpdate', {
        rows: [await asRead(id, (r) => (r.description = 'kept in a batch'))],
      }),
    );
    expect(batch[0].description).toBe('kept in a batch');
  });

  it('refuses them changed: another failing requester, a line changed to the disabled supplier, a new such line', async () => {
    const id = await outdated();
    expectError(await save(await asRead(id, (r) => (r.requesterId = 6))), 400, ['requesterId']);
    const second = ((await asRead(id)).lines as Row[]).findIndex((l) => l.lineNum === 2);
    expectError(await save(await asRead(id, (r) => (lineOf(r, 2).suggestedSupplierId = 7))), 400, [
      `lines[${second}].suggestedSupplierId`,
    ]);
    expectError(
      await save(await asRead(id, (r) => (r.lines as Row[]).push(lineBody(3, { suggestedSupplierId: 7 })))),
      400,
      ['lines[2].suggestedSupplierId'],
    );
    const batch = await server.call('srmServer', REQ, 'doBatchSaveOrUpdate', {
      rows: [await asRead(id, (r) => (r.requesterId = 6))],
    });
    expectError(batch, 400, ['rows[0].requesterId']);
    expect((await stored(id)).version_num).toBe(1);
  });
});
