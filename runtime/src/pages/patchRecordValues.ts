/**
 * Takes a saved (or re-read) record into a form that already shows that record by setting only the
 * values that differ, instead of `setValues(record, 'overwrite')`: on a 2,000-line order the full
 * overwrite re-rendered every line after each save (docs/decisions.md, issue 15).
 *
 * The result is the overwrite's: every value of the record lands in the form, a value the form holds
 * and the record does not is cleared, and a line collection whose rows differ in number or keys
 * (lines added, removed, or first given keys by the save) is replaced as a whole.
 */
import type { Form } from '@formily/core';
import { batch, raw } from '@formily/reactive';
import type { DataRecord, EntityDef } from '../meta';

type Values = Record<string, unknown>;
type Path = (string | number)[];
interface Patch {
  path: Path;
  value: unknown;
}

const FORMILY_INTERNAL_KEY = /^__DO_NOT_USE_THIS_PROPERTY_/;

/** The key field of each line collection of the entity (child name → the line entity's primary key). */
export function lineKeysOf(entity: EntityDef, entities: Record<string, EntityDef>): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const child of entity.children ?? []) {
    const model = entities[child.entity];
    if (model) keys[child.name] = model.primaryKey;
  }
  return keys;
}

const plain = (value: unknown): unknown => (value !== null && typeof value === 'object' ? raw(value) : value);

/** Equal as the form would hold them; objects (JSON fields) by their JSON, which at worst patches too much. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

// Paths are built only for the values that differ: a 2,000-line order has some 80,000 values that do not.
function diffValues(current: Values, next: Values, path: Path, lineKeys: Record<string, string>, out: Patch[]): void {
  for (const key of Object.keys(next)) {
    const value = next[key];
    const have = plain(current[key]);
    if (lineKeys[key] && Array.isArray(value)) diffLines(have, value as Values[], [...path, key], lineKeys[key], out);
    else if (!same(have, value)) out.push({ path: [...path, key], value });
  }
  for (const key of Object.keys(current)) {
    if (!(key in next) && !FORMILY_INTERNAL_KEY.test(key) && current[key] !== undefined)
      out.push({ path: [...path, key], value: undefined });
  }
}

function diffLines(current: unknown, next: Values[], path: Path, key: string, out: Patch[]): void {
  const rows = Array.isArray(current) ? current.map((row) => plain(row) as Values | null) : undefined;
  const sameRows = rows?.length === next.length && rows.every((row, i) => row !== null && row[key] === next[i]?.[key]);
  if (!sameRows) {
    out.push({ path, value: next });
    return;
  }
  next.forEach((row, i) => diffValues(rows![i]!, row, [...path, i], {}, out));
}

/** The differences between the form's values and the record, as paths to set (exported for tests). */
export function recordPatches(form: Form, record: DataRecord, lineKeys: Record<string, string>): Patch[] {
  const out: Patch[] = [];
  diffValues(plain(form.values) as Values, record, [], lineKeys, out);
  return out;
}

/** Records are JSON; a copy keeps the form from sharing objects with the query cache. */
const copy = (value: unknown): unknown =>
  value !== null && typeof value === 'object' ? (JSON.parse(JSON.stringify(value)) as unknown) : value;

/** Sets the differing values in one batch, so the form's reactions run once. */
export function patchRecordValues(form: Form, record: DataRecord, lineKeys: Record<string, string>): void {
  const patches = recordPatches(form, record, lineKeys);
  batch(() => {
    for (const { path, value } of patches) form.setValuesIn(path, copy(value));
  });
}
