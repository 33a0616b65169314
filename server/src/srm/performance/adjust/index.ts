/**
 * Performance adjustments (DOMAIN.md §2.2, last block): manual scores (srmSpeManualScore, lifecycle
 * speManualScore) and exclusion bills (srmSpeExcludeHeader/Line, std-approval lifecycle speExclude).
 * The documents, screens, transitions, the score's rules (srmSpeManualScore's record rules) and the
 * exclusion's line rule are metadata; what the indicator computation reads is AdjustRules.
 */
export { AdjustRules, type Exclusion } from './adjustRules';
