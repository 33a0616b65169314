/** The performance evaluation domain (DOMAIN.md §2): set-up (indicators, templates, grade settings) score sheets and adjustments (manual scores, exclusion bills). Metadata: metadata/apps/srm/performance. */
import type { DomainModule } from '../../platform/domainModules';
import { registerSpeAdjust } from './adjust';
import { registerSchemeScore } from './schemeScore/schemeScoreEffects';
import { registerGradeGate } from './gradeGate';
import { registerSpeSetup } from './setup';

export { gradeForScore, type GradeLine } from './setup';
export { GRADE_WARNING, SUPPLIER_GRADE_GATE, type GradeGateResult, type SupplierGradeGate } from './gradeGate/contract';

export const performanceModule: DomainModule = {
  name: 'performance',
  register(into) {
    const { handlers, registry, db } = into;
    registerSchemeScore(handlers, { registry, db });
    registerSpeSetup(into);
    registerSpeAdjust(into);
    // The grade gate other domains consult before an order or an inquiry invitation (issue 17 "Grades act")
    registerGradeGate(into);
  },
};
