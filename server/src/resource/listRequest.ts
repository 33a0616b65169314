import { ajv } from '@meridian/metadata/node';
import type { FilterNode } from '@meridian/metadata';
import { Errors } from '../http/apiError';
import { checkFilterLimits } from './filterLimits';

export const MAX_PAGE_ROWS = 500;
export const DEFAULT_PAGE_ROWS = 20;
export const PAGE_ROW_OPTIONS = [20, 50, 100, 200, 500];

export interface ListRequest {
  params: Record<string, unknown>;
  filter?: FilterNode;
  pageIndex: number;
  pageRows: number;
  orderBy?: string;
}

const validateFilter = () => ajv.getSchema('https://meridian.dev/schema/filter.schema.json')!;

function positiveInt(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
    throw Errors.badRequest(`${name} 必须是正整数`, `${name} must be a positive integer`);
  }
  return n;
}

/** Reads and checks the listByPage body: paging bounds, params object, filter AST shape. */
export function parseListRequest(body: Record<string, unknown>): ListRequest {
  const pageIndex = positiveInt(body.pageIndex, 'pageIndex', 1);
  const pageRows = positiveInt(body.pageRows, 'pageRows', DEFAULT_PAGE_ROWS);
  if (pageRows > MAX_PAGE_ROWS) {
    throw Errors.badRequest(
      `每页最多 ${MAX_PAGE_ROWS} 行`,
      `pageRows must not be above ${MAX_PAGE_ROWS} (options: ${PAGE_ROW_OPTIONS.join(', ')})`,
    );
  }
  const params = body.params ?? {};
  if (typeof params !== 'object' || Array.isArray(params))
    throw Errors.badRequest('params 必须是对象', 'params must be an object of field: value');
  let filter: FilterNode | undefined;
  if (body.filter !== undefined && body.filter !== null) {
    // Depth and size first, iteratively: the schema validation below recurses (docs/decisions.md, issue 13).
    checkFilterLimits(body.filter);
    const validate = validateFilter();
    if (!validate(body.filter)) throw Errors.badRequest('查询条件格式错误', 'filter is not a valid filter expression');
    filter = body.filter as FilterNode;
  }
  const orderBy = body.orderBy === undefined || body.orderBy === null ? undefined : body.orderBy;
  if (orderBy !== undefined && typeof orderBy !== 'string')
    throw Errors.badRequest('排序参数错误', 'orderBy must be "field asc|desc"');
  return { params: params as Record<string, unknown>, filter, pageIndex, pageRows, orderBy };
}
