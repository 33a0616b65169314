import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/apiError';
import { translateDbError } from './dbErrors';

const driverError = (code: string) => Object.assign(new Error(code), { driverError: { code } });

describe('database errors in the envelope', () => {
  it('answers a duplicate key as 409', () => {
    expect(translateDbError(driverError('ER_DUP_ENTRY'))).toMatchObject({ httpStatus: 409 });
    expect(translateDbError(new Error('UNIQUE constraint failed: x.y'))).toMatchObject({ httpStatus: 409 });
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
