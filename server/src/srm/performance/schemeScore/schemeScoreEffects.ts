import type { MetadataRegistry } from '@meridian/metadata/node';
import type { MetaSql } from '../../../access/metaSql';
import type { Database } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { readUnderLock } from '../../../resource/invariantLocks';
import { TodoService } from '../../../todos/todoService';
import { formatDateTime } from '../../../util/time';
import { SchemeCalc } from '../scheme/schemeCalc';
import { SheetSave } from './sheetSave';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';

const SCORE = 'srmSpeSchemeScore';
const LINE = 'srmSpeSupplierScore';
const SCHEME = 'srmSpeScheme';

/**
 * Score sheets (DOMAIN 2.2, lifecycle speSchemeScore): a sheet is submitted only with at least
 * one supplier score; each decision keeps the approver's comment on the sheet; when the last
 * sheet of a SCORING scheme is approved the scheme becomes CALCULATED and its results are written
 * (scheme/schemeCalc.ts).
 */
export class SchemeScoreEffects {
  private readonly sql: MetaSql;
  private readonly todos: TodoService;
  private readonly calc: SchemeCalc;

  constructor(registry: MetadataRegistry, db: Database) {
    const rows = new PlatformRows(registry, db.dialect);
    this.sql = rows.sql;
    this.todos = new TodoService(rows);
    this.calc = new SchemeCalc(registry, db);
  }

  async submit(run: TransitionRun): Promise<void> {
    const { t, c } = this.sql;
    const [{ n }] = await run.tx.select(`SELECT COUNT(*) AS n FROM ${t(LINE)} WHERE ${c(LINE, 'schemeScoreId')} = ?`, [
      run.id,
    ]);
    if (Number(n) === 0)
      throw Errors.badRequest(
        '评分单没有供应商得分，不能提交',
        'Score at least one supplier before submitting the sheet',
      );
    // The scorer's to-do (created when the scheme was approved) is done once the sheet is submitted.
    // Not a declared closeTodos: the approval to-dos just opened share its type (SPE_SCHEME_SCORE),
    // so only the scorer's own are closed.
    await this.todos.close(
      run.tx,
      { entityName: SCORE, billId: run.id, assigneeUserId: Number(run.record.scorerUserId) },
      'handled',
      run.actor.userId,
    );
  }

  /** doApprove: the approver's comment, and the scheme calculated with its last sheet (a rejection's comment is declared). */
  async decide(run: TransitionRun): Promise<void> {
    const { t, c } = this.sql;
    await run.tx.execute(
      `UPDATE ${t(SCORE)} SET ${c(SCORE, 'approverComment')} = ? WHERE ${c(SCORE, 'schemeScoreId')} = ?`,
      [run.comment, run.id],
    );
    if (run.to === 'APPROVED') await this.calculateWhenComplete(run);
  }

  /**
   * The scheme's scoring is complete when none of its sheets is left unapproved. The lifecycle has
   * locked the scheme (registerOwner below) and the count reads under that lock, so of the last two
   * sheets approved at once the second sees the first (docs/developer-guide.md, "Invariants under concurrency").
   */
  private async calculateWhenComplete(run: TransitionRun): Promise<void> {
    const { t, c } = this.sql;
    const schemeId = Number(run.record.schemeId);
    const [{ n }] = await readUnderLock(
      run.tx,
      `SELECT COUNT(*) AS n FROM ${t(SCORE)} WHERE ${c(SCORE, 'schemeId')} = ? AND ${c(SCORE, 'scoreStatus')} <> 'APPROVED'`,
      [schemeId],
    );
    if (Number(n) > 0) return;
    const moved = await run.tx.execute(
      `UPDATE ${t(SCHEME)} SET ${c(SCHEME, 'status')} = 'CALCULATED', ${c(SCHEME, 'versionNum')} = ${c(SCHEME, 'versionNum')} + 1, ${c(SCHEME, 'lastUpdatedBy')} = ?, ` +
        `${c(SCHEME, 'lastUpdateDate')} = ? WHERE ${c(SCHEME, 'schemeId')} = ? AND ${c(SCHEME, 'status')} = 'SCORING'`,
      [run.actor.userId, formatDateTime(), schemeId],
    );
    // Only the transaction that moved the scheme out of SCORING writes its results: exactly once.
    if (moved.affected === 1) await this.calc.calculate(run.tx, schemeId, run.actor.userId!);
  }
}

export function registerSchemeScore(
  handlers: TransitionHandlerRegistry,
  deps: { registry: MetadataRegistry; db: Database; hooks: RecordHookRegistry },
): void {
  const effects = new SchemeScoreEffects(deps.registry, deps.db);
  // Every transition of a sheet first locks its scheme: the scheme is calculated once, when its last sheet is approved.
  handlers.registerOwner(SCORE, 'schemeId');
  handlers.register('submitSchemeScore', (run) => effects.submit(run));
  handlers.register('recordScoreDecision', (run) => effects.decide(run));
  const save = new SheetSave(deps.registry, deps.db);
  deps.hooks.registerBeforeSave(SCORE, (draft) => save.beforeSave(draft));
}
