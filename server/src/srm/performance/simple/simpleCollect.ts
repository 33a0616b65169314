/**
 * doCollect {year} (绩效汇总, DOMAIN.md §2.3): the year's summary per supplier from its performance
 * results whose score is final — CONFIRMED, RECTIFYING, RECTIFY_SUBMITTED or CLOSED (RELEASED may
 * still be appealed and rescored, so it does not count) — of schemes whose evaluation period ends in
 * that year (srmSpeScheme.scoreEndDate). averageScore is the mean of totalScore (2 places, half
 * up); finalGrade is gradeForScore of the average under the setting of the supplier's latest scheme
 * (latest scoreEndDate, then scheme id). The year's summary rows are replaced in one transaction.
 */
import { pickText, type JsonSchema } from '@meridian/metadata';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import type { DomainStore } from '../../../platform/domainStore';
import type { ResourceContext } from '../../../resource/context';
import { formatDateTime } from '../../../util/time';
import { gradeForScore } from '../setup';

const COLLECT = 'srmSpePerformanceCollect';
const COLLECT_LINE = 'srmSpePerformanceCollectLine';
export const FINAL_STATUSES = ['CONFIRMED', 'RECTIFYING', 'RECTIFY_SUBMITTED', 'CLOSED'];

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

/** The final results of the year's schemes, by supplier, then the scheme's end, scheme and result. */
async function finalResults(store: DomainStore, tx: SqlExecutor, year: number): Promise<Row[]> {
  const { t, c } = store.sql;
  const P = 'srmSpePerformance';
  const S = 'srmSpeScheme';
  return tx.select(
    `SELECT p.${c(P, 'performanceId')} AS performanceId, p.${c(P, 'schemeId')} AS schemeId, p.${c(P, 'supplierId')} AS supplierId, ` +
      `p.${c(P, 'periodName')} AS periodName, p.${c(P, 'totalScore')} AS totalScore, p.${c(P, 'gradeCode')} AS gradeCode, ` +
      `s.${c(S, 'settingHeadId')} AS settingHeadId FROM ${t(P)} p JOIN ${t(S)} s ON s.${c(S, 'schemeId')} = p.${c(P, 'schemeId')} ` +
      `WHERE p.${c(P, 'status')} IN (${FINAL_STATUSES.map(() => '?').join(', ')}) AND p.${c(P, 'totalScore')} IS NOT NULL ` +
      `AND s.${c(S, 'scoreEndDate')} >= ? AND s.${c(S, 'scoreEndDate')} <= ? ` +
      `ORDER BY p.${c(P, 'supplierId')}, s.${c(S, 'scoreEndDate')}, p.${c(P, 'schemeId')}, p.${c(P, 'performanceId')}`,
    [...FINAL_STATUSES, `${year}-01-01`, `${year}-12-31`],
  );
}

/** The year's summaries and their lines go (locked first): doCollect writes them anew. */
async function clearYear(store: DomainStore, tx: SqlExecutor, year: number) {
  const key = 'performanceCollectId';
  const rows = await store.rows.select(tx, COLLECT, [key], { year }, { underLock: true });
  const ids = rows.map((r) => Number(r[key]));
  // An empty list deletes nothing.
  for (const entity of [COLLECT_LINE, COLLECT]) await store.rows.delete(tx, entity, { [key]: ids });
}

export async function doCollect(
  kernel: Kernel,
  store: DomainStore,
  body: Record<string, unknown>,
  ctx: ResourceContext,
) {
  const year = body.year as number;
  const insert = (tx: SqlExecutor, entity: string, values: Row) =>
    kernel.resources.writer.insert(tx, kernel.registry.entity(entity)!, values, ctx);
  return kernel.db.transaction(async (tx) => {
    await clearYear(store, tx, year);
    const results = await finalResults(store, tx, year);
    const bySupplier = new Map<number, Row[]>();
    for (const r of results) bySupplier.set(Number(r.supplierId), [...(bySupplier.get(Number(r.supplierId)) ?? []), r]);
    const collectDate = formatDateTime();
    for (const [supplierId, list] of bySupplier) {
      const averageScore = averageOf(list.map((r) => String(r.totalScore)));
      const { settingHeadId } = list[list.length - 1];
      const grade = settingHeadId ? await gradeForScore(tx, Number(settingHeadId), averageScore) : undefined;
      const schemeIds = [...new Set(list.map((r) => Number(r.schemeId)))];
      const finalGrade = grade?.gradeCode ?? null;
      const collectId = await insert(tx, COLLECT, {
        year,
        supplierId,
        averageScore,
        finalGrade,
        schemeIds,
        collectDate,
      });
      for (const r of list)
        await insert(tx, COLLECT_LINE, {
          performanceCollectId: collectId,
          schemeId: Number(r.schemeId),
          performanceId: Number(r.performanceId),
          periodName: r.periodName,
          totalScore: String(r.totalScore),
          gradeCode: r.gradeCode,
        });
    }
    const [suppliers, count] = [bySupplier.size, results.length];
    const msg = pickText(declaredText('performance.collected', { year, suppliers, count }), ctx.language);
    return { data: { year, suppliers, results: count }, msg };
  });
}
