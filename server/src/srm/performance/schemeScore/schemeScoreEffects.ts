import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Database } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { readUnderLock } from '../../../resource/invariantLocks';
import { formatDateTime } from '../../../util/time';

const SCORE = 'srmSpeSchemeScore';
const LINE = 'srmSpeSupplierScore';
const SCHEME = 'srmSpeScheme';

/**
 * Score sheets (DOMAIN 2.2, lifecycle speSchemeScore): a sheet is submitted only with at least
 * one supplier score; each decision keeps the approver's comment on the sheet; when the last
 * sheet of a SCORING scheme is approved the scheme becomes CALCULATED.
 */
export class SchemeScoreEffects {
  private readonly sql: MetaSql;

  constructor(registry: MetadataRegistry, db: Database) {
    this.sql = new MetaSql(registry, db.dialect);
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
  }

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
    await run.tx.execute(
      `UPDATE ${t(SCHEME)} SET ${c(SCHEME, 'status')} = 'CALCULATED', ${c(SCHEME, 'versionNum')} = ${c(SCHEME, 'versionNum')} + 1, ${c(SCHEME, 'lastUpdatedBy')} = ?, ` +
        `${c(SCHEME, 'lastUpdateDate')} = ? WHERE ${c(SCHEME, 'schemeId')} = ? AND ${c(SCHEME, 'status')} = 'SCORING'`,
      [run.actor.userId, formatDateTime(), schemeId],
    );
  }
}

export function registerSchemeScore(
  handlers: TransitionHandlerRegistry,
  deps: { registry: MetadataRegistry; db: Database },
): void {
  const effects = new SchemeScoreEffects(deps.registry, deps.db);
  // Every transition of a sheet first locks its scheme: the scheme is calculated once, when its last sheet is approved.
  handlers.registerOwner(SCORE, 'schemeId');
  handlers.register('submitSchemeScore', (run) => effects.submit(run));
  handlers.register('recordScoreDecision', (run) => effects.decide(run));
}
