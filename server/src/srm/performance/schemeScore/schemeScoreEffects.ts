import type { DomainRegistries } from '../../../platform/domainModules';
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { readUnderLock } from '../../../resource/invariantLocks';
import { SchemeCalc } from '../scheme/schemeCalc';
import { SheetSave } from './sheetSave';

const SCORE = 'srmSpeSchemeScore';
const SCHEME = 'srmSpeScheme';

/**
 * doApprove of a sheet: the scheme's scoring is complete when none of its sheets is left
 * unapproved; the scheme then becomes CALCULATED and its results are written. The lifecycle has
 * locked the scheme (registerOwner below) and the count reads under that lock, so of the last two
 * sheets approved at once the second sees the first (docs/developer-guide.md, "Invariants under concurrency").
 */
async function calculateWhenComplete(rows: PlatformRows, calc: SchemeCalc, run: TransitionRun): Promise<void> {
  const { t, c } = rows.sql;
  const schemeId = Number(run.record.schemeId);
  const [{ n }] = await readUnderLock(
    run.tx,
    `SELECT COUNT(*) AS n FROM ${t(SCORE)} WHERE ${c(SCORE, 'schemeId')} = ? AND ${c(SCORE, 'scoreStatus')} <> 'APPROVED'`,
    [schemeId],
  );
  if (Number(n) > 0) return;
  const moved = await rows.update(
    run.tx,
    SCHEME,
    { status: 'CALCULATED' },
    { schemeId, status: 'SCORING' },
    run.actor.userId,
  );
  // Only the transaction that moved the scheme out of SCORING writes its results: exactly once.
  if (moved === 1) await calc.calculate(run.tx, schemeId, run.actor.userId!);
}

/**
 * Score sheets (DOMAIN 2.2, lifecycle speSchemeScore): the submit rule (at least one supplier
 * score), the scorer's to-do handled and the approver's comment on the sheet are declared
 * (speSchemeScore.json); when the last sheet of a SCORING scheme is approved the scheme is
 * calculated (scheme/schemeCalc.ts); the sheet's save rule is sheetSave.ts.
 */
export function registerSchemeScore({ handlers, hooks, registry, db }: DomainRegistries): void {
  const rows = new PlatformRows(registry, db.dialect);
  const calc = new SchemeCalc(registry, db);
  // Every transition of a sheet first locks its scheme: the scheme is calculated once, when its last sheet is approved.
  handlers.registerOwner(SCORE, 'schemeId');
  handlers.register('calculateSchemeWhenScored', (run) => calculateWhenComplete(rows, calc, run));
  const save = new SheetSave(registry, db);
  hooks.registerBeforeSave(SCORE, (draft) => save.beforeSave(draft));
}
