/**
 * The grade gate (issue 17 "Grades act", DOMAIN.md §2.1): a supplier's current grade is the grade
 * of its latest performance result in force (RELEASED, CONFIRMED, RECTIFYING, RECTIFY_SUBMITTED or
 * CLOSED; latest by release date, then id), read in that result's scheme's grade setting. Its line's
 * preventPoFlag / preventRfqFlag refuse the purpose; warnPoFlag / warnRfqFlag ask the user to confirm.
 */
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { Errors, warningConfirmed } from '../../../http/apiError';
import { GRADE_WARNING, type GradeGateResult, type GradePurpose, type SupplierGradeGate } from './contract';
import type { GradeReads } from './gradeReads';

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

export class GradeGate implements SupplierGradeGate {
  constructor(private readonly reads: GradeReads) {}

  async gradeGateFor(tx: SqlExecutor, supplierId: number, purpose: GradePurpose): Promise<GradeGateResult | null> {
    const row = await this.reads.latestGrade(tx, supplierId);
    if (!row || row.gradeCode === null || row.gradeCode === undefined) return null;
    return {
      supplierId,
      supplierName: await this.reads.supplierName(tx, supplierId),
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
