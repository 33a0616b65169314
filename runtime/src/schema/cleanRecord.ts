import { raw } from '@formily/reactive';

/**
 * Formily array components write bookkeeping keys into rows (docs/architecture.md "Trap: Formily row keys":
 * __DO_NOT_USE_THIS_PROPERTY_index__). They must never reach the server.
 */
const FORMILY_INTERNAL_KEY = /^__DO_NOT_USE_THIS_PROPERTY_/;

/**
 * A plain copy without the bookkeeping keys. Each level is read through `raw`: form values are
 * observable proxies, and walking them key by key runs Formily's tracking on every read — on a
 * 2,000-line order that alone took 120–240 ms of a save (docs/decisions.md, issue 15).
 */
export function stripFormilyInternals<T>(value: T): T {
  const plain: unknown = value !== null && typeof value === 'object' ? raw(value) : value;
  if (Array.isArray(plain)) return plain.map((item: unknown) => stripFormilyInternals(item)) as T;
  if (plain === null || typeof plain !== 'object' || plain instanceof Date || plain instanceof Blob) return plain as T;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(plain)) {
    if (!FORMILY_INTERNAL_KEY.test(key)) result[key] = stripFormilyInternals((plain as Record<string, unknown>)[key]);
  }
  return result as T;
}
