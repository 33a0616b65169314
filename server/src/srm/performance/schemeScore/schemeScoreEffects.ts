import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database } from '../../../db/sqlExecutor';
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { readUnderLock } from '../../../resource/invariantLocks';
import { SchemeCalc } from '../scheme/schemeCalc';
import { SheetSave } from './sheetSave';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';

const SCORE = 'srmSpeSchemeScore';
const SCHEME = 'srmSpeScheme';

/**
 * Score sheets (DOMAIN 2.2, lifecycle speSchemeScore): the submit rule (at least one supplier
 * score), the scorer's to-do handled and the approver's comment on the sheet are declared
 * (speSchemeScore.json); when the last sheet of a SCORING scheme is approved the scheme becomes
 * CALCULATED and its results are written (scheme/schemeCalc.ts).
 */
export class SchemeScoreEffects {
  private readonly rows: PlatformRows;
  private readonly calc: SchemeCalc;

  constructor(registry: MetadataRegistry, db: Database) {
    this.rows = new PlatformRows(registry, db.dialect);
    this.calc = new SchemeCalc(registry, db);
  }

  /** doApprove: the scheme calculated with its last sheet. */
  async decide(run: TransitionRun): Promise<void> {
    if (run.to === 'APPROVED') await this.calculateWhenComplete(run);
  }

  /**
   * The scheme's scoring is complete when none of its sheets is left unapproved. The lifecycle has
   * locked the scheme (registerOwner below) and the count reads under that lock, so of the last two
   * sheets approved at once the second sees the first (docs/developer-guide.md, "Invariants under concurrency").
   */
  private async calculateWhenComplete(run: TransitionRun): Promise<void> {
    const { t, c } = this.rows.sql;
    const schemeId = Number(run.record.schemeId);
    const [{ n }] = await readUnderLock(
      run.tx,
      `SELECT COUNT(*) AS n FROM ${t(SCORE)} WHERE ${c(SCORE, 'schemeId')} = ? AND ${c(SCORE, 'scoreStatus')} <> 'APPROVED'`,
      [schemeId],
    );
    if (Number(n) > 0) return;
    const moved = await this.rows.update(
      run.tx,
      SCHEME,
      { status: 'CALCULATED' },
      { schemeId, status: 'SCORING' },
      run.actor.userId,
    );
    // Only the transaction that moved the scheme out of SCORING writes its results: exactly once.
    if (moved === 1) await this.calc.calculate(run.tx, schemeId, run.actor.userId!);
  }
}

export function registerSchemeScore(
  handlers: TransitionHandlerRegistry,
  deps: { registry: MetadataRegistry; db: Database; hooks: RecordHookRegistry },
): void {
  const effects = new SchemeScoreEffects(deps.registry, deps.db);
  // Every transition of a sheet first locks its scheme: the scheme is calculated once, when its last sheet is approved.
  handlers.registerOwner(SCORE, 'schemeId');
  handlers.register('calculateSchemeWhenScored', (run) => effects.decide(run));
  const save = new SheetSave(deps.registry, deps.db);
  deps.hooks.registerBeforeSave(SCORE, (draft) => save.beforeSave(draft));
}
