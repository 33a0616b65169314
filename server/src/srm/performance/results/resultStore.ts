/**
 * Reads and writes of the performance result (DOMAIN.md §2.3, srmSpePerformance): the rescore's
 * history row (srmSpePerformanceHistory; the others and every to-do are declared in
 * spePerformance.json), and the scheme's move to RELEASED once its last result is released.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import type { ResourceContext } from '../../../resource/context';
import { EntityStore } from '../../../resource/entityStore';
import { readUnderLock } from '../../../resource/invariantLocks';
import { formatDateTime, today } from '../../../util/time';

export const PERF = 'srmSpePerformance';
export const HISTORY = 'srmSpePerformanceHistory';
export const SCHEME = 'srmSpeScheme';
export const DEFAULT_APPEAL_DAYS = 7;

export const todayText = (): string => today();

export interface HistoryEntry {
  performanceId: number;
  actionCode: string;
  fromStatus: string | null;
  toStatus: string | null;
  oldTotalScore?: SqlParam;
  newTotalScore?: SqlParam;
  oldGradeCode?: SqlParam;
  newGradeCode?: SqlParam;
  reason?: string | null;
  actorUserId: number | null;
}

export class ResultStore extends EntityStore {
  constructor(
    registry: MetadataRegistry,
    db: Database,
    private readonly hooks: RecordHookRegistry,
  ) {
    super(registry, db, hooks, 'Performance result');
  }

  /**
   * setFields, and the after-save hooks for the attachment fields it wrote: the files server links
   * the caller's uploads named there to the result, so that the buyer reviewing an appeal or a
   * rectification report may download them (an unlinked upload is its uploader's alone).
   */
  override async setFields(
    tx: SqlExecutor,
    entity: string,
    id: number,
    set: Record<string, SqlParam>,
    ctx: ResourceContext,
  ): Promise<void> {
    await super.setFields(tx, entity, id, set, ctx);
    const model = this.model(entity);
    const files = Object.entries(set).filter(([name, v]) => v && model.field(name)?.type === 'attachment');
    if (files.length) await this.hooks.runAfterSave({ entity: model, id, values: Object.fromEntries(files), ctx, tx });
  }

  async history(tx: SqlExecutor, entry: HistoryEntry, ctx: ResourceContext): Promise<void> {
    await this.writer.insert(
      tx,
      this.model(HISTORY),
      {
        oldTotalScore: null,
        newTotalScore: null,
        oldGradeCode: null,
        newGradeCode: null,
        reason: null,
        ...entry,
        actionDate: formatDateTime(),
      },
      ctx,
    );
  }

  /** The scheme's appeal days (its appealDays field when the scheme has one and it is set; 7 otherwise). */
  async appealDays(tx: SqlExecutor, schemeId: number): Promise<number> {
    if (!this.model(SCHEME).field('appealDays')) return DEFAULT_APPEAL_DAYS;
    const { t, c } = this.sql;
    const [row] = await tx.select(
      `SELECT ${c(SCHEME, 'appealDays')} AS d FROM ${t(SCHEME)} WHERE ${c(SCHEME, 'schemeId')} = ?`,
      [schemeId],
    );
    const days = Number(row?.d);
    return row?.d !== null && row?.d !== undefined && Number.isInteger(days) && days >= 0 ? days : DEFAULT_APPEAL_DAYS;
  }

  async settingOf(tx: SqlExecutor, schemeId: number): Promise<number | null> {
    const { t, c } = this.sql;
    const [row] = await tx.select(
      `SELECT ${c(SCHEME, 'settingHeadId')} AS s FROM ${t(SCHEME)} WHERE ${c(SCHEME, 'schemeId')} = ?`,
      [schemeId],
    );
    return row?.s === null || row?.s === undefined ? null : Number(row.s);
  }

  /**
   * The scheme becomes RELEASED (a system move, DOMAIN §2.2) when none of its results is left
   * UNRELEASED. Every result transition has locked the scheme first (registerOwner), so the count
   * under that lock sees the other releases committed before.
   */
  async releaseSchemeWhenDone(tx: SqlExecutor, schemeId: number, ctx: ResourceContext): Promise<boolean> {
    const { t, c } = this.sql;
    const [{ n }] = await readUnderLock(
      tx,
      `SELECT COUNT(*) AS n FROM ${t(PERF)} WHERE ${c(PERF, 'schemeId')} = ? AND ${c(PERF, 'status')} = 'UNRELEASED'`,
      [schemeId],
    );
    if (Number(n) > 0) return false;
    const changed = await tx.execute(
      `UPDATE ${t(SCHEME)} SET ${c(SCHEME, 'status')} = 'RELEASED', ${c(SCHEME, 'versionNum')} = ${c(SCHEME, 'versionNum')} + 1, ` +
        `${c(SCHEME, 'lastUpdatedBy')} = ?, ${c(SCHEME, 'lastUpdateDate')} = ? WHERE ${c(SCHEME, 'schemeId')} = ? AND ${c(SCHEME, 'status')} = 'CALCULATED'`,
      [ctx.userId, formatDateTime(), schemeId],
    );
    return changed.affected > 0;
  }
}
