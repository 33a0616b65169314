import { describe, expect, it } from 'vitest';
import { systemContext } from '../../../resource/context';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, runSql, sessionHeaders } from '../../../testing/authFixtures';
import { signedHeaders } from '../../../testing/signedHeaders';
import { formatDateTime } from '../../../util/time';
import { call, RESP, rows, setState, todosOf, type Body, type ProofUser } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * Evaluation schemes (lifecycle speScheme): submit / approve / reject with their checks, the score
 * sheets the approval creates, doAdjustScoreEndDate, the system indicators from the seeded receipts
 * (with an approved exclusion), the calculation into srmSpePerformance (manual score, grade, rank),
 * the last two sheets approved at once, and that suppliers reach none of it.
 * Demo data: template 4901 (D01 0.30 SYSTEM delivery, Q01 0.35 SYSTEM reject, C01 0.20, S01 0.15;
 * persons buyer01 on D01/C01/S01, qe01 on Q01), setting 4901 (A ≥ 90, B ≥ 80, C ≥ 60, D), receipts
 * of suppliers 1 and 2 in November 2026 (orders promised 2026-12-10 / 2026-12-05).
 */
const p = proofServer('srm_spe_scheme');

const RES = 'srmSpeSchemeRestful';
const act = (user: ProofUser, action: string, body: Body) => call(p, user, 'SPE_SCHEME', RES, action, body);
const sheetAct = (user: ProofUser, action: string, body: Body) =>
  call(p, user, 'SPE_SCHEME_SCORE', 'srmSpeSchemeScoreRestful', action, body);
const schemeRow = async (id: number) => (await rows(p, 'srm_spe_scheme', 'scheme_id', { scheme_id: id }))[0];
const sheetsOf = (schemeId: number) => rows(p, 'srm_spe_scheme_score', 'scheme_score_id', { scheme_id: schemeId });
const linesOf = (sheetId: number) =>
  rows(p, 'srm_spe_supplier_score', 'supplier_score_id', { scheme_score_id: sheetId });

const header = (over: Body = {}): Body => ({
  schemeName: 'test scheme',
  orgId: 2,
  templateHeadId: 4901,
  settingHeadId: 4901,
  evaluationCycle: 'QUARTER',
  periodName: '2026Q4',
  periodStart: '2026-11-01',
  periodEnd: '2026-12-31',
  scoreStartDate: '2026-01-05',
  scoreEndDate: '2099-01-15',
  suppliers: [{ supplierId: 1 }, { supplierId: 2 }],
  ...over,
});

async function draft(over: Body = {}): Promise<number> {
  return expectOk(await act('buyer01', 'saveOrUpdate', header(over))).schemeId as number;
}

async function scoring(over: Body = {}): Promise<number> {
  const id = await draft(over);
  expectOk(await act('buyer01', 'submitScheme', { id }));
  expectOk(await act('manager01', 'approvalScheme', { id, comment: 'ok' }));
  return id;
}

describe('lifecycle', () => {
  it('a new scheme is DRAFT; submit needs suppliers, approved template and setting, ordered periods (400)', async () => {
    const empty = await draft({ suppliers: [] });
    expect((await schemeRow(empty)).status).toBe('DRAFT');
    expectError(await act('buyer01', 'submitScheme', { id: empty }), 400, ['suppliers']);
    // The template was approved when chosen (the picker offers APPROVED ones only) and is no longer.
    const stale = await draft();
    await runSql(p.server, 'UPDATE srm_spe_scheme SET template_head_id = 4902 WHERE scheme_id = ?', [stale]);
    expectError(await act('buyer01', 'submitScheme', { id: stale }), 400, ['templateHeadId']);
    expectError(
      await act('buyer01', 'submitScheme', { id: await draft({ periodStart: '2027-01-01', periodEnd: '2026-12-31' }) }),
      400,
      ['periodEnd'],
    );
    expectError(
      await act('buyer01', 'submitScheme', {
        id: await draft({ scoreStartDate: '2027-02-01', scoreEndDate: '2027-01-01' }),
      }),
      400,
      ['scoreEndDate'],
    );
  });

  it('submit → approval to-do; the buyer holds no approve button (403); self-approval is refused (403); reject needs a comment; illegal moves 409', async () => {
    const id = await draft();
    expectError(await act('manager01', 'approvalScheme', { id }), 409);
    expectOk(await act('buyer01', 'submitScheme', { id }));
    expect((await schemeRow(id)).status).toBe('SUBMITTED');
    expect((await todosOf(p, 'srmSpeScheme', id)).map((t) => [t.assignee_user_id, t.handle_flag])).toEqual([[3, 'N']]);
    expectError(await act('buyer01', 'approvalScheme', { id }), 403);
    expectError(await act('manager01', 'rejectScheme', { id }), 400, ['comment']);
    expectOk(await act('manager01', 'rejectScheme', { id, comment: 'dates' }));
    expect((await schemeRow(id)).status).toBe('REJECTED');
    expectError(await act('manager01', 'rejectScheme', { id, comment: 'again' }), 409);
    const own = expectOk(await act('admin', 'saveOrUpdate', header())).schemeId as number;
    expectOk(await act('admin', 'submitScheme', { id: own }));
    expectError(await act('admin', 'approvalScheme', { id: own }), 403);
    expect((await schemeRow(own)).status).toBe('SUBMITTED');
  });

  it('approval → SCORING with one PENDING sheet per scorer, a line per supplier × their indicators, and a to-do each', async () => {
    const id = await scoring();
    expect((await schemeRow(id)).status).toBe('SCORING');
    const sheets = await sheetsOf(id);
    expect(sheets.map((s) => [s.scorer_user_id, s.dept_id, s.score_status])).toEqual([
      [2, 8, 'PENDING'],
      [4, 9, 'PENDING'],
    ]);
    const lines = (await linesOf(Number(sheets[0].scheme_score_id))).map((l) => [l.supplier_id, l.indicators_head_id]);
    expect(lines.sort()).toEqual(
      [
        [1, 4901],
        [1, 4903],
        [1, 4904],
        [2, 4901],
        [2, 4903],
        [2, 4904],
      ].sort(),
    );
    expect(
      (await linesOf(Number(sheets[1].scheme_score_id))).map((l) => [l.supplier_id, l.indicators_head_id]),
    ).toEqual([
      [1, 4902],
      [2, 4902],
    ]);
    for (const s of sheets) {
      const todos = await todosOf(p, 'srmSpeSchemeScore', Number(s.scheme_score_id));
      expect(todos.map((t) => [t.assignee_user_id, t.bill_type, t.handle_flag])).toEqual([
        [s.scorer_user_id, 'SPE_SCHEME_SCORE', 'N'],
      ]);
    }
    expectError(await act('buyer01', 'submitScheme', { id }), 409);
    // The scheme shows its sheets as read-only lines.
    const scheme = expectOk(await act('buyer01', 'findById', { id }));
    expect((scheme.sheets as Body[]).map((x) => [x.scorerUserId, x.scoreStatus])).toEqual([
      [2, 'PENDING'],
      [4, 'PENDING'],
    ]);
  });

  it('doAdjustScoreEndDate: bad date 400, before today or the start 409, only while SCORING 409', async () => {
    const id = await scoring();
    expectError(await act('buyer01', 'doAdjustScoreEndDate', { id, scoreEndDate: '15/01/2099' }), 400, [
      'scoreEndDate',
    ]);
    expectError(await act('buyer01', 'doAdjustScoreEndDate', { id, scoreEndDate: '2020-01-01' }), 409);
    expectOk(await act('buyer01', 'doAdjustScoreEndDate', { id, scoreEndDate: '2099-03-31' }));
    expect(String((await schemeRow(id)).score_end_date).slice(0, 10)).toBe('2099-03-31');
    const other = await draft();
    expectError(await act('buyer01', 'doAdjustScoreEndDate', { id: other, scoreEndDate: '2099-03-31' }), 409);
  });
});

let receiptSeq = 0;
async function receipt(values: Body): Promise<string> {
  receiptSeq += 1;
  const transactionNumber = `RCV-T${receiptSeq}`;
  const model = p.server.kernel.registry.entity('srmPurReceiptTransaction')!;
  const id = await p.server.kernel.db.transaction((tx) =>
    p.server.kernel.resources.writer.insert(
      tx,
      model,
      { transactionNumber, transactionType: 'RECEIVE', orderHeaderId: 9001, supplierId: 1, itemId: 1, ...values },
      systemContext(),
    ),
  );
  expect(id).toBeGreaterThan(0);
  return transactionNumber;
}

async function approvedExclusion(schemeId: number, docNumber: string): Promise<void> {
  const head = p.server.kernel.registry.entity('srmSpeExcludeHeader')!;
  const line = p.server.kernel.registry.entity('srmSpeExcludeLine')!;
  await p.server.kernel.db.transaction(async (tx) => {
    const id = await p.server.kernel.resources.writer.insert(
      tx,
      head,
      { supplierId: 1, schemeId, excludeReason: 'DEMAND_CHANGE', status: 'APPROVED' },
      systemContext(),
    );
    await p.server.kernel.resources.writer.insert(
      tx,
      line,
      { excludeHeaderId: id, docType: 'RECEIPT', docNumber },
      systemContext(),
    );
  });
}

describe('system indicators and the calculation', () => {
  it('delivery and reject rates from the receipts (an excluded receipt left out), snapshots replaced by a re-run, then the calculation with a manual score, grade and rank', async () => {
    const id = await scoring();
    // Supplier 1: 9980 + 2000 on time (demo), 400 late and rejected, 500 late but excluded.
    await receipt({ orderLineId: 90001, quantity: '400', transactionDate: '2026-12-15', inspectResult: 'FAIL' });
    const excluded = await receipt({
      orderLineId: 90002,
      quantity: '500',
      transactionDate: '2026-12-20',
      inspectResult: 'PASS',
    });
    await approvedExclusion(id, excluded);

    const delivery = expectOk(await act('buyer01', 'doDelayRateFromErp', { id })) as Body[];
    const d1 = delivery.find((s) => s.supplierId === 1)!;
    expect(d1).toMatchObject({
      rateValue: '96.7690',
      numerator: '11980.0000',
      denominator: '12380.0000',
      score: '90.00',
    });
    expect(d1.excludedNumbers).toBe(excluded);
    expect(String(d1.documentNumbers).split(',')).toHaveLength(3);
    expect(delivery.find((s) => s.supplierId === 2)).toMatchObject({ rateValue: '100.0000', score: '100.00' });
    const reject = expectOk(await act('buyer01', 'doRejectRateFromMess', { id })) as Body[];
    expect(reject.find((s) => s.supplierId === 1)).toMatchObject({ rateValue: '3.2310', score: '50.00' });
    expect(reject.find((s) => s.supplierId === 2)).toMatchObject({ rateValue: '0.0000', score: '100.00' });
    // A re-run keeps the earlier snapshot, not current.
    expectOk(await act('buyer01', 'doDelayRateFromErp', { id }));
    const snaps = await rows(p, 'srm_spe_indicator_snapshot', 'snapshot_id', {
      scheme_id: id,
      supplier_id: 1,
      indicators_head_id: 4901,
    });
    expect(snaps.map((s) => [s.run_no, s.current_flag, s.source_name])).toEqual([
      [1, 'N', 'LOCAL_RECEIPTS'],
      [2, 'Y', 'LOCAL_RECEIPTS'],
    ]);

    const [buyerSheet, qeSheet] = (await sheetsOf(id)).map((s) => Number(s.scheme_score_id));
    const qeLines = await linesOf(qeSheet);
    expect(
      qeLines.map((l) => [l.supplier_id, Number(l.actual_value), Number(l.score), Number(l.weighted_score)]),
    ).toEqual([
      [1, 3.231, 50, 17.5],
      [2, 0, 100, 35],
    ]);

    // buyer01 scores C01 and S01 of their own sheet; a save by another user is refused (403).
    const sheet = expectOk(await sheetAct('buyer01', 'findById', { id: buyerSheet }));
    const scores = (sheet.supplierScores as Body[]).map((l) =>
      l.indicatorsHeadId === 4901 ? l : { ...l, score: l.supplierId === 1 ? '80.00' : '90.00' },
    );
    expectError(await sheetAct('admin', 'saveOrUpdate', { ...sheet, supplierScores: scores }), 403);
    expectError(
      await sheetAct('buyer01', 'saveOrUpdate', {
        ...sheet,
        supplierScores: scores.map((l) => ({ ...l, score: '120' })),
      }),
      400,
    );
    expectOk(await sheetAct('buyer01', 'saveOrUpdate', { ...sheet, supplierScores: scores }));
    const saved = await linesOf(buyerSheet);
    expect((await sheetsOf(id))[0].score_status).toBe('SCORING');
    expect(
      saved.map((l) => [l.supplier_id, l.indicators_head_id, Number(l.score), Number(l.weighted_score)]).sort(),
    ).toEqual(
      [
        [1, 4901, 90, 27],
        [1, 4903, 80, 16],
        [1, 4904, 80, 12],
        [2, 4901, 100, 30],
        [2, 4903, 90, 18],
        [2, 4904, 90, 13.5],
      ].sort(),
    );

    // A VALID manual bonus counts; a NEW deduction does not.
    const manual = p.server.kernel.registry.entity('srmSpeManualScore')!;
    await p.server.kernel.db.transaction(async (tx) => {
      for (const [score, status] of [
        ['5.00', 'VALID'],
        ['-10.00', 'NEW'],
      ])
        await p.server.kernel.resources.writer.insert(
          tx,
          manual,
          {
            supplierId: 1,
            schemeId: id,
            scoreType: score.startsWith('-') ? 'DEDUCTION' : 'BONUS',
            score,
            reason: 'test',
            status,
          },
          systemContext(),
        );
    });

    expectOk(await sheetAct('buyer01', 'submitSchemeScore', { id: buyerSheet }));
    expect((await todosOf(p, 'srmSpeSchemeScore', buyerSheet)).find((t) => t.assignee_user_id === 2)?.handle_flag).toBe(
      'Y',
    );
    await setState(p, 'srm_spe_scheme_score', 'score_status', 'scheme_score_id', qeSheet, 'SUBMITTED');
    expectOk(await sheetAct('manager01', 'approvalSchemeScore', { id: buyerSheet }));
    expect((await schemeRow(id)).status).toBe('SCORING');
    expect(await rows(p, 'srm_spe_performance', 'performance_id', { scheme_id: id })).toEqual([]);
    expectOk(await sheetAct('manager01', 'approvalSchemeScore', { id: qeSheet }));
    expect((await schemeRow(id)).status).toBe('CALCULATED');
    expect(Number((await schemeRow(id)).result_count)).toBe(2);
    const results = await rows(p, 'srm_spe_performance', 'performance_id', { scheme_id: id });
    expect(
      results.map((r) => [r.supplier_id, Number(r.total_score), r.grade_code, r.rank_num, r.status, r.period_name]),
    ).toEqual([
      [1, 77.5, 'C', 2, 'UNRELEASED', '2026Q4'],
      [2, 96.5, 'A', 1, 'UNRELEASED', '2026Q4'],
    ]);
    // Each result carries its breakdown: the template's indicators, then the manual adjustments.
    expect(results.map((r) => Number(r.manual_score))).toEqual([5, 0]);
    for (const r of results) {
      const lines = await rows(p, 'srm_spe_performance_score', 'performance_score_id', {
        performance_id: Number(r.performance_id),
      });
      expect(lines.map((l) => Number(l.indicators_head_id)).sort()).toEqual([4901, 4902, 4903, 4904]);
      const weightedSum = lines.reduce((s, l) => s + Number(l.weighted_score ?? 0), 0);
      expect(weightedSum + Number(r.manual_score)).toBeCloseTo(Number(r.total_score), 2);
    }
    const supplier1 = await rows(p, 'srm_spe_performance_score', 'performance_score_id', {
      performance_id: Number(results[0].performance_id),
    });
    expect(Number(supplier1.find((l) => Number(l.indicators_head_id) === 4901)!.weighted_score)).toBe(27);
    // The figures cannot be fetched again once the scheme is calculated.
    expectError(await act('buyer01', 'doDelayRateFromErp', { id }), 409);
  });

  it('doExportSupplierScore answers the scheme score lines as .xlsx', async () => {
    const id = await scoring();
    const session = p.sessions.buyer01;
    const res = await fetch(`${p.server.baseUrl}/api/srmServer/v1/${RES}/doExportSupplierScore`, {
      method: 'POST',
      headers: {
        ...signedHeaders(),
        ...sessionHeaders(session, RESP.buyer01, await menuId(p.server, 'SPE_SCHEME')),
      },
      body: JSON.stringify({ id }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('findPageListBySchemeScoreId pages one sheet’s lines ordered by supplier and indicator', async () => {
    const id = await scoring();
    const [sheet] = await sheetsOf(id);
    const answer = await call(
      p,
      'buyer01',
      'SPE_SCHEME_SCORE',
      'srmSpeSupplierScoreRestful',
      'findPageListBySchemeScoreId',
      {
        schemeScoreId: sheet.scheme_score_id,
        pageIndex: 1,
        pageRows: 4,
      },
    );
    const data = expectOk(answer) as Body[];
    expect(data.map((l) => [l.supplierId, l.indicatorsHeadId])).toEqual([
      [1, 4901],
      [1, 4903],
      [1, 4904],
      [2, 4901],
    ]);
    expect(answer.body.page.total ?? answer.body.page.totalRows ?? answer.body.page.count).toBe(6);
  });
});

describe('the last two sheets approved at the same moment', () => {
  it('both 200, the scheme CALCULATED and one result per supplier, 3 rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await scoring();
      const sheets = (await sheetsOf(id)).map((s) => Number(s.scheme_score_id));
      for (const s of sheets)
        await setState(p, 'srm_spe_scheme_score', 'score_status', 'scheme_score_id', s, 'SUBMITTED');
      const answers = await Promise.all(sheets.map((s) => sheetAct('manager01', 'approvalSchemeScore', { id: s })));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect((await schemeRow(id)).status).toBe('CALCULATED');
      expect((await rows(p, 'srm_spe_performance', 'performance_id', { scheme_id: id })).length).toBe(2);
    }
  });
});

describe('scope', () => {
  it('suppliers reach no scheme, sheet or line (403)', async () => {
    const id = await scoring();
    const [sheet] = await sheetsOf(id);
    await runSql(p.server, 'UPDATE srm_spe_scheme SET last_update_date = ? WHERE scheme_id = ?', [
      formatDateTime(),
      id,
    ]);
    expectError(await act('supplier01', 'listByPage', {}), 403);
    expectError(await act('supplier01', 'findById', { id }), 403);
    expectError(await sheetAct('supplier01', 'findById', { id: sheet.scheme_score_id }), 403);
    expectError(
      await call(p, 'supplier01', 'SPE_SCHEME_SCORE', 'srmSpeSupplierScoreRestful', 'findPageListBySchemeScoreId', {
        schemeScoreId: sheet.scheme_score_id,
      }),
      403,
    );
    expectError(await act('supplier01', 'doDelayRateFromErp', { id }), 403);
  });
});
