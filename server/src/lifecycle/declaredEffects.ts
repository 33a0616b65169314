import {
  declaredEffects,
  type CloseTodosDef,
  evaluateFilter,
  filterFields,
  type EffectValue,
  type I18nText,
  type NotifyDef,
  type OpenTodoDef,
  type RecipientsDef,
  type SetLinesDef,
  isLineAggregate,
  valueFields,
} from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlParam } from '../db/sqlExecutor';
import type { TodoRecipient, TodoService } from '../todos/todoService';
import { resolveApprovers } from './approvers';
import { createRecord, type CreateDeps } from './createRecord';
import { addDays } from '../util/time';
import { plainDecimal, subtractDecimals, toDecimal, ZERO } from '../util/decimal';
import { billNumberOf } from './history';
import { internalOnly } from './internalRecipients';
import { anyLineMatches, lineRecipientValues, readLines } from './lineRecipients';
import { relatedOf, setRelated, transitionRelated, type RelatedDeps } from './relatedEffects';
import { fillPattern, type PlatformRows } from './platformRows';
import type { TransitionRun } from './transitionRun';

/**
 * Runs a transition's declared effects (lifecycle.schema.json `effects`, metadata/src/effects.ts)
 * inside its transaction, in their order, after the state change and the approval effects and
 * before a named handler. They apply when the transition completes: an approval that hands the
 * document to a further step runs none. `set` is written with the state change itself
 * (`setEffectValues`), so its values are in the record the later effects read.
 */
export interface EffectDeps extends CreateDeps, RelatedDeps {
  registry: MetadataRegistry;
  rows: PlatformRows;
  todos: TodoService;
  stateMeaning: (state: string) => I18nText;
}

/** The days a value adds: the number in its addDaysFrom field, else (none there, or blank) addDays, else none. */
function daysOf(value: { addDays?: number; addDaysFrom?: string }, record: Row): number {
  const from = value.addDaysFrom === undefined ? undefined : record[value.addDaysFrom];
  return from === null || from === undefined || from === '' ? (value.addDays ?? 0) : Number(from);
}

/**
 * What an effect value means for this record and run (the run's actor, comment and line
 * aggregates; `now`, the transition's time). A copied field with days is a date that many days on;
 * with `minus`, a number less another field (a blank one: 0).
 */
export function valueOf(
  value: EffectValue,
  record: Row,
  run: Pick<TransitionRun, 'actor' | 'comment' | 'aggregates'>,
  now: string,
): SqlParam {
  if (value === null || typeof value !== 'object') return value as SqlParam;
  if (isLineAggregate(value)) return run.aggregates?.get(value) ?? null;
  if ('now' in value) return value.now === 'date' ? addDays(now.slice(0, 10), daysOf(value, record)) : now;
  if ('actor' in value) return run.actor.userId;
  if ('comment' in value) return run.comment ?? null;
  const field = record[value.field];
  if (field === null || field === undefined || field === '')
    return value.default === undefined ? null : valueOf(value.default, record, run, now);
  if (value.minus)
    return plainDecimal(subtractDecimals(toDecimal(field) ?? ZERO, toDecimal(record[value.minus]) ?? ZERO));
  const dated = value.addDays !== undefined || value.addDaysFrom !== undefined;
  return dated ? addDays(String(field).slice(0, 10), daysOf(value, record)) : (field as SqlParam);
}

export function valuesOf(set: Record<string, EffectValue>, record: Row, run: TransitionRun, now: string) {
  return Object.fromEntries(Object.entries(set).map(([f, v]) => [f, valueOf(v, record, run, now)]));
}

/** The fields the transition's `set` effects write, with their values (none while advancing). */
export function setEffectValues(run: TransitionRun, now: string): Record<string, SqlParam> {
  if (run.advancing) return {};
  const values: Record<string, SqlParam> = {};
  for (const effect of declaredEffects(run.transition))
    if (effect.kind === 'set') Object.assign(values, valuesOf(effect.def, { ...run.record, ...run.input }, run, now));
  return values;
}

async function recipientsOf(deps: EffectDeps, run: TransitionRun, record: Row, to: RecipientsDef) {
  const named = await namedRecipients(deps, run, record, to);
  return to.internal ? internalOnly(deps.rows, run.tx, named) : named;
}

async function namedRecipients(deps: EffectDeps, run: TransitionRun, record: Row, to: RecipientsDef) {
  const ids = (values: unknown[]): TodoRecipient[] =>
    values.filter((v) => v !== null && v !== undefined && v !== '').map((v) => ({ userId: Number(v) }));
  if (to.lines) {
    const values = await lineRecipientValues(deps, run, to);
    return to.supplierField ? values.map((v): TodoRecipient => ({ supplierId: Number(v) })) : ids(values);
  }
  if (to.supplierField)
    return record[to.supplierField] == null ? [] : [{ supplierId: Number(record[to.supplierField]) }];
  if (to.userField) return ids([record[to.userField]]);
  if (to.submitter) return ids([run.submitterId]);
  if (to.creator) return ids([record.createdBy]);
  const approvers = await resolveApprovers(run.tx, deps.rows.sql, to.approvers!);
  return approvers.map((a): TodoRecipient => ({ userId: a.userId }));
}

function texts(deps: EffectDeps, run: TransitionRun, record: Row, pattern: I18nText) {
  const extra = (language: 'cn' | 'en') => ({
    id: run.id,
    state: deps.stateMeaning(run.to)[language],
    action: run.transition.label?.[language] ?? run.transition.action,
  });
  return { cn: fillPattern(pattern.cn, record, extra('cn')), en: fillPattern(pattern.en, record, extra('en')) };
}

async function openTodo(deps: EffectDeps, run: TransitionRun, record: Row, d: OpenTodoDef): Promise<void> {
  if (d.when && !evaluateFilter(d.when, record, run.ctx.vars)) return;
  for (const to of await recipientsOf(deps, run, record, d.to))
    await deps.todos.open(
      run.tx,
      {
        to,
        billType: d.billType,
        entityName: run.entity.name,
        billId: run.id,
        billNumber: billNumberOf(run.entity, run.lifecycle, record),
        title: texts(deps, run, record, d.title),
        menuCode: d.menuCode,
        link: fillPattern(d.link, record, { id: run.id }),
      },
      run.actor.userId,
    );
}

async function notify(deps: EffectDeps, run: TransitionRun, record: Row, d: NotifyDef): Promise<void> {
  if (d.when && !evaluateFilter(d.when, record, run.ctx.vars)) return;
  const users: number[] = [];
  for (const to of await recipientsOf(deps, run, record, d.to))
    users.push(...('userId' in to ? [to.userId] : await deps.todos.supplierUsers(run.tx, to.supplierId)));
  for (const recipientUserId of new Set(users))
    await deps.todos.notify(
      run.tx,
      {
        recipientUserId,
        title: texts(deps, run, record, d.title),
        content: texts(deps, run, record, d.content),
        type: d.type,
        source: { billType: d.billType ?? null, entityName: run.entity.name, billId: run.id },
      },
      run.actor.userId,
    );
}

/** The lines of one child that match `where`, each written with the effect's values. */
async function setLines(deps: EffectDeps, run: TransitionRun, record: Row, d: SetLinesDef, now: string) {
  // A value copied from another field of the line ({ field }) is read with the line.
  const sources = Object.values(d.set).flatMap(valueFields);
  const read = [...Object.keys(d.set), ...sources, ...filterFields(d.where)];
  const { lines, rows } = await readLines(deps, run, d.lines, read);
  for (const line of rows) {
    if (d.where && !evaluateFilter(d.where, line, run.ctx.vars)) continue;
    const values = valuesOf(d.set, { ...record, ...line }, run, now);
    await deps.rows.update(
      run.tx,
      lines.name,
      values,
      { [lines.primaryKey]: line[lines.primaryKey] as SqlParam },
      run.actor.userId,
    );
  }
}

/**
 * The record's open to-dos of those types (or, with related, those of the related records); with
 * userField, only that user's, with supplierField only that supplier's (none when it is blank);
 * with noLine, only those of records none of whose lines matches it (read under lock).
 */
async function closeTodos(deps: EffectDeps, run: TransitionRun, record: Row, d: CloseTodosDef): Promise<void> {
  const user = d.userField ? record[d.userField] : undefined;
  const supplier = d.supplierField ? record[d.supplierField] : undefined;
  if (user === null || user === '' || supplier === null || supplier === '') return;
  const bills = d.related
    ? await relatedOf(deps, run, record, d.related, d.where).then(({ entity, rows }) =>
        rows.map((row) => ({ entityName: entity.name, billId: Number(row[entity.primaryKey]) })),
      )
    : [{ entityName: run.entity.name, billId: run.id }];
  for (const bill of bills) {
    if (d.noLine && (await anyLineMatches(deps, run, record, bill, d.noLine))) continue;
    await deps.todos.close(
      run.tx,
      {
        ...bill,
        billTypes: d.billTypes,
        ...(user === undefined ? {} : { assigneeUserId: Number(user) }),
        ...(supplier === undefined ? {} : { supplierId: Number(supplier) }),
      },
      d.as,
      run.actor.userId,
    );
  }
}

export async function runDeclaredEffects(deps: EffectDeps, run: TransitionRun, now: string): Promise<void> {
  if (run.advancing) return;
  const record: Row = { ...run.record, ...run.input, ...setEffectValues(run, now), [run.entity.statusField!]: run.to };
  for (const effect of declaredEffects(run.transition)) {
    if (effect.kind === 'openTodo') await openTodo(deps, run, record, effect.def);
    else if (effect.kind === 'notify') await notify(deps, run, record, effect.def);
    else if (effect.kind === 'setLines') await setLines(deps, run, record, effect.def, now);
    else if (effect.kind === 'createRecord')
      await createRecord(deps, run, record, effect.def, (set, source) => valuesOf(set, source, run, now));
    else if (effect.kind === 'setRelated')
      await setRelated(deps, run, record, effect.def, valuesOf(effect.def.set, record, run, now));
    else if (effect.kind === 'transitionRelated') await transitionRelated(deps, run, record, effect.def);
    else if (effect.kind === 'closeTodos') await closeTodos(deps, run, record, effect.def);
  }
}
