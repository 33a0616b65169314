import { decimalShape, type EntityModel, type ResolvedField } from '@meridian/metadata';
import type { Row, SqlExecutor } from '../db/sqlExecutor';
import type { RecordValues } from '../hooks/recordHooks';
import { toSqlParam } from './values';

/** A stored line as the save found it: its version and the columns the body's lines carry. */
export interface StoredLine {
  version: number;
  row: Row;
}

/** The fields any of the lines sets: only these are compared (and written) for a line. */
function carriedFields(model: EntityModel, lines: RecordValues[]): ResolvedField[] {
  const names = new Set<string>();
  for (const values of lines) for (const name of Object.keys(values)) names.add(name);
  return [...names].map((n) => model.field(n)).filter((f): f is ResolvedField => f !== undefined);
}

/**
 * The header's stored lines with the carried columns, read with FOR UPDATE on MySQL: the skip of an
 * unchanged line then rests on the committed row, exactly what the versioned UPDATE would have
 * matched, and nobody changes the line before this transaction ends (docs/decisions.md, issue 15).
 */
export async function readStoredLines(
  tx: SqlExecutor,
  model: EntityModel,
  foreignKey: string,
  headerId: number,
  lines: RecordValues[],
): Promise<Map<number, StoredLine>> {
  const q = tx.dialect.quote;
  const fields = carriedFields(model, lines);
  const columns = [
    `${q(model.field(model.primaryKey)!.column)} AS ${q('__id')}`,
    `${q('version_num')} AS ${q('__v')}`,
    ...fields.map((f) => `${q(f.column)} AS ${q(f.name)}`),
  ];
  const rows = await tx.select(
    `SELECT ${columns.join(', ')} FROM ${q(model.table)} WHERE ${q(model.field(foreignKey)!.column)} = ?${tx.dialect.forUpdate}`,
    [headerId],
  );
  return new Map(rows.map((row) => [Number(row.__id), { version: Number(row.__v), row }]));
}

/** "0012.500" and 12.5 → "12.5"; "-0.00" → "0"; anything else is left as it is. */
function canonicalDecimal(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return text;
  const int = m[2].replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return body === '0' ? '0' : m[1] + body;
}

/**
 * A value as comparable text, or undefined when it cannot be compared safely (an object the driver
 * parsed, a Buffer, a Date): such a field always counts as changed, so the line is written as before.
 */
function comparable(field: ResolvedField, value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') return undefined;
  // A number's own text is already canonical unless it is written with an exponent.
  const text = String(value);
  return decimalShape(field) && (typeof value === 'string' || text.includes('e')) ? canonicalDecimal(text) : text;
}

/**
 * True when binding `value` for the field would store what the column holds (`stored`, as read): the
 * same string or number, or the same canonical text of the SQL parameter (stored 4 and sent "4",
 * "12.50" and 12.5). A value that cannot be compared safely, or is no valid parameter, is "different".
 */
export function sameStoredValue(field: ResolvedField, value: unknown, stored: unknown, where: string): boolean {
  // The same string or number as stored (most fields of an unchanged line) binds the same parameter.
  if (value === stored && value !== '' && (typeof value === 'string' || typeof value === 'number')) return true;
  let wanted: string | null | undefined;
  try {
    wanted = comparable(field, toSqlParam(field, value, where));
  } catch {
    return false;
  }
  const have = comparable(field, stored);
  return wanted !== undefined && have !== undefined && wanted === have;
}

/**
 * True when writing `values` would store what the row already holds: every carried field's SQL
 * parameter (as the UPDATE would bind it) equals the stored column. Comparing after the header's
 * beforeSave has computed the lines (amounts, master-data copies) means a header change that alters
 * a line's computed values makes that line changed. A mismatch of representation only ever makes a
 * line "changed" (one UPDATE too many), never the other way round.
 */
export function sameAsStored(model: EntityModel, values: RecordValues, stored: Row): boolean {
  for (const [name, value] of Object.entries(values)) {
    const field = model.field(name);
    if (field && !sameStoredValue(field, value, stored[name], model.name)) return false;
  }
  return true;
}
