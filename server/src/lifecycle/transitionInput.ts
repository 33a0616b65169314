/**
 * A transition's input (lifecycle.schema.json `input`): the values an action takes besides the
 * comment — an appeal's reason, a rectification's deadline — read from the action's body next to
 * id/ids (one value for the whole batch), checked like any written value (the field's type,
 * length, format and bounds; required) and written onto the record with the state change. Input
 * fields are usually serverOnly (no save may write them): the transition is what writes them.
 */
import {
  decimalShape,
  isEmptyValue,
  pickText,
  type EffectValue,
  type EntityModel,
  type Language,
  type TransitionDef,
} from '@meridian/metadata';
import { boundsErrors, validateRecord, type MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlParam } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import type { RecordHookRegistry } from '../hooks/recordHooks';
import type { ResourceContext } from '../resource/context';
import { plainNumberString } from '../util/decimal';
import type { TransitionRun } from './transitionRun';

/** The values the body gives for the input fields, normalised as a save's are ('' is null, a decimal number its text). */
function givenValues(entity: EntityModel, t: TransitionDef, body: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const { field } of t.input ?? []) {
    if (!Object.prototype.hasOwnProperty.call(body, field)) continue;
    const value = body[field];
    const decimal = decimalShape(entity.field(field)!) && typeof value === 'number';
    values[field] = value === '' ? null : decimal ? plainNumberString(value) : value;
  }
  return values;
}

/** 400 naming the required input fields left empty, with their labels. */
function checkRequired(entity: EntityModel, t: TransitionDef, values: Row, language: Language, filled: boolean): void {
  const missing = (t.input ?? [])
    .filter((i) => i.required && (filled || i.default === undefined) && isEmptyValue(values[i.field]))
    .map((i) => entity.field(i.field)!);
  if (!missing.length) return;
  const names = (l: 'cn' | 'en') => missing.map((f) => f.label?.[l] ?? f.name).join(l === 'cn' ? '、' : ', ');
  throw Errors.badRequest(
    `请填写${names('cn')}`,
    `${names('en')} ${missing.length > 1 ? 'are' : 'is'} required`,
    missing.map((f) => ({ field: f.name, message: pickText({ cn: '必填', en: 'required' }, language) })),
  );
}

/**
 * The input the body gives, checked: 400 naming every field with a wrong value, or a required one
 * missing that has no default. Read once the record is found, so a foreign id is 404 whatever the body.
 */
export function transitionInput(
  registry: MetadataRegistry,
  entity: EntityModel,
  t: TransitionDef,
  body: Record<string, unknown>,
  ctx: ResourceContext,
): Row {
  if (!t.input?.length) return {};
  const values = givenValues(entity, t, body);
  const errors = validateRecord(entity, (n) => registry.entity(n), values, { creating: false, language: ctx.language });
  // validateRecord's bounds skip fields a body may not write; an input's are held all the same.
  for (const e of boundsErrors(entity, values, ctx.language))
    if (!errors.some((x) => x.field === e.field)) errors.push(e);
  if (errors.length) throw Errors.validation(errors);
  checkRequired(entity, t, values as Row, ctx.language, false);
  return values as Row;
}

/** The input as written: the given values and each missing one's default (`valueOf`: what the effect value means). */
export function inputValues(
  entity: EntityModel,
  t: TransitionDef,
  given: Row,
  language: Language,
  valueOf: (value: EffectValue) => SqlParam,
): Row {
  const values: Row = { ...given };
  for (const input of t.input ?? [])
    if (isEmptyValue(values[input.field]) && input.default !== undefined) values[input.field] = valueOf(input.default);
  // A default read from the record or the comment may still be empty.
  checkRequired(entity, t, values, language, true);
  return values;
}

/**
 * Attachment inputs are linked to the record as a save links them (the files server's after-save
 * hook), so that whoever reads the record may download the files the actor named.
 */
export async function linkInputFiles(hooks: RecordHookRegistry, run: TransitionRun): Promise<void> {
  const files = Object.entries(run.input).filter(([name, v]) => v && run.entity.field(name)?.type === 'attachment');
  if (files.length)
    await hooks.runAfterSave({
      entity: run.entity,
      id: run.id,
      values: Object.fromEntries(files),
      ctx: run.ctx,
      tx: run.tx,
    });
}
