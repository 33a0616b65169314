/**
 * doCollect {year} (绩效汇总, DOMAIN.md §2.3): the year's summary per supplier from its performance
 * results whose score is final — CONFIRMED, RECTIFYING, RECTIFY_SUBMITTED or CLOSED (RELEASED may
 * still be appealed and rescored, so it does not count) — of schemes whose evaluation period ends in
 * that year (srmSpeScheme.scoreEndDate). averageScore is the mean of totalScore (2 places, half
 * up); finalGrade is gradeForScore of the average under the setting of the supplier's latest scheme
 * (latest scoreEndDate, then scheme id). The year's summary rows are replaced in one transaction.
 */
import type { JsonSchema } from '@meridian/metadata';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { ResourceContext } from '../../../resource/context';
import { gradeForScore } from '../setup';
import { COLLECT, COLLECT_LINE, now, PERFORMANCE, SCHEME, SimpleStore } from './simpleStore';

export const FINAL_STATUSES = ['CONFIRMED', 'RECTIFYING', 'RECTIFY_SUBMITTED', 'CLOSED'];

interface Result {
  performanceId: number;
  schemeId: number;
  supplierId: number;
  periodName: string | null;
  totalScore: string;
  gradeCode: string | null;
  settingHeadId: number | null;
  scoreEndDate: string;
}

/** doCollect's body: the year, 2000–2100 (a four-digit text is taken as the number; 400 naming year otherwise). */
export const COLLECT_INPUT: JsonSchema = {
  type: 'object',
  required: ['year'],
  properties: { year: { type: 'integer', minimum: 2000, maximum: 2100 } },
};

/** Mean of scores with 2 decimals, half up, computed in hundredths. */
export function averageOf(scores: string[]): string {
  const cents = scores.map((s) => Math.round(Number(s) * 100));
  const sum = cents.reduce((a, b) => a + b, 0);
  return (Math.round(sum / cents.length) / 100).toFixed(2);
}

async function finalResults(store: SimpleStore, tx: SqlExecutor, year: number) {
  const { t, c } = store.sql;
  const P = PERFORMANCE;
  const rows = await tx.select(
    `SELECT p.${c(P, 'performanceId')} AS performanceId, p.${c(P, 'schemeId')} AS schemeId, p.${c(P, 'supplierId')} AS supplierId, ` +
      `p.${c(P, 'periodName')} AS periodName, p.${c(P, 'totalScore')} AS totalScore, p.${c(P, 'gradeCode')} AS gradeCode, ` +
      `s.${c(SCHEME, 'settingHeadId')} AS settingHeadId, s.${c(SCHEME, 'scoreEndDate')} AS scoreEndDate ` +
      `FROM ${t(P)} p JOIN ${t(SCHEME)} s ON s.${c(SCHEME, 'schemeId')} = p.${c(P, 'schemeId')} ` +
      `WHERE p.${c(P, 'status')} IN (${FINAL_STATUSES.map(() => '?').join(', ')}) AND p.${c(P, 'totalScore')} IS NOT NULL ` +
      `AND s.${c(SCHEME, 'scoreEndDate')} >= ? AND s.${c(SCHEME, 'scoreEndDate')} <= ? ` +
      `ORDER BY p.${c(P, 'supplierId')}, s.${c(SCHEME, 'scoreEndDate')}, p.${c(P, 'schemeId')}, p.${c(P, 'performanceId')}`,
    [...FINAL_STATUSES, `${year}-01-01`, `${year}-12-31`],
  );
  return rows.map((r): Result => ({
    performanceId: Number(r.performanceId),
    schemeId: Number(r.schemeId),
    supplierId: Number(r.supplierId),
    periodName: r.periodName == null ? null : String(r.periodName),
    totalScore: String(r.totalScore),
    gradeCode: r.gradeCode == null ? null : String(r.gradeCode),
    settingHeadId: r.settingHeadId == null ? null : Number(r.settingHeadId),
    scoreEndDate: String(r.scoreEndDate).slice(0, 10),
  }));
}

async function clearYear(store: SimpleStore, tx: SqlExecutor, year: number) {
  const { t, c } = store.sql;
  const ofYear = `SELECT ${c(COLLECT, 'performanceCollectId')} AS id FROM ${t(COLLECT)} WHERE ${c(COLLECT, 'year')} = ?`;
  const ids = (await tx.select(`${ofYear}${tx.dialect.forUpdate}`, [year])).map((r) => Number(r.id));
  if (!ids.length) return;
  const marks = ids.map(() => '?').join(', ');
  await tx.execute(
    `DELETE FROM ${t(COLLECT_LINE)} WHERE ${c(COLLECT_LINE, 'performanceCollectId')} IN (${marks})`,
    ids as number[],
  );
  await tx.execute(
    `DELETE FROM ${t(COLLECT)} WHERE ${c(COLLECT, 'performanceCollectId')} IN (${marks})`,
    ids as number[],
  );
}

export async function doCollect(store: SimpleStore, body: Record<string, unknown>, ctx: ResourceContext) {
  const year = body.year as number;
  return store.db.transaction(async (tx) => {
    await clearYear(store, tx, year);
    const results = await finalResults(store, tx, year);
    const bySupplier = new Map<number, Result[]>();
    for (const r of results) bySupplier.set(r.supplierId, [...(bySupplier.get(r.supplierId) ?? []), r]);
    const at = now();
    for (const [supplierId, list] of bySupplier) {
      const averageScore = averageOf(list.map((r) => r.totalScore));
      const latest = list[list.length - 1];
      const grade = latest.settingHeadId ? await gradeForScore(tx, latest.settingHeadId, averageScore) : undefined;
      const schemeIds = [...new Set(list.map((r) => r.schemeId))];
      const collectId = await store.writer.insert(
        tx,
        store.model(COLLECT),
        { year, supplierId, averageScore, finalGrade: grade?.gradeCode ?? null, schemeIds, collectDate: at },
        ctx,
      );
      for (const r of list)
        await store.writer.insert(
          tx,
          store.model(COLLECT_LINE),
          {
            performanceCollectId: collectId,
            schemeId: r.schemeId,
            performanceId: r.performanceId,
            periodName: r.periodName,
            totalScore: r.totalScore,
            gradeCode: r.gradeCode,
          },
          ctx,
        );
    }
    return {
      data: { year, suppliers: bySupplier.size, results: results.length },
      msg:
        ctx.language === 'EN'
          ? `${year}: ${bySupplier.size} suppliers summarised from ${results.length} results`
          : `${year} 年：已汇总 ${bySupplier.size} 家供应商、${results.length} 条考评结果`,
    };
  });
}
