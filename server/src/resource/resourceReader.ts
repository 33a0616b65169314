import type { FilterNode } from '@meridian/metadata';
import type { EntityModel, MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor, SqlParam } from '../db/sqlExecutor';
import type { PageInfo } from '../http/envelope';
import type { ResourceContext } from './context';
import type { ListRequest } from './listRequest';
import { compileFilter, compileOrderBy, paramsToFilter, type CompiledWhere } from './queryCompiler';
import { decodeRow } from './rowCodec';
import { buildSelectShape, projectedShape, type SelectShape } from './selectBuilder';

/** Exact counts up to this many rows; beyond it the count is an estimate flagged countExact=false. */
export const COUNT_CAP = 10000;
/** From this offset on, pages are read through a key-only subquery (deferred join): deep pages stay fast. */
const DEFERRED_JOIN_OFFSET = 1000;

export class ResourceReader {
  private readonly shapes = new WeakMap<EntityModel, Partial<Record<'CN' | 'EN', SelectShape>>>();

  constructor(
    private readonly registry: MetadataRegistry,
    private readonly db: Database,
  ) {}

  private shape(entity: EntityModel, language: 'CN' | 'EN' = 'CN', projection?: ReadonlySet<string>): SelectShape {
    if (projection) return projectedShape(this.registry, entity, this.db.dialect, projection, language);
    let byLanguage = this.shapes.get(entity);
    if (!byLanguage) this.shapes.set(entity, (byLanguage = {}));
    return (byLanguage[language] ??= buildSelectShape(this.registry, entity, this.db.dialect, language));
  }

  /** The WHERE of a list: grid params, the filter AST and the caller's scope, all ANDed. */
  where(
    entity: EntityModel,
    request: Pick<ListRequest, 'params' | 'filter'>,
    ctx: ResourceContext,
    scope?: FilterNode,
  ): CompiledWhere {
    const d = this.db.dialect;
    const allowed = ctx.projection;
    const params = paramsToFilter(entity, request.params, allowed);
    // Params are what a user typed in the search form: literal values, never filter variables.
    const parts = [
      ...(params ? [compileFilter(entity, d, params, ctx.vars, { literalValues: true, allowed })] : []),
      ...(request.filter
        ? [compileFilter(entity, d, request.filter, ctx.vars, { registry: this.registry, allowed })]
        : []),
      // The scope is the server's own rule: it may test fields the caller may not see.
      ...(scope ? [compileFilter(entity, d, scope, ctx.vars, { registry: this.registry })] : []),
    ];
    return parts.length
      ? { sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) }
      : { sql: '1=1', params: [] };
  }

  async list(
    entity: EntityModel,
    request: ListRequest,
    ctx: ResourceContext,
    scope?: FilterNode,
  ): Promise<{ rows: Row[]; page: PageInfo }> {
    const d = this.db.dialect;
    const where = this.where(entity, request, ctx, scope);
    const order = compileOrderBy(entity, d, request.orderBy, 't', ctx.projection);
    const offset = (request.pageIndex - 1) * request.pageRows;
    const { columns, joins } = this.shape(entity, ctx.language, ctx.projection);
    const table = d.quote(entity.table);
    const pk = d.quote(entity.field(entity.primaryKey)!.column);
    const sql =
      offset >= DEFERRED_JOIN_OFFSET
        ? `SELECT ${columns} FROM (SELECT t.${pk} AS k FROM ${table} t WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?) page_keys ` +
          `JOIN ${table} t ON t.${pk} = page_keys.k ${joins} ORDER BY ${order}`
        : `SELECT ${columns} FROM ${table} t ${joins} WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`;
    const [rows, count] = await Promise.all([
      this.db.select(sql, [...where.params, request.pageRows, offset]),
      this.count(entity, where),
    ]);
    for (const row of rows) decodeRow(entity, row);
    return {
      rows,
      page: { count: count.count, pageIndex: request.pageIndex, pageRows: request.pageRows, countExact: count.exact },
    };
  }

  /** Counting must not make page 1 slow on a million rows: count at most COUNT_CAP + 1 rows. */
  async count(entity: EntityModel, where: CompiledWhere): Promise<{ count: number; exact: boolean }> {
    const d = this.db.dialect;
    const rows = await this.db.select(
      `SELECT COUNT(*) AS c FROM (SELECT 1 AS one FROM ${d.quote(entity.table)} t WHERE ${where.sql} LIMIT ${COUNT_CAP + 1}) capped`,
      where.params,
    );
    const capped = Number(rows[0]?.c ?? 0);
    if (capped <= COUNT_CAP) return { count: capped, exact: true };
    const estimate = where.sql === '1=1' ? await this.estimateTableRows(entity) : 0;
    return { count: Math.max(estimate, COUNT_CAP + 1), exact: false };
  }

  private async estimateTableRows(entity: EntityModel): Promise<number> {
    const d = this.db.dialect;
    if (d.kind === 'mysql') {
      const rows = await this.db.select(
        'SELECT TABLE_ROWS AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?',
        [entity.table],
      );
      return Number(rows[0]?.n ?? 0);
    }
    const pk = d.quote(entity.field(entity.primaryKey)!.column);
    // Two separate subqueries: SQLite answers a lone MIN or MAX from the index in O(1), not both at once.
    const table = d.quote(entity.table);
    const rows = await this.db.select(
      `SELECT (SELECT MAX(${pk}) FROM ${table}) - (SELECT MIN(${pk}) FROM ${table}) + 1 AS n`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** One record by key, or undefined; `tx` reads inside a transaction (FOR UPDATE on MySQL when locking). */
  async byId(
    entity: EntityModel,
    id: SqlParam,
    ctx: ResourceContext,
    scope?: FilterNode,
    tx?: SqlExecutor,
    lock = false,
  ): Promise<Row | undefined> {
    const d = this.db.dialect;
    const { columns, joins, ownColumns } = this.shape(entity, ctx.language, lock ? undefined : ctx.projection);
    const keyFilter: FilterNode = { field: entity.primaryKey, op: 'eq', value: id as number };
    const where = compileFilter(entity, d, scope ? { and: [keyFilter, scope] } : keyFilter, ctx.vars, {
      registry: this.registry,
    });
    const sql = lock
      ? `SELECT ${ownColumns} FROM ${d.quote(entity.table)} t WHERE ${where.sql}${d.forUpdate}`
      : `SELECT ${columns} FROM ${d.quote(entity.table)} t ${joins} WHERE ${where.sql}`;
    const rows = tx ? await tx.select(sql, where.params) : await this.db.select(sql, where.params);
    return rows[0] && decodeRow(entity, rows[0]);
  }

  /** A header with its lines (children arrays under the child's name). */
  async withChildren(entity: EntityModel, header: Row, ctx: ResourceContext, tx?: SqlExecutor): Promise<Row> {
    if (ctx.projection) return header;
    for (const child of entity.children) {
      const model = this.registry.entity(child.entity)!;
      const d = this.db.dialect;
      const { columns, joins } = this.shape(model, ctx.language);
      // Lines keep their declared order (or the key's): the newest-first default is for lists.
      const order = compileOrderBy(model, d, child.orderBy ?? model.def.defaultOrderBy ?? `${model.primaryKey} desc`);
      const fk = d.quote(model.field(child.foreignKey)!.column);
      const sql = `SELECT ${columns} FROM ${d.quote(model.table)} t ${joins} WHERE t.${fk} = ? ORDER BY ${order}`;
      const id = header[entity.primaryKey] as number;
      const rows = tx ? await tx.select(sql, [id]) : await this.db.select(sql, [id]);
      header[child.name] = rows.map((r) => decodeRow(model, r));
    }
    return header;
  }
}
