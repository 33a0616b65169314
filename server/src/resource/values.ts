import { decimalShape, type ResolvedField } from '@meridian/metadata';
import type { SqlParam } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import { plainNumberString } from '../util/decimal';

/**
 * Converts one API value to the parameter bound for a column, or throws 400. Filter values and
 * record values pass through here, so a value of the wrong shape never reaches SQL.
 */
export function toSqlParam(field: ResolvedField, value: unknown, where: string): SqlParam {
  if (value === null || value === undefined || value === '') return null;
  const bad = () =>
    Errors.badRequest(
      `${where}：字段 ${field.name} 的值类型错误`,
      `${where}: the value for ${field.name} has the wrong type`,
      [{ field: field.name, message: 'wrong type' }],
    );
  if (
    field.type === 'integer' ||
    field.type === 'reference' ||
    field.system === 'primaryKey' ||
    field.system === 'version' ||
    field.name === 'createdBy' ||
    field.name === 'lastUpdatedBy'
  ) {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n)) throw bad();
    return n;
  }
  if (decimalShape(field)) {
    const s = typeof value === 'number' && Number.isFinite(value) ? plainNumberString(value) : value;
    if (typeof s !== 'string' || !/^-?\d{1,30}(\.\d{1,20})?$/.test(s)) throw bad();
    return s;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (field.type === 'json') return JSON.stringify(value);
  throw bad();
}
