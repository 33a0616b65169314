import {
  addDecimals,
  compareDecimals,
  formatDecimal,
  multiplyDecimals,
  negateDecimal,
  parseDecimal,
  subtractDecimals,
  ZERO,
  type Dec,
} from '../../../util/decimal';

/**
 * Quantities and amounts of deliveries as exact decimals (server/src/util/decimal.ts), never JS
 * floats: what comes from the database (a string on MariaDB, a string or number on SQLite) and
 * from a request body is parsed here.
 */
export { ZERO, type Dec };

/** A stored value as a decimal; null and empty are 0. */
export function dec(value: unknown): Dec {
  if (value === null || value === undefined || value === '') return ZERO;
  const d = parseDecimal(typeof value === 'number' ? value : String(value));
  if (!d) throw new Error(`not a decimal: ${String(value)}`);
  return d;
}

export const add = addDecimals;
// Short names for the delivery arithmetic, which reads as formulas (shippedQty + qty ≤ quantity …).
export const neg = negateDecimal;
export const sub = subtractDecimals;
export const mul = multiplyDecimals;
export const cmp = compareDecimals;
export const max = (a: Dec, b: Dec): Dec => (cmp(a, b) >= 0 ? a : b);
export const isPositive = (d: Dec): boolean => d.units > 0n;
/** Quantities are DECIMAL(20,4). */
export const qty = (d: Dec): string => formatDecimal(d, 4);
export const money = (d: Dec): string => formatDecimal(d, 2);
/** A percentage as a fraction: 5 → 0.05. */
export const percentOf = (pct: Dec): Dec => ({ units: pct.units, scale: pct.scale + 2 });
