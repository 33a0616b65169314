import {
  comparedFields,
  evaluateFilter,
  filterFields,
  placeholders,
  type FilterNode,
  type LinesCheck,
  type TransitionCheck,
  type TransitionDef,
} from '@meridian/metadata';
import type { Row, SqlExecutor, SqlParam } from '../db/sqlExecutor';
import { ApiError } from '../http/apiError';
import { readUnderLock } from '../resource/invariantLocks';
import { lineRuleFailure } from './lineRules';
import { otherRecord, type CheckScope } from './otherRecords';
import { referencedLines, referencedRecord, withLineReferences } from './referencedRecords';
import { fillPattern } from './platformRows';

export type { CheckScope };

/**
 * A transition's declared checks (lifecycle.schema.json `checks`): the record (or the record a
 * reference names) must match, its lines (or the referenced record's, and each with the record
 * its own reference names) must keep their rules, no other record may be open for the same
 * values; a check with `when` only for records that match it. Run inside the transition's transaction after the record is read under lock,
 * before anything changes; the first that fails refuses the action with the check's own message
 * in both languages: 400 naming the field or lines for an input rule, 409 for a state rule.
 */

function refusal(check: TransitionCheck, values: Row, field?: string): ApiError {
  const text = { cn: fillPattern(check.message.cn, values), en: fillPattern(check.message.en, values) };
  if (!field) return new ApiError(409, text);
  return new ApiError(400, text, [{ field, message: text.en }]);
}

const messageFields = (check: TransitionCheck) => placeholders(`${check.message.cn} ${check.message.en}`);

/**
 * The lines of a child of the record's entity, or of the entity its reference names; with
 * lineReference, each merged with the record its own reference names.
 */
async function linesOf(s: CheckScope, check: LinesCheck, fields: string[]): Promise<Row[]> {
  const own = [...fields, check.lineReference ?? ''].filter(Boolean);
  const lines = check.reference ? await referencedLines(s, check, own) : await ownLines(s, check.lines, own);
  return check.lineReference ? withLineReferences(s, check, lines, fields) : lines;
}

async function ownLines(s: CheckScope, child: string, fields: string[]): Promise<Row[]> {
  const def = s.entity.children.find((c) => c.name === child)!;
  const lines = s.registry.entity(def.entity)!;
  const { t, c } = s.rows.sql;
  const q = s.tx.dialect.quote;
  const names = [...new Set([lines.primaryKey, ...fields])].filter((f) => lines.field(f));
  // With linesUnderLock, the latest committed lines: under REPEATABLE READ a plain read answers from
  // a snapshot that may predate a line moved by the transaction this one waited for (a head
  // completing when another supplier's answer just committed).
  return (s.linesUnderLock ? readUnderLock : (tx: SqlExecutor, sql: string, p: SqlParam[]) => tx.select(sql, p))(
    s.tx,
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

async function checkOne(s: CheckScope, check: TransitionCheck): Promise<void> {
  // "$record.startDate" compares with another field of the record (end not before start).
  const vars = { ...s.ctx.vars, record: s.record };
  if ('when' in check && check.when && !evaluateFilter(check.when, s.record, vars)) return;
  if ('record' in check) {
    const fields = [...filterFields(check.record), ...messageFields(check)];
    const row = check.reference ? await referencedRecord(s, check.reference, fields) : s.record;
    if (!evaluateFilter(check.record, row, vars)) throw refusal(check, row, check.field);
    return;
  }
  if ('noOther' in check) {
    const other = await otherRecord(s, check.noOther, messageFields(check));
    if (other) throw refusal(check, other);
    return;
  }
  const failure = lineRuleFailure(check, await linesOf(s, check, lineFields(check)), vars);
  if (!failure) return;
  const named = check.state ? undefined : (check.recordField ?? failure.field);
  if (!check.reference) throw refusal(check, { ...s.record, ...failure.values }, named);
  // Another record's lines are no input of this action: a 409 (a state rule), its values in the message too.
  const header = await referencedRecord(s, check.reference, messageFields(check));
  throw refusal(check, { ...header, ...failure.values }, check.state ? undefined : check.recordField);
}

export async function runTransitionChecks(s: CheckScope, t: TransitionDef): Promise<void> {
  for (const check of t.checks ?? []) await checkOne(s, check);
}
