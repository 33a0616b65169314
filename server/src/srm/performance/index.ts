/** The performance evaluation domain (DOMAIN.md §2): set-up (indicators, templates, grade settings) score sheets and adjustments (manual scores, exclusion bills). Metadata: metadata/apps/srm/performance. */
import type { DomainModule } from '../../platform/domainModules';
import { registerSpeResults } from './results';
import { registerSpeScheme } from './scheme';
import { registerSchemeScore } from './schemeScore/schemeScoreEffects';
import { registerGradeGate } from './gradeGate';
import { registerSpeSetup } from './setup';
import { registerSpeSimple } from './simple';

export const performanceModule: DomainModule = {
  name: 'performance',
  register(into) {
    registerSchemeScore(into);
    registerSpeSetup(into);
    registerSpeSimple(into);
    registerSpeResults(into);
    registerSpeScheme(into);
    // The grade gate other domains consult before an order or an inquiry invitation (issue 17 "Grades act")
    registerGradeGate(into);
  },
};
