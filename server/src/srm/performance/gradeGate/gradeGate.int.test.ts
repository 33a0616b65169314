import { beforeAll, describe, expect, it } from 'vitest';
import { PlatformRows } from '../../../lifecycle/platformRows';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { historyOf, RESP } from '../../../testing/proofFixtures';
import { act, headerOf, line, orderBody } from '../../../testing/orderFixtures';
import { GRADE_WARNING } from './contract';
import { GradeGate } from './gradeGate';
import { proofServer } from '../../../testing/proofServer';

/**
 * The grade gate (issue 17 "Grades act"): supplier 2 (item 3) graded through schemes like demo
 * scheme 1 (2026Q3, setting STD 4901: C warns on orders, D prevents orders and inquiries).
 */
let seq = 0;
const p = proofServer('srm_spe_grade_gate');
beforeAll(async () => {
  // The demo results (seeds 53*, 54*) grade suppliers 1 to 3: these tests start from none for 1 and 2.
  await p.server.kernel.db.transaction((tx) =>
    tx.execute('DELETE FROM srm_spe_performance WHERE supplier_id IN (1, 2)'),
  );
}, 120_000);

const SUPPLIER = 2;
const body = () => orderBody(SUPPLIER, [line({ itemId: 3 })]);

/** A scheme like demo scheme 1 (setting STD): one result per scheme and supplier, so each result has its own. */
async function scheme(rows: PlatformRows): Promise<number> {
  const id = await p.server.kernel.db.transaction((tx) =>
    rows.insert(
      tx,
      'srmSpeScheme',
      {
        schemeNumber: `SCH2026100199${String(seq).padStart(2, '0')}`,
        schemeName: `Grade gate ${seq}`,
        orgId: 2,
        templateHeadId: 4901,
        settingHeadId: 4901,
        evaluationCycle: 'QUARTER',
        periodName: '2026Q3',
        periodStart: '2026-07-01',
        periodEnd: '2026-09-30',
        scoreStartDate: '2026-10-01',
        scoreEndDate: '2026-10-10',
        status: 'CALCULATED',
      },
      1,
    ),
  );
  if (id === undefined) throw new Error('the scheme was not inserted');
  return id;
}

async function result(gradeCode: string, status: string, releaseDate: string | null, supplierId = SUPPLIER) {
  seq += 1;
  const rows = new PlatformRows(p.server.kernel.registry, p.server.kernel.db.dialect);
  const schemeId = await scheme(rows);
  return p.server.kernel.db.transaction((tx) =>
    rows.insert(
      tx,
      'srmSpePerformance',
      {
        performanceNumber: `PF-GATE-${seq}`,
        schemeId,
        supplierId,
        periodName: '2026Q3',
        totalScore: '50.00',
        gradeCode,
        status,
        releaseDate,
      },
      1,
    ),
  );
}

async function confirmedCall(action: string, payload: Record<string, unknown>, language = 'EN') {
  const headers = sessionHeaders(p.sessions.buyer01, RESP.buyer01, await menuId(p.server, 'PUR_ORDER'));
  return p.server.call('srmServer', 'srmPurOrderHeaderRestful', action, payload, {
    ...headers,
    language,
    confirmedWarnings: `OTHER_WARNING, ${GRADE_WARNING}`,
  });
}

const gate = () => new GradeGate(p.server.kernel.registry, p.server.kernel.db.dialect);
const gradeOf = (purpose: 'PO' | 'RFQ', supplierId = SUPPLIER) =>
  p.server.kernel.db.transaction((tx) => gate().gradeGateFor(tx, supplierId, purpose));

describe('grade gate on purchase orders', () => {
  it('no result, or only an UNRELEASED one: no gate', async () => {
    expect(await gradeOf('PO')).toBeNull();
    expectOk(await act(p, 'buyer01', 'saveOrUpdate', body()));
    await result('D', 'UNRELEASED', null);
    expect(await gradeOf('PO')).toBeNull();
    expectOk(await act(p, 'buyer01', 'saveOrUpdate', body()));
  });

  it('a released D (preventPoFlag) refuses the save with 409 naming the supplier, grade, scheme and period', async () => {
    await result('D', 'RELEASED', '2026-10-10');
    const answer = await act(p, 'buyer01', 'saveOrUpdate', body());
    expectError(answer, 409);
    expect(answer.body.msg).toMatch(
      /^Supplier ".+" is graded D \(evaluation scheme SCH\d+ .+, period 2026Q3, result PF-GATE-\d+\); this grade prevents purchase orders$/,
    );
    expect(answer.body.data).toBeNull();
    // a confirmation does not lift a prevention
    expectError(await confirmedCall('saveOrUpdate', body()), 409);
    const headers = sessionHeaders(p.sessions.buyer01, RESP.buyer01, await menuId(p.server, 'PUR_ORDER'));
    const cn = await p.server.call('srmServer', 'srmPurOrderHeaderRestful', 'saveOrUpdate', body(), {
      ...headers,
      language: 'CN',
    });
    expect(cn.body.msg).toMatch(/当前绩效等级为 D（考评方案 SCH\d+ .+期间 2026Q3.+），该等级禁止下达采购订单$/);
    expect((await gradeOf('RFQ'))?.effect).toBe('PREVENT');
  });

  it('a later released C replaces the D: a confirmable GRADE_WARNING, then saved and submitted when confirmed, recorded in the history', async () => {
    await result('C', 'CONFIRMED', '2026-11-10');
    const grade = await gradeOf('PO');
    expect(grade).toMatchObject({ gradeCode: 'C', effect: 'WARN', periodName: '2026Q3' });
    expect((await gradeOf('RFQ'))?.effect).toBe('NONE');
    const warned = await act(p, 'buyer01', 'saveOrUpdate', body());
    expect(warned.status).toBe(409);
    expect(warned.body).toMatchObject({ code: 'E', status: 'E' });
    expect(warned.body.data).toEqual({ warningCode: GRADE_WARNING });
    expect(warned.body.msg).toMatch(/is graded C .+; this grade requires a confirmation for purchase orders$/);
    const id = expectOk(await confirmedCall('saveOrUpdate', body())).orderHeaderId as number;
    const saved = (await historyOf(p, 'srmPurOrderHeader', id)).filter((h) => h.action === 'confirmWarning');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ user_id: 2, from_state: 'DRAFT' });
    expect(String(saved[0].comment)).toContain('GRADE_WARNING');
    expect(saved[0].action_date).toBeTruthy();
    // submit asks again (the grade is read in the transition) and is refused without the confirmation
    const submitWarned = await act(p, 'buyer01', 'doSubmit', { id });
    expect(submitWarned.status).toBe(409);
    expect(submitWarned.body.data).toEqual({ warningCode: GRADE_WARNING });
    expect((await headerOf(p, id)).status).toBe('DRAFT');
    expectOk(await confirmedCall('doSubmit', { id }));
    expect((await headerOf(p, id)).status).toBe('SUBMITTED');
    expect((await historyOf(p, 'srmPurOrderHeader', id)).filter((h) => h.action === 'confirmWarning')).toHaveLength(2);
  });

  it('a submit is refused when the grade turned to prevent after the save', async () => {
    await result('B', 'CLOSED', '2026-11-15');
    const id = expectOk(await act(p, 'buyer01', 'saveOrUpdate', body())).orderHeaderId as number;
    expect((await historyOf(p, 'srmPurOrderHeader', id)).filter((h) => h.action === 'confirmWarning')).toHaveLength(0);
    await result('D', 'RECTIFYING', '2026-11-20');
    const answer = await act(p, 'buyer01', 'doSubmit', { id });
    expectError(answer, 409);
    expect(answer.body.msg).toMatch(/graded D/);
    expect((await headerOf(p, id)).status).toBe('DRAFT');
    // the same release date: the later result (higher id) wins
    await result('A', 'RECTIFY_SUBMITTED', '2026-11-20');
    expectOk(await act(p, 'buyer01', 'doSubmit', { id }));
  });

  it('another supplier is not affected', async () => {
    expect(await gradeOf('PO', 1)).toBeNull();
  });
});
