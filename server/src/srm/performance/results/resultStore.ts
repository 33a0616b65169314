/**
 * Reads and writes of the performance result (DOMAIN.md §2.3, srmSpePerformance): the rescore's
 * history row (srmSpePerformanceHistory; the others and every to-do are declared in
 * spePerformance.json), and the scheme's grade setting.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import type { ResourceContext } from '../../../resource/context';
import { EntityStore } from '../../../resource/entityStore';

export const PERF = 'srmSpePerformance';
export const SCHEME = 'srmSpeScheme';

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

  /** The scheme's grade setting. */
  async settingOf(tx: SqlExecutor, schemeId: number): Promise<number | null> {
    const { settingHeadId: s } = (await this.one(tx, SCHEME, schemeId, false)) ?? {};
    return s === null || s === undefined ? null : Number(s);
  }
}
