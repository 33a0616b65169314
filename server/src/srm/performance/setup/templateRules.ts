/**
 * Evaluation templates (DOMAIN.md §2.1, lifecycle speTemplate): an indicator appears once per
 * template with a weight in (0, 1] (checked here on save); that the weights add up to exactly 1, in
 * decimal arithmetic, on submit and approval is declared in speTemplate.json.
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { SaveDraft } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import { DomainStore } from '../../../platform/domainStore';
import { compareDecimals, toDecimal, ZERO, type Dec } from '../../../util/decimal';
import { INDICATORS } from './setupNames';

const ONE: Dec = { units: 1n, scale: 0 };

export class TemplateRules extends DomainStore {
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

  /** The code and dimension of each indicator by id. */
  private async indicatorCodes(tx: SqlExecutor, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
    const fields = ['indicatorsHeadId', 'indicatorCode', 'assessmentDimension'];
    const rows = await this.rows.select(tx, INDICATORS, fields, { indicatorsHeadId: ids });
    return new Map(rows.map((r) => [Number(r.indicatorsHeadId), r]));
  }
}
