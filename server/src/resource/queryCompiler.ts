import {
  filterConditions,
  isCondition,
  isParentNode,
  parentLink,
  resolveFilterValue,
  type EntityModel,
  type FilterCondition,
  type FilterNode,
  type FilterParent,
  type FilterVariables,
  type ResolvedField,
} from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Dialect } from '../db/dialect';
import type { SqlParam } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import { toSqlParam } from './values';

export interface CompiledWhere {
  sql: string;
  params: SqlParam[];
}

const MAX_CONDITIONS = 100;

/** allowed: a projection (a reference picker's fields) narrows what may be filtered and sorted on. */
function filterableField(
  entity: EntityModel,
  name: unknown,
  where: string,
  allowed?: ReadonlySet<string>,
): ResolvedField {
  const field =
    typeof name === 'string' && entity.isFilterable(name) && (!allowed || allowed.has(name))
      ? entity.field(name)
      : undefined;
  if (!field) {
    throw Errors.badRequest(
      `不能按字段 ${String(name)} 查询`,
      `${where}: "${String(name)}" is not a field you can filter or sort on`,
      [{ field: String(name), message: 'unknown or not filterable field' }],
    );
  }
  return field;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function listValue(field: ResolvedField, value: unknown, where: string, exact?: number): SqlParam[] {
  if (!Array.isArray(value) || value.length === 0 || (exact !== undefined && value.length !== exact)) {
    throw Errors.badRequest(
      `字段 ${field.name} 需要一个列表`,
      `${where}: ${field.name} needs a list${exact ? ` of ${exact} values` : ''}`,
    );
  }
  return value.map((v) => toSqlParam(field, v, where));
}

/** One condition as SQL over a quoted column; every value is a bound parameter. */
function compileCondition(
  entity: EntityModel,
  d: Dialect,
  node: FilterCondition,
  vars: FilterVariables,
  alias: string,
  literalValues: boolean,
  allowed?: ReadonlySet<string>,
): CompiledWhere {
  const field = filterableField(entity, node.field, 'filter', allowed);
  const col = `${alias}.${d.quote(field.column)}`;
  const value = literalValues ? node.value : resolveFilterValue(node.value, vars);
  const one = () => toSqlParam(field, value, 'filter');
  switch (node.op) {
    case 'eq':
      return { sql: `${col} = ?`, params: [one()] };
    case 'ne':
      return { sql: `(${col} <> ? OR ${col} IS NULL)`, params: [one()] };
    case 'gt':
      return { sql: `${col} > ?`, params: [one()] };
    case 'gte':
      return { sql: `${col} >= ?`, params: [one()] };
    case 'lt':
      return { sql: `${col} < ?`, params: [one()] };
    case 'lte':
      return { sql: `${col} <= ?`, params: [one()] };
    // Both engines compare case-insensitively here (MySQL collations, SQLite LIKE on ASCII) without LOWER(), which would defeat indexes.
    case 'like':
      return { sql: `${col} LIKE ?${d.likeEscape}`, params: [`%${escapeLike(String(value ?? ''))}%`] };
    case 'null':
      return { sql: `${col} IS NULL`, params: [] };
    case 'notNull':
      return { sql: `${col} IS NOT NULL`, params: [] };
    case 'between':
      return { sql: `${col} BETWEEN ? AND ?`, params: listValue(field, value, 'filter', 2) };
    case 'in':
    case 'nin': {
      const params = listValue(field, value, 'filter');
      const marks = params.map(() => '?').join(', ');
      return node.op === 'in'
        ? { sql: `${col} IN (${marks})`, params }
        : { sql: `(${col} NOT IN (${marks}) OR ${col} IS NULL)`, params };
    }
    default:
      throw Errors.badRequest('不支持的查询运算符', `filter: unknown operator "${String(node.op)}"`);
  }
}

function join(parts: CompiledWhere[], glue: 'AND' | 'OR'): CompiledWhere {
  if (!parts.length) return { sql: glue === 'AND' ? '1=1' : '1=0', params: [] };
  return { sql: `(${parts.map((p) => p.sql).join(` ${glue} `)})`, params: parts.flatMap((p) => p.params) };
}

export interface CompileOptions {
  /** The table alias of the entity's row (default t). */
  alias?: string;
  /** Values are taken as typed ("$100" is text), for the grid's params; otherwise "$user.userId" is a filter variable. */
  literalValues?: boolean;
  /** Resolves a `parent` node's header; without it such a node is refused. */
  registry?: MetadataRegistry;
  /** The only fields that may be filtered on (a reference picker's projection); no parent conditions then. */
  allowed?: ReadonlySet<string>;
}

/** `parent`: EXISTS on the header row through the line's foreign key, its filter on the header's allowlist. */
function compileParent(
  entity: EntityModel,
  d: Dialect,
  node: FilterParent,
  vars: FilterVariables,
  options: CompileOptions,
): CompiledWhere {
  const { registry, alias = 't' } = options;
  const link = registry && !options.allowed && parentLink(entity, (name) => registry.entity(name));
  if (!link)
    throw Errors.badRequest(
      '不支持的查询条件',
      `filter: "parent" is only possible on a line entity; ${entity.name} has no header`,
    );
  const headerAlias = `${alias}p`;
  const inner = compileFilter(link.header, d, node.parent, vars, { ...options, alias: headerAlias });
  const key = `${headerAlias}.${d.quote(link.header.field(link.header.primaryKey)!.column)}`;
  const fk = `${alias}.${d.quote(entity.field(link.foreignKey)!.column)}`;
  return {
    sql: `EXISTS (SELECT 1 FROM ${d.quote(link.header.table)} ${headerAlias} WHERE ${key} = ${fk} AND ${inner.sql})`,
    params: inner.params,
  };
}

/** Compiles the filter AST against the entity's allowlist. Structure is checked by ajv first. */
export function compileFilter(
  entity: EntityModel,
  d: Dialect,
  node: FilterNode,
  vars: FilterVariables,
  options: CompileOptions = {},
): CompiledWhere {
  const { alias = 't', literalValues = false } = options;
  if (filterConditions(node).length > MAX_CONDITIONS)
    throw Errors.badRequest('查询条件过多', `filter: more than ${MAX_CONDITIONS} conditions`);
  const walk = (n: FilterNode): CompiledWhere => {
    if (isCondition(n)) return compileCondition(entity, d, n, vars, alias, literalValues, options.allowed);
    if (isParentNode(n)) return compileParent(entity, d, n, vars, options);
    if ('and' in n) return join(n.and.map(walk), 'AND');
    if ('or' in n) return join(n.or.map(walk), 'OR');
    const inner = walk(n.not);
    return { sql: `NOT ${inner.sql}`, params: inner.params };
  };
  return walk(node);
}

/**
 * The simple form the grid sends: params {field: value}. Text fields match "contains", arrays
 * match any of, {from,to}-style two-element arrays are not guessed: everything else is equality.
 */
export function paramsToFilter(
  entity: EntityModel,
  params: Record<string, unknown>,
  allowed?: ReadonlySet<string>,
): FilterNode | undefined {
  const conditions: FilterNode[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) continue;
    const field = filterableField(entity, name, 'params', allowed);
    if (Array.isArray(value)) conditions.push({ field: name, op: 'in', value: value as (string | number)[] });
    else if ((field.type === 'string' || field.type === 'text') && typeof value === 'string')
      conditions.push({ field: name, op: 'like', value });
    else conditions.push({ field: name, op: 'eq', value: value as string | number });
  }
  return conditions.length ? { and: conditions } : undefined;
}

const ORDER_ITEM = /^\s*([A-Za-z][A-Za-z0-9]{0,63})(?:\s+(asc|desc))?\s*$/i;

/**
 * The order of a list whose request names none (a page's own default, GridConfig.orderBy, is
 * sent by the runtime): the entity's defaultOrderBy, else newest first — the creation time, the
 * key breaking ties between rows of the same second (compileOrderBy appends it, descending).
 */
export function defaultOrderBy(entity: EntityModel, allowed?: ReadonlySet<string>): string {
  const readable = (name: string) => !allowed || allowed.has(name);
  const declared = entity.def.defaultOrderBy;
  if (declared && readable(declared.split(' ')[0])) return declared;
  return entity.isFilterable('creationDate') && readable('creationDate')
    ? 'creationDate desc'
    : `${entity.primaryKey} desc`;
}

/** "field asc, other desc" → ORDER BY on declared, readable fields only; the key breaks ties for stable pages. */
export function compileOrderBy(
  entity: EntityModel,
  d: Dialect,
  orderBy: unknown,
  alias = 't',
  allowed?: ReadonlySet<string>,
): string {
  const text = orderBy === undefined || orderBy === null || orderBy === '' ? defaultOrderBy(entity, allowed) : orderBy;
  if (typeof text !== 'string' || text.length > 300)
    throw Errors.badRequest('排序参数错误', 'orderBy must be "field asc|desc"');
  const items = text.split(',').map((part) => {
    const m = ORDER_ITEM.exec(part);
    if (!m) throw Errors.badRequest('排序参数错误', `orderBy: "${part.trim()}" is not "field asc|desc"`);
    const field = filterableField(entity, m[1], 'orderBy', allowed);
    return { field, dir: (m[2] ?? 'asc').toUpperCase() };
  });
  if (!items.some((i) => i.field.system === 'primaryKey')) {
    items.push({ field: entity.field(entity.primaryKey)!, dir: items[items.length - 1]?.dir ?? 'DESC' });
  }
  return items.map((i) => `${alias}.${d.quote(i.field.column)} ${i.dir}`).join(', ');
}
