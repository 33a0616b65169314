import type { FilterCondition, FilterNode, FilterOperator, FilterParent } from './generated/meta-model';

export const FILTER_OPERATORS: readonly FilterOperator[] = [
  'eq',
  'ne',
  'in',
  'nin',
  'like',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'null',
  'notNull',
];

export type FilterScalar = string | number | boolean | null;
export type FilterVariables = Record<string, unknown>;

export function isCondition(node: FilterNode): node is FilterCondition {
  return (node as FilterCondition).field !== undefined;
}

export function isParentNode(node: FilterNode): node is FilterParent {
  return (node as FilterParent).parent !== undefined;
}

/**
 * Every condition of the tree on the entity itself, depth first (for allowlist checks). The
 * conditions inside a `parent` node are on the header entity: see parentFilters.
 */
export function filterConditions(node: FilterNode | undefined): FilterCondition[] {
  if (!node) return [];
  if (isCondition(node)) return [node];
  if (isParentNode(node)) return [];
  if ('and' in node) return node.and.flatMap(filterConditions);
  if ('or' in node) return node.or.flatMap(filterConditions);
  return filterConditions(node.not);
}

/** The filters a tree applies to the header (the bodies of its `parent` nodes, not descended). */
export function parentFilters(node: FilterNode | undefined): FilterNode[] {
  if (!node || isCondition(node)) return [];
  if (isParentNode(node)) return [node.parent];
  if ('and' in node) return node.and.flatMap(parentFilters);
  if ('or' in node) return node.or.flatMap(parentFilters);
  return parentFilters(node.not);
}

export function filterFields(node: FilterNode | undefined): string[] {
  return [...new Set(filterConditions(node).map((c) => c.field))];
}

/** Fields the filters compare with through a variable: comparedFields('record', f) of "$record.startDate" is startDate. */
export function comparedFields(variable: string, ...filters: Array<FilterNode | undefined>): string[] {
  const prefix = `$${variable}.`;
  return filters
    .flatMap((f) => filterConditions(f))
    .flatMap((c) => (Array.isArray(c.value) ? c.value : [c.value]))
    .filter((v): v is string => typeof v === 'string' && v.startsWith(prefix))
    .map((v) => v.slice(prefix.length));
}

/** Every variable the filters compare with ("$record.startDate", "$today"), once each. */
export function filterVariables(...filters: Array<FilterNode | undefined>): string[] {
  const values = filters
    .flatMap((f) => filterConditions(f))
    .flatMap((c) => (Array.isArray(c.value) ? c.value : [c.value]));
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v.startsWith('$')))];
}

/** A value such as "$user.supplierId" is read from the variables; anything else is literal. */
export function resolveFilterValue(value: unknown, vars: FilterVariables): unknown {
  if (typeof value === 'string' && value.startsWith('$')) {
    return value
      .slice(1)
      .split('.')
      .reduce<unknown>(
        (acc, key) => (acc && typeof acc === 'object' ? (acc as Record<string, unknown>)[key] : undefined),
        vars,
      );
  }
  if (Array.isArray(value)) return value.map((v) => resolveFilterValue(v, vars));
  return value;
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/** NaN (no order, not equal) when either side is blank, so that null is never taken for 0. */
function compare(a: unknown, b: unknown): number {
  if (isBlank(a) || isBlank(b)) return NaN;
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && !Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  return String(a).localeCompare(String(b));
}

/**
 * `like` is "contains", case-insensitive, with % and _ as ordinary characters — exactly what the
 * server's SQL compiler does (it escapes them), so a button's showWhen and the list agree.
 */
function likeMatches(value: unknown, pattern: unknown): boolean {
  if (isBlank(value) || isBlank(pattern)) return false;
  return String(value).toLowerCase().includes(String(pattern).toLowerCase());
}

function evaluateCondition(c: FilterCondition, row: Record<string, unknown>, vars: FilterVariables): boolean {
  const actual = row[c.field];
  const expected = resolveFilterValue(c.value, vars);
  const list = Array.isArray(expected) ? expected : [expected];
  switch (c.op) {
    case 'eq':
      return !isBlank(actual) && compare(actual, expected) === 0;
    case 'ne':
      return isBlank(actual) || compare(actual, expected) !== 0;
    case 'in':
      return list.some((v) => !isBlank(actual) && compare(actual, v) === 0);
    case 'nin':
      return !list.some((v) => !isBlank(actual) && compare(actual, v) === 0);
    case 'like':
      return likeMatches(actual, expected);
    case 'gt':
      return !isBlank(actual) && compare(actual, expected) > 0;
    case 'gte':
      return !isBlank(actual) && compare(actual, expected) >= 0;
    case 'lt':
      return !isBlank(actual) && compare(actual, expected) < 0;
    case 'lte':
      return !isBlank(actual) && compare(actual, expected) <= 0;
    case 'between':
      return !isBlank(actual) && compare(actual, list[0]) >= 0 && compare(actual, list[1]) <= 0;
    case 'null':
      return isBlank(actual);
    case 'notNull':
      return !isBlank(actual);
    default:
      return false;
  }
}

/** Evaluates a filter on one in-memory row (button showWhen, lifecycle guards, deletableWhen). */
export function evaluateFilter(
  node: FilterNode | undefined,
  row: Record<string, unknown>,
  vars: FilterVariables = {},
): boolean {
  if (!node) return true;
  if (isCondition(node)) return evaluateCondition(node, row, vars);
  // The header is not in memory: a rule that needs it is never taken as met here.
  if (isParentNode(node)) return false;
  if ('and' in node) return node.and.every((n) => evaluateFilter(n, row, vars));
  if ('or' in node) return node.or.some((n) => evaluateFilter(n, row, vars));
  return !evaluateFilter(node.not, row, vars);
}
