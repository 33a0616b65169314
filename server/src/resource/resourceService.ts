import type { EntityModel, FilterNode } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import type { PageInfo } from '../http/envelope';
import type { RecordHookRegistry } from '../hooks/recordHooks';
import type { ResourceContext } from './context';
import { translateDbError } from './dbErrors';
import { parseListRequest } from './listRequest';
import { prepareRecord } from './recordPreparation';
import { checkReferences } from './referenceCheck';
import { ResourceReader } from './resourceReader';
import { ResourceWriter } from './resourceWriter';

export const GENERIC_ACTIONS = [
  'findById',
  'listByPage',
  'saveOrUpdate',
  'doBatchSaveOrUpdate',
  'delete',
  'doBatchDelete',
] as const;
export type GenericAction = (typeof GENERIC_ACTIONS)[number];

export interface ActionResult {
  data: unknown;
  page?: PageInfo;
  msg?: string;
  /** A custom action's file answer (a spec "file stream" path): sent as the download instead of the envelope. */
  file?: ActionFileAnswer;
}

/** A file a custom action answers: its name (Content-Disposition), type and bytes. */
export interface ActionFileAnswer {
  fileName: string;
  contentType: string;
  content: Buffer;
}

const MAX_BATCH = 1000;

/** Lines are written only through their header (one transaction, one version): 400 otherwise. */
export function assertWritableDirectly(entity: EntityModel, action: string): void {
  if (action !== 'findById' && action !== 'listByPage' && entity.def.parent) {
    throw Errors.badRequest(
      '行记录只能通过单据头保存',
      `${entity.name} lines are saved and deleted through ${entity.def.parent}`,
    );
  }
}

function idFrom(value: unknown, name = 'id'): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1)
    throw Errors.badRequest(`${name} 无效`, `${name} must be a positive integer`);
  return n;
}

function idList(value: unknown): number[] {
  if (!Array.isArray(value) || value.length === 0)
    throw Errors.badRequest('ids 不能为空', 'ids must be a non-empty list');
  if (value.length > MAX_BATCH) throw Errors.badRequest(`一次最多 ${MAX_BATCH} 条`, `At most ${MAX_BATCH} ids at once`);
  return [...new Set(value.map((v) => idFrom(v, 'ids')))];
}

/**
 * The generic service of one process: given an entity's metadata it lists, reads, saves and
 * deletes records. It knows nothing of HTTP (like Directus's ItemsService); `scope` is the row
 * scope the caller's access rules impose (a FilterNode ANDed into every read and write).
 */
export class ResourceService {
  readonly reader: ResourceReader;
  readonly writer: ResourceWriter;

  constructor(
    readonly registry: MetadataRegistry,
    readonly db: Database,
    hooks: RecordHookRegistry,
  ) {
    this.reader = new ResourceReader(registry, db);
    this.writer = new ResourceWriter(registry, this.reader, hooks);
  }

  async run(
    action: GenericAction,
    entity: EntityModel,
    body: Record<string, unknown>,
    ctx: ResourceContext,
    scope?: FilterNode,
  ): Promise<ActionResult> {
    assertWritableDirectly(entity, action);
    try {
      switch (action) {
        case 'findById':
          return { data: await this.findById(entity, idFrom(body.id), ctx, scope) };
        case 'listByPage': {
          const { rows, page } = await this.reader.list(entity, parseListRequest(body), ctx, scope);
          return { data: rows, page };
        }
        case 'saveOrUpdate':
          return { data: await this.saveOrUpdate(entity, body, ctx, scope) };
        case 'doBatchSaveOrUpdate':
          return { data: await this.batchSave(entity, body.rows, ctx, scope) };
        case 'delete':
          return { data: await this.deleteMany(entity, [idFrom(body.id)], ctx, scope) };
        case 'doBatchDelete':
          return { data: await this.deleteMany(entity, idList(body.ids), ctx, scope) };
      }
    } catch (e) {
      throw translateDbError(e);
    }
  }

  async findById(entity: EntityModel, id: number, ctx: ResourceContext, scope?: FilterNode): Promise<Row> {
    const row = await this.reader.byId(entity, id, ctx, scope);
    if (!row) throw Errors.recordNotFound();
    return this.reader.withChildren(entity, row, ctx);
  }

  async saveOrUpdate(
    entity: EntityModel,
    body: Record<string, unknown>,
    ctx: ResourceContext,
    scope?: FilterNode,
  ): Promise<Row> {
    const record = prepareRecord(this.registry, entity, body, ctx);
    const id = await this.db.transaction((tx) => this.writer.save(tx, entity, record, ctx, scope), {
      journal: ctx.journal,
    });
    return this.findById(entity, id, ctx, scope);
  }

  private async batchSave(
    entity: EntityModel,
    rows: unknown,
    ctx: ResourceContext,
    scope?: FilterNode,
  ): Promise<Row[]> {
    if (!Array.isArray(rows) || rows.length === 0)
      throw Errors.badRequest('rows 不能为空', 'rows must be a non-empty list of records');
    if (rows.length > MAX_BATCH)
      throw Errors.badRequest(`一次最多 ${MAX_BATCH} 条`, `At most ${MAX_BATCH} rows at once`);
    const records = rows.map((row, i) => prepareRecord(this.registry, entity, row, ctx, `rows[${i}].`));
    const ids = await this.db.transaction(
      async (tx) => {
        // One query per reference target for all the new rows, field errors named by row (docs/decisions.md,
        // issue 13). A row with a key is checked by the writer, against its stored row read in the caller's scope.
        const created = records.map((record, i) => ({ record, prefix: `rows[${i}].` })).filter((r) => !r.record.id);
        await checkReferences(this.registry, tx, entity, created, ctx);
        const saved: number[] = [];
        for (const [i, record] of records.entries()) {
          const options = record.id ? { prefix: `rows[${i}].` } : { referencesChecked: true };
          saved.push(await this.writer.save(tx, entity, record, ctx, scope, options));
        }
        return saved;
      },
      { journal: ctx.journal },
    );
    return Promise.all(ids.map((id) => this.findById(entity, id, ctx, scope)));
  }

  /** All or nothing: one missing, foreign or undeletable id rolls the whole batch back. */
  private async deleteMany(
    entity: EntityModel,
    ids: number[],
    ctx: ResourceContext,
    scope?: FilterNode,
  ): Promise<{ count: number }> {
    await this.db.transaction(
      async (tx) => {
        for (const id of ids) await this.writer.delete(tx, entity, id, ctx, scope);
      },
      { journal: ctx.journal },
    );
    return { count: ids.length };
  }
}
