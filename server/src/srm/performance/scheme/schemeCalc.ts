/**
 * The scheme's calculation (DOMAIN.md §2.2, system SCORING → CALCULATED): one srmSpePerformance per
 * scheme supplier. total = Σ over the template's indicators of (mean score of the approved sheets'
 * lines for that supplier and indicator × weight) + Σ VALID manual scores of the supplier for the
 * scheme, clamped to 0..100; grade from the setting; competition rank by total. The handler of the
 * scheme's doCalculate, which the approval of its last sheet runs, under the scheme's lock (the
 * scheme's resultCount, one result per scheme supplier, is doCalculate's declared count: speScheme.json).
 */
import type { SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import { DomainStore } from '../../../platform/domainStore';
import { nextDocumentNumber } from '../../../resource/documentNumber';
import { gradeForScore } from '../setup';
import { SCHEME, SCHEME_SUPPLIER, SCORE_LINE, SHEET } from './schemeSheets';
import { clamp, mean, ranks, sum, weighted } from './scoreMath';

const PERFORMANCE = 'srmSpePerformance';
const MANUAL = 'srmSpeManualScore';
const TI = 'srmSpeTemplateIndicator';
const SCORE = 'srmSpePerformanceScore';

interface IndicatorScore {
  indicatorsHeadId: number;
  weight: SqlParam;
  /** The mean of the approved sheets' scores; null when no sheet scored the indicator. */
  score: string | null;
  weightedScore: string | null;
}

export interface SupplierResult {
  indicators: IndicatorScore[];
  manualScore: string;
  total: string;
}

export class SchemeCalc extends DomainStore {
  /** Each scheme supplier's result: its indicator scores, its manual adjustments and the total. */
  async totals(tx: SqlExecutor, schemeId: number, templateHeadId: number): Promise<Map<number, SupplierResult>> {
    const { t, c } = this.sql;
    const suppliers = await this.rows.select(
      tx,
      SCHEME_SUPPLIER,
      ['supplierId'],
      { schemeId },
      { orderBy: ['schemeSupplierId'] },
    );
    const weights = await this.rows.select(
      tx,
      TI,
      ['indicatorsHeadId', 'weight'],
      { templateHeadId },
      { orderBy: ['templateIndicatorId'] },
    );
    const lines = await tx.select(
      `SELECT l.${c(SCORE_LINE, 'supplierId')} AS supplierId, l.${c(SCORE_LINE, 'indicatorsHeadId')} AS indicatorsHeadId, l.${c(SCORE_LINE, 'score')} AS score ` +
        `FROM ${t(SCORE_LINE)} l JOIN ${t(SHEET)} s ON s.${c(SHEET, 'schemeScoreId')} = l.${c(SCORE_LINE, 'schemeScoreId')} ` +
        `WHERE s.${c(SHEET, 'schemeId')} = ? AND s.${c(SHEET, 'scoreStatus')} = 'APPROVED'`,
      [schemeId],
    );
    const manual = await this.rows.select(tx, MANUAL, ['supplierId', 'score'], { schemeId, status: 'VALID' });
    const results = new Map<number, SupplierResult>();
    for (const { supplierId } of suppliers) {
      const id = Number(supplierId);
      const indicators = weights.map((w) => {
        const scores = lines
          .filter((l) => Number(l.supplierId) === id && Number(l.indicatorsHeadId) === Number(w.indicatorsHeadId))
          .map((l) => l.score);
        const score = scores.length ? mean(scores) : null;
        return {
          indicatorsHeadId: Number(w.indicatorsHeadId),
          weight: w.weight as SqlParam,
          score,
          weightedScore: weighted(score, w.weight),
        };
      });
      const adjustments = manual.filter((m) => Number(m.supplierId) === id).map((m) => String(m.score));
      const manualScore = sum(adjustments);
      const total = clamp(sum([...indicators.map((i) => i.weightedScore), manualScore]), '0', '100');
      results.set(id, { indicators, manualScore, total });
    }
    return results;
  }

  async calculate(tx: SqlExecutor, schemeId: number, userId: number): Promise<void> {
    const scheme = (await this.rows.one(tx, SCHEME, ['templateHeadId', 'settingHeadId', 'periodName'], { schemeId }))!;
    const results = await this.totals(tx, schemeId, Number(scheme.templateHeadId));
    const ids = [...results.keys()];
    const rankOf = ranks(ids.map((id) => results.get(id)!.total));
    for (const [i, supplierId] of ids.entries()) {
      const { indicators, manualScore, total: totalScore } = results.get(supplierId)!;
      const grade = scheme.settingHeadId
        ? await gradeForScore(tx, Number(scheme.settingHeadId), totalScore)
        : undefined;
      const performanceId = await this.rows.insert(
        tx,
        PERFORMANCE,
        {
          performanceNumber: await nextDocumentNumber(tx, 'SPR'),
          schemeId,
          supplierId,
          periodName: scheme.periodName as string,
          manualScore,
          totalScore,
          gradeCode: grade?.gradeCode ?? null,
          rankNum: rankOf[i],
          status: 'UNRELEASED',
          appealFlag: 'N',
        },
        userId,
      );
      // The breakdown a supplier reads on its result and appeals against (findPerFormAnceVOById's lines).
      for (const line of indicators)
        await this.rows.insert(tx, SCORE, { performanceId: Number(performanceId), ...line }, userId);
    }
  }
}
