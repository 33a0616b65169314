import { ApiError, Errors } from '../http/apiError';

type DriverError = { code?: string; driverError?: { code?: string; errno?: number }; message?: string };

const codeOf = (e: unknown): string => (e as DriverError).driverError?.code ?? (e as DriverError).code ?? '';

/** A unique-key violation, as MariaDB and SQLite report it (an ApiError is none). */
export function isDuplicateKey(e: unknown): boolean {
  if (e instanceof ApiError) return false;
  const code = codeOf(e);
  return (
    code === 'ER_DUP_ENTRY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed|Duplicate entry/.test((e as DriverError).message ?? '')
  );
}

/** Database constraint failures that are the caller's fault become 409s instead of 500s. */
export function translateDbError(e: unknown): unknown {
  if (e instanceof ApiError) return e;
  const code = codeOf(e);
  if (isDuplicateKey(e)) {
    return Errors.conflict(
      '数据重复：已存在相同的记录',
      'Duplicate: a record with the same unique values already exists',
    );
  }
  // The database chose this transaction as a deadlock victim, or it waited too long for a row
  // another writer holds: it was rolled back whole, so nothing is lost and trying again is right.
  if (code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT') {
    return Errors.conflict(
      '并发冲突：其他人正在修改相同的数据，请稍后重试',
      'Conflict: someone else is changing the same data; please try again',
    );
  }
  return e;
}
