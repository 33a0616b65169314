/**
 * Performance adjustments (DOMAIN.md §2.2, last block): manual scores and exclusion bills. A manual
 * score is a signed decimal — a BONUS above 0, a DEDUCTION below 0, never 0, within ±100 (the entity's
 * min/max) — with a reason; an exclusion bill needs at least one document line to be submitted or
 * approved. approvedExclusions is what the indicator computation reads to skip documents.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Database, SqlExecutor } from '../../../db/sqlExecutor';
import type { SaveDraft } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { compareDecimals, toDecimal } from '../../../util/decimal';

export const MANUAL_SCORE = 'srmSpeManualScore';
export const EXCLUDE = 'srmSpeExcludeHeader';
export const EXCLUDE_LINE = 'srmSpeExcludeLine';

const ZERO = toDecimal('0')!;

/** What is wrong with a manual score's type, score and reason (CN, EN, field), or undefined. */
export function manualScoreProblem(v: {
  scoreType?: unknown;
  score?: unknown;
  reason?: unknown;
}): { cn: string; en: string; field: string } | undefined {
  if (typeof v.reason !== 'string' || v.reason.trim() === '')
    return { cn: '请填写加减分原因', en: 'Give the reason for the manual score', field: 'reason' };
  const score = toDecimal(v.score);
  if (!score) return { cn: '请填写分值', en: 'Enter the score', field: 'score' };
  const sign = compareDecimals(score, ZERO);
  if (sign === 0) return { cn: '分值不能为 0', en: 'The score cannot be 0', field: 'score' };
  if (v.scoreType === 'BONUS' && sign < 0)
    return { cn: '加分的分值须大于 0', en: 'A bonus must be above 0', field: 'score' };
  if (v.scoreType === 'DEDUCTION' && sign > 0)
    return { cn: '扣分的分值须小于 0', en: 'A deduction must be below 0', field: 'score' };
  return undefined;
}

/** One document an APPROVED exclusion bill takes out of the system indicators. */
export interface Exclusion {
  excludeLineId: number;
  supplierId: number;
  schemeId: number | null;
  docType: string;
  docNumber: string;
  docLineNum: number | null;
  indicatorsHeadId: number | null;
}

export class AdjustRules {
  private readonly sql: MetaSql;

  constructor(registry: MetadataRegistry, db: Database) {
    this.sql = new MetaSql(registry, db.dialect);
  }

  /** beforeSave of srmSpeManualScore: an update is checked with its stored values filled in. */
  async checkManualScore(draft: SaveDraft): Promise<void> {
    let values = draft.values;
    if (!draft.creating && draft.id !== undefined) {
      const { t, c } = this.sql;
      const [stored] = await draft.tx.select(
        `SELECT ${c(MANUAL_SCORE, 'scoreType')} AS scoreType, ${c(MANUAL_SCORE, 'score')} AS score, ${c(MANUAL_SCORE, 'reason')} AS reason ` +
          `FROM ${t(MANUAL_SCORE)} WHERE ${c(MANUAL_SCORE, 'manualScoreId')} = ?`,
        [draft.id],
      );
      values = { ...stored, ...values };
    }
    const problem = manualScoreProblem(values);
    if (problem) throw Errors.badRequest(problem.cn, problem.en, [{ field: problem.field, message: problem.en }]);
  }

  /** The documents of APPROVED exclusion bills of a supplier (the excludeList's rows), for the indicator computation. */
  async approvedExclusions(tx: SqlExecutor, supplierId: number): Promise<Exclusion[]> {
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT l.${c(EXCLUDE_LINE, 'excludeLineId')} AS excludeLineId, h.${c(EXCLUDE, 'supplierId')} AS supplierId, ` +
        `h.${c(EXCLUDE, 'schemeId')} AS schemeId, l.${c(EXCLUDE_LINE, 'docType')} AS docType, l.${c(EXCLUDE_LINE, 'docNumber')} AS docNumber, ` +
        `l.${c(EXCLUDE_LINE, 'docLineNum')} AS docLineNum, l.${c(EXCLUDE_LINE, 'indicatorsHeadId')} AS indicatorsHeadId ` +
        `FROM ${t(EXCLUDE_LINE)} l JOIN ${t(EXCLUDE)} h ON h.${c(EXCLUDE, 'excludeHeaderId')} = l.${c(EXCLUDE_LINE, 'excludeHeaderId')} ` +
        `WHERE h.${c(EXCLUDE, 'status')} = 'APPROVED' AND h.${c(EXCLUDE, 'supplierId')} = ? ORDER BY l.${c(EXCLUDE_LINE, 'excludeLineId')}`,
      [supplierId],
    );
    const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
    return rows.map((r) => ({
      excludeLineId: Number(r.excludeLineId),
      supplierId: Number(r.supplierId),
      schemeId: num(r.schemeId),
      docType: String(r.docType),
      docNumber: String(r.docNumber),
      docLineNum: num(r.docLineNum),
      indicatorsHeadId: num(r.indicatorsHeadId),
    }));
  }
}
