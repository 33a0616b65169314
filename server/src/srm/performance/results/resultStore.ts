/**
 * Reads and writes of the performance result (DOMAIN.md §2.3, srmSpePerformance): the rescore's
 * history row (srmSpePerformanceHistory; the others and every to-do are declared in
 * spePerformance.json), the attachment fields, and the result read through the caller's row scope.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
import type { ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { EntityStore } from '../../../resource/entityStore';

export const PERF = 'srmSpePerformance';

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
}

/**
 * The caller's row scope on results (`reading`: for a read, else for an action) and `read`, the
 * result `id` through it — 404 when another supplier's or an unreleased one; in `tx`, locked when told.
 */
export async function resultScope(kernel: Kernel, req: ActionRequest, ctx: ResourceContext, reading: boolean) {
  const model = kernel.registry.entity(PERF)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, model, reading, ctx);
  const read = async (id: number, tx?: SqlExecutor, lock = false) => {
    const row = await kernel.resources.reader.byId(model, id, ctx, scope, tx, lock);
    if (!row) throw Errors.recordNotFound();
    return row;
  };
  return { model, scope, read };
}
