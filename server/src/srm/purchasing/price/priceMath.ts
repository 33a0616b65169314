/**
 * Price arithmetic of agreements, price changes and the price list (DOMAIN.md §5.2, §5.3, §5.8):
 * exact decimals (server/src/util/decimal.ts), never binary floats.
 */
import {
  addDecimals,
  compareDecimals,
  formatDecimal,
  multiplyDecimals,
  toDecimal,
  type Dec,
} from '../../../util/decimal';

/** The value as a decimal string of `scale` places, or null when empty. */
export function decimalText(value: unknown, scale: number): string | null {
  const d = toDecimal(value);
  return d ? formatDecimal(d, scale) : null;
}

/** unitPriceIncl = unitPriceExcl × (1 + taxRate), 6 decimals (half away from zero). */
export function priceInclTax(unitPriceExcl: unknown, taxRate: unknown): string | null {
  const price = toDecimal(unitPriceExcl);
  const rate = toDecimal(taxRate);
  if (!price || !rate) return null;
  return formatDecimal(multiplyDecimals(price, addDecimals({ units: 1n, scale: 0 }, rate)), 6);
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

export interface PriceBreak {
  fromQty: string;
  unitPriceExcl: string;
}

/**
 * Price breaks as posted or stored (`[{fromQty, unitPriceExcl}]`, a JSON array or its text):
 * normalised to decimal strings and sorted by fromQty. `problem` names what is wrong (bad JSON,
 * a non-positive quantity, a negative price, a quantity given twice).
 */
export function parsePriceBreaks(value: unknown): { breaks: PriceBreak[]; problem?: string } {
  if (value === null || value === undefined || value === '') return { breaks: [] };
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return { breaks: [], problem: 'not JSON / 不是有效的 JSON' };
    }
  }
  if (!Array.isArray(list)) return { breaks: [], problem: 'must be a list [{fromQty, unitPriceExcl}] / 应为列表' };
  const breaks: PriceBreak[] = [];
  for (const entry of list as unknown[]) {
    const e = (entry ?? {}) as Record<string, unknown>;
    const qty = toDecimal(e.fromQty);
    const price = toDecimal(e.unitPriceExcl);
    if (!qty || qty.units <= 0n)
      return { breaks: [], problem: 'fromQty must be a positive number / 起订数量必须为正数' };
    if (!price || price.units < 0n) return { breaks: [], problem: 'unitPriceExcl must be a number ≥ 0 / 单价不能为负' };
    breaks.push({ fromQty: formatDecimal(qty, 4), unitPriceExcl: formatDecimal(price, 6) });
  }
  breaks.sort((a, b) => compareDecimals(toDecimal(a.fromQty)!, toDecimal(b.fromQty)!));
  if (breaks.some((b, i) => i > 0 && b.fromQty === breaks[i - 1].fromQty))
    return { breaks: [], problem: 'a fromQty is given twice / 起订数量重复' };
  return { breaks };
}

/** The unit price (excl. tax) for a quantity: the break with the largest fromQty ≤ quantity, else the base price. */
export function priceForQuantity(basePrice: string, breaks: PriceBreak[], quantity?: string | null): string {
  const qty = quantity ? toDecimal(quantity) : undefined;
  if (!qty) return basePrice;
  let price = basePrice;
  for (const b of breaks) if (compareDecimals(toDecimal(b.fromQty)!, qty) <= 0) price = b.unitPriceExcl;
  return price;
}

/** The calendar day before `date` (YYYY-MM-DD), for ending the previous price when a new one starts. */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Today in the server's time zone as YYYY-MM-DD. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
