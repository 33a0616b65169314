/**
 * A list kept in a JSON text column, or already parsed: the array, or [] when the value is blank,
 * not JSON or not an array — for configuration a user typed (a scene's nodes, a checklist template),
 * where a broken value means "none" rather than a failed request.
 */
export function jsonList(value: unknown): unknown[] {
  if (typeof value !== 'string') return Array.isArray(value) ? value : [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
