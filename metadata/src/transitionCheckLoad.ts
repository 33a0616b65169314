/**
 * Load checks of declared transition checks (lifecycle.schema.json `checks`): every field, child,
 * reference, entity, state and placeholder a check names exists and has the type its rule needs,
 * so that a mistake stops the start (or a publish) instead of failing a user's action later.
 */
import type { FilterNode, LinesCheck, OtherRecordCheck, RecordCheck, TransitionDef } from './generated/meta-model';
import { childEntity } from './childEntity';
import type { EntityModel } from './entityModel';
import { placeholders } from './effects';
import { NUMBER_TYPES } from './fieldTypes';
import { comparedFields, filterFields, filterVariables } from './filter';
import type { MetadataCatalog } from './metadataCatalog';

type Report = (pointer: string, message: string) => void;

interface Scope {
  registry: MetadataCatalog;
  entities: EntityModel[];
  report: Report;
}

const LINE_RULES = ['required', 'distinct', 'sum', 'overlap'] as const;

function fieldsOf(report: Report, pointer: string, entity: EntityModel, names: string[], what?: string): void {
  for (const name of new Set(names))
    if (!entity.field(name)) report(pointer, `${what ? `${what} ` : ''}"${name}" is not a field of ${entity.name}`);
}

const messageOf = (c: { message: { cn: string; en: string } }) => `${c.message.cn} ${c.message.en}`;

/** The variables a check's filters may compare with: the session's, the moment's and the record's (lines: the line's). */
const VARIABLE = /^\$(user\.\w+|resp\.id|today|now|record\.\w+)$/;
const LINE_VARIABLE = /^\$line\.\w+$/;

/** A misspelt variable would compare with nothing and pass or refuse every record: it stops the load instead. */
function variablesOf(report: Report, at: string, filters: Array<FilterNode | undefined>, lines: boolean): void {
  for (const v of filterVariables(...filters))
    if (!VARIABLE.test(v) && !(lines && LINE_VARIABLE.test(v)))
      report(
        at,
        `"${v}" is not a variable of a check: $record.<field>, ${lines ? '$line.<field>, ' : ''}$user.<name>, $resp.id, $today or $now`,
      );
}

/** The entity a check's reference field names, reported when it is none. */
function referencedEntity(s: Scope, at: string, reference: string, entity: EntityModel): EntityModel | undefined {
  const ref = entity.field(reference);
  const named = ref?.reference && s.registry.entity(ref.reference.entity);
  if (!named) s.report(`${at}/reference`, `"${reference}" is not a reference field of ${entity.name}`);
  return named || undefined;
}

/** `when`: a filter over the transition's own record. */
function checkWhen(s: Scope, at: string, check: RecordCheck | LinesCheck, entity: EntityModel): void {
  if (!check.when) return;
  fieldsOf(s.report, `${at}/when`, entity, filterFields(check.when), 'filter field');
  fieldsOf(s.report, `${at}/when`, entity, comparedFields('record', check.when), 'compared field');
}

function checkRecord(s: Scope, at: string, check: RecordCheck, entity: EntityModel): void {
  variablesOf(s.report, at, [check.record, check.when], false);
  fieldsOf(s.report, at, entity, comparedFields('record', check.record), 'compared field');
  checkWhen(s, at, check, entity);
  const target = check.reference ? referencedEntity(s, at, check.reference, entity) : entity;
  if (!target) return;
  fieldsOf(s.report, `${at}/record`, target, filterFields(check.record), 'filter field');
  if (check.field) fieldsOf(s.report, `${at}/field`, entity, [check.field], 'field');
  fieldsOf(s.report, `${at}/message`, target, placeholders(messageOf(check)), 'placeholder');
}

/** Entities beside the lines whose fields a lines check may name: in its filters, in its message. */
interface AlsoNamed {
  filters: EntityModel[];
  message: EntityModel[];
}

/** The names none of these entities has. */
const unknownTo = (entities: EntityModel[], names: string[]) => names.filter((n) => !entities.some((e) => e.field(n)));

function checkLineRules(report: Report, at: string, check: LinesCheck, lines: EntityModel, also: AlsoNamed): void {
  const named = [
    check.required,
    check.distinct,
    check.field,
    check.overlap?.from,
    check.overlap?.to,
    check.overlap?.per,
  ];
  fieldsOf(
    report,
    at,
    lines,
    named.filter((n): n is string => !!n),
  );
  if (check.sum) {
    const field = lines.field(check.sum.field);
    if (!field) report(`${at}/sum`, `"${check.sum.field}" is not a field of ${lines.name}`);
    else if (!NUMBER_TYPES.has(field.type)) report(`${at}/sum`, `"${check.sum.field}" of ${lines.name} is not numeric`);
    const bounds = [check.sum.equals, check.sum.atLeast, check.sum.atMost].filter((b) => b !== undefined);
    if (!bounds.length) report(`${at}/sum`, 'a sum needs equals, atLeast or atMost');
    for (const b of bounds)
      if (!/^-?\d+(\.\d+)?$/.test(String(b))) report(`${at}/sum`, `bound "${b}" is not a decimal`);
  }
  const filters = [check.none, check.all, check.where];
  const read = [...filters.flatMap((f) => filterFields(f)), ...comparedFields('line', ...filters)];
  fieldsOf(report, at, lines, unknownTo(also.filters, read));
  const message = placeholders(messageOf(check)).filter((n) => n !== 'lineNo' && n !== 'other.lineNo');
  const own = check.sum ? message.filter((n) => n !== 'sum' && n !== 'gap') : message;
  fieldsOf(
    report,
    at,
    lines,
    unknownTo(
      also.message,
      own.map((n) => n.replace(/^other\./, '')),
    ),
  );
}

/** The entity a line's reference field names (lineReference), reported when it is none. */
function lineTarget(s: Scope, at: string, check: LinesCheck, lines: EntityModel): EntityModel | undefined {
  if (!check.lineReference) return undefined;
  const ref = lines.field(check.lineReference)?.reference;
  const named = ref && s.registry.entity(ref.entity);
  if (!named) s.report(`${at}/lineReference`, `"${check.lineReference}" is not a reference field of ${lines.name}`);
  return named || undefined;
}

function checkLines(s: Scope, at: string, check: LinesCheck, entity: EntityModel): void {
  const rules = [...LINE_RULES.filter((r) => check[r] !== undefined), ...(check.none || check.all ? ['none/all'] : [])];
  if (check.min === undefined && !rules.length)
    s.report(at, 'a lines check needs min, none, all, required, distinct, sum or overlap');
  if (rules.length > 1) s.report(at, `a lines check states one rule besides min, not ${rules.join(' and ')}`);
  if (check.field && !(check.none || check.all))
    s.report(`${at}/field`, 'field names the line field of a none or all rule');
  fieldsOf(s.report, at, entity, comparedFields('record', check.none, check.all), 'compared field');
  variablesOf(s.report, at, [check.none, check.all, check.where, check.when], true);
  checkWhen(s, at, check, entity);
  if (check.recordField) fieldsOf(s.report, `${at}/recordField`, entity, [check.recordField], 'field');
  if (check.state && (check.field || check.recordField))
    s.report(`${at}/state`, 'a state rule names no field: not with field or recordField');
  if (check.field && (check.recordField || check.reference))
    s.report(`${at}/field`, 'field names a line of the body: not with recordField or reference');
  const owner = check.reference ? referencedEntity(s, at, check.reference, entity) : entity;
  if (!owner) return;
  const lines = childEntity(s.registry, owner, check.lines, s.report, `${at}/lines`);
  if (!lines) return;
  // A line's referenced record is read by the filters and shown; a referenced owner is only shown.
  const named = lineTarget(s, at, check, lines);
  const header = check.reference ? [owner] : [];
  checkLineRules(s.report, at, check, lines, {
    filters: named ? [named] : [],
    message: [...header, ...(named ? [named] : [])],
  });
}

function checkOther(s: Scope, at: string, check: OtherRecordCheck, entity: EntityModel): void {
  const rule = check.noOther;
  const other = rule.entity ? s.registry.entity(rule.entity) : entity;
  if (!other) return s.report(`${at}/noOther/entity`, `entity "${rule.entity}" does not exist`);
  if (!other.statusField) return s.report(`${at}/noOther/entity`, `${other.name} has no status field`);
  const range = rule.overlap ? [rule.overlap.from, rule.overlap.to] : [];
  for (const side of new Set([entity, other]))
    fieldsOf(s.report, `${at}/noOther`, side, [...rule.same, ...range], 'field');
  fieldsOf(s.report, `${at}/message`, other, placeholders(messageOf(check)), 'placeholder');
  const lifecycle = other.def.lifecycle && s.registry.lifecycles().find((l) => l.name === other.def.lifecycle);
  const states = lifecycle ? new Set<string>(lifecycle.states) : undefined;
  for (const state of rule.states)
    if (states && !states.has(state)) s.report(`${at}/noOther/states`, `"${state}" is not a state of ${other.name}`);
}

/** A transition's checks, against each entity that uses the lifecycle. */
export function checkTransitionChecks(s: Scope, pointer: string, checks: NonNullable<TransitionDef['checks']>): void {
  checks.forEach((check, i) => {
    const at = `${pointer}/${i}`;
    for (const entity of s.entities) {
      if ('record' in check) checkRecord(s, at, check, entity);
      else if ('noOther' in check) checkOther(s, at, check, entity);
      else checkLines(s, at, check, entity);
    }
  });
}
