/**
 * Exact decimal arithmetic on strings for money and quantities (never binary floats, docs/architecture.md
 * "Trap: database decimals and dates").
 * A value is held as a BigInt of units of 10^-scale.
 */
export interface Dec {
  units: bigint;
  scale: number;
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

export function parseDecimal(value: string | number | null | undefined): Dec | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const m = DECIMAL.exec(typeof value === 'number' ? String(value) : value.trim());
  if (!m) return undefined;
  const fraction = m[3] ?? '';
  const units = BigInt(m[2] + fraction) * (m[1] === '-' ? -1n : 1n);
  return { units, scale: fraction.length };
}

function rescale(d: Dec, scale: number): bigint {
  if (scale >= d.scale) return d.units * 10n ** BigInt(scale - d.scale);
  const divisor = 10n ** BigInt(d.scale - scale);
  const quotient = d.units / divisor;
  const remainder = d.units % divisor;
  // Half away from zero, as in accounting.
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice >= divisor) return quotient + (d.units < 0n ? -1n : 1n);
  return quotient;
}

export function formatDecimal(d: Dec, scale: number): string {
  const units = rescale(d, scale);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

export function multiplyDecimals(a: Dec, b: Dec): Dec {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function addDecimals(a: Dec, b: Dec): Dec {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export const ZERO: Dec = { units: 0n, scale: 0 };

export const negateDecimal = (d: Dec): Dec => ({ units: -d.units, scale: d.scale });
export const subtractDecimals = (a: Dec, b: Dec): Dec => addDecimals(a, negateDecimal(b));
export const absoluteDecimal = (d: Dec): Dec => (d.units < 0n ? negateDecimal(d) : d);

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareDecimals(a: Dec, b: Dec): number {
  const d = subtractDecimals(a, b).units;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/**
 * A stored or posted value as a Dec — MariaDB answers decimals as strings, SQLite as numbers (read
 * through plainNumberString, never exponent notation); undefined when empty or not a decimal.
 */
export function toDecimal(value: unknown): Dec | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? parseDecimal(plainNumberString(value)) : undefined;
  if (typeof value === 'string') return parseDecimal(value);
  return undefined;
}

/** A JS number as a plain decimal string: never exponent notation ("1e-7" → "0.0000001"). */
export function plainNumberString(n: number): string {
  const text = String(n);
  if (!/e/i.test(text)) return text;
  // toFixed itself falls back to exponents from 1e21 on; such numbers are integers in a double.
  if (Math.abs(n) >= 1e21) return BigInt(n).toString();
  return n.toFixed(20).replace(/\.?0+$/, '');
}

/** A decimal as people write it, without trailing zeros: 0.9500 → 0.95, 1.0000 → 1. */
export function plainDecimal(d: Dec): string {
  const s = formatDecimal(d, Math.max(d.scale, 0));
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** The value as a decimal string of `scale` places, or null when empty. */
export function decimalText(value: unknown, scale: number): string | null {
  const d = toDecimal(value);
  return d ? formatDecimal(d, scale) : null;
}

/** a ÷ b to `scale` places, half away from zero; undefined when b is zero. */
export function divideDecimals(a: Dec, b: Dec, scale: number): Dec | undefined {
  if (b.units === 0n) return undefined;
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale); one extra digit for the rounding.
  const shift = scale + 1 + b.scale - a.scale;
  let numerator = a.units;
  let denominator = b.units;
  if (shift >= 0) numerator *= 10n ** BigInt(shift);
  else denominator *= 10n ** BigInt(-shift);
  const quotient = numerator / denominator; // truncated, scale + 1 places
  const negative = quotient < 0n;
  const abs = negative ? -quotient : quotient;
  const rounded = (abs + 5n) / 10n;
  return { units: negative ? -rounded : rounded, scale };
}

/** changeRate = (newPrice − oldPrice) ÷ oldPrice as a fraction of 4 places (0.0500 = +5 %); null without an old price. */
export function changeRate(oldPrice: unknown, newPrice: unknown): string | null {
  const before = toDecimal(oldPrice);
  const after = toDecimal(newPrice);
  if (!before || !after) return null;
  const rate = divideDecimals(addDecimals(after, { units: -before.units, scale: before.scale }), before, 4);
  return rate ? formatDecimal(rate, 4) : null;
}
