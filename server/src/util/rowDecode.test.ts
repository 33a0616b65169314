import { describe, expect, it } from 'vitest';
import { decodeRow, nullableNumber, nullableText, type Decoded } from './rowDecode';

describe('decodeRow', () => {
  const SPEC = { id: Number, code: nullableText, parent: nullableNumber, name: String };

  it('takes each field of the spec by its function and nothing else', () => {
    const row = decodeRow(SPEC, { id: '7', code: 12, parent: null, name: 'x', other: 'dropped' });
    expect(row).toEqual({ id: 7, code: '12', parent: null, name: 'x' });
    const typed: Decoded<typeof SPEC> = row;
    expect(typed.id + 1).toBe(8);
  });

  it('takes blanks as null where the function says so', () => {
    expect(decodeRow(SPEC, { id: 1, name: 'n' })).toEqual({ id: 1, code: null, parent: null, name: 'n' });
    expect(nullableText(undefined)).toBeNull();
    expect(nullableNumber('3')).toBe(3);
  });
});
