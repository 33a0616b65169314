import {
  comparedFields,
  evaluateFilter,
  filterFields,
  placeholders,
  type FilterNode,
  type LinesCheck,
  type RecordCheck,
  type TransitionCheck,
  type TransitionDef,
} from '@meridian/metadata';
import type { Row, SqlParam } from '../db/sqlExecutor';
import { ApiError } from '../http/apiError';
import { lineRuleFailure } from './lineRules';
import { otherRecord, type CheckScope } from './otherRecords';
import { fillPattern } from './platformRows';

export type { CheckScope };

/**
 * A transition's declared checks (lifecycle.schema.json `checks`): the record (or the record a
 * reference names) must match, its lines must keep their rules, no other record may be open for
 * the same values. Run inside the transition's transaction after the record is read under lock,
 * before anything changes; the first that fails refuses the action with the check's own message
 * in both languages: 400 naming the field or lines for an input rule, 409 for a state rule.
 */

function refusal(check: TransitionCheck, values: Row, field?: string): ApiError {
  const text = { cn: fillPattern(check.message.cn, values), en: fillPattern(check.message.en, values) };
  if (!field) return new ApiError(409, text);
  return new ApiError(400, text, [{ field, message: text.en }]);
}

const messageFields = (check: TransitionCheck) => placeholders(`${check.message.cn} ${check.message.en}`);

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

/** Every field of the lines a check reads: its rules', its filters' and its message's. */
function lineFields(check: LinesCheck): string[] {
  const filters: FilterNode[] = [check.none, check.all, check.where].filter((f): f is FilterNode => !!f);
  const ruled = [check.required, check.distinct, check.sum?.field, check.overlap?.from, check.overlap?.to];
  return [
    ...filters.flatMap((f) => filterFields(f)),
    ...comparedFields('line', ...filters),
    ...ruled.filter((f): f is string => !!f),
    check.overlap?.per ?? '',
    ...messageFields(check).map((n) => n.replace(/^other\./, '')),
  ].filter(Boolean);
}

/** The record a reference field names, or an empty row when it names none. */
async function referenced(s: CheckScope, check: RecordCheck): Promise<Row> {
  const target = s.entity.field(check.reference!)!.reference!.entity;
  const entity = s.registry.entity(target)!;
  const id = s.record[check.reference!];
  if (id === null || id === undefined || id === '') return {};
  const { t, c } = s.rows.sql;
  const q = s.tx.dialect.quote;
  const names = [...new Set([...filterFields(check.record), ...messageFields(check)])].filter((f) => entity.field(f));
  const select = names.length ? names.map((f) => `${c(entity.name, f)} AS ${q(f)}`).join(', ') : '1 AS one';
  const [row] = await s.tx.select(
    `SELECT ${select} FROM ${t(entity.name)} WHERE ${c(entity.name, entity.primaryKey)} = ?`,
    [id as SqlParam],
  );
  return row ?? {};
}

async function checkOne(s: CheckScope, check: TransitionCheck): Promise<void> {
  // "$record.startDate" compares with another field of the record (end not before start).
  const vars = { ...s.ctx.vars, record: s.record };
  if ('record' in check) {
    const row = check.reference ? await referenced(s, check) : s.record;
    if (!evaluateFilter(check.record, row, vars)) throw refusal(check, row, check.field);
    return;
  }
  if ('noOther' in check) {
    const other = await otherRecord(s, check.noOther, messageFields(check));
    if (other) throw refusal(check, other);
    return;
  }
  const failure = lineRuleFailure(check, await linesOf(s, check.lines, lineFields(check)), vars);
  if (failure) throw refusal(check, { ...s.record, ...failure.values }, failure.field);
}

export async function runTransitionChecks(s: CheckScope, t: TransitionDef): Promise<void> {
  for (const check of t.checks ?? []) await checkOne(s, check);
}
