import { describe, expect, it } from 'vitest';
import { isSupplierUserType, isWritableByUserType, userKind } from './systemFields';

describe('kinds of user', () => {
  it('a user type starting with EX is a supplier’s, any other internal', () => {
    expect(['EX', 'EX_ADMIN', 'INSIDE', 'INSIDE_ADMIN', null].map(userKind)).toEqual([
      'EX',
      'EX',
      'INSIDE',
      'INSIDE',
      'INSIDE',
    ]);
    expect(isSupplierUserType(undefined)).toBe(false);
  });

  it('writableBy admits its kind and the system (no user type)', () => {
    const field = { writableBy: 'EX' as const };
    expect([isWritableByUserType(field, 'EX_ADMIN'), isWritableByUserType(field, 'INSIDE')]).toEqual([true, false]);
    expect(isWritableByUserType(field, undefined)).toBe(true);
  });
});
