/**
 * Reads and writes of the performance result (DOMAIN.md §2.3, srmSpePerformance): the rescore's
 * history row (srmSpePerformanceHistory; the others and every to-do are declared in
 * spePerformance.json), and the result read through the caller's row scope.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
import type { ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { EntityStore } from '../../../resource/entityStore';

export const PERF = 'srmSpePerformance';
export const RESOURCE = 'srmSpePerformanceRestful';
export const INSIDE_PAGES = ['srmSpePerformanceList', 'SpePerformance/SpePerformanceEdit'];
export const SUPPLIER_PAGES = [
  'srmSpePerformanceListMenu',
  'SupplierAppeal/SrmSpeSupplierAppeal',
  'SupplierAppeal/SrmSpeSupplierRectification',
];

/** The result by either of its id fields (the spec's pages send either). */
export const RESULT_ID = ['id', 'performanceId'];

export type Handler = (
  store: ResultStore,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) => Promise<{ data: unknown }>;

export class ResultStore extends EntityStore {
  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'Performance result');
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
