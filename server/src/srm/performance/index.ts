/** The performance evaluation domain (DOMAIN.md §2): set-up (indicators, templates, grade settings) score sheets and adjustments (manual scores, exclusion bills). Metadata: metadata/apps/srm/performance. */
import type { DomainModule } from '../../platform/domainModules';
import { registerSpeResults } from './results';
import { registerSpeScheme } from './scheme';
import { registerSchemeScore } from './schemeScore/schemeScoreEffects';
import { registerGradeGate } from './gradeGate';
import { registerSpeSetup } from './setup';
import { registerSpeSimple } from './simple';

export { gradeForScore, type GradeLine } from './setup';
export { GRADE_WARNING, SUPPLIER_GRADE_GATE, type GradeGateResult, type SupplierGradeGate } from './gradeGate/contract';

export const performanceModule: DomainModule = {
  name: 'performance',
  register(into) {
    const { handlers, registry, db, hooks } = into;
    registerSchemeScore(handlers, { registry, db, hooks });
    registerSpeSetup(into);
    registerSpeSimple(into);
    registerSpeResults(into);
    registerSpeScheme(into);
    // The grade gate other domains consult before an order or an inquiry invitation (issue 17 "Grades act")
    registerGradeGate(into);
  },
};
