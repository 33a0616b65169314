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
import { DomainStore } from '../../../platform/domainStore';
import { GRADE_WARNING, type GradeGateResult, type GradePurpose, type SupplierGradeGate } from './contract';

const RESULT = 'srmSpePerformance';
const SCHEME = 'srmSpeScheme';
const LINE = 'srmSpeSettingLine';

/** Result states in which a grade is in force (released to the supplier and after). */
const GRADE_IN_FORCE = ['RELEASED', 'CONFIRMED', 'RECTIFYING', 'RECTIFY_SUBMITTED', 'CLOSED'];

const FLAGS: Record<GradePurpose, { warn: string; prevent: string }> = {
  PO: { warn: 'warnPoFlag', prevent: 'preventPoFlag' },
  RFQ: { warn: 'warnRfqFlag', prevent: 'preventRfqFlag' },
};

const PURPOSE_TEXT: Record<GradePurpose, { cn: string; en: string }> = {
  PO: { cn: '下达采购订单', en: 'purchase orders' },
  RFQ: { cn: '邀请询价', en: 'inquiry invitations' },
};

function effectOf(row: Row, purpose: GradePurpose): GradeGateResult['effect'] {
  if (row[FLAGS[purpose].prevent] === 'Y') return 'PREVENT';
  return row[FLAGS[purpose].warn] === 'Y' ? 'WARN' : 'NONE';
}

/** "供应商 X 的绩效等级为 D（方案 …，期间 …）" in both languages. */
function describe(g: GradeGateResult): { cn: string; en: string } {
  const scheme = `${g.schemeNumber} ${g.schemeName}`.trim();
  return {
    cn: `供应商“${g.supplierName}”当前绩效等级为 ${g.gradeCode}（考评方案 ${scheme}，期间 ${g.periodName}，考评结果 ${g.performanceNumber}）`,
    en: `Supplier "${g.supplierName}" is graded ${g.gradeCode} (evaluation scheme ${scheme}, period ${g.periodName}, result ${g.performanceNumber})`,
  };
}

export class GradeGate extends DomainStore implements SupplierGradeGate {
  /** The latest result in force (by release date, then id) with its scheme and the grade's setting line flags. */
  private async latestGrade(tx: SqlExecutor, supplierId: number): Promise<Row | undefined> {
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
    return row;
  }

  async gradeGateFor(tx: SqlExecutor, supplierId: number, purpose: GradePurpose): Promise<GradeGateResult | null> {
    const row = await this.latestGrade(tx, supplierId);
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
    const who = describe(grade);
    const what = PURPOSE_TEXT[purpose];
    if (grade.effect === 'PREVENT')
      throw Errors.conflict(`${who.cn}，该等级禁止${what.cn}`, `${who.en}; this grade prevents ${what.en}`);
    if (!warningConfirmed(confirmed, GRADE_WARNING))
      throw Errors.warning(
        GRADE_WARNING,
        `${who.cn}，该等级${what.cn}需要确认`,
        `${who.en}; this grade requires a confirmation for ${what.en}`,
      );
    return grade;
  }
}
