import { decimalShape, isWritableByUserType, isWritableFromBody, type EntityModel } from '@meridian/metadata';
import { validateRecord, type FieldError, type MetadataRegistry } from '@meridian/metadata/node';
import { Errors } from '../http/apiError';
import { plainNumberString } from '../util/decimal';
import type { RecordValues } from '../hooks/recordHooks';
import type { ResourceContext } from './context';
import { applyContextDefaults } from './contextDefaults';
import type { PreparedRecord } from './preparedRecord';

export type { PreparedRecord } from './preparedRecord';

function normalizeValue(entity: EntityModel, name: string, value: unknown): unknown {
  if (value === '') return null;
  const field = entity.field(name)!;
  if (decimalShape(field) && typeof value === 'number' && Number.isFinite(value)) return plainNumberString(value);
  return value;
}

function idOf(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1)
    throw Errors.badRequest(`${what} 无效`, `${what} must be a positive integer`);
  return n;
}

/**
 * Keeps only what a body may set: declared, writable fields. Keys, audit columns, status, scope and
 * serverOnly fields are dropped here (mass assignment), before validation and before any SQL, and so
 * are the fields another type of user writes (writableBy; `userType` undefined for a declaration).
 */
function pick(entity: EntityModel, body: Record<string, unknown>, userType: unknown): RecordValues {
  const values: RecordValues = {};
  for (const field of entity.fields) {
    // The status field moves only through lifecycle actions, whatever its serverOnly flag says.
    if (field.name === entity.statusField || !isWritableByUserType(field, userType)) continue;
    if (isWritableFromBody(field) && Object.prototype.hasOwnProperty.call(body, field.name)) {
      values[field.name] = normalizeValue(entity, field.name, body[field.name]);
    }
  }
  return values;
}

function prepareOne(
  registry: MetadataRegistry,
  entity: EntityModel,
  body: Record<string, unknown>,
  depth: number,
  userType: unknown,
): PreparedRecord {
  const children: PreparedRecord['children'] = {};
  for (const child of entity.children) {
    const rows = body[child.name];
    // Read-only lines are shown with the header, never written through it (they have actions of their own).
    if (rows === undefined || rows === null || child.readOnly) continue;
    if (!Array.isArray(rows))
      throw Errors.badRequest(`${child.name} 必须是数组`, `${child.name} must be an array of lines`);
    if (rows.length > 5000) throw Errors.tooLarge();
    const model = registry.entity(child.entity)!;
    children[child.name] =
      depth < 2
        ? rows.map((row) => prepareOne(registry, model, (row ?? {}) as Record<string, unknown>, depth + 1, userType))
        : [];
  }
  return {
    id: idOf(body[entity.primaryKey], entity.primaryKey),
    versionNum:
      body.versionNum === undefined || body.versionNum === null ? undefined : idOf(body.versionNum, 'versionNum'),
    values: pick(entity, body, userType),
    children,
  };
}

function childBodies(
  registry: MetadataRegistry,
  entity: EntityModel,
  prepared: PreparedRecord,
): Record<string, unknown> {
  const record: Record<string, unknown> = { ...prepared.values };
  for (const child of entity.children) {
    const rows = prepared.children[child.name];
    if (!rows) continue;
    const model = registry.entity(child.entity)!;
    record[child.name] = rows.map((r) => ({ ...r.values, ...(r.id ? { [model.primaryKey]: r.id } : {}) }));
  }
  return record;
}

/** The range of the INT column an integer field is stored in (entitySchemaFactory): beyond it MySQL fails the INSERT and SQLite stores it anyway. */
const INT_COLUMN = { min: -2147483648, max: 2147483647 };

function columnRangeErrors(
  registry: MetadataRegistry,
  entity: EntityModel,
  record: PreparedRecord,
  prefix: string,
  language: ResourceContext['language'],
): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of entity.fields) {
    const value = record.values[field.name];
    if (field.type === 'integer' && typeof value === 'number' && (value < INT_COLUMN.min || value > INT_COLUMN.max)) {
      errors.push({ field: prefix + field.name, message: language === 'EN' ? 'is out of range' : '超出允许范围' });
    }
  }
  for (const child of entity.children) {
    const model = registry.entity(child.entity)!;
    record.children[child.name]?.forEach((row, i) =>
      errors.push(...columnRangeErrors(registry, model, row, `${prefix}${child.name}[${i}].`, language)),
    );
  }
  return errors;
}

/**
 * Picks, normalises and validates a saveOrUpdate body (header and lines): 400 with every field error.
 * `from` 'declaration': values an effect declares (createRecord), which no user typed — writableBy
 * does not apply to them.
 */
export function prepareRecord(
  registry: MetadataRegistry,
  entity: EntityModel,
  body: unknown,
  ctx: ResourceContext,
  errorPrefix = '',
  from: 'request' | 'declaration' = 'request',
): PreparedRecord {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw Errors.badRequest('请求内容必须是一条记录', 'The body must be a record object');
  const userType = from === 'request' ? (ctx.vars.user as { userType?: unknown } | undefined)?.userType : undefined;
  const prepared = prepareOne(registry, entity, body as Record<string, unknown>, 0, userType);
  applyContextDefaults(registry, entity, prepared, ctx);
  const errors: FieldError[] = validateRecord(
    entity,
    (n) => registry.entity(n),
    childBodies(registry, entity, prepared),
    {
      creating: prepared.id === undefined,
      language: ctx.language,
    },
  );
  if (!errors.length) errors.push(...columnRangeErrors(registry, entity, prepared, '', ctx.language));
  if (errors.length) throw Errors.validation(errors.map((e) => ({ field: errorPrefix + e.field, message: e.message })));
  return prepared;
}
