import type { EffectDef } from '@meridian/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import { lineBody, requisitionBody } from '../testing/srmFixtures';
import { documentsWithEffects } from '../testing/metadataVariants';
import { startTestServer, type TestServer } from '../testing/testServer';
import { act, actorsOf, draft, statusOf, type Actors } from './approvalFixtures';

/**
 * The createRecord effect through the whole transition: an urgent requisition closed by its buyer
 * is re-ordered as a new requisition of the lines still above 50 (the "document from another with
 * a field map" shape). The effects are added to this server's own requisition lifecycle.
 */
let server: TestServer;
let a: Actors;

const copyLine = {
  lineNum: { field: 'lineNum' },
  itemId: { field: 'itemId' },
  itemCode: { field: 'itemCode' },
  itemName: { field: 'itemName' },
  categoryId: { field: 'categoryId' },
  uomCode: { field: 'uomCode' },
  quantity: { field: 'quantity' },
  estimatedPrice: { field: 'estimatedPrice' },
  needByDate: { field: 'needByDate' },
  remark: { field: 'requisitionNumber' },
};
const reorder: EffectDef = {
  createRecord: {
    entity: 'srmPurRequisitionHeader',
    set: {
      requisitionType: { field: 'requisitionType' },
      orgId: { field: 'orgId' },
      invOrgId: { field: 'invOrgId' },
      requesterId: { field: 'requesterId' },
      requisitionDate: { now: 'date' },
      currencyCode: { field: 'currencyCode' },
      urgentFlag: 'N',
      description: { comment: true },
    },
    lines: { into: 'lines', from: 'lines', set: copyLine, where: { field: 'quantity', op: 'gt', value: 50 } },
    when: { field: 'urgentFlag', op: 'eq', value: 'Y' },
  },
};
// No currency: the generic writer refuses the new record, and with it the whole cancellation.
const refused: EffectDef = {
  createRecord: { entity: 'srmPurRequisitionHeader', set: { requisitionType: 'PRODUCTION', description: 'x' } },
};

beforeAll(async () => {
  const documents = documentsWithEffects('purRequisition', { doClose: [reorder], doCancel: [refused] });
  server = await startTestServer('lifecycle_create_record', {}, { documents });
  a = await actorsOf(server);
}, 300_000);
afterAll(async () => {
  await server?.close();
});

async function approved(urgentFlag: string): Promise<number> {
  const body = requisitionBody({ urgentFlag }, [lineBody(1), lineBody(2, { quantity: '10' }), lineBody(3)]);
  const id = expectOk(await act(a, 'buyer01', 'saveOrUpdate', body)).requisitionHeaderId as number;
  expectOk(await act(a, 'buyer01', 'doSubmit', { id }));
  expectOk(await act(a, 'manager01', 'doApprove', { id }));
  return id;
}

const madeBy = (comment: string) =>
  tableRows(server, 'srm_pur_requisition_header', 'requisition_header_id', { description: comment });
const linesOf = (id: unknown) =>
  tableRows(server, 'srm_pur_requisition_line', 'requisition_line_id', { requisition_header_id: id as number });

describe('createRecord', () => {
  it('creates the record and the matching lines through the writer: number, hooks, the acting user', async () => {
    const id = await approved('Y');
    const source = await statusOf(server, id);
    expect(expectOk(await act(a, 'buyer01', 'doClose', { id, comment: 'reorder A' })).status).toBe('CLOSED');
    const [made] = await madeBy('reorder A');
    expect(made).toMatchObject({ status: 'DRAFT', org_id: 2, currency_code: 'CNY', urgent_flag: 'N', created_by: 2 });
    expect(made.requisition_number).toMatch(/\S/);
    expect(made.requisition_number).not.toBe(source.requisition_number);
    // The requisition hook computed the amounts: 100 × 0.085 twice, the line of 10 left out.
    expect(Number(made.total_amount)).toBe(17);
    const lines = await linesOf(made.requisition_header_id);
    expect(lines.map((l) => [l.line_num, Number(l.quantity), Number(l.amount), l.remark])).toEqual([
      [1, 100, 8.5, source.requisition_number],
      [3, 100, 8.5, source.requisition_number],
    ]);
  });

  it('creates nothing when the record does not match when', async () => {
    const id = await approved('N');
    expectOk(await act(a, 'buyer01', 'doClose', { id, comment: 'reorder B' }));
    expect(await madeBy('reorder B')).toEqual([]);
  });

  it('a record the writer refuses rolls the transition back', async () => {
    const id = await draft(a);
    expectError(await act(a, 'buyer01', 'doCancel', { id }), 400);
    expect((await statusOf(server, id)).status).toBe('DRAFT');
    expect(await madeBy('x')).toEqual([]);
  });
});
