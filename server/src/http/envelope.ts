export interface PageInfo {
  count: number;
  pageIndex: number;
  pageRows: number;
  /**
   * false when count is a capped or estimated figure (large tables, docs/architecture.md
   * "Envelope and HTTP statuses").
   */
  countExact?: boolean;
}

export interface Envelope<T = unknown> {
  code: 'S' | 'E';
  status: 'S' | 'E';
  msg: string;
  data: T;
  page?: PageInfo;
  errors?: { field: string; message: string }[];
}

export function success<T>(data: T, msg = 'success', page?: PageInfo): Envelope<T> {
  return page ? { code: 'S', status: 'S', msg, data, page } : { code: 'S', status: 'S', msg, data };
}

export function failure(
  msg: string,
  errors?: { field: string; message: string }[],
  data: unknown = null,
): Envelope<unknown> {
  return errors?.length ? { code: 'E', status: 'E', msg, data, errors } : { code: 'E', status: 'E', msg, data };
}
