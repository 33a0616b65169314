import type { ValidateFunction } from 'ajv';
import { ajv } from './ajv';
import { isContextDefault } from './contextDefaults';
import type { EntityModel } from './entityModel';
import { pickText, type Language } from './i18n';
import { buildRecordSchema, decimalShape, type EntityLookup } from './recordSchema';
import { isWritableFromBody, type ResolvedField } from './systemFields';
import { isEmptyValue, REQUIRED_MESSAGE, runNamedValidator } from './validators';

export interface FieldError {
  field: string;
  message: string;
}

const compiled = new WeakMap<EntityModel, ValidateFunction>();

function recordValidator(entity: EntityModel, lookup: EntityLookup): ValidateFunction {
  let validate = compiled.get(entity);
  if (!validate) {
    validate = ajv.compile({ ...buildRecordSchema(entity, lookup), additionalProperties: true });
    compiled.set(entity, validate);
  }
  return validate;
}

function jsonPointerToField(pointer: string): string {
  return pointer
    .replace(/^\//, '')
    .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
    .replace(/\//g, '.');
}

const MESSAGES = {
  type: { cn: '类型错误', en: 'has a wrong type' },
  format: { cn: '格式错误', en: 'has a wrong format' },
  tooLong: { cn: '超出最大长度', en: 'is too long' },
  flag: { cn: '只能是 Y 或 N', en: 'Value should be trueValue or falseValue.' },
  min: { cn: '不能小于', en: 'must not be less than' },
  max: { cn: '不能大于', en: 'must not be greater than' },
};

function structuralErrors(
  entity: EntityModel,
  lookup: EntityLookup,
  record: unknown,
  language: Language,
): FieldError[] {
  const validate = recordValidator(entity, lookup);
  if (validate(record)) return [];
  return (validate.errors ?? []).map((e) => {
    const field = jsonPointerToField(e.instancePath) || '(record)';
    if (e.keyword === 'minimum' || e.keyword === 'maximum') {
      return {
        field,
        message: `${pickText(e.keyword === 'minimum' ? MESSAGES.min : MESSAGES.max, language)} ${(e.params as { limit: number }).limit}`,
      };
    }
    const text =
      e.keyword === 'maxLength'
        ? MESSAGES.tooLong
        : e.keyword === 'enum'
          ? MESSAGES.flag
          : e.keyword === 'pattern' || e.keyword === 'format'
            ? MESSAGES.format
            : MESSAGES.type;
    return { field, message: pickText(text, language) };
  });
}

function boundsError(field: ResolvedField, value: unknown, language: Language): string | undefined {
  const numeric = decimalShape(field) || field.type === 'integer' ? Number(value) : NaN;
  if (Number.isNaN(numeric)) return undefined;
  if (field.min !== undefined && numeric < field.min) return `${pickText(MESSAGES.min, language)} ${field.min}`;
  if (field.max !== undefined && numeric > field.max) return `${pickText(MESSAGES.max, language)} ${field.max}`;
  return undefined;
}

function semanticErrors(
  entity: EntityModel,
  record: Record<string, unknown>,
  creating: boolean,
  language: Language,
  prefix: string,
  filledByHeader?: string,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of entity.fields) {
    // A line's foreign key is the header's key, set when the line is written, never by the body.
    if (!isWritableFromBody(field) || field.name === filledByHeader) continue;
    const present = Object.prototype.hasOwnProperty.call(record, field.name);
    const value = record[field.name];
    const name = prefix + field.name;
    // A literal default fills an omitted value on create; a context default was resolved before validation (null when the context lacks it).
    if (
      field.required &&
      isEmptyValue(value) &&
      (creating ? field.default === undefined || isContextDefault(field.default) : present)
    ) {
      errors.push({ field: name, message: pickText(REQUIRED_MESSAGE, language) });
      continue;
    }
    if (isEmptyValue(value)) continue;
    const named = field.validator ? runNamedValidator(field.validator, value) : undefined;
    const pattern =
      field.pattern && !new RegExp(`^(?:${field.pattern})$`).test(String(value)) ? MESSAGES.format : undefined;
    const message = named
      ? pickText(named, language)
      : pattern
        ? pickText(pattern, language)
        : boundsError(field, value, language);
    if (message) errors.push({ field: name, message });
  }
  return errors;
}

/**
 * Validates a record as the API receives it: structure (types, lengths, formats) with ajv against
 * the entity's record schema, then required, bounds, patterns and the named validators. Lines are
 * validated against their own entity, each reported as "lines[2].quantity".
 */
export function validateRecord(
  entity: EntityModel,
  lookup: EntityLookup,
  record: Record<string, unknown>,
  options: { creating: boolean; language: Language },
): FieldError[] {
  const errors = structuralErrors(entity, lookup, record, options.language);
  if (errors.length) return errors;
  errors.push(...semanticErrors(entity, record, options.creating, options.language, ''));
  for (const child of entity.children) {
    const rows = record[child.name];
    const childModel = lookup(child.entity);
    // Read-only lines are never written through the header (recordPreparation ignores them).
    if (!Array.isArray(rows) || !childModel || child.readOnly) continue;
    rows.forEach((row, i) => {
      const creatingRow = !row[childModel.primaryKey];
      errors.push(
        ...semanticErrors(childModel, row, creatingRow, options.language, `${child.name}[${i}].`, child.foreignKey),
      );
    });
  }
  return errors;
}

/**
 * The declared bounds (min, max) of the values a record is written with — whoever computed them:
 * a value the server derives (a price by formula) must keep the field's constraints as much as one
 * a user posts. Only the fields present are checked.
 */
export function boundsErrors(
  entity: EntityModel,
  values: Record<string, unknown>,
  language: Language,
  prefix = '',
): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(values)) {
    const field = entity.field(name);
    if (!field || isEmptyValue(value)) continue;
    const message = boundsError(field, value, language);
    if (message) errors.push({ field: prefix + name, message });
  }
  return errors;
}
