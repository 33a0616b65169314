import {
  evaluateFilter,
  filterFields,
  placeholders,
  type EntityModel,
  type FilterNode,
  type TransitionCheck,
  type TransitionDef,
} from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlExecutor } from '../db/sqlExecutor';
import { ApiError } from '../http/apiError';
import type { ResourceContext } from '../resource/context';
import { fillPattern, type PlatformRows } from './platformRows';

/**
 * A transition's declared checks (lifecycle.schema.json `checks`): the record must match, or its
 * lines must be enough, none or all of them match. Run inside the transition's transaction after
 * the record is read under lock, before anything changes; the first that fails refuses the action
 * with the check's own message in both languages: 400 naming the lines for too few or the field a
 * record check names (an input rule), 409 otherwise (a state rule).
 */
export interface CheckScope {
  registry: MetadataRegistry;
  rows: PlatformRows;
  tx: SqlExecutor;
  entity: EntityModel;
  id: number;
  record: Row;
  ctx: ResourceContext;
}

async function linesOf(s: CheckScope, child: string, fields: string[]): Promise<Row[]> {
  const def = s.entity.children.find((c) => c.name === child)!;
  const lines = s.registry.entity(def.entity)!;
  const { t, c } = s.rows.sql;
  const q = s.tx.dialect.quote;
  const names = [...new Set([lines.primaryKey, ...fields])].filter((f) => lines.field(f));
  return s.tx.select(
    `SELECT ${names.map((f) => `${c(lines.name, f)} AS ${q(f)}`).join(', ')} FROM ${t(lines.name)} ` +
      `WHERE ${c(lines.name, def.foreignKey)} = ? ORDER BY ${c(lines.name, lines.primaryKey)}`,
    [s.id],
  );
}

function refusal(check: TransitionCheck, status: 400 | 409, row: Row): ApiError {
  const text = { cn: fillPattern(check.message.cn, row), en: fillPattern(check.message.en, row) };
  if (status === 409) return new ApiError(409, text);
  const field = 'lines' in check ? check.lines : check.field!;
  return new ApiError(400, text, [{ field, message: 'lines' in check ? 'required' : 'invalid' }]);
}

async function checkOne(s: CheckScope, check: TransitionCheck): Promise<void> {
  // "$record.startDate" compares with another field of the record (end not before start).
  const vars = { ...s.ctx.vars, record: s.record };
  if ('record' in check) {
    if (!evaluateFilter(check.record, s.record, vars)) throw refusal(check, check.field ? 400 : 409, s.record);
    return;
  }
  const filters: FilterNode[] = [check.none, check.all].filter((f): f is FilterNode => !!f);
  const fields = [
    ...filters.flatMap((f) => filterFields(f)),
    ...placeholders(`${check.message.cn} ${check.message.en}`),
  ];
  const lines = await linesOf(s, check.lines, fields);
  if (check.min !== undefined && lines.length < check.min) throw refusal(check, 400, s.record);
  const offending = check.none
    ? lines.find((l) => evaluateFilter(check.none, l, vars))
    : check.all
      ? lines.find((l) => !evaluateFilter(check.all, l, vars))
      : undefined;
  if (offending) throw refusal(check, 409, offending);
}

export async function runTransitionChecks(s: CheckScope, t: TransitionDef): Promise<void> {
  for (const check of t.checks ?? []) await checkOne(s, check);
}
