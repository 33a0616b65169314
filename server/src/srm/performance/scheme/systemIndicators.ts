/**
 * doDelayRateFromErp / doRejectRateFromMess (DOMAIN.md §2.2): fill the SYSTEM indicators of a SCORING
 * scheme from the PerformanceDataSource — per scheme supplier and indicator a snapshot (rate,
 * numerator, denominator, documents, who and when; a re-run keeps the earlier snapshot with
 * currentFlag N) and actualValue, score and weightedScore on the open sheets' lines.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Database, Row, SqlExecutor } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import { PlatformRows } from '../../../lifecycle/platformRows';
import { formatDateTime } from '../../../util/time';
import type { AdjustRules } from '../adjust';
import type { PerformanceDataSource } from './dataSource';
import { SCHEME, SCHEME_SUPPLIER, SCORE_LINE, SHEET } from './schemeSheets';
import { scoreOfRate, weighted, type RangeLine } from './scoreMath';

export type SystemKind = 'ERP_DELAY_RATE' | 'MES_REJECT_RATE';
const SNAPSHOT = 'srmSpeIndicatorSnapshot';
const OPEN_SHEET = `('PENDING', 'SCORING', 'REJECTED')`;

export class SystemIndicators {
  private readonly sql: MetaSql;
  private readonly rows: PlatformRows;

  constructor(
    registry: MetadataRegistry,
    db: Database,
    private readonly adjust: AdjustRules,
  ) {
    this.sql = new MetaSql(registry, db.dialect);
    this.rows = new PlatformRows(registry, db.dialect);
  }

  /**
   * The scheme's template and period, with the template's indicators of this data source. The
   * action declares its states: its transaction starts with the scheme locked and SCORING (404 / 409).
   */
  private async schemeAndIndicators(tx: SqlExecutor, schemeId: number, kind: SystemKind) {
    const { t, c } = this.sql;
    const [s] = await tx.select(
      `SELECT ${['templateHeadId', 'periodStart', 'periodEnd'].map((f) => `${c(SCHEME, f)} AS ${f}`).join(', ')} ` +
        `FROM ${t(SCHEME)} WHERE ${c(SCHEME, 'schemeId')} = ?`,
      [schemeId],
    );
    const TI = 'srmSpeTemplateIndicator';
    const IH = 'srmSpeIndicatorsHead';
    const indicators = await tx.select(
      `SELECT h.${c(IH, 'indicatorsHeadId')} AS id, h.${c(IH, 'fullScore')} AS fullScore, ti.${c(TI, 'weight')} AS weight FROM ${t(TI)} ti ` +
        `JOIN ${t(IH)} h ON h.${c(IH, 'indicatorsHeadId')} = ti.${c(TI, 'indicatorsHeadId')} ` +
        `WHERE ti.${c(TI, 'templateHeadId')} = ? AND h.${c(IH, 'indicatorType')} = 'SYSTEM' AND h.${c(IH, 'dataSource')} = ?`,
      [Number(s.templateHeadId), kind],
    );
    if (!indicators.length) throw declaredError('performance.noSystemIndicator', { kind });
    return { s, indicators };
  }

  async fill(tx: SqlExecutor, schemeId: number, kind: SystemKind, source: PerformanceDataSource, userId: number) {
    const { t, c } = this.sql;
    const { s, indicators } = await this.schemeAndIndicators(tx, schemeId, kind);
    const suppliers = await tx.select(
      `SELECT ${c(SCHEME_SUPPLIER, 'supplierId')} AS supplierId FROM ${t(SCHEME_SUPPLIER)} WHERE ${c(SCHEME_SUPPLIER, 'schemeId')} = ?`,
      [schemeId],
    );
    const snapshots: Row[] = [];
    for (const { supplierId } of suppliers)
      for (const ind of indicators) {
        const exclusions = (await this.adjust.approvedExclusions(tx, Number(supplierId))).filter(
          (e) =>
            (e.schemeId === null || e.schemeId === schemeId) &&
            (e.indicatorsHeadId === null || e.indicatorsHeadId === Number(ind.id)),
        );
        const from = String(s.periodStart).slice(0, 10);
        const to = String(s.periodEnd).slice(0, 10);
        const figures =
          kind === 'ERP_DELAY_RATE'
            ? await source.deliveryRate(tx, Number(supplierId), from, to, exclusions)
            : await source.rejectRate(tx, Number(supplierId), from, to, exclusions);
        const lines = await this.rangeLines(tx, Number(ind.id));
        const score =
          figures.rate === null ? null : scoreOfRate(figures.rate, lines, ind.fullScore, kind === 'MES_REJECT_RATE');
        const snapshot = {
          schemeId,
          supplierId: Number(supplierId),
          indicatorsHeadId: Number(ind.id),
          dataSource: kind,
          sourceName: source.name,
          rateValue: figures.rate,
          numerator: figures.numerator,
          denominator: figures.denominator,
          score,
          documentNumbers: figures.documents.join(','),
          excludedNumbers: figures.excluded.join(','),
          runNo: await this.nextRun(tx, schemeId, Number(supplierId), Number(ind.id)),
          currentFlag: 'Y',
          computedAt: formatDateTime(),
          computedBy: userId,
        };
        await this.rows.insert(tx, SNAPSHOT, snapshot, userId);
        snapshots.push(snapshot);
        if (score !== null) await this.writeLines(tx, snapshot, score, weighted(score, ind.weight), userId);
      }
    return snapshots;
  }

  private async rangeLines(tx: SqlExecutor, indicatorsHeadId: number): Promise<RangeLine[]> {
    const { t, c } = this.sql;
    const L = 'srmSpeIndicatorsLine';
    return (await tx.select(
      `SELECT ${c(L, 'rangeFrom')} AS rangeFrom, ${c(L, 'rangeTo')} AS rangeTo, ${c(L, 'score')} AS score FROM ${t(L)} ` +
        `WHERE ${c(L, 'indicatorsHeadId')} = ? ORDER BY ${c(L, 'indicatorsLineId')}`,
      [indicatorsHeadId],
    )) as unknown as RangeLine[];
  }

  /** The earlier snapshots stop being current; the new one is numbered after them. */
  private async nextRun(
    tx: SqlExecutor,
    schemeId: number,
    supplierId: number,
    indicatorsHeadId: number,
  ): Promise<number> {
    const { t, c } = this.sql;
    const where = `${c(SNAPSHOT, 'schemeId')} = ? AND ${c(SNAPSHOT, 'supplierId')} = ? AND ${c(SNAPSHOT, 'indicatorsHeadId')} = ?`;
    const [{ n }] = await tx.select(`SELECT MAX(${c(SNAPSHOT, 'runNo')}) AS n FROM ${t(SNAPSHOT)} WHERE ${where}`, [
      schemeId,
      supplierId,
      indicatorsHeadId,
    ]);
    await tx.execute(`UPDATE ${t(SNAPSHOT)} SET ${c(SNAPSHOT, 'currentFlag')} = 'N' WHERE ${where}`, [
      schemeId,
      supplierId,
      indicatorsHeadId,
    ]);
    return Number(n ?? 0) + 1;
  }

  private async writeLines(
    tx: SqlExecutor,
    s: Record<string, unknown>,
    score: string,
    weightedScore: string | null,
    userId: number,
  ) {
    const { t, c } = this.sql;
    await tx.execute(
      `UPDATE ${t(SCORE_LINE)} SET ${c(SCORE_LINE, 'actualValue')} = ?, ${c(SCORE_LINE, 'score')} = ?, ${c(SCORE_LINE, 'weightedScore')} = ?, ` +
        `${c(SCORE_LINE, 'lastUpdatedBy')} = ?, ${c(SCORE_LINE, 'lastUpdateDate')} = ?, ${c(SCORE_LINE, 'versionNum')} = ${c(SCORE_LINE, 'versionNum')} + 1 ` +
        `WHERE ${c(SCORE_LINE, 'schemeId')} = ? AND ${c(SCORE_LINE, 'supplierId')} = ? AND ${c(SCORE_LINE, 'indicatorsHeadId')} = ? ` +
        `AND ${c(SCORE_LINE, 'schemeScoreId')} IN (SELECT ${c(SHEET, 'schemeScoreId')} FROM ${t(SHEET)} WHERE ${c(SHEET, 'scoreStatus')} IN ${OPEN_SHEET})`,
      [
        s.rateValue as string,
        score,
        weightedScore,
        userId,
        formatDateTime(),
        s.schemeId as number,
        s.supplierId as number,
        s.indicatorsHeadId as number,
      ],
    );
  }
}
