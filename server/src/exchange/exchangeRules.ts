/**
 * The rules of Excel/CSV exchange (docs/architecture.md "Spec: calls", "Spec: messages", "Spec: constants",
 * "Export and import API", "Export neutralisation") as pure functions:
 * the export body, which list endpoints may be exported, cell neutralisation and CSV quoting.
 */
import { Errors } from '../http/apiError';

/** docs/architecture.md "Spec: constants": the export reads the list 20000 rows at a time. */
export const EXPORT_PAGE_ROWS = 20000;
/** Sheet size of new exports (a new sheet starts after this many data rows). */
export const SHEET_MAX_NEW = 20001;
/** Sheet size of the older export and the template export. */
export const SHEET_MAX_OLD = 50000;
/** Excel's own limit: 1,048,576 rows including the header. */
const SHEET_MAX_EXCEL = 1048575;
export const CSV_DEFAULT_NAME = 'DefaultExportCsv';
/** Column keys and titles are short; a body with thousands of columns is an attack, not a grid. */
const MAX_COLUMNS = 200;

export interface ExportColumn {
  key: string;
  title: string;
}

export interface ExportRequest {
  requestUrl: string;
  /** The listByPage body: params, filter, orderBy (paging is the export's own). */
  requestParams: Record<string, unknown>;
  columns: ExportColumn[];
  fileName: string;
  sheetMaxRow: number;
  /** Variants add customParams: merged into the list's params (the caller's own search). */
  customParams: Record<string, unknown>;
}

/** JSON text (as the spec sends it) or an object already parsed by a JSON body. */
function jsonValue(value: unknown, name: string): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw Errors.badRequest(`${name} 不是有效的 JSON`, `${name} is not valid JSON text`);
  }
}

function objectValue(value: unknown, name: string): Record<string, unknown> {
  const parsed = jsonValue(value, name) ?? {};
  if (typeof parsed !== 'object' || Array.isArray(parsed))
    throw Errors.badRequest(`${name} 必须是对象`, `${name} must be an object`);
  return parsed as Record<string, unknown>;
}

export function parseColumns(value: unknown): ExportColumn[] {
  const parsed = jsonValue(value, 'columns');
  if (parsed === undefined || parsed === null || (Array.isArray(parsed) && parsed.length === 0)) {
    throw Errors.badRequest('导出字段列表不能为空', 'the export field list cannot be empty');
  }
  if (!Array.isArray(parsed) || parsed.length > MAX_COLUMNS)
    throw Errors.badRequest('导出字段列表格式错误', `columns must be a list of at most ${MAX_COLUMNS} {key, title}`);
  return parsed.map((c) => {
    const key = (c as ExportColumn)?.key ?? (c as { dataIndex?: unknown })?.dataIndex;
    if (typeof key !== 'string' || !key) throw Errors.badRequest('导出字段缺少 key', 'every export column needs a key');
    const title = (c as ExportColumn).title;
    return { key, title: typeof title === 'string' && title ? title : key };
  });
}

function sheetMax(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1)
    throw Errors.badRequest('sheetMaxRow 必须是正整数', 'sheetMaxRow must be a positive integer');
  return Math.min(n, SHEET_MAX_EXCEL);
}

/** Reads the exportExcel body; the two empty-input texts are those of docs/architecture.md "Spec: messages". */
export function parseExportRequest(
  body: Record<string, unknown>,
  defaults: { fileName: string; sheetMaxRow: number; columnsFixed?: boolean },
): ExportRequest {
  const requestUrl = typeof body.requestUrl === 'string' ? body.requestUrl.trim() : '';
  if (!requestUrl) throw Errors.badRequest('请求数据链接不能为空', 'the request data link cannot be empty');
  // The template-with-data export takes the import template's columns; the body names none.
  const columns = defaults.columnsFixed ? [] : parseColumns(body.columns);
  const name = typeof body.fileName === 'string' && body.fileName.trim() ? body.fileName.trim() : defaults.fileName;
  return {
    requestUrl,
    requestParams: objectValue(body.requestParams, 'requestParams'),
    columns,
    fileName: name,
    sheetMaxRow: sheetMax(body.sheetMaxRow, defaults.sheetMaxRow),
    customParams: objectValue(body.customParams, 'customParams'),
  };
}

export interface ListEndpoint {
  area: string;
  resource: string;
}

const LIST_URL =
  /^(?:https?:\/\/[^/]+)?(?:\/api)?\/(?:zuul\/)?([A-Za-z]+)\/v1\/([A-Za-z][A-Za-z0-9]*Restful)\/listByPage\/?$/;

/**
 * requestUrl may only name a generic listByPage endpoint (`/api/{area}/v1/{resource}Restful/listByPage`,
 * with or without /api or a host): the server never fetches a URL (no SSRF), it runs that list itself.
 */
export function parseListUrl(requestUrl: string): ListEndpoint {
  const match = LIST_URL.exec(requestUrl.split('?')[0]);
  if (!match)
    throw Errors.badRequest(
      '请求数据链接必须是列表查询接口',
      'requestUrl must name a listByPage endpoint (/api/{area}/v1/{resource}Restful/listByPage)',
    );
  return { area: match[1], resource: match[2] };
}

/**
 * Text that Excel (or a CSV reader) would run as a formula starts with = + - @ (OWASP "CSV
 * injection"); a leading apostrophe makes it plain text. Numbers stay numbers: -5 is a value.
 * Spreadsheets skip leading blanks and read the full-width ＝ ＋ － ＠ (an IME's default) as
 * their ASCII forms, so those count too; any leading tab or line break is neutralised as well
 * (docs/decisions.md, "Issue 13: limits and hygiene").
 */
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uff1d\uff0b\uff0d\uff20])/;

export function neutralizeCell(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A CSV field: quoted when it holds a comma (docs/architecture.md "Spec: constants"), a quote or a line break. */
export function csvField(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(neutralizeCell(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** docs/architecture.md "Spec: constants": the first column (the grid's row-number column) is left out of a CSV. */
export function csvColumns(columns: ExportColumn[]): ExportColumn[] {
  return columns.slice(1);
}

export function csvLine(values: unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** "汇率管理" → "汇率管理.xlsx"; characters a file system refuses are replaced. */
export function exportFileName(name: string, extension: 'xlsx' | 'csv'): string {
  const base = name.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').slice(0, 120) || 'export';
  return base.toLowerCase().endsWith(`.${extension}`) ? base : `${base}.${extension}`;
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(base: string, index: number): string {
  const clean = base.replace(/[:\\/?*[\]]/g, '_').slice(0, 25) || 'Sheet';
  return index === 0 ? clean : `${clean}_${index + 1}`;
}
