import type { FieldDef } from './generated/meta-model';
import type { EntityModel } from './entityModel';
import type { ResolvedField } from './systemFields';

export type JsonSchema = Record<string, unknown>;
export type EntityLookup = (name: string) => EntityModel | undefined;

export const DEFAULT_STRING_LENGTH = 255;
/**
 * A MySQL TEXT column holds 65,535 bytes; in utf8mb4 a character may take 4, so a text field
 * accepts 16,383 characters unless it declares a larger length (stored as MEDIUMTEXT then).
 */
export const TEXT_DEFAULT_LENGTH = 16383;
const DATETIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2})?$';

/** Storage precision/scale of the decimal kinds (DOMAIN section 0 decisions). */
export function decimalShape(field: FieldDef): { precision: number; scale: number } | undefined {
  if (field.type === 'money') return { precision: field.precision ?? 20, scale: field.scale ?? 2 };
  if (field.type === 'quantity') return { precision: field.precision ?? 20, scale: field.scale ?? 4 };
  if (field.type === 'decimal') return { precision: field.precision ?? 20, scale: field.scale ?? 6 };
  return undefined;
}

/** Decimals travel as strings ("25.00") so that no amount ever passes through a binary float. */
export function decimalPattern(field: FieldDef): string {
  const shape = decimalShape(field)!;
  const intDigits = Math.max(shape.precision - shape.scale, 1);
  return shape.scale > 0 ? `^-?\\d{1,${intDigits}}(\\.\\d{1,${shape.scale}})?$` : `^-?\\d{1,${intDigits}}$`;
}

function valueSchema(field: FieldDef): JsonSchema {
  switch (field.type) {
    case 'string':
      return {
        type: 'string',
        maxLength: Math.min(field.maxLength ?? Infinity, field.length ?? DEFAULT_STRING_LENGTH),
      };
    case 'text':
      return { type: 'string', maxLength: Math.min(field.maxLength ?? Infinity, field.length ?? TEXT_DEFAULT_LENGTH) };
    case 'integer':
    case 'reference':
      return {
        type: 'integer',
        ...(field.min !== undefined && { minimum: field.min }),
        ...(field.max !== undefined && { maximum: field.max }),
      };
    case 'decimal':
    case 'money':
    case 'quantity':
      return { type: 'string', pattern: decimalPattern(field) };
    case 'date':
      return { type: 'string', format: 'date' }; // YYYY-MM-DD and a real calendar day
    case 'datetime':
      return { type: 'string', pattern: DATETIME_PATTERN };
    case 'flag':
      return { type: 'string', enum: ['Y', 'N'] };
    case 'lookup':
      return { type: 'string', maxLength: field.length ?? 60 };
    case 'attachment':
      return { type: 'string', maxLength: field.length ?? 2000, pattern: '^[0-9]*(,[0-9]+)*$' };
    case 'json':
      return {};
    default:
      return {};
  }
}

function fieldSchema(field: ResolvedField): JsonSchema {
  const base = valueSchema(field);
  const schema: JsonSchema = { ...base, title: field.label.en, description: field.label.cn };
  if (field.type === 'json') return schema;
  // null clears an optional value; required fields are checked separately so the message is "required".
  return {
    ...schema,
    type: [base.type as string, 'null'],
    ...(Array.isArray(base.enum) && { enum: [...base.enum, null] }),
  };
}

/** The JSON Schema of one record of an entity as the API reads and writes it (children inline). */
export function buildRecordSchema(entity: EntityModel, lookup: EntityLookup, depth = 0): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of entity.readableFields) {
    properties[field.name] = fieldSchema(field);
    const labelAs = field.reference?.labelAs;
    if (labelAs && !entity.field(labelAs)) properties[labelAs] = { type: ['string', 'null'], readOnly: true };
  }
  for (const child of entity.children) {
    const childModel = lookup(child.entity);
    if (!childModel || depth > 2) continue;
    properties[child.name] = { type: 'array', items: buildRecordSchema(childModel, lookup, depth + 1) };
  }
  return {
    title: `${entity.name[0].toUpperCase()}${entity.name.slice(1)}Record`,
    description: `${entity.def.label.cn} / ${entity.def.label.en}`,
    type: 'object',
    additionalProperties: false,
    properties,
  };
}
