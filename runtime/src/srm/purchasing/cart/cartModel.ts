/**
 * Cart figures (docs/architecture.md "Spec: shopping cart"): the count is the sum of the counts of the user's lines,
 * starting at 0; amounts are summed as exact cents (money travels as decimal strings).
 */
import { parseDecimal } from '../../../core/decimal';

export const INITIAL_CART_COUNT = 0;
export const TROLLEY_PATH = 'purNoProductiveMaterial/SrminteriorShoppingtrolley';
export const MALL_PATH = 'purNoProductiveMaterial/SrminteriorShopping';

export interface CartLine {
  cartId: number;
  noProductiveMaterialId: number;
  goodsName?: string;
  supplierName?: string;
  count: number | string;
  unitPriceIncl?: string | number | null;
  amount?: string | number | null;
}

export function cartCount(lines: Pick<CartLine, 'count'>[]): number {
  return lines.reduce((sum, line) => sum + (Number(line.count) || 0), INITIAL_CART_COUNT);
}

function cents(value: unknown): bigint {
  const parts = parseDecimal(value);
  if (!parts) return 0n;
  const units = BigInt(parts.integer + (parts.fraction + '00').slice(0, 2));
  return parts.negative ? -units : units;
}

/** Σ amount of the lines, as a decimal string with 2 places. */
export function cartTotal(lines: Pick<CartLine, 'amount'>[]): string {
  const total = lines.reduce((sum, line) => sum + cents(line.amount), 0n);
  const text = (total < 0n ? -total : total).toString().padStart(3, '0');
  return `${total < 0n ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** The shell badge hears of every cart change through this one channel. */
type Listener = (count: number) => void;
const listeners = new Set<Listener>();

export function announceCartCount(count: number): void {
  listeners.forEach((listener) => listener(count));
}

export function onCartCount(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
