/**
 * Evaluation templates (DOMAIN.md §2.1, lifecycle speTemplate): an indicator appears once per
 * template with a weight in (0, 1], and the weights add up to exactly 1 — checked in decimal
 * arithmetic when the template is submitted and again when it is approved.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Database, SqlExecutor } from '../../../db/sqlExecutor';
import type { SaveDraft } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import {
  addDecimals,
  compareDecimals,
  formatDecimal,
  toDecimal,
  subtractDecimals,
  ZERO,
  type Dec,
} from '../../../util/decimal';
import { INDICATORS, TEMPLATE_INDICATOR } from './setupNames';

const ONE: Dec = { units: 1n, scale: 0 };

/** A decimal as people write it: 0.9500 → 0.95, 1.0000 → 1. */
export function plainDecimal(d: Dec): string {
  const s = formatDecimal(d, Math.max(d.scale, 0));
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** The weights' sum and its difference from 1; undefined when they add up to exactly 1. */
export function weightProblem(weights: unknown[]): { cn: string; en: string } | undefined {
  const sum = weights.reduce<Dec>((acc, w) => addDecimals(acc, toDecimal(w) ?? ZERO), ZERO);
  const diff = subtractDecimals(sum, ONE);
  if (compareDecimals(diff, ZERO) === 0) return undefined;
  const total = plainDecimal(sum);
  const signed = plainDecimal(diff);
  const size = signed.replace(/^-/, '');
  return {
    cn: `权重合计 ${total}，与 1 相差 ${compareDecimals(diff, ZERO) > 0 ? '+' : ''}${signed}`,
    en: `Weights add up to ${total}, ${size} ${compareDecimals(diff, ZERO) < 0 ? 'short of' : 'over'} 1`,
  };
}

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
        throw Errors.badRequest(
          `第 ${i + 1} 行权重须大于 0 且不超过 1`,
          `Line ${i + 1}: the weight must be above 0 and at most 1`,
          [{ field: `indicators[${i}].weight`, message: 'must be above 0 and at most 1' }],
        );
      const id = Number(line.indicatorsHeadId);
      if (!id) continue;
      const first = seen.get(id);
      if (first !== undefined) {
        const code = (await this.indicatorCodes(draft.tx, [id])).get(id)?.indicatorCode ?? String(id);
        throw Errors.badRequest(
          `指标 ${String(code)} 在模板中重复（第 ${first + 1} 行和第 ${i + 1} 行）`,
          `Indicator ${String(code)} appears twice in the template (lines ${first + 1} and ${i + 1})`,
          [{ field: `indicators[${i}].indicatorsHeadId`, message: 'appears twice' }],
        );
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

  /** Submit and approval: at least one indicator, and the weights add up to 1 (400 naming the difference). */
  async checkWeights(run: TransitionRun): Promise<void> {
    const { t, c } = this.sql;
    const rows = await run.tx.select(
      `SELECT ${c(TEMPLATE_INDICATOR, 'weight')} AS weight FROM ${t(TEMPLATE_INDICATOR)} WHERE ${c(TEMPLATE_INDICATOR, 'templateHeadId')} = ?`,
      [run.id],
    );
    if (rows.length === 0)
      throw Errors.badRequest('模板至少需要一个考评指标', 'Add at least one indicator to the template');
    const problem = weightProblem(rows.map((r) => r.weight));
    if (problem) throw Errors.badRequest(problem.cn, problem.en, [{ field: 'indicators', message: problem.en }]);
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
