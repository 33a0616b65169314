/**
 * Line aggregates in effect values (lifecycle.schema.json LineAggregateValue): a count of the
 * record's lines, or the sum, minimum or maximum of a field of them, worked out once per
 * transition from the lines as they stand when it starts, in its transaction.
 */
import {
  evaluateFilter,
  filterFields,
  lineAggregatesIn,
  type LineAggregateValue,
  type TransitionDef,
} from '@meridian/metadata';
import type { Row, SqlParam } from '../db/sqlExecutor';
import { addDecimals, compareDecimals, plainDecimal, toDecimal, ZERO, type Dec } from '../util/decimal';
import { readLines } from './lineRecipients';
import type { LineAggregates, TransitionRun } from './transitionRun';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { PlatformRows } from './platformRows';

/** A date compares as text (YYYY-MM-DD…); a number as an exact decimal. */
function compare(a: unknown, b: unknown): number {
  const x = toDecimal(a);
  const y = toDecimal(b);
  return x && y ? compareDecimals(x, y) : String(a).localeCompare(String(b));
}

function aggregate(value: LineAggregateValue, lines: Row[]): SqlParam {
  if (value.aggregate === 'count') return lines.length;
  const present = lines.map((l) => l[value.field!]).filter((v) => v !== null && v !== undefined && v !== '');
  if (value.aggregate === 'sum')
    return plainDecimal(present.reduce<Dec>((sum, v) => addDecimals(sum, toDecimal(v) ?? ZERO), ZERO));
  const sign = value.aggregate === 'min' ? -1 : 1;
  const best = present.reduce<unknown>((m, v) => (m === undefined || sign * compare(v, m) > 0 ? v : m), undefined);
  return (best ?? null) as SqlParam;
}

/** The values of the transition's line aggregates for its record (none: an empty map, no read). */
export async function lineAggregatesOf(
  deps: { registry: MetadataRegistry; rows: PlatformRows },
  run: Pick<TransitionRun, 'entity' | 'id' | 'tx' | 'ctx'>,
  t: TransitionDef,
): Promise<LineAggregates> {
  const values = new Map<LineAggregateValue, SqlParam>();
  for (const value of lineAggregatesIn(t.effects ?? [])) {
    const fields = [...(value.field ? [value.field] : []), ...filterFields(value.where)];
    const { rows } = await readLines(deps, run, value.lines, fields);
    const matching = rows.filter(
      (line) => !value.where || evaluateFilter(value.where, line, { ...run.ctx.vars, line }),
    );
    values.set(value, aggregate(value, matching));
  }
  return values;
}
