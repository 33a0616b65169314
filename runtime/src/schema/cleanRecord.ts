/**
 * Formily array components write bookkeeping keys into rows (docs/architecture.md "Trap: Formily row keys":
 * __DO_NOT_USE_THIS_PROPERTY_index__). They must never reach the server.
 */
const FORMILY_INTERNAL_KEY = /^__DO_NOT_USE_THIS_PROPERTY_/;

export function stripFormilyInternals<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => stripFormilyInternals(item)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof Blob) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (!FORMILY_INTERNAL_KEY.test(key)) result[key] = stripFormilyInternals(item);
  }
  return result as T;
}
