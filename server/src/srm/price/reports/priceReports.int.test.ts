import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { runSql } from '../../../testing/authFixtures';
import { call, notificationsOf, type Body, type ProofUser } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * The price reports on the demo data (seeds 50*, 55c): AL at 19,950 and CU at 75,200 in 2026-11.
 * Presets: 1 (item 1, supplier 1, AL, base 18,500: open adjustments), 2 (item 2, supplier 1, CU:
 * confirmed at 73,800, open ADJ202611210001), 5501 (item 3, supplier 2, AL 0.3, base 18,500),
 * 5502 (item 5, supplier 4, CU, base 71,700: +4.88 %), 5503 (item 4, supplier 2, CU 0.2, base 70,000).
 */
const p = proofServer('srm_sml_price_reports');

const RES = 'srmSmlIndexPriceRestful';
const monitoring = (body: Body = {}, user: ProofUser = 'buyer01') =>
  call(p, user, 'SML_MONITORING_REPORT', RES, 'monitoringReportPage', body);
const warnings = (user: ProofUser = 'buyer01') => call(p, user, 'SML_WARNING_REPORT', RES, 'findWarningReportPage', {});
const push = (ids: unknown, user: ProofUser = 'buyer01') =>
  call(p, user, 'SML_WARNING_REPORT', RES, 'warningPush', { presetProportionIds: ids });
const setThreshold = (value: string) =>
  runSql(
    p.server,
    "UPDATE base_lookup_values SET description = ? WHERE lookup_type = 'SML_REPORT_SETTING' AND lookup_code = 'WARNING_THRESHOLD_PCT'",
    [value],
  );
type Row = Record<string, unknown>;
const byId = (rows: Row[], id: number) => rows.find((r) => r.presetProportionId === id);

describe('monitoring report', () => {
  it('the index series of the chosen period and a row per VALID preset with its figures', async () => {
    const data = expectOk(await monitoring({ rawMaterialCode: 'CU', periodFrom: '2026-09', periodTo: '2026-11' })) as {
      series: Row[];
      rows: Row[];
    };
    expect(data.series.map((s) => [s.period, Number(s.price)])).toEqual([
      ['2026-09', 73800],
      ['2026-10', 74500],
      ['2026-11', 75200],
    ]);
    expect(data.rows.map((r) => r.presetProportionId)).toEqual([2, 5503, 5502]);
    expect(byId(data.rows, 2)).toMatchObject({
      baseIndexPrice: expect.stringMatching(/^73800(\.0+)?$/),
      changePct: '1.90',
      lastAdjustmentDate: '2026-11-01',
      openAdjustmentNumber: 'ADJ202611210001',
    });
    expect(Number(byId(data.rows, 2)!.currentPrice)).toBe(0.032638);
    expect(byId(data.rows, 5503)).toMatchObject({
      changePct: '7.43',
      currentPeriod: '2026-11',
      lastAdjustmentDate: null,
    });
    const all = expectOk(await monitoring()) as { series: Row[]; rows: Row[] };
    expect(all.series).toHaveLength(22);
    const al = byId(all.rows, 5501)!;
    expect(al).toMatchObject({ changePct: '7.84', supplierName: expect.any(String), openAdjustmentNumber: null });
    // 6.2 × (1 + 0.3 × (19950 − 18500) ÷ 18500)
    expect(Number(al.theoreticalPrice)).toBeCloseTo(6.345784, 6);
    expect(Number(al.currentPrice)).toBe(6.2);
  });

  it("the current price is the supplier's VALID price in force: an invalidated one is not shown", async () => {
    const invalidate = (status: string) =>
      runSql(p.server, 'UPDATE srm_pur_material_price SET price_status = ? WHERE supplier_id = 2 AND item_id = 3', [
        status,
      ]);
    await invalidate('INVALID');
    try {
      const all = expectOk(await monitoring()) as { rows: Row[] };
      expect(byId(all.rows, 5501)!.currentPrice).toBeNull();
    } finally {
      await invalidate('VALID');
    }
  });

  it('400 on a malformed period; 403 without the report menu', async () => {
    expectError(await monitoring({ periodFrom: '2026/09' }), 400, ['periodFrom']);
    expectError(await monitoring({}, 'supplier01'), 403);
  });
});

describe('warning report', () => {
  it('rows above the threshold (strictly) with no open adjustment; the threshold is the lookup value', async () => {
    let data = expectOk(await warnings()) as { threshold: string; rows: Row[] };
    expect(data.threshold).toBe('5.00');
    expect(data.rows.map((r) => r.presetProportionId)).toEqual([5501, 5503]);
    await setThreshold('7.43');
    data = expectOk(await warnings()) as { threshold: string; rows: Row[] };
    expect(data.rows.map((r) => r.presetProportionId)).toEqual([5501]);
    await setThreshold('7.42');
    data = expectOk(await warnings()) as { threshold: string; rows: Row[] };
    expect(data.rows.map((r) => r.presetProportionId)).toEqual([5501, 5503]);
    await setThreshold('not a number');
    expect((expectOk(await warnings()) as { threshold: string }).threshold).toBe('5.00');
    await setThreshold('5');
  });

  it('warningPush notifies once per row per day: a second push the same day is skipped and says so', async () => {
    const first = await push([5501]);
    expect(expectOk(first)).toEqual({ pushed: [5501], skipped: [] });
    const notes = await notificationsOf(p, 'srmSmlPresetProportion', 5501);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ recipient_user_id: 2, view_flag: 'N' });
    expect(String(notes[0].notification_content_en)).toContain('7.84%');
    const again = await push([5501, 5503]);
    expect(expectOk(again)).toEqual({ pushed: [5503], skipped: [5501] });
    expect(again.body.msg).toMatch(
      /1 row\(s\) pushed; 1 already pushed today, skipped|已推送 1 行，1 行今日已推送，已跳过/,
    );
    expect(await notificationsOf(p, 'srmSmlPresetProportion', 5501)).toHaveLength(1);
  });

  it('a row that is not a warning is refused (409); no rows is 400; without the push button 403', async () => {
    expectError(await push([5502]), 409);
    expectError(await push([]), 400, ['presetProportionIds']);
    expectError(await push([5501], 'supplier01'), 403);
    // the push button withdrawn from the buyer's role (the grant of seeds 55b)
    await runSql(p.server, 'DELETE FROM base_role_resource WHERE role_resource_id = ?', [370001]);
    p.server.kernel.auth.access.invalidate();
    expectError(await push([5501]), 403);
  });
});
