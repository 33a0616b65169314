import { evaluateFilter, type FilterVariables, type LinesCheck } from '@meridian/metadata';
import type { Row } from '../db/sqlExecutor';
import {
  absoluteDecimal,
  addDecimals,
  compareDecimals,
  plainDecimal,
  subtractDecimals,
  toDecimal,
  ZERO,
} from '../util/decimal';

/**
 * The rules of a lines check (lifecycle.schema.json LinesCheck) over lines already read, in key
 * order: pure, so that each is tested without a database. A failure names the values its message's
 * placeholders take and the field of the 400 (undefined: a 409, a state rule).
 */
export interface LineFailure {
  values: Row;
  field?: string;
}

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** Decimals compare as numbers (90 after 89.99), anything else (dates) as text. */
function compareValues(a: unknown, b: unknown): number {
  const [da, db] = [toDecimal(a), toDecimal(b)];
  if (da && db) return compareDecimals(da, db);
  return String(a).localeCompare(String(b));
}

const numbered = (lines: Row[]): Row[] => lines.map((l, i) => ({ ...l, lineNo: i + 1 }));
/** The path of a line's field as the body names it: its position among all the lines. */
const at = (check: LinesCheck, line: Row, field: string) => `${check.lines}[${Number(line.lineNo) - 1}].${field}`;

function filterFailure(check: LinesCheck, lines: Row[], vars: FilterVariables): LineFailure | undefined {
  const failing = (l: Row) =>
    check.none
      ? evaluateFilter(check.none, l, { ...vars, line: l })
      : !!check.all && !evaluateFilter(check.all, l, { ...vars, line: l });
  const line = lines.find(failing);
  if (!line) return undefined;
  return { values: line, field: check.field && at(check, line, check.field) };
}

function requiredFailure(check: LinesCheck, lines: Row[]): LineFailure | undefined {
  const name = check.required!;
  const line = lines.find((l) => blank(l[name]));
  return line && { values: line, field: at(check, line, name) };
}

function distinctFailure(check: LinesCheck, lines: Row[]): LineFailure | undefined {
  const name = check.distinct!;
  const seen = new Set<string>();
  for (const l of lines) {
    if (blank(l[name])) continue;
    const key = String(l[name]);
    if (seen.has(key)) return { values: l, field: at(check, l, name) };
    seen.add(key);
  }
  return undefined;
}

/** The sum against each bound given; {gap} is how far it is from the bound it misses. */
function sumFailure(check: LinesCheck, lines: Row[]): LineFailure | undefined {
  const rule = check.sum!;
  const sum = lines.reduce((acc, l) => addDecimals(acc, toDecimal(l[rule.field]) ?? ZERO), ZERO);
  const bounds: Array<[string | number | undefined, (c: number) => boolean]> = [
    [rule.equals, (c) => c === 0],
    [rule.atLeast, (c) => c >= 0],
    [rule.atMost, (c) => c <= 0],
  ];
  for (const [bound, holds] of bounds) {
    const limit = bound === undefined ? undefined : toDecimal(bound);
    if (!limit || holds(compareDecimals(sum, limit))) continue;
    const gap = plainDecimal(absoluteDecimal(subtractDecimals(sum, limit)));
    return { values: { sum: plainDecimal(sum), gap }, field: check.lines };
  }
  return undefined;
}

/** Two ranges share a value when each starts no later than the other ends (a blank end is open). */
function overlapFailure(check: LinesCheck, lines: Row[]): LineFailure | undefined {
  const { from, to, per } = check.overlap!;
  const ranged = lines.filter((l) => !blank(l[from]));
  const sorted = [...ranged].sort((a, b) => compareValues(a[from], b[from]));
  for (const [i, first] of sorted.entries()) {
    for (const next of sorted.slice(i + 1)) {
      if (per && String(first[per]) !== String(next[per])) continue;
      if (blank(first[to]) || compareValues(next[from], first[to]) <= 0) {
        const other = Object.fromEntries(Object.entries(next).map(([k, v]) => [`other.${k}`, v]));
        return { values: { ...first, ...other }, field: check.lines };
      }
    }
  }
  return undefined;
}

/** The first rule of the check the lines break, or undefined. */
export function lineRuleFailure(check: LinesCheck, read: Row[], vars: FilterVariables): LineFailure | undefined {
  // `where` narrows the lines every rule counts; a line keeps its position among all of them.
  const lines = numbered(read).filter((l) => !check.where || evaluateFilter(check.where, l, { ...vars, line: l }));
  if (check.min !== undefined && lines.length < check.min) return { values: {}, field: check.lines };
  if (check.required) return requiredFailure(check, lines);
  if (check.distinct) return distinctFailure(check, lines);
  if (check.sum) return sumFailure(check, lines);
  if (check.overlap) return overlapFailure(check, lines);
  return filterFailure(check, lines, vars);
}
