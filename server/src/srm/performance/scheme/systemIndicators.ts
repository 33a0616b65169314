/**
 * doDelayRateFromErp / doRejectRateFromMess (DOMAIN.md §2.2): fill the SYSTEM indicators of a SCORING
 * scheme from the PerformanceDataSource — per scheme supplier and indicator a snapshot (rate,
 * numerator, denominator, documents, who and when; a re-run keeps the earlier snapshot with
 * currentFlag N) and actualValue, score and weightedScore on the open sheets' lines.
 */
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import { DomainStore } from '../../../platform/domainStore';
import { formatDateTime } from '../../../util/time';
import { approvedExclusions } from '../adjust/adjustRules';
import type { PerformanceDataSource } from './dataSource';
import { SCHEME, SCHEME_SUPPLIER, SCORE_LINE, SHEET } from './schemeSheets';
import { scoreOfRate, weighted, type RangeLine } from './scoreMath';

export type SystemKind = 'ERP_DELAY_RATE' | 'MES_REJECT_RATE';
const SNAPSHOT = 'srmSpeIndicatorSnapshot';
const OPEN_SHEET = ['PENDING', 'SCORING', 'REJECTED'];

export class SystemIndicators extends DomainStore {
  async fill(tx: SqlExecutor, schemeId: number, kind: SystemKind, source: PerformanceDataSource, userId: number) {
    // The scheme's template and period, with the template's indicators of this data source. The
    // action declares its states: its transaction starts with the scheme locked and SCORING (404 / 409).
    const { t, c } = this.sql;
    const s = (await this.rows.one(tx, SCHEME, ['templateHeadId', 'periodStart', 'periodEnd'], { schemeId }))!;
    const TI = 'srmSpeTemplateIndicator';
    const IH = 'srmSpeIndicatorsHead';
    const indicators = await tx.select(
      `SELECT h.${c(IH, 'indicatorsHeadId')} AS id, h.${c(IH, 'fullScore')} AS fullScore, ti.${c(TI, 'weight')} AS weight FROM ${t(TI)} ti ` +
        `JOIN ${t(IH)} h ON h.${c(IH, 'indicatorsHeadId')} = ti.${c(TI, 'indicatorsHeadId')} ` +
        `WHERE ti.${c(TI, 'templateHeadId')} = ? AND h.${c(IH, 'indicatorType')} = 'SYSTEM' AND h.${c(IH, 'dataSource')} = ?`,
      [Number(s.templateHeadId), kind],
    );
    if (!indicators.length) throw declaredError('performance.noSystemIndicator', { kind });
    const suppliers = await this.rows.select(tx, SCHEME_SUPPLIER, ['supplierId'], { schemeId });
    const openSheets = await this.rows.select(tx, SHEET, ['schemeScoreId'], { schemeId, scoreStatus: OPEN_SHEET });
    const snapshots: Row[] = [];
    for (const { supplierId } of suppliers)
      for (const ind of indicators) {
        const exclusions = (await approvedExclusions(this.sql, tx, Number(supplierId))).filter(
          (e) =>
            (e.schemeId === null || e.schemeId === schemeId) &&
            (e.indicatorsHeadId === null || e.indicatorsHeadId === Number(ind.id)),
        );
        const from = String(s.periodStart).slice(0, 10);
        const to = String(s.periodEnd).slice(0, 10);
        const rate = kind === 'ERP_DELAY_RATE' ? 'deliveryRate' : 'rejectRate';
        const figures = await source[rate](tx, Number(supplierId), from, to, exclusions);
        const lines = (await this.rows.select(
          tx,
          'srmSpeIndicatorsLine',
          ['rangeFrom', 'rangeTo', 'score'],
          {
            indicatorsHeadId: Number(ind.id),
          },
          { orderBy: ['indicatorsLineId'] },
        )) as unknown as RangeLine[];
        const score =
          figures.rate === null ? null : scoreOfRate(figures.rate, lines, ind.fullScore, kind === 'MES_REJECT_RATE');
        const key = { schemeId, supplierId: Number(supplierId), indicatorsHeadId: Number(ind.id) };
        const snapshot = {
          ...key,
          dataSource: kind,
          sourceName: source.name,
          rateValue: figures.rate,
          numerator: figures.numerator,
          denominator: figures.denominator,
          score,
          documentNumbers: figures.documents.join(','),
          excludedNumbers: figures.excluded.join(','),
          runNo: await this.nextRun(tx, key, userId),
          currentFlag: 'Y',
          computedAt: formatDateTime(),
          computedBy: userId,
        };
        await this.rows.insert(tx, SNAPSHOT, snapshot, userId);
        snapshots.push(snapshot);
        if (score === null) continue;
        // The open sheets' lines of this supplier and indicator take the figure and its score.
        const values = { actualValue: figures.rate, score, weightedScore: weighted(score, ind.weight) };
        for (const sheet of openSheets)
          await this.rows.update(
            tx,
            SCORE_LINE,
            values,
            { ...key, schemeScoreId: Number(sheet.schemeScoreId) },
            userId,
          );
      }
    return snapshots;
  }

  /** The earlier snapshots stop being current; the new one is numbered after them. */
  private async nextRun(tx: SqlExecutor, key: Record<string, number>, userId: number): Promise<number> {
    const [last] = await this.rows.select(tx, SNAPSHOT, ['runNo'], key, { orderBy: ['-runNo'] });
    await this.rows.update(tx, SNAPSHOT, { currentFlag: 'N' }, key, userId);
    return Number(last?.runNo ?? 0) + 1;
  }
}
