/**
 * The scheme's calculation (DOMAIN.md §2.2, system SCORING → CALCULATED): one srmSpePerformance per
 * scheme supplier. total = Σ over the template's indicators of (mean score of the approved sheets'
 * lines for that supplier and indicator × weight) + Σ VALID manual scores of the supplier for the
 * scheme, clamped to 0..100; grade from the setting; competition rank by total. The handler of the
 * scheme's doCalculate, which the approval of its last sheet runs, under the scheme's lock.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Database, SqlExecutor } from '../../../db/sqlExecutor';
import { PlatformRows } from '../../../lifecycle/platformRows';
import { nextDocumentNumber } from '../../../resource/documentNumber';
import { gradeForScore } from '../setup';
import { SCHEME, SCHEME_SUPPLIER, SCORE_LINE, SHEET } from './schemeSheets';
import { clamp, mean, ranks, sum, weighted } from './scoreMath';

const PERFORMANCE = 'srmSpePerformance';
const MANUAL = 'srmSpeManualScore';
const TI = 'srmSpeTemplateIndicator';

export class SchemeCalc {
  private readonly sql: MetaSql;
  private readonly rows: PlatformRows;

  constructor(registry: MetadataRegistry, db: Database) {
    this.sql = new MetaSql(registry, db.dialect);
    this.rows = new PlatformRows(registry, db.dialect);
  }

  async totals(tx: SqlExecutor, schemeId: number, templateHeadId: number): Promise<Map<number, string>> {
    const { t, c } = this.sql;
    const suppliers = await tx.select(
      `SELECT ${c(SCHEME_SUPPLIER, 'supplierId')} AS supplierId FROM ${t(SCHEME_SUPPLIER)} WHERE ${c(SCHEME_SUPPLIER, 'schemeId')} = ? ORDER BY ${c(SCHEME_SUPPLIER, 'schemeSupplierId')}`,
      [schemeId],
    );
    const weights = await tx.select(
      `SELECT ${c(TI, 'indicatorsHeadId')} AS id, ${c(TI, 'weight')} AS weight FROM ${t(TI)} WHERE ${c(TI, 'templateHeadId')} = ?`,
      [templateHeadId],
    );
    const lines = await tx.select(
      `SELECT l.${c(SCORE_LINE, 'supplierId')} AS supplierId, l.${c(SCORE_LINE, 'indicatorsHeadId')} AS indicatorsHeadId, l.${c(SCORE_LINE, 'score')} AS score ` +
        `FROM ${t(SCORE_LINE)} l JOIN ${t(SHEET)} s ON s.${c(SHEET, 'schemeScoreId')} = l.${c(SCORE_LINE, 'schemeScoreId')} ` +
        `WHERE s.${c(SHEET, 'schemeId')} = ? AND s.${c(SHEET, 'scoreStatus')} = 'APPROVED'`,
      [schemeId],
    );
    const manual = await tx.select(
      `SELECT ${c(MANUAL, 'supplierId')} AS supplierId, ${c(MANUAL, 'score')} AS score FROM ${t(MANUAL)} ` +
        `WHERE ${c(MANUAL, 'schemeId')} = ? AND ${c(MANUAL, 'status')} = 'VALID'`,
      [schemeId],
    );
    const totals = new Map<number, string>();
    for (const { supplierId } of suppliers) {
      const id = Number(supplierId);
      const parts = weights.map((w) => {
        const scores = lines
          .filter((l) => Number(l.supplierId) === id && Number(l.indicatorsHeadId) === Number(w.id))
          .map((l) => l.score);
        return scores.length ? weighted(mean(scores), w.weight) : null;
      });
      const adjust = manual.filter((m) => Number(m.supplierId) === id).map((m) => String(m.score));
      totals.set(id, clamp(sum([...parts, ...adjust]), '0', '100'));
    }
    return totals;
  }

  async calculate(tx: SqlExecutor, schemeId: number, userId: number): Promise<void> {
    const { t, c } = this.sql;
    const [scheme] = await tx.select(
      `SELECT ${c(SCHEME, 'templateHeadId')} AS templateHeadId, ${c(SCHEME, 'settingHeadId')} AS settingHeadId, ${c(SCHEME, 'periodName')} AS periodName ` +
        `FROM ${t(SCHEME)} WHERE ${c(SCHEME, 'schemeId')} = ?`,
      [schemeId],
    );
    const totals = await this.totals(tx, schemeId, Number(scheme.templateHeadId));
    const ids = [...totals.keys()];
    const rankOf = ranks(ids.map((id) => totals.get(id)!));
    for (const [i, supplierId] of ids.entries()) {
      const totalScore = totals.get(supplierId)!;
      const grade = scheme.settingHeadId
        ? await gradeForScore(tx, Number(scheme.settingHeadId), totalScore)
        : undefined;
      await this.rows.insert(
        tx,
        PERFORMANCE,
        {
          performanceNumber: await nextDocumentNumber(tx, 'SPR'),
          schemeId,
          supplierId,
          periodName: scheme.periodName as string,
          totalScore,
          gradeCode: grade?.gradeCode ?? null,
          rankNum: rankOf[i],
          status: 'UNRELEASED',
          appealFlag: 'N',
        },
        userId,
      );
    }
    await tx.execute(`UPDATE ${t(SCHEME)} SET ${c(SCHEME, 'resultCount')} = ? WHERE ${c(SCHEME, 'schemeId')} = ?`, [
      ids.length,
      schemeId,
    ]);
  }
}
