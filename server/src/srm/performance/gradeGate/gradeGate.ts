/**
 * The grade gate (issue 17 "Grades act", DOMAIN.md §2.1): a supplier's current grade is the grade
 * of its latest performance result in force (RELEASED, CONFIRMED, RECTIFYING, RECTIFY_SUBMITTED or
 * CLOSED; latest by release date, then id), read in that result's scheme's grade setting. Its line's
 * preventPoFlag / preventRfqFlag refuse the purpose; warnPoFlag / warnRfqFlag ask the user to confirm.
 * Provided to other domains as SUPPLIER_GRADE_GATE (contract.ts): purchasing calls it on orders
 * (purpose 'PO'); sourcing is to call it with 'RFQ' on inquiry invitations when it is built
 * (docs/decisions.md "Issue 17: the grade gate").
 */
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { Errors, warningConfirmed } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import { DomainStore } from '../../../platform/domainStore';
import { GRADE_WARNING, type GradeGateResult, type GradePurpose, type SupplierGradeGate } from './contract';

const RESULT = 'srmSpePerformance';
const SCHEME = 'srmSpeScheme';
const LINE = 'srmSpeSettingLine';

/** Result states in which a grade is in force (released to the supplier and after). */
const GRADE_IN_FORCE = ['RELEASED', 'CONFIRMED', 'RECTIFYING', 'RECTIFY_SUBMITTED', 'CLOSED'];

/** The grade line's flags for the purpose: warnPoFlag / preventPoFlag, warnRfqFlag / preventRfqFlag. */
function effectOf(row: Row, purpose: GradePurpose): GradeGateResult['effect'] {
  const flag = (kind: 'warn' | 'prevent') => row[`${kind}${purpose === 'PO' ? 'Po' : 'Rfq'}Flag`] === 'Y';
  return flag('prevent') ? 'PREVENT' : flag('warn') ? 'WARN' : 'NONE';
}

export class GradeGate extends DomainStore implements SupplierGradeGate {
  async gradeGateFor(tx: SqlExecutor, supplierId: number, purpose: GradePurpose): Promise<GradeGateResult | null> {
    // The latest result in force (by release date, then id) with its scheme and the grade's setting line flags.
    const { t, c } = this.sql;
    const [row] = await tx.select(
      `SELECT p.${c(RESULT, 'performanceId')} AS performanceId, p.${c(RESULT, 'performanceNumber')} AS performanceNumber, ` +
        `p.${c(RESULT, 'gradeCode')} AS gradeCode, p.${c(RESULT, 'periodName')} AS periodName, ` +
        `s.${c(SCHEME, 'schemeNumber')} AS schemeNumber, s.${c(SCHEME, 'schemeName')} AS schemeName, s.${c(SCHEME, 'periodName')} AS schemePeriod, ` +
        `l.${c(LINE, 'warnPoFlag')} AS warnPoFlag, l.${c(LINE, 'preventPoFlag')} AS preventPoFlag, ` +
        `l.${c(LINE, 'warnRfqFlag')} AS warnRfqFlag, l.${c(LINE, 'preventRfqFlag')} AS preventRfqFlag ` +
        `FROM ${t(RESULT)} p JOIN ${t(SCHEME)} s ON s.${c(SCHEME, 'schemeId')} = p.${c(RESULT, 'schemeId')} ` +
        `LEFT JOIN ${t(LINE)} l ON l.${c(LINE, 'settingHeadId')} = s.${c(SCHEME, 'settingHeadId')} AND l.${c(LINE, 'gradeCode')} = p.${c(RESULT, 'gradeCode')} ` +
        `WHERE p.${c(RESULT, 'supplierId')} = ? AND p.${c(RESULT, 'status')} IN (${GRADE_IN_FORCE.map(() => '?').join(', ')}) ` +
        `ORDER BY p.${c(RESULT, 'releaseDate')} DESC, p.${c(RESULT, 'performanceId')} DESC LIMIT 1`,
      [supplierId, ...GRADE_IN_FORCE],
    );
    if (!row || row.gradeCode === null || row.gradeCode === undefined) return null;
    const supplier = await this.rows.one(tx, 'srmSlcSupplierInfo', ['supplierName'], { supplierId });
    return {
      supplierId,
      supplierName: supplier ? String(supplier.supplierName) : `#${supplierId}`,
      gradeCode: String(row.gradeCode),
      performanceId: Number(row.performanceId),
      performanceNumber: String(row.performanceNumber ?? ''),
      schemeNumber: String(row.schemeNumber ?? ''),
      schemeName: String(row.schemeName ?? ''),
      periodName: String(row.periodName ?? row.schemePeriod ?? ''),
      effect: effectOf(row, purpose),
    };
  }

  async checkSupplierGrade(
    tx: SqlExecutor,
    supplierId: number,
    purpose: GradePurpose,
    confirmed: readonly string[] | undefined,
  ): Promise<GradeGateResult | null> {
    const grade = await this.gradeGateFor(tx, supplierId, purpose);
    if (!grade || grade.effect === 'NONE') return null;
    // The texts (performance.json) name the supplier, its grade, the scheme, the period and the result.
    const values = { ...grade, scheme: `${grade.schemeNumber} ${grade.schemeName}`.trim() };
    if (grade.effect === 'PREVENT')
      throw purpose === 'PO'
        ? declaredError('performance.gradePreventsPo', values)
        : declaredError('performance.gradePreventsRfq', values);
    if (warningConfirmed(confirmed, GRADE_WARNING)) return grade;
    const { text } =
      purpose === 'PO'
        ? declaredError('performance.gradeWarnsPo', values)
        : declaredError('performance.gradeWarnsRfq', values);
    throw Errors.warning(GRADE_WARNING, text.cn, text.en);
  }
}
