/**
 * Price arithmetic of agreements, price changes and the price list (DOMAIN.md §5.2, §5.3, §5.8):
 * exact decimals (server/src/util/decimal.ts), never binary floats. The generic helpers
 * (decimalText, divideDecimals, changeRate, today, dayBefore) live in server/src/util.
 */
import { addDecimals, compareDecimals, formatDecimal, multiplyDecimals, toDecimal } from '../../../util/decimal';

/** unitPriceIncl = unitPriceExcl × (1 + taxRate), 6 decimals (half away from zero). */
export function priceInclTax(unitPriceExcl: unknown, taxRate: unknown): string | null {
  const price = toDecimal(unitPriceExcl);
  const rate = toDecimal(taxRate);
  if (!price || !rate) return null;
  return formatDecimal(multiplyDecimals(price, addDecimals({ units: 1n, scale: 0 }, rate)), 6);
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
