/**
 * An imported cell → the value the API would have received for the field (the same shapes a
 * saveOrUpdate body carries), or a message saying why it cannot be one. Pure: references that
 * need the database are resolved by the caller through `referenceId`.
 */
import { decimalShape, type Language } from '@meridian/metadata';
import { plainNumberString } from '../util/decimal';
import type { PlannedColumn } from './columnPlan';
import type { LookupTable } from './lookupTable';

export type CellResult = { value: unknown } | { error: { cn: string; en: string } };

const pad = (n: number) => String(n).padStart(2, '0');

/** exceljs reads dates as UTC instants of the wall-clock time typed in the sheet. */
export function dateText(date: Date, withTime: boolean): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return withTime ? `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` : day;
}

/** Rich text, hyperlinks, formulas and errors as the plain value they show. */
export function plainCell(value: unknown): unknown {
  if (value === null || value === undefined || value instanceof Date || typeof value !== 'object') return value;
  const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
  if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
  if ('result' in v) return plainCell(v.result);
  if (v.text !== undefined) return plainCell(v.text);
  return undefined;
}

/** Our own exports neutralise formulas with a leading apostrophe; reading them back drops it. */
function unneutralize(text: string): string {
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

const invalid = (cn: string, en: string): CellResult => ({ error: { cn, en } });

function numberCell(raw: unknown, integer: boolean): CellResult {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(n) || (integer && !Number.isInteger(n)))
    return invalid(integer ? '必须是整数' : '必须是数字', integer ? 'must be a whole number' : 'must be a number');
  return { value: n };
}

/** Days from 1899-12-30 (Excel's epoch) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;

function dateCell(raw: unknown, withTime: boolean): CellResult {
  if (raw instanceof Date) return { value: dateText(raw, withTime) };
  // A date cell read before the file's styles (some writers put styles.xml last) is Excel's day serial.
  if (typeof raw === 'number' && raw > 0)
    return { value: dateText(new Date(Math.round((raw - EXCEL_EPOCH_DAYS) * 86400000)), withTime) };
  // Text is passed on as typed: the record validation checks its pattern (yyyy-MM-dd[ HH:mm:ss]).
  return { value: String(raw).trim() };
}

/** The value of one cell for `column`; undefined when the cell is empty (the field is left unset). */
export function importCell(column: PlannedColumn, cell: unknown, lookups: LookupTable): CellResult | undefined {
  let raw = plainCell(cell);
  if (typeof raw === 'string') raw = unneutralize(raw.trim());
  if (raw === null || raw === undefined || raw === '') return undefined;
  const field = column.field;
  if (column.lookupType) {
    const code = lookups.codeOf(column.lookupType, typeof raw === 'boolean' ? (raw ? 'Y' : 'N') : String(raw));
    return code === undefined
      ? invalid(`"${String(raw)}" 不是有效的选项`, `"${String(raw)}" is not one of the allowed values`)
      : { value: code };
  }
  switch (field?.type) {
    case 'integer':
      return numberCell(raw, true);
    case 'reference':
      return typeof raw === 'number' || /^\d+$/.test(String(raw)) ? numberCell(raw, true) : { value: String(raw) };
    case 'date':
      return dateCell(raw, false);
    case 'datetime':
      return dateCell(raw, true);
    case 'flag':
      return { value: raw === true ? 'Y' : raw === false ? 'N' : String(raw).toUpperCase() };
    default:
      break;
  }
  if (field && decimalShape(field)) {
    if (typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw)) return { value: raw };
    const n = numberCell(raw, false);
    return 'error' in n ? n : { value: plainNumberString(n.value as number) };
  }
  return { value: raw instanceof Date ? dateText(raw, true) : String(raw) };
}

export function messageOf(result: { error: { cn: string; en: string } }, language: Language): string {
  return language === 'EN' ? result.error.en : result.error.cn;
}
