/**
 * Evaluation templates (DOMAIN.md §2.1, lifecycle speTemplate): an indicator appears once per
 * template with a weight in (0, 1] (checked here on save); that the weights add up to exactly 1, in
 * decimal arithmetic, on submit and approval is declared in speTemplate.json.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Database, SqlExecutor } from '../../../db/sqlExecutor';
import type { SaveDraft } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import { compareDecimals, toDecimal, ZERO, type Dec } from '../../../util/decimal';
import { INDICATORS } from './setupNames';

const ONE: Dec = { units: 1n, scale: 0 };

export class TemplateRules {
  private readonly sql: MetaSql;

  constructor(registry: MetadataRegistry, db: Database) {
    this.sql = new MetaSql(registry, db.dialect);
  }

  /** Before a save that carries the indicator lines: weights in (0, 1], each indicator once; code and dimension from the indicator. */
  async checkLines(draft: SaveDraft): Promise<void> {
    const lines = draft.children.indicators;
    if (!lines) return;
    const seen = new Map<number, number>();
    for (const [i, line] of lines.entries()) {
      const weight = toDecimal(line.weight);
      if (weight && (compareDecimals(weight, ZERO) <= 0 || compareDecimals(weight, ONE) > 0))
        throw declaredError('performance.weightRange', { line: i + 1 }, [
          { field: `indicators[${i}].weight`, message: 'must be above 0 and at most 1' },
        ]);
      const id = Number(line.indicatorsHeadId);
      if (!id) continue;
      const first = seen.get(id);
      if (first !== undefined) {
        const code = (await this.indicatorCodes(draft.tx, [id])).get(id)?.indicatorCode ?? String(id);
        throw declaredError('performance.indicatorTwice', { code, first: first + 1, line: i + 1 }, [
          { field: `indicators[${i}].indicatorsHeadId`, message: 'appears twice' },
        ]);
      }
      seen.set(id, i);
    }
    const known = await this.indicatorCodes(draft.tx, [...seen.keys()]);
    for (const line of lines) {
      const indicator = known.get(Number(line.indicatorsHeadId));
      if (!indicator) continue;
      line.indicatorCode = indicator.indicatorCode;
      line.assessmentDimension = indicator.assessmentDimension;
    }
  }

  private async indicatorCodes(
    tx: SqlExecutor,
    ids: number[],
  ): Promise<Map<number, { indicatorCode: unknown; assessmentDimension: unknown }>> {
    if (ids.length === 0) return new Map();
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT ${c(INDICATORS, 'indicatorsHeadId')} AS id, ${c(INDICATORS, 'indicatorCode')} AS code, ${c(INDICATORS, 'assessmentDimension')} AS dim ` +
        `FROM ${t(INDICATORS)} WHERE ${c(INDICATORS, 'indicatorsHeadId')} IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return new Map(rows.map((r) => [Number(r.id), { indicatorCode: r.code, assessmentDimension: r.dim }]));
  }
}
