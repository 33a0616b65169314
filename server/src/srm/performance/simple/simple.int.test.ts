import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { sessionHeaders } from '../../../testing/authFixtures';
import { call, RESP, rows, type Body, type ProofUser } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';
import { uploadXlsx } from '../../../testing/sheetUploads';

/**
 * Simple performance records (DOMAIN.md §2.3 "Other Spe records", §14, Flow 4 step 12): dynamic
 * performance data (NEW → RELEASED, remindSupplier, supplier scope), simple evaluations
 * (std-approval, sendSrmSpePerformancePending, to-do handled on open, performanceSimpleList), the
 * line imports (a bad row refuses the file) and doCollect. Demo: seeds/demo/54*.
 */
const p = proofServer('srm_spe_simple', { timeout: 180_000 });

const EXP = 'srmSpeSupplierExpressionHeaderRestful';
const SIMPLE = 'srmSpeSchemeSimpleRestful';
const exp = (
  user: ProofUser,
  action: string,
  body: Body,
  menu = user.startsWith('supplier') ? 'SUP_SPE_EXPRESSION' : 'SPE_EXPRESSION',
) => call(p, user, menu, EXP, action, body);
const simple = (user: ProofUser, action: string, body: Body) =>
  call(p, user, 'SPE_SCHEME_SIMPLE', SIMPLE, action, body);
const head = async (table: string, key: string, id: number) => (await rows(p, table, key, { [key]: id }))[0];
const supplierTodos = (entityName: string, billId: number) =>
  rows(p, 'base_supplier_todo', 'supplier_todo_id', { entity_name: entityName, bill_id: billId });
const line = (extra: Body = {}) => ({
  indicatorsHeadId: 4901,
  eventDate: '2026-11-20',
  eventDesc: '延迟交货 / late',
  value: '-1.50',
  ...extra,
});

describe('dynamic performance data', () => {
  it('new → released (≥ 1 line, stamped), 409 out of state, no edits after release', async () => {
    const empty = expectOk(await exp('buyer01', 'saveOrUpdate', { supplierId: 1, periodName: '2026Q4', lines: [] }));
    expect(empty.expressionNumber).toMatch(/^EXP\d+/);
    expect(empty.status).toBe('NEW');
    expectError(await exp('buyer01', 'doRelease', { id: empty.expressionHeaderId }), 400);
    expectError(await exp('buyer01', 'remindSupplier', { id: empty.expressionHeaderId }), 409);
    const saved = expectOk(
      await exp('buyer01', 'saveOrUpdate', { supplierId: 1, periodName: '2026Q4', lines: [line()] }),
    );
    const id = saved.expressionHeaderId as number;
    expectOk(await exp('buyer01', 'doRelease', { id }));
    const released = await head('srm_spe_supplier_expression_header', 'expression_header_id', id);
    expect(released).toMatchObject({ status: 'RELEASED', released_by: 2 });
    expect(released.release_date).toBeTruthy();
    expectError(await exp('buyer01', 'doRelease', { id }), 409);
    expectError(
      await exp('buyer01', 'saveOrUpdate', {
        expressionHeaderId: id,
        periodName: 'x',
        versionNum: released.version_num,
      }),
      409,
    );
    expectError(await exp('buyer01', 'delete', { id }), 409);
  });

  it('remindSupplier raises one open SRM_SPE_EXPRESSION to-do for the supplier; a second cancels the first; suppliers may not remind', async () => {
    expectOk(await exp('buyer01', 'remindSupplier', { id: 5403 }));
    let todos = await supplierTodos('srmSpeSupplierExpressionHeader', 5403);
    expect(todos).toHaveLength(1);
    expect(todos[0]).toMatchObject({
      bill_type: 'SRM_SPE_EXPRESSION',
      supplier_id: 3,
      menu_code: 'SUP_SPE_EXPRESSION',
      handle_flag: 'N',
      cancel_flag: 'N',
    });
    const second = expectOk(await exp('buyer01', 'remindSupplier', { id: 5403 }));
    todos = await supplierTodos('srmSpeSupplierExpressionHeader', 5403);
    expect(todos.map((t) => t.cancel_flag).sort()).toEqual(['N', 'Y']);
    // The answer names the new to-do (TodoService.open answers its id).
    expect(todos.find((t) => t.cancel_flag === 'N')?.supplier_todo_id).toBe(second.supplierTodoId);
    // Reading the data is the task: opening the demo reminder of supplier01 handles it (supplier02: 404).
    const base = (user: ProofUser, action: string, body: Body) =>
      p.server.call('baseServer', 'baseSupplierTodoRestful', action, body, sessionHeaders(p.sessions[user]));
    expectError(await base('supplier02', 'doHandle', { id: 365003 }), 404);
    expect(expectOk(await base('supplier01', 'doHandle', { id: 365003 }))).toMatchObject({
      billType: 'SRM_SPE_EXPRESSION',
      handleFlag: 'Y',
    });
    expectError(await exp('supplier01', 'remindSupplier', { id: 5401 }), 403);
    expectError(await exp('buyer01', 'remindSupplier', { id: 999999 }), 404);
    expect((await head('srm_spe_supplier_expression_header', 'expression_header_id', 5403)).remind_date).toBeTruthy();
  });

  it('a supplier sees only its own released expressions', async () => {
    const mine = expectOk(await exp('supplier01', 'listByPage', { pageIndex: 1, pageRows: 500 })) as Body[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.supplierId === 1 && r.status === 'RELEASED')).toBe(true);
    expect(mine.map((r) => r.expressionHeaderId)).toContain(5401);
    expectError(await exp('supplier01', 'findById', { id: 5403 }), 404);
    expectError(await exp('supplier01', 'findById', { id: 5402 }), 404);
    const other = expectOk(await exp('supplier02', 'listByPage', { pageIndex: 1, pageRows: 500 })) as Body[];
    expect(other.map((r) => r.expressionHeaderId)).not.toContain(5401);
    const draft = expectOk(
      await exp('buyer01', 'saveOrUpdate', { supplierId: 1, periodName: '2026Q4', lines: [line()] }),
    );
    expectError(await exp('supplier01', 'findById', { id: draft.expressionHeaderId }), 404);
    expectError(await exp('supplier01', 'saveOrUpdate', { supplierId: 1, periodName: 'x', lines: [] }), 403);
  });

  it('doImportSupplierExpression appends good files; any bad row refuses the whole file, naming the rows', async () => {
    const draft = expectOk(
      await exp('buyer01', 'saveOrUpdate', { supplierId: 1, periodName: '2026Q4', lines: [line()] }),
    );
    const id = String(draft.expressionHeaderId);
    const go = (sheet: unknown[][]) =>
      uploadXlsx(p, 'buyer01', 'SPE_EXPRESSION', EXP, 'doImportSupplierExpression', sheet, { expressionHeaderId: id });
    const refused = await go([
      ['考评指标', '事件日期', '事件描述', '分值'],
      ['交货准时率', '2026-11-21', '好 / fine', 2],
      ['不存在的指标', '2026-11-22', 'x', 1],
      ['4902', '2026-11-23', 'y', 500],
    ]);
    expectError(refused, 400);
    expect(JSON.stringify(refused.body)).toMatch(/row 3/);
    expect(JSON.stringify(refused.body)).toMatch(/row 4/);
    expect(
      await rows(p, 'srm_spe_supplier_expression_line', 'expression_line_id', { expression_header_id: Number(id) }),
    ).toHaveLength(1);
    const ok = expectOk(
      await go([
        ['indicatorsHeadId', 'eventDate', 'eventDesc', 'value'],
        [4902, '2026-11-21', '不良 / defect', -3],
        ['服务响应', '2026-11-22', '响应快 / quick', 1],
      ]),
    );
    expect(ok.lines).toHaveLength(3);
    expect(ok.lines[1]).toMatchObject({ indicatorsHeadId: 4902, value: '-3.00' });
    expectError(await go([['nothing'], ['x']]), 400);
    expectOk(await exp('buyer01', 'doRelease', { id: Number(id) }));
    expectError(
      await go([
        ['indicatorsHeadId', 'eventDate', 'eventDesc', 'value'],
        [4902, '2026-11-21', 'z', 1],
      ]),
      409,
    );
    expectError(
      await uploadXlsx(p, 'supplier01', 'SUP_SPE_EXPRESSION', EXP, 'doImportSupplierExpression', [['value'], [1]], {
        expressionHeaderId: id,
      }),
      403,
    );
  });
});

const simpleBody = (
  lines: Body[] = [
    { supplierId: 1, score: '88.00', gradeCode: 'B' },
    { supplierId: 2, score: '70.00' },
  ],
) => ({
  schemeName: '测试简易考评 / test',
  periodName: '2026-12',
  orgId: 2,
  lines,
});

describe('simple evaluations', () => {
  it('std approval: ≥ 1 line, scores 0..100, no self-approval (403), 409 out of state', async () => {
    expectError(await simple('buyer01', 'saveOrUpdate', simpleBody([{ supplierId: 1, score: '100.50' }])), 400);
    const empty = expectOk(await simple('buyer01', 'saveOrUpdate', simpleBody([])));
    expectError(await simple('buyer01', 'doSubmit', { id: empty.schemeSimpleId }), 400);
    const id = expectOk(await simple('admin', 'saveOrUpdate', simpleBody())).schemeSimpleId as number;
    expectError(await simple('admin', 'sendSrmSpePerformancePending', { id }), 409);
    expectOk(await simple('admin', 'doSubmit', { id }));
    expectError(await simple('admin', 'doApproval', { id }), 403);
    expectOk(await simple('manager01', 'doApproval', { id }));
    expect((await head('srm_spe_scheme_simple', 'scheme_simple_id', id)).status).toBe('APPROVED');
    expectError(await simple('manager01', 'doApprove', { id }), 409);
  });

  it('sendSrmSpePerformancePending: one PERFORMANCE_SIMPLE to-do per supplier, never twice; opening it handles it without a menu', async () => {
    const id = expectOk(await simple('buyer01', 'saveOrUpdate', simpleBody())).schemeSimpleId as number;
    expectOk(await simple('buyer01', 'doSubmit', { id }));
    expectOk(await simple('manager01', 'doApproval', { id }));
    expectError(await simple('supplier01', 'sendSrmSpePerformancePending', { id }), 403);
    expect(expectOk(await simple('buyer01', 'sendSrmSpePerformancePending', { id }))).toMatchObject({
      created: 2,
      skipped: 0,
    });
    expect(expectOk(await simple('buyer01', 'sendSrmSpePerformancePending', { id }))).toMatchObject({
      created: 0,
      skipped: 2,
    });
    const todos = await supplierTodos('srmSpeSchemeSimple', id);
    expect(todos.map((t) => t.supplier_id).sort()).toEqual([1, 2]);
    expect(todos.every((t) => t.bill_type === 'PERFORMANCE_SIMPLE' && !t.menu_code && t.handle_flag === 'N')).toBe(
      true,
    );
    const mine = todos.find((t) => t.supplier_id === 1)!;
    const base = (user: ProofUser, action: string, body: Body) =>
      p.server.call('baseServer', 'baseSupplierTodoRestful', action, body, sessionHeaders(p.sessions[user]));
    expectError(await base('supplier02', 'doHandle', { id: mine.supplier_todo_id }), 404);
    const handled = expectOk(await base('supplier01', 'doHandle', { id: mine.supplier_todo_id }));
    expect(handled).toMatchObject({ handleFlag: 'Y', handleUserId: 5 });
    const done = expectOk(await base('supplier01', 'findMyTodo', { handleFlag: 'Y' })) as Body[];
    expect(done.map((r) => r.supplierTodoId)).toContain(mine.supplier_todo_id);
    // Handled, the supplier may be told again; the open one of supplier02 still blocks a duplicate.
    expect(expectOk(await simple('buyer01', 'sendSrmSpePerformancePending', { id }))).toMatchObject({
      created: 1,
      skipped: 1,
    });
  });

  it('performanceSimpleList: suppliers see only their own lines of notified approved evaluations', async () => {
    const list = (user: ProofUser, body: Body = {}) =>
      p.server.call(
        'srmServer',
        'srmSpePerformanceSimpleRestful',
        'performanceSimpleList',
        { pageIndex: 1, pageRows: 500, ...body },
        sessionHeaders(p.sessions[user], RESP[user]),
      );
    const own = expectOk(await list('supplier01', { supplierId: 2 })) as Body[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.supplierId === 1)).toBe(true);
    expect(own.map((r) => r.performanceSimpleId)).toContain(5401);
    expect(own.map((r) => r.performanceSimpleId)).not.toContain(5403);
    const theirs = expectOk(await list('supplier02')) as Body[];
    expect(theirs.map((r) => r.performanceSimpleId)).toContain(5402);
    expect(theirs.every((r) => r.supplierId === 2)).toBe(true);
    const inside = expectOk(
      await call(p, 'buyer01', 'SPE_SCHEME_SIMPLE', 'srmSpePerformanceSimpleRestful', 'performanceSimpleList', {
        schemeSimpleId: 5402,
        pageIndex: 1,
        pageRows: 50,
      }),
    ) as Body[];
    expect(inside.map((r) => r.performanceSimpleId)).toEqual([5403]);
    expectError(await list('supplier01', { pageRows: 501 }), 400);
  });

  it('doImportPerformanceSimple: a bad row refuses the file; good rows are appended', async () => {
    const id = String(
      expectOk(await simple('buyer01', 'saveOrUpdate', simpleBody([{ supplierId: 1, score: '60' }]))).schemeSimpleId,
    );
    const go = (sheet: unknown[][]) =>
      uploadXlsx(p, 'buyer01', 'SPE_SCHEME_SIMPLE', SIMPLE, 'doImportPerformanceSimple', sheet, { schemeSimpleId: id });
    const bad = await go([
      ['供应商', '得分', '等级', '评语'],
      [2, 150, 'A', 'x'],
      [3, 80, 'B', 'ok'],
    ]);
    expectError(bad, 400);
    expect(JSON.stringify(bad.body)).toMatch(/row 2/);
    expect(
      await rows(p, 'srm_spe_performance_simple', 'performance_simple_id', { scheme_simple_id: Number(id) }),
    ).toHaveLength(1);
    const ok = expectOk(
      await go([
        ['supplierId', 'score', 'gradeCode', 'comment'],
        [2, 75.5, 'C', '一般 / fair'],
        [3, 91, 'A', ''],
      ]),
    );
    expect(ok.lines.map((l: Body) => [l.supplierId, l.score, l.gradeCode])).toEqual([
      [1, '60.00', null],
      [2, '75.50', 'C'],
      [3, '91.00', 'A'],
    ]);
  });
});

describe('annual summary', () => {
  const collect = (user: ProofUser, body: Body) =>
    call(p, user, 'SPE_PERFORMANCE_COLLECT', 'srmSpePerformanceCollectRestful', 'doCollect', body);
  it('averages the final results of the year per supplier, grades by the latest scheme, replacing the year', async () => {
    expectError(await collect('buyer01', { year: '25' }), 400);
    expectError(await collect('supplier01', { year: 2025 }), 403);
    expect(expectOk(await collect('buyer01', { year: '2025' }))).toMatchObject({
      year: 2025,
      suppliers: 2,
      results: 4,
    });
    expect(expectOk(await collect('buyer01', { year: 2025 }))).toMatchObject({ suppliers: 2 });
    const summary = await rows(p, 'srm_spe_performance_collect', 'performance_collect_id', { year: 2025 });
    expect(summary.map((r) => [r.supplier_id, String(r.average_score), r.final_grade])).toEqual([
      [1, '88.75', 'B'],
      [3, '82.75', 'B'],
    ]);
    const detail = expectOk(
      await call(p, 'buyer01', 'SPE_PERFORMANCE_COLLECT', 'srmSpePerformanceCollectRestful', 'findById', {
        id: summary[0].performance_collect_id,
      }),
    );
    expect(detail.schemeIds).toEqual([5401, 5402]);
    expect(detail.results.map((r: Body) => r.performanceId)).toEqual([5401, 5402]);
    expect(expectOk(await collect('buyer01', { year: 2031 }))).toMatchObject({ suppliers: 0, results: 0 });
  });
});
