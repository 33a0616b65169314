import { evaluateFilter, pickText, type EntityModel, type FilterNode, type TransitionDef } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, SqlExecutor } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import type { RecordHookRegistry } from '../hooks/recordHooks';
import type { ResourceContext } from '../resource/context';
import type { ResourceReader } from '../resource/resourceReader';
import type { ActionResult } from '../resource/resourceService';
import { formatDateTime } from '../util/time';

const MAX_IDS = 1000;

function idsOf(body: Record<string, unknown>): number[] {
  const raw = body.ids !== undefined ? body.ids : body.id !== undefined ? [body.id] : [];
  if (!Array.isArray(raw) || raw.length === 0) throw Errors.badRequest('请指定要处理的记录', 'Give the id or a non-empty ids list');
  if (raw.length > MAX_IDS) throw Errors.badRequest(`一次最多 ${MAX_IDS} 条`, `At most ${MAX_IDS} ids at once`);
  return [...new Set(raw.map((v) => {
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw Errors.badRequest('id 无效', 'ids must be positive integers');
    return n;
  }))];
}

/**
 * Lifecycle transitions as server actions (doSubmit, doApprove… and every spec alias): the
 * current state is read under lock inside the transaction and must be one of the transition's
 * `from` states, so a double submit or a skipped step answers 409 and changes nothing. Batches
 * are all or nothing. Approvals, to-dos and submitter rules build on this (they need identity).
 */
export class LifecycleService {
  constructor(
    private readonly registry: MetadataRegistry,
    private readonly db: Database,
    private readonly reader: ResourceReader,
    private readonly hooks: RecordHookRegistry,
  ) {}

  transitionFor(entity: EntityModel, action: string): TransitionDef | undefined {
    const lifecycle = entity.def.lifecycle ? this.registry.lifecycle(entity.def.lifecycle) : undefined;
    return lifecycle?.transitions.find((t) => t.action === action || t.aliases?.includes(action));
  }

  async run(entity: EntityModel, transition: TransitionDef, body: Record<string, unknown>, ctx: ResourceContext, scope?: FilterNode): Promise<ActionResult> {
    const ids = idsOf(body);
    const versionNum = body.versionNum;
    if (versionNum !== undefined && versionNum !== null && (typeof versionNum !== 'number' || !Number.isSafeInteger(versionNum) || ids.length > 1)) {
      throw Errors.badRequest('versionNum 无效', 'versionNum must be an integer and goes with a single id');
    }
    const expectedVersion = typeof versionNum === 'number' ? versionNum : undefined;
    await this.db.transaction(async (tx) => {
      for (const id of ids) await this.applyOne(tx, entity, transition, id, ctx, scope, expectedVersion);
    });
    if (ids.length > 1) return { data: { count: ids.length }, msg: pickText(transition.label ?? { cn: '操作成功', en: 'Done' }, ctx.language) };
    const row = await this.reader.byId(entity, ids[0], ctx, scope);
    return { data: row && (await this.reader.withChildren(entity, row, ctx)), msg: pickText(transition.label ?? { cn: '操作成功', en: 'Done' }, ctx.language) };
  }

  private async applyOne(tx: SqlExecutor, entity: EntityModel, t: TransitionDef, id: number, ctx: ResourceContext, scope: FilterNode | undefined, expectedVersion?: number): Promise<void> {
    const statusField = entity.statusField!;
    const current = await this.reader.byId(entity, id, ctx, scope, tx, true);
    if (!current) throw Errors.recordNotFound();
    if (expectedVersion !== undefined && current.versionNum !== expectedVersion) throw Errors.staleVersion();
    const state = String(current[statusField] ?? '');
    if (!t.from.includes(state)) {
      throw Errors.conflict(`当前状态（${state}）不能执行该操作`, `"${t.action}" is not allowed in state ${state} (allowed from: ${t.from.join(', ')})`);
    }
    if (t.guard && !evaluateFilter(t.guard, current, ctx.vars)) throw Errors.conflict('不满足操作条件', `The conditions for "${t.action}" are not met`);
    const q = tx.dialect.quote;
    const result = await tx.execute(
      `UPDATE ${q(entity.table)} SET ${q(entity.field(statusField)!.column)} = ?, ${q('version_num')} = ${q('version_num')} + 1, ` +
        `${q('last_updated_by')} = ?, ${q('last_update_date')} = ? WHERE ${q(entity.field(entity.primaryKey)!.column)} = ? AND ${q('version_num')} = ?`,
      [t.to, ctx.userId, formatDateTime(), id, current.versionNum as number],
    );
    if (result.affected === 0) throw Errors.staleVersion();
    await this.hooks.runAfterTransition({ entity, id, action: t.action, from: state, to: t.to, ctx, tx });
  }
}
