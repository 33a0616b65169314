/**
 * Decimal strings (money, quantity: docs/architecture.md "Fields", "Trap: database decimals and dates")
 * handled as digit strings:
 * compared and formatted without ever becoming binary floats.
 */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export interface DecimalParts {
  negative: boolean;
  integer: string;
  fraction: string;
}

/** Splits a number or numeric string; null when it is not a plain decimal. */
export function parseDecimal(value: unknown): DecimalParts | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    value = numberToPlainString(value);
  }
  if (typeof value !== 'string') return null;
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) return null;
  const integer = match[2].replace(/^0+(?=\d)/, '') || '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const isZero = /^0*$/.test(integer) && fraction === '';
  return { negative: match[1] === '-' && !isZero, integer, fraction };
}

/** Numbers from JSON may print in exponent form; decimal digits are needed instead. */
function numberToPlainString(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

export function isDecimal(value: unknown): boolean {
  return parseDecimal(value) !== null;
}

function compareMagnitude(a: DecimalParts, b: DecimalParts): number {
  if (a.integer.length !== b.integer.length) return a.integer.length < b.integer.length ? -1 : 1;
  if (a.integer !== b.integer) return a.integer < b.integer ? -1 : 1;
  const width = Math.max(a.fraction.length, b.fraction.length);
  const fa = a.fraction.padEnd(width, '0');
  const fb = b.fraction.padEnd(width, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

/** -1, 0 or 1; null when either side is not a decimal. */
export function compareDecimal(a: unknown, b: unknown): number | null {
  const pa = parseDecimal(a);
  const pb = parseDecimal(b);
  if (!pa || !pb) return null;
  if (pa.negative !== pb.negative) return pa.negative ? -1 : 1;
  const magnitude = compareMagnitude(pa, pb);
  return pa.negative ? -magnitude : magnitude;
}

/** Adds one unit in the last place of a digit string ("0999" → "1000"). */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== '9') {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
    chars[i] = '0';
  }
  return '1' + chars.join('');
}

/** Rounds half away from zero to `scale` fraction digits, as decimal columns do. */
export function roundDecimal(parts: DecimalParts, scale: number): DecimalParts {
  if (parts.fraction.length <= scale) return { ...parts, fraction: parts.fraction.padEnd(scale, '0') };
  const kept = parts.integer + parts.fraction.slice(0, scale);
  const roundUp = parts.fraction.charCodeAt(scale) >= '5'.charCodeAt(0);
  const digits = roundUp ? incrementDigits(kept) : kept;
  const integer = digits.slice(0, digits.length - scale).replace(/^0+(?=\d)/, '') || '0';
  const fraction = digits.slice(digits.length - scale);
  const isZero = /^0+$/.test(integer + fraction);
  return { negative: parts.negative && !isZero, integer, fraction };
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export interface DecimalFormat {
  /** Fraction digits; undefined keeps the value's own digits. */
  scale?: number;
  thousands?: boolean;
}

/** Display text for a decimal; non-numeric input is returned as text unchanged. */
export function formatDecimal(value: unknown, format: DecimalFormat = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = parseDecimal(value);
  if (!parsed) return String(value);
  const parts = format.scale === undefined ? parsed : roundDecimal(parsed, format.scale);
  const integer = format.thousands ? groupThousands(parts.integer) : parts.integer;
  return `${parts.negative ? '-' : ''}${integer}${parts.fraction ? `.${parts.fraction}` : ''}`;
}
