import type { DomainRegistries } from '../../../platform/domainModules';
import { SheetSave } from './sheetSave';

const SCORE = 'srmSpeSchemeScore';

/**
 * Score sheets (DOMAIN 2.2, lifecycle speSchemeScore): the submit rule (at least one supplier
 * score), the scorer's to-do handled, the approver's comment on the sheet and the scheme's
 * calculation once its last sheet is approved (the scheme's doCalculate, run when its sheets
 * check holds: speScheme.json) are declared; the sheet's save rule is sheetSave.ts.
 */
export function registerSchemeScore({ handlers, hooks, registry, db }: DomainRegistries): void {
  // Every transition of a sheet first locks its scheme: of the last two sheets approved at once,
  // the second's calculation check sees the first, and the scheme is calculated once
  // (docs/developer-guide.md, "Invariants under concurrency").
  handlers.registerOwner(SCORE, 'schemeId');
  const save = new SheetSave(registry, db);
  hooks.registerBeforeSave(SCORE, (draft) => save.beforeSave(draft));
}
