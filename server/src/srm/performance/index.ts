/** The performance evaluation domain (DOMAIN.md §2): score sheets. Metadata: metadata/apps/srm/performance. */
import type { DomainModule } from '../../platform/domainModules';
import { registerSchemeScore } from './schemeScore/schemeScoreEffects';

export const performanceModule: DomainModule = {
  name: 'performance',
  register({ handlers, registry, db }) {
    registerSchemeScore(handlers, { registry, db });
  },
};
