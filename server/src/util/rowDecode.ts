import type { Row } from '../db/sqlExecutor';

/**
 * Typed rows from stored ones: a spec names each field read and how its stored value is taken
 * (`Number`, `String`, `nullableText`, a decimal parser …), the row's type follows from it, and the
 * spec's keys are the field list to select (`PlatformRows.select(tx, entity, Object.keys(SPEC), …)`),
 * so a field is named once instead of in a SELECT, an interface and a mapping.
 */
export type RowSpec = Record<string, (value: unknown) => unknown>;

/** The type a spec decodes to: each field the return type of its function. */
export type Decoded<S extends RowSpec> = { [K in keyof S]: ReturnType<S[K]> };

/** The row's fields of the spec, each taken by its function (a field the row lacks is taken as undefined). */
export function decodeRow<S extends RowSpec>(spec: S, row: Row): Decoded<S> {
  return Object.fromEntries(Object.entries(spec).map(([name, take]) => [name, take(row[name])])) as Decoded<S>;
}

/** A blank (null or undefined) value as null, anything else as its text. */
export const nullableText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** A blank (null or undefined) value as null, anything else as a number. */
export const nullableNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
