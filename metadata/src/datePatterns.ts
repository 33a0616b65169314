/**
 * The date patterns of docs/architecture.md "Spec: constants": yyyy-MM-dd, yyyy-MM-dd HH:mm:ss, yyyy, yyyy-MM. Dates
 * travel as these strings (local wall-clock time, as the server stamps them), so formatting and
 * checking live here once for the runtime and the server.
 */
export const DATE_PATTERNS = ['yyyy-MM-dd', 'yyyy-MM-dd HH:mm:ss', 'yyyy', 'yyyy-MM'] as const;
export type DatePattern = (typeof DATE_PATTERNS)[number];

const two = (n: number) => String(n).padStart(2, '0');

/** Formats a date in one of the patterns, from its local fields. */
export function formatDatePattern(date: Date, pattern: DatePattern): string {
  if (!DATE_PATTERNS.includes(pattern)) throw new Error(`Unknown date pattern "${String(pattern)}"`);
  if (Number.isNaN(date.getTime())) throw new Error('Not a valid date');
  const parts: Record<string, string> = {
    yyyy: String(date.getFullYear()).padStart(4, '0'),
    MM: two(date.getMonth() + 1),
    dd: two(date.getDate()),
    HH: two(date.getHours()),
    mm: two(date.getMinutes()),
    ss: two(date.getSeconds()),
  };
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => parts[token]);
}

const SHAPES: Record<DatePattern, RegExp> = {
  'yyyy-MM-dd': /^(\d{4})-(\d{2})-(\d{2})$/,
  'yyyy-MM-dd HH:mm:ss': /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/,
  yyyy: /^(\d{4})$/,
  'yyyy-MM': /^(\d{4})-(\d{2})$/,
};

/** Whether the text is a real date in the pattern (2026-02-30 and 24:00:00 are not). */
export function matchesDatePattern(text: unknown, pattern: DatePattern): boolean {
  const m = SHAPES[pattern]?.exec(String(text ?? ''));
  if (!m) return false;
  const [year, month = 1, day = 1, hour = 0, minute = 0, second = 0] = m.slice(1).map(Number);
  const d = new Date(year, month - 1, day, hour, minute, second);
  return (
    d.getFullYear() === year &&
    d.getMonth() === month - 1 &&
    d.getDate() === day &&
    d.getHours() === hour &&
    d.getMinutes() === minute &&
    d.getSeconds() === second
  );
}
