/**
 * Reads and writes of the performance result (DOMAIN.md §2.3, srmSpePerformance): the rescore's
 * history row (srmSpePerformanceHistory; the others and every to-do are declared in
 * spePerformance.json), and the scheme's appeal days and grade setting.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import type { ResourceContext } from '../../../resource/context';
import { EntityStore } from '../../../resource/entityStore';

export const PERF = 'srmSpePerformance';
export const SCHEME = 'srmSpeScheme';
export const DEFAULT_APPEAL_DAYS = 7;

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

  /** The scheme's appeal days (7 while not set) and grade setting. */
  async scheme(tx: SqlExecutor, schemeId: number): Promise<{ appealDays: number; settingHeadId: number | null }> {
    const { appealDays: d, settingHeadId: s } = (await this.one(tx, SCHEME, schemeId, false)) ?? {};
    const days = Number(d);
    return {
      appealDays: d !== null && d !== undefined && Number.isInteger(days) && days >= 0 ? days : DEFAULT_APPEAL_DAYS,
      settingHeadId: s === null || s === undefined ? null : Number(s),
    };
  }
}
