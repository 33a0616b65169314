/**
 * Display formats by language (docs/architecture.md "Spec: constants"): the date patterns yyyy-MM-dd,
 * yyyy-MM-dd HH:mm:ss, yyyy and yyyy-MM (the same in both languages: they are unambiguous, and
 * the server speaks them), and numbers and amounts with the language's grouping and decimal
 * symbols. Amounts stay decimal strings throughout (never binary floats, docs/architecture.md
 * "Trap: database decimals and dates").
 */
import dayjs from 'dayjs';
import { parseDecimal, roundDecimal, type DecimalParts } from './decimal';
import type { Language } from './language';

export type DateKind = 'date' | 'datetime' | 'year' | 'month';

/** The spec's patterns in dayjs tokens (yyyy-MM-dd → YYYY-MM-DD). */
export const DATE_PATTERNS: Record<DateKind, string> = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm:ss',
  year: 'YYYY',
  month: 'YYYY-MM',
};

const LOCALES: Record<Language, string> = { CN: 'zh-CN', EN: 'en-US' };

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** A date, date-time, year or month in the spec's pattern; text that is not a date is shown as it is. */
export function formatDate(value: unknown, kind: DateKind = 'date'): string {
  if (isBlank(value)) return '';
  if (!(typeof value === 'string' || typeof value === 'number' || value instanceof Date || dayjs.isDayjs(value)))
    return String(value);
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(DATE_PATTERNS[kind]) : String(value);
}

export const formatDateTime = (value: unknown): string => formatDate(value, 'datetime');

const symbolCache = new Map<Language, { group: string; decimal: string }>();

/** The grouping and decimal symbols of the language's locale. */
export function numberSymbols(language: Language): { group: string; decimal: string } {
  let symbols = symbolCache.get(language);
  if (!symbols) {
    const parts = new Intl.NumberFormat(LOCALES[language]).formatToParts(1234567.5);
    symbols = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    symbolCache.set(language, symbols);
  }
  return symbols;
}

export interface NumberFormat {
  /** Fraction digits (rounded half away from zero); undefined keeps the value's own digits. */
  scale?: number;
  /** Thousands separators; on by default. */
  thousands?: boolean;
}

/** Digits with the language's symbols. */
function joinParts(parts: DecimalParts, language: Language, thousands: boolean): string {
  const { group, decimal } = numberSymbols(language);
  const integer = thousands ? parts.integer.replace(/\B(?=(\d{3})+(?!\d))/g, group) : parts.integer;
  return `${parts.negative ? '-' : ''}${integer}${parts.fraction ? `${decimal}${parts.fraction}` : ''}`;
}

/** A number or decimal string for display; text that is not a number is shown as it is. */
export function formatNumber(value: unknown, language: Language, format: NumberFormat = {}): string {
  if (isBlank(value)) return '';
  const parsed = parseDecimal(value);
  if (!parsed) return String(value);
  const parts = format.scale === undefined ? parsed : roundDecimal(parsed, format.scale);
  return joinParts(parts, language, format.thousands !== false);
}

export type NumberKind = 'integer' | 'decimal' | 'money' | 'quantity';

export interface NumberDisplay {
  kind: NumberKind;
  /** Money: its decimals (the currency's, else the declared scale, else 2); other kinds: at most this many. */
  scale?: number;
  thousands?: boolean;
}

/**
 * The one display rule of numbers by field type: money with exactly its decimals (12.5 →
 * 12.50), integers without any, quantities, prices and rates rounded to their declared scale
 * but without the zeros it pads (100.0000 → 100, 0.500000 → 0.5) — digit strings throughout.
 */
export function formatFieldNumber(value: unknown, language: Language, display: NumberDisplay): string {
  if (display.kind === 'money')
    return formatNumber(value, language, { scale: display.scale ?? 2, thousands: display.thousands ?? true });
  if (display.kind === 'integer')
    return formatNumber(value, language, { scale: 0, thousands: display.thousands ?? false });
  if (isBlank(value)) return '';
  const parsed = parseDecimal(value);
  if (!parsed) return String(value);
  const rounded =
    display.scale !== undefined && parsed.fraction.length > display.scale
      ? roundDecimal(parsed, display.scale)
      : parsed;
  return joinParts({ ...rounded, fraction: rounded.fraction.replace(/0+$/, '') }, language, display.thousands ?? false);
}

/** An amount: thousands separators and, by default, exactly 2 decimals (1700 → 1,700.00). */
export function formatAmount(value: unknown, language: Language, scale = 2): string {
  return formatNumber(value, language, { scale, thousands: true });
}
