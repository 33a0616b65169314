import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { todosOf } from '../../../testing/proofFixtures';
import { act, draftOf, excludeBody, rowOf } from './adjustFixtures';
import { MetaSql } from '../../../access/metaSql';
import { approvedExclusions } from './adjustRules';
import { proofServer } from '../../../testing/proofServer';

/**
 * Exclusion bills (DOMAIN.md §2.2, std-approval lifecycle speExclude): doSubmit (≥ 1 line, else
 * 400), doApprove alias doApproval, doReject; the submitter may not approve (403); excludeList
 * (srmSpeExcludeLine with grid.filter parent status APPROVED) and approvedExclusions read APPROVED
 * bills only. Demo: 5101 APPROVED (supplier02's late PO line, ECN), 5102 DRAFT.
 */
const p = proofServer('srm_spe_exclude', { timeout: 180_000 });

const APPROVED_LINES = { parent: { field: 'status', op: 'eq', value: 'APPROVED' } };
const excludeListIds = async () => {
  const page = expectOk(
    await act(p, 'buyer01', 'excludeLine', 'listByPage', { filter: APPROVED_LINES, pageIndex: 1, pageRows: 500 }),
  );
  return page.map((r: { excludeLineId: number }) => r.excludeLineId) as number[];
};
const linesOf = async (headerId: number) =>
  (expectOk(await act(p, 'buyer01', 'exclude', 'findById', { id: headerId })).lines as { excludeLineId: number }[]).map(
    (l) => l.excludeLineId,
  );

describe('exclusion bills', () => {
  it('the demo bills are there, numbered', async () => {
    expect(await rowOf(p, 'exclude', 5101)).toMatchObject({ status: 'APPROVED', supplier_id: 2 });
    expect(await rowOf(p, 'exclude', 5102)).toMatchObject({ status: 'DRAFT', supplier_id: 2 });
    const id = await draftOf(p, 'exclude', excludeBody());
    expect(String((await rowOf(p, 'exclude', id)).exclude_number)).toMatch(/^EXC\d+/);
  });

  it('submit → approve (doApproval), with its to-do; 409 out of state; edits and delete refused after submit', async () => {
    const id = await draftOf(p, 'exclude', excludeBody());
    expectError(await act(p, 'manager01', 'exclude', 'doApproval', { id }), 409);
    expectError(await act(p, 'manager01', 'exclude', 'doReject', { id, comment: 'x' }), 409);
    expectOk(await act(p, 'buyer01', 'exclude', 'doSubmit', { id }));
    const submitted = await rowOf(p, 'exclude', id);
    expect(submitted.status).toBe('SUBMITTED');
    expect((await todosOf(p, 'srmSpeExcludeHeader', id)).length).toBeGreaterThan(0);
    expectError(await act(p, 'buyer01', 'exclude', 'doSubmit', { id }), 409);
    expectError(
      await act(p, 'buyer01', 'exclude', 'saveOrUpdate', {
        excludeHeaderId: id,
        description: 'x',
        versionNum: submitted.version_num,
      }),
      409,
    );
    expectError(await act(p, 'buyer01', 'exclude', 'delete', { id }), 409);
    expectError(await act(p, 'buyer01', 'exclude', 'doApproval', { id }), 403);
    expectOk(await act(p, 'manager01', 'exclude', 'doApproval', { id }));
    expect((await rowOf(p, 'exclude', id)).status).toBe('APPROVED');
    expectError(await act(p, 'manager01', 'exclude', 'doApprove', { id }), 409);
    expectError(await act(p, 'manager01', 'exclude', 'doReject', { id, comment: 'x' }), 409);
    expectError(await act(p, 'buyer01', 'exclude', 'doSubmit', { id }), 409);
  });

  it('the submitter may not approve (403); reject needs a comment; rejected → submitted again', async () => {
    const id = await draftOf(p, 'exclude', excludeBody(), 'admin');
    expectOk(await act(p, 'admin', 'exclude', 'doSubmit', { id }));
    expectError(await act(p, 'admin', 'exclude', 'doApproval', { id }), 403);
    expectError(await act(p, 'admin', 'exclude', 'doApprove', { id }), 403);
    expect((await rowOf(p, 'exclude', id)).status).toBe('SUBMITTED');
    expectError(await act(p, 'manager01', 'exclude', 'doReject', { id }), 400);
    expectOk(await act(p, 'manager01', 'exclude', 'doReject', { id, comment: '请补充 ECN 编号' }));
    expect((await rowOf(p, 'exclude', id)).status).toBe('REJECTED');
    expectOk(await act(p, 'admin', 'exclude', 'doSubmit', { id }));
    expect((await rowOf(p, 'exclude', id)).status).toBe('SUBMITTED');
  });

  it('refuses a bill without lines on submit, and a line without document type or number (400)', async () => {
    const empty = await draftOf(p, 'exclude', excludeBody([]));
    const answer = await act(p, 'buyer01', 'exclude', 'doSubmit', { id: empty });
    expectError(answer, 400);
    expect(answer.body.msg).toBe('Add at least one document line to the exclusion bill');
    expect((await rowOf(p, 'exclude', empty)).status).toBe('DRAFT');
    expectError(await act(p, 'buyer01', 'exclude', 'saveOrUpdate', excludeBody([{ docType: 'PO_LINE' }])), 400);
    expectError(await act(p, 'buyer01', 'exclude', 'saveOrUpdate', excludeBody([{ docNumber: 'PO1' }])), 400);
    const { excludeReason: _omit, ...noReason } = excludeBody();
    expectError(await act(p, 'buyer01', 'exclude', 'saveOrUpdate', noReason), 400);
  });

  it("a line's document number names a document of its type and the bill's supplier (numberOf), else 400 on the line", async () => {
    const refused = async (lines: Record<string, unknown>[]) =>
      expectError(await act(p, 'buyer01', 'exclude', 'saveOrUpdate', excludeBody(lines)), 400, ['lines[0].docNumber']);
    await refused([{ docType: 'PO_LINE', docNumber: 'PO209912310001' }]);
    // Supplier 1's order, on a bill of supplier 2; supplier 2's order named as a receipt.
    await refused([{ docType: 'PO_LINE', docNumber: 'PO202611210001' }]);
    await refused([{ docType: 'RECEIPT', docNumber: 'PO202611190001' }]);
    const id = await draftOf(
      p,
      'exclude',
      excludeBody([
        { docType: 'RECEIPT', docNumber: 'RCV202611189303' },
        { docType: 'DELIVERY_NOTE', docNumber: 'DN202611159204' },
        // No inspection documents in the application yet: not checked.
        { docType: 'INSPECTION', docNumber: 'IQC-ANY-1' },
      ]),
    );
    // Moving the bill to another supplier checks the lines it saves again (the edit page sends them all).
    const saved = expectOk(await act(p, 'buyer01', 'exclude', 'findById', { id }));
    const moved = await act(p, 'buyer01', 'exclude', 'saveOrUpdate', { ...saved, supplierId: 1 });
    expectError(moved, 400, ['lines[0].docNumber', 'lines[1].docNumber']);
    expect((await rowOf(p, 'exclude', id)).supplier_id).toBe(2);
  });

  it('excludeList and approvedExclusions show the lines of APPROVED bills only', async () => {
    const before = await excludeListIds();
    expect(before).toContain(5101);
    expect(before).not.toContain(5102);
    const id = await draftOf(p, 'exclude', excludeBody());
    const [line] = await linesOf(id);
    expect(await excludeListIds()).not.toContain(line);
    expectOk(await act(p, 'buyer01', 'exclude', 'doSubmit', { id }));
    expect(await excludeListIds()).not.toContain(line);
    expectOk(await act(p, 'manager01', 'exclude', 'doApproval', { id }));
    expect(await excludeListIds()).toContain(line);
    const sql = new MetaSql(p.server.kernel.registry, p.server.kernel.db.dialect);
    const found = await p.server.kernel.db.transaction((tx) => approvedExclusions(sql, tx, 2));
    expect(found.map((e) => e.excludeLineId)).toEqual(expect.arrayContaining([5101, line]));
    expect(found.map((e) => e.excludeLineId)).not.toContain(5102);
    expect(found.find((e) => e.excludeLineId === 5101)).toMatchObject({
      docType: 'PO_LINE',
      docLineNum: 1,
      indicatorsHeadId: 4901,
    });
  });
});

describe('suppliers', () => {
  it('get 403 or 404 on the bills and the exclusion list', async () => {
    for (const [doc, action, body] of [
      ['exclude', 'listByPage', { pageIndex: 1, pageRows: 10 }],
      ['exclude', 'findById', { id: 5101 }],
      ['exclude', 'saveOrUpdate', excludeBody()],
      ['exclude', 'doSubmit', { id: 5102 }],
      ['exclude', 'doApproval', { id: 5102 }],
      ['exclude', 'doReject', { id: 5102, comment: 'x' }],
      ['exclude', 'delete', { id: 5102 }],
      ['excludeLine', 'listByPage', { pageIndex: 1, pageRows: 10 }],
    ] as ['exclude' | 'excludeLine', string, Record<string, unknown>][]) {
      const answer = await act(p, 'supplier01', doc, action, body);
      expect([action, [403, 404].includes(answer.status)]).toEqual([action, true]);
    }
    expect((await rowOf(p, 'exclude', 5102)).status).toBe('DRAFT');
  });
});
