import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/apiError';
import { isDuplicateKey, translateDbError } from './dbErrors';

const driverError = (code: string) => Object.assign(new Error(code), { driverError: { code } });

describe('database errors in the envelope', () => {
  it('answers a duplicate key as 409', () => {
    expect(translateDbError(driverError('ER_DUP_ENTRY'))).toMatchObject({ httpStatus: 409 });
    expect(translateDbError(new Error('UNIQUE constraint failed: x.y'))).toMatchObject({ httpStatus: 409 });
  });

  it('knows a unique-key violation of either driver, and nothing else, as a duplicate', () => {
    expect(isDuplicateKey(driverError('ER_DUP_ENTRY'))).toBe(true);
    expect(isDuplicateKey(Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(true);
    expect(isDuplicateKey(new Error("Duplicate entry '1' for key 'uk'"))).toBe(true);
    expect(isDuplicateKey(driverError('ER_LOCK_DEADLOCK'))).toBe(false);
    expect(isDuplicateKey(new ApiError(409, { cn: 'UNIQUE constraint failed', en: 'x' }))).toBe(false);
  });

  it('answers a deadlock victim and a lock wait timeout as 409: the transaction rolled back, try again', () => {
    for (const code of ['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']) {
      const answer = translateDbError(driverError(code));
      expect(answer).toBeInstanceOf(ApiError);
      expect(answer).toMatchObject({ httpStatus: 409 });
    }
  });

  it('leaves any other error alone (a 500 with its cause logged)', () => {
    const other = driverError('ER_BAD_FIELD_ERROR');
    expect(translateDbError(other)).toBe(other);
  });
});
