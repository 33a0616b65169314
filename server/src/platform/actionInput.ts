import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '@meridian/metadata';
import { Errors } from '../http/apiError';

/**
 * Typed custom actions: an action declares its body as JSON Schema (`RegisteredAction.input`), the
 * server checks every call against it before the handler runs, and the OpenAPI document shows it
 * (docs/developer-guide.md "Custom actions"). Numbers and booleans sent as text are taken as the
 * schema's type (a form's "12" is the id 12), as the hand-written parsing did; defaults fill in.
 * Formats are ajv-formats' full ones: `date` is a calendar date (no 31 February).
 */
const inputAjv = new Ajv({
  allErrors: true,
  coerceTypes: true,
  useDefaults: true,
  strict: false,
  allowUnionTypes: true,
});
// `format: 'date'` and the others are checked, strictly: 2027-02-31 is no date (ajv alone ignores formats).
addFormats(inputAjv);
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = inputAjv.compile(schema)));
  return validate;
}

/** "lines[2].quantity" from "/lines/2/quantity". */
function fieldOf(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');
  const { missingProperty, additionalProperty } = error.params as Record<string, string | undefined>;
  // A missing or an unexpected property names itself, not the object holding it.
  const named = missingProperty ?? additionalProperty;
  return named ? (path ? `${path}.${named}` : named) : path || '(body)';
}

/** Checks (and coerces, in place) a body against the action's input; 400 naming each field otherwise. */
export function checkActionInput(schema: JsonSchema, body: Record<string, unknown>): void {
  const validate = validatorOf(schema);
  if (validate(body)) return;
  // An anyOf's own error only says "one of these": the errors of its branches name the fields.
  const all = validate.errors ?? [];
  const named = all.filter((e) => e.keyword !== 'anyOf');
  const errors = (named.length ? named : all).map((e) => ({ field: fieldOf(e), message: e.message ?? 'invalid' }));
  // The message names the fields too: a caller shown only the message still knows what to fix.
  const fields = [...new Set(errors.map((e) => e.field))];
  throw Errors.badRequest(
    `请求参数无效：${fields.join('、')}`,
    `The request is not valid: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`,
    errors,
  );
}

const ID: JsonSchema = { type: 'integer', minimum: 1 };
/** An input's optional record id: blank (null), or a positive integer. */
export const OPTIONAL_ID: JsonSchema = { type: ['integer', 'null'], minimum: 1 };

/** The body of an action on one record: `{ id }`, a positive integer (another name with `field`). */
export function recordIdInput(field = 'id', extra: Record<string, JsonSchema> = {}): JsonSchema {
  return { type: 'object', required: [field], properties: { [field]: ID, ...extra } };
}

/**
 * The body of an action on one record that callers name by any of `fields` (the spec's pages send
 * `id` on one screen and `schemeId` on another): at least one, each a positive integer. `idFrom`
 * reads it back.
 */
export function eitherIdInput(fields: string[], extra: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: 'object',
    anyOf: fields.map((f) => ({ required: [f] })),
    properties: { ...Object.fromEntries(fields.map((f) => [f, ID])), ...extra },
  };
}

/** The record's id from a body checked against `eitherIdInput(fields)`: the first of the fields given. */
export function idFrom(body: Record<string, unknown>, fields: string[]): number {
  const field = fields.find((f) => typeof body[f] === 'number');
  if (!field) throw new Error(`No id among ${fields.join(', ')}: declare the input with eitherIdInput`);
  return body[field] as number;
}

/**
 * The record id of a multipart call (an import), whose form fields are text and arrive only once the
 * handler reads the upload: checked as a declared id would be (400 naming the fields), the first
 * source holding a field winning (the upload's fields before the body's).
 */
export function formRecordId(sources: Record<string, unknown>[], fields: string[]): number {
  const given: Record<string, unknown> = {};
  for (const f of fields) {
    const source = sources.find((s) => s[f] !== undefined && s[f] !== null && s[f] !== '');
    if (source) given[f] = source[f];
  }
  checkActionInput(eitherIdInput(fields), given);
  return idFrom(given, fields);
}
