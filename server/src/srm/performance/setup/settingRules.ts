/**
 * Grade settings (DOMAIN.md §2.1): lifecycle speSetting declares that on submit and approval every
 * line has scoreFrom ≤ scoreTo and no two lines' ranges overlap (both ends are inclusive: B
 * 80–89.99 and A 90–100 meet without overlapping). gradeForScore is what the result calculation
 * and the grade gate read.
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import { compareDecimals, formatDecimal, toDecimal } from '../../../util/decimal';
import { decodeRow, nullableText, type Decoded } from '../../../util/rowDecode';

const flag = (v: unknown): 'Y' | 'N' => (v === 'Y' ? 'Y' : 'N');

/** One grade of a setting: the range it covers and what it means for trading (its fields as read). */
const GRADE_LINE = {
  settingLineId: Number,
  gradeCode: String,
  scoreFrom: String,
  scoreTo: String,
  color: nullableText,
  gradeAction: nullableText,
  warnPoFlag: flag,
  preventPoFlag: flag,
  warnRfqFlag: flag,
  preventRfqFlag: flag,
};
export type GradeLine = Decoded<typeof GRADE_LINE>;

/**
 * The grade of `score` under grade setting `settingHeadId`: the line whose range [scoreFrom, scoreTo]
 * holds the score, compared in decimal arithmetic. Only an APPROVED setting counts: a draft, submitted
 * or rejected setting (or an unknown id) answers undefined, as does a score no range holds.
 *
 * For the later parts of DOMAIN §2 (the result calculation grades each supplier's total with it, the
 * grade gate reads the flags warnPoFlag / preventPoFlag / warnRfqFlag / preventRfqFlag). Call it inside
 * the caller's transaction; it reads the tables srm_spe_setting_head / srm_spe_setting_line by name.
 */
export async function gradeForScore(
  tx: SqlExecutor,
  settingHeadId: number,
  score: string | number,
): Promise<GradeLine | undefined> {
  const value = toDecimal(score);
  if (!value) return undefined;
  const q = (name: string) => tx.dialect.quote(name);
  const rows = await tx.select(
    `SELECT l.${q('setting_line_id')} AS settingLineId, l.${q('grade_code')} AS gradeCode, l.${q('score_from')} AS scoreFrom, ` +
      `l.${q('score_to')} AS scoreTo, l.${q('color')} AS color, l.${q('grade_action')} AS gradeAction, l.${q('warn_po_flag')} AS warnPoFlag, ` +
      `l.${q('prevent_po_flag')} AS preventPoFlag, l.${q('warn_rfq_flag')} AS warnRfqFlag, l.${q('prevent_rfq_flag')} AS preventRfqFlag ` +
      `FROM ${q('srm_spe_setting_line')} l JOIN ${q('srm_spe_setting_head')} h ON h.${q('setting_head_id')} = l.${q('setting_head_id')} ` +
      `WHERE h.${q('setting_head_id')} = ? AND h.${q('status')} = 'APPROVED' ORDER BY l.${q('setting_line_id')}`,
    [settingHeadId],
  );
  for (const r of rows) {
    const from = toDecimal(r.scoreFrom);
    const to = toDecimal(r.scoreTo);
    if (!from || !to || compareDecimals(value, from) < 0 || compareDecimals(value, to) > 0) continue;
    return decodeRow(GRADE_LINE, { ...r, scoreFrom: formatDecimal(from, 2), scoreTo: formatDecimal(to, 2) });
  }
  return undefined;
}
