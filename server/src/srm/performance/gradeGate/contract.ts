/**
 * The supplier grade gate's contract (issue 17 "Grades act", DOMAIN.md §2.1 setting line flags):
 * what other domains import. The implementation stays in this folder and is provided through
 * DomainRegistries.services (docs/developer-guide.md "The supplier grade gate").
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { DomainServiceKey } from '../../../platform/domainServices';

/** What the buyer is about to do with the supplier: place a purchase order or invite it to an inquiry. */
export type GradePurpose = 'PO' | 'RFQ';

/** The warning code a client confirms (the `confirmedWarnings` header) to go on despite a warning grade. */
export const GRADE_WARNING = 'GRADE_WARNING';

/** The supplier's current grade and what its grade setting line says for the purpose. */
export interface GradeGateResult {
  supplierId: number;
  supplierName: string;
  gradeCode: string;
  performanceId: number;
  performanceNumber: string;
  schemeNumber: string;
  schemeName: string;
  periodName: string;
  /** 'PREVENT': refused; 'WARN': allowed once the user confirms; 'NONE': nothing to say. */
  effect: 'PREVENT' | 'WARN' | 'NONE';
}

export interface SupplierGradeGate {
  /** The supplier's current grade and its effect for the purpose; null when it has no result yet (no gate). */
  gradeGateFor(tx: SqlExecutor, supplierId: number, purpose: GradePurpose): Promise<GradeGateResult | null>;
  /**
   * Throws 409 (CN/EN, naming the supplier, its grade and the scheme and period) when the grade
   * prevents the purpose; throws the confirmable GRADE_WARNING (409 with data.warningCode) when it
   * warns and `confirmed` does not hold GRADE_WARNING. Returns the result that was let through
   * (WARN when confirmed), or null when nothing applied. Run inside the caller's transaction.
   */
  checkSupplierGrade(
    tx: SqlExecutor,
    supplierId: number,
    purpose: GradePurpose,
    confirmed: readonly string[] | undefined,
  ): Promise<GradeGateResult | null>;
}

export const SUPPLIER_GRADE_GATE: DomainServiceKey<SupplierGradeGate> = { name: 'supplierGradeGate' };
