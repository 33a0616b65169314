/**
 * Performance adjustments (DOMAIN.md §2.2, last block): manual scores and exclusion bills. A manual
 * score is a signed decimal — a BONUS above 0, a DEDUCTION below 0, never 0, within ±100 — with a
 * reason: the entity's bounds, pattern and record rules (srmSpeManualScore.json); an exclusion bill
 * needs at least one document line to be submitted or approved (speExclude.json). The documents,
 * screens and transitions are metadata; approvedExclusions is what the indicator computation reads
 * to skip documents.
 */
import type { MetaSql } from '../../../access/metaSql';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import { decodeRow, nullableNumber, type Decoded } from '../../../util/rowDecode';

export const EXCLUDE = 'srmSpeExcludeHeader';
export const EXCLUDE_LINE = 'srmSpeExcludeLine';

/** One document an APPROVED exclusion bill takes out of the system indicators (its fields as read). */
const EXCLUSION = {
  excludeLineId: Number,
  supplierId: Number,
  schemeId: nullableNumber,
  docType: String,
  docNumber: String,
  docLineNum: nullableNumber,
  indicatorsHeadId: nullableNumber,
};
export type Exclusion = Decoded<typeof EXCLUSION>;

/** The documents of APPROVED exclusion bills of a supplier (the excludeList's rows), for the indicator computation. */
export async function approvedExclusions(sql: MetaSql, tx: SqlExecutor, supplierId: number): Promise<Exclusion[]> {
  const { t, c } = sql;
  const rows = await tx.select(
    `SELECT l.${c(EXCLUDE_LINE, 'excludeLineId')} AS excludeLineId, h.${c(EXCLUDE, 'supplierId')} AS supplierId, ` +
      `h.${c(EXCLUDE, 'schemeId')} AS schemeId, l.${c(EXCLUDE_LINE, 'docType')} AS docType, l.${c(EXCLUDE_LINE, 'docNumber')} AS docNumber, ` +
      `l.${c(EXCLUDE_LINE, 'docLineNum')} AS docLineNum, l.${c(EXCLUDE_LINE, 'indicatorsHeadId')} AS indicatorsHeadId ` +
      `FROM ${t(EXCLUDE_LINE)} l JOIN ${t(EXCLUDE)} h ON h.${c(EXCLUDE, 'excludeHeaderId')} = l.${c(EXCLUDE_LINE, 'excludeHeaderId')} ` +
      `WHERE h.${c(EXCLUDE, 'status')} = 'APPROVED' AND h.${c(EXCLUDE, 'supplierId')} = ? ORDER BY l.${c(EXCLUDE_LINE, 'excludeLineId')}`,
    [supplierId],
  );
  return rows.map((r) => decodeRow(EXCLUSION, r));
}
