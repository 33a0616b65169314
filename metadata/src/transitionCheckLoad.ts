/**
 * Load checks of declared transition checks (lifecycle.schema.json `checks`): every field, child,
 * reference, entity, state and placeholder a check names exists and has the type its rule needs,
 * so that a mistake stops the start (or a publish) instead of failing a user's action later.
 */
import type { LinesCheck, OtherRecordCheck, RecordCheck, TransitionDef } from './generated/meta-model';
import type { EntityModel } from './entityModel';
import { placeholders } from './effects';
import { comparedFields, filterFields } from './filter';
import type { MetadataCatalog } from './metadataCatalog';

type Report = (pointer: string, message: string) => void;

interface Scope {
  registry: MetadataCatalog;
  entities: EntityModel[];
  report: Report;
}

const NUMERIC = new Set(['integer', 'decimal', 'money', 'quantity']);
const LINE_RULES = ['required', 'distinct', 'sum', 'overlap'] as const;

function fieldsOf(report: Report, pointer: string, entity: EntityModel, names: string[], what?: string): void {
  for (const name of new Set(names))
    if (!entity.field(name)) report(pointer, `${what ? `${what} ` : ''}"${name}" is not a field of ${entity.name}`);
}

const messageOf = (c: { message: { cn: string; en: string } }) => `${c.message.cn} ${c.message.en}`;

function checkRecord(s: Scope, at: string, check: RecordCheck, entity: EntityModel): void {
  fieldsOf(s.report, at, entity, comparedFields('record', check.record), 'compared field');
  let target = entity;
  if (check.reference) {
    const ref = entity.field(check.reference);
    const named = ref?.reference && s.registry.entity(ref.reference.entity);
    if (!named) return s.report(`${at}/reference`, `"${check.reference}" is not a reference field of ${entity.name}`);
    target = named;
  }
  fieldsOf(s.report, `${at}/record`, target, filterFields(check.record), 'filter field');
  if (check.field) fieldsOf(s.report, `${at}/field`, entity, [check.field], 'field');
  fieldsOf(s.report, `${at}/message`, target, placeholders(messageOf(check)), 'placeholder');
}

function checkLineRules(report: Report, at: string, check: LinesCheck, lines: EntityModel): void {
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
    else if (!NUMERIC.has(field.type)) report(`${at}/sum`, `"${check.sum.field}" of ${lines.name} is not numeric`);
    const bounds = [check.sum.equals, check.sum.atLeast, check.sum.atMost].filter((b) => b !== undefined);
    if (!bounds.length) report(`${at}/sum`, 'a sum needs equals, atLeast or atMost');
    for (const b of bounds)
      if (!/^-?\d+(\.\d+)?$/.test(String(b))) report(`${at}/sum`, `bound "${b}" is not a decimal`);
  }
  const filters = [check.none, check.all, check.where];
  fieldsOf(report, at, lines, [...filters.flatMap((f) => filterFields(f)), ...comparedFields('line', ...filters)]);
  const message = placeholders(messageOf(check)).filter((n) => n !== 'lineNo' && n !== 'other.lineNo');
  const own = check.sum ? message.filter((n) => n !== 'sum' && n !== 'gap') : message;
  fieldsOf(
    report,
    at,
    lines,
    own.map((n) => n.replace(/^other\./, '')),
  );
}

function checkLines(s: Scope, at: string, check: LinesCheck, entity: EntityModel): void {
  const rules = [...LINE_RULES.filter((r) => check[r] !== undefined), ...(check.none || check.all ? ['none/all'] : [])];
  if (check.min === undefined && !rules.length)
    s.report(at, 'a lines check needs min, none, all, required, distinct, sum or overlap');
  if (rules.length > 1) s.report(at, `a lines check states one rule besides min, not ${rules.join(' and ')}`);
  if (check.field && !(check.none || check.all))
    s.report(`${at}/field`, 'field names the line field of a none or all rule');
  fieldsOf(s.report, at, entity, comparedFields('record', check.none, check.all), 'compared field');
  const child = entity.children.find((c) => c.name === check.lines);
  const lines = child && s.registry.entity(child.entity);
  if (!lines) return s.report(`${at}/lines`, `"${check.lines}" is not a child of ${entity.name}`);
  checkLineRules(s.report, at, check, lines);
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
