/**
 * Performance adjustments (DOMAIN.md §2.2, last block): manual scores (srmSpeManualScore, lifecycle
 * speManualScore) and exclusion bills (srmSpeExcludeHeader/Line, std-approval lifecycle speExclude).
 * The documents, screens, transitions and the exclusion's line rule are metadata; this adds the score rule.
 */
import type { DomainRegistries } from '../../../platform/domainModules';
import { AdjustRules, MANUAL_SCORE } from './adjustRules';

export { AdjustRules, type Exclusion } from './adjustRules';

export function registerSpeAdjust({ hooks, registry, db }: DomainRegistries): void {
  const rules = new AdjustRules(registry, db);
  hooks.registerBeforeSave(MANUAL_SCORE, (draft) => rules.checkManualScore(draft));
}
