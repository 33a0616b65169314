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
  /** The entities an action wrote (its own and any other: to-dos, lines, generated documents). */
  written?: WrittenEntity[];
}

/** An entity as the runtime addresses it: its name and its service area. */
export interface WrittenEntity {
  area: string;
  name: string;
}

export function success<T>(data: T, msg = 'success', page?: PageInfo, written?: WrittenEntity[]): Envelope<T> {
  const envelope: Envelope<T> = { code: 'S', status: 'S', msg, data };
  if (page) envelope.page = page;
  if (written?.length) envelope.written = written;
  return envelope;
}

export function failure(
  msg: string,
  errors?: { field: string; message: string }[],
  data: unknown = null,
): Envelope<unknown> {
  return errors?.length ? { code: 'E', status: 'E', msg, data, errors } : { code: 'E', status: 'E', msg, data };
}
