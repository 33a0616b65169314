import { Errors } from '../http/apiError';

/** One column of a user's saved grid layout, in display order. */
export interface SavedColumn {
  key: string;
  visible: boolean;
  width?: number;
}

export interface TableConfigKey {
  pagePath: string;
  gridName: string;
}

export const DEFAULT_GRID_NAME = 'main';
export const MAX_SAVED_COLUMNS = 200;
export const MIN_COLUMN_WIDTH = 30;
export const MAX_COLUMN_WIDTH = 2000;

const PAGE_PATH = /^[A-Za-z0-9_-]{1,100}(\/[A-Za-z0-9_-]{1,100})*$/;
const NAME = /^[A-Za-z0-9_.-]{1,100}$/;

function bad(cn: string, en: string, field: string): never {
  throw Errors.badRequest(cn, en, [{ field, message: en }]);
}

/** pagePath (a page of the metadata, checked by the caller) and gridName (default 'main': a page's list grid). */
export function parseConfigKey(body: Record<string, unknown>): TableConfigKey {
  const { pagePath, gridName } = body;
  if (typeof pagePath !== 'string' || pagePath.length > 200 || !PAGE_PATH.test(pagePath))
    bad('pagePath 无效', 'pagePath is not valid', 'pagePath');
  if (
    gridName !== undefined &&
    gridName !== null &&
    gridName !== '' &&
    (typeof gridName !== 'string' || !NAME.test(gridName))
  ) {
    bad('gridName 无效', 'gridName is not valid', 'gridName');
  }
  return { pagePath, gridName: (gridName as string | undefined) || DEFAULT_GRID_NAME };
}

function parseColumn(raw: unknown, index: number): SavedColumn {
  const where = `columns[${index}]`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) bad(`${where} 无效`, `${where} must be an object`, where);
  const { key, visible, width } = raw as Record<string, unknown>;
  if (typeof key !== 'string' || !NAME.test(key)) bad(`${where}.key 无效`, `${where}.key is not valid`, `${where}.key`);
  if (typeof visible !== 'boolean')
    bad(`${where}.visible 必须是布尔值`, `${where}.visible must be true or false`, `${where}.visible`);
  if (width === undefined || width === null) return { key, visible };
  if (typeof width !== 'number' || !Number.isInteger(width) || width < MIN_COLUMN_WIDTH || width > MAX_COLUMN_WIDTH) {
    bad(
      `${where}.width 必须是 ${MIN_COLUMN_WIDTH} 到 ${MAX_COLUMN_WIDTH} 的整数`,
      `${where}.width must be an integer from ${MIN_COLUMN_WIDTH} to ${MAX_COLUMN_WIDTH}`,
      `${where}.width`,
    );
  }
  return { key, visible, width };
}

/** The columns of createOrUpdateTableConfig: a non-empty list, each key once, at least one visible. */
export function parseColumns(raw: unknown): SavedColumn[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_SAVED_COLUMNS) {
    bad(
      `columns 必须是 1 到 ${MAX_SAVED_COLUMNS} 列`,
      `columns must list 1 to ${MAX_SAVED_COLUMNS} columns`,
      'columns',
    );
  }
  const columns = raw.map(parseColumn);
  const keys = new Set(columns.map((column) => column.key));
  if (keys.size !== columns.length) bad('columns 中有重复的列', 'columns lists a column twice', 'columns');
  if (!columns.some((column) => column.visible))
    bad('至少保留一列可见', 'At least one column must stay visible', 'columns');
  return columns;
}

/** Stored JSON back to columns; a damaged row reads as no saved layout (the grid then shows its defaults). */
export function readStoredColumns(json: unknown): SavedColumn[] | null {
  try {
    return parseColumns(JSON.parse(String(json)));
  } catch {
    return null;
  }
}
