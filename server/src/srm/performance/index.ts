/** The performance evaluation domain (DOMAIN.md §2): set-up (indicators, templates, grade settings) score sheets and adjustments (manual scores, exclusion bills). Metadata: metadata/apps/srm/performance. */
import type { DomainModule } from '../../platform/domainModules';
import { registerResultActions } from './results/resultActions';
import { ResultStore } from './results/resultStore';
import { registerResultTransitions } from './results/resultTransitions';
import { registerSpeScheme } from './scheme/schemeActions';
import { registerSchemeScore } from './schemeScore/sheetSave';
import { SUPPLIER_GRADE_GATE } from './gradeGate/contract';
import { GradeGate } from './gradeGate/gradeGate';
import { registerSpeSetup } from './setup';
import { registerSpeSimple } from './simple';

export const performanceModule: DomainModule = {
  name: 'performance',
  register(into) {
    registerSchemeScore(into);
    registerSpeSetup(into);
    registerSpeSimple(into);
    // The results (DOMAIN.md §2.3): release, agree or appeal, appeal decisions, rectification.
    const results = new ResultStore(into.registry, into.db, into.hooks);
    registerResultTransitions(results, into.handlers);
    registerResultActions(results, into.actions);
    registerSpeScheme(into);
    // The grade gate other domains consult before an order or an inquiry invitation (issue 17 "Grades act")
    into.services.provide(SUPPLIER_GRADE_GATE, new GradeGate(into.registry, into.db.dialect));
  },
};
