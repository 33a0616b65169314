import { canonicalJson } from './documentKey';

/** One difference between two versions of a document, at a readable path such as /fields[name=amount]/label/en. */
export interface DiffEntry {
  path: string;
  op: 'add' | 'remove' | 'change';
  before?: unknown;
  after?: unknown;
}

const IDENTITY_KEYS = ['name', 'path', 'key', 'field', 'action', 'child'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Array items are matched by their identity (a field's name, a column's key…) when every item has one, else by position. */
function identityOf(items: unknown[]): ((item: unknown, i: number) => string) | undefined {
  const key = IDENTITY_KEYS.find(
    (k) => items.length > 0 && items.every((it) => isObject(it) && typeof it[k] === 'string'),
  );
  return key ? (item) => `[${key}=${(item as Record<string, string>)[key]}]` : undefined;
}

function diffArrays(before: unknown[], after: unknown[], path: string, out: DiffEntry[]): void {
  const id = identityOf([...before, ...after]);
  if (!id) {
    const n = Math.max(before.length, after.length);
    for (let i = 0; i < n; i++)
      diffValues(before[i], after[i], `${path}/${i}`, out, i < before.length, i < after.length);
    return;
  }
  const had = new Map(before.map((b, i) => [id(b, i), b]));
  const has = new Map(after.map((a, i) => [id(a, i), a]));
  for (const [k, b] of had) diffValues(b, has.get(k), `${path}${k}`, out, true, has.has(k));
  for (const [k, a] of has) if (!had.has(k)) out.push({ path: `${path}${k}`, op: 'add', after: a });
}

function diffValues(
  before: unknown,
  after: unknown,
  path: string,
  out: DiffEntry[],
  inBefore = before !== undefined,
  inAfter = after !== undefined,
): void {
  if (!inBefore && !inAfter) return;
  if (!inBefore) {
    out.push({ path, op: 'add', after });
    return;
  }
  if (!inAfter) {
    out.push({ path, op: 'remove', before });
    return;
  }
  if (canonicalJson(before) === canonicalJson(after)) return;
  if (Array.isArray(before) && Array.isArray(after)) {
    diffArrays(before, after, path, out);
    return;
  }
  if (isObject(before) && isObject(after)) {
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
      diffValues(before[k], after[k], `${path}/${k}`, out, before[k] !== undefined, after[k] !== undefined);
    }
    return;
  }
  out.push({ path, op: 'change', before, after });
}

/** Structural diff of two documents (undefined = the document does not exist on that side). */
export function diffDocuments(before: unknown, after: unknown): DiffEntry[] {
  const out: DiffEntry[] = [];
  diffValues(before, after, '', out, before !== undefined, after !== undefined);
  return out.map((e) => ({ ...e, path: e.path || '/' }));
}

/** A short human summary of a diff ("+ /fields[name=x], ~ /title/en"), for version lists. */
export function summarizeDiff(entries: DiffEntry[], limit = 20): string {
  const sign = { add: '+', remove: '-', change: '~' } as const;
  const lines = entries.slice(0, limit).map((e) => `${sign[e.op]} ${e.path}`);
  if (entries.length > limit) lines.push(`… ${entries.length - limit} more`);
  return lines.join('\n');
}
