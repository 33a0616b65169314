import { describe, expect, it } from 'vitest';
import { jsonList } from './jsonList';

describe('jsonList', () => {
  it('reads a JSON array from text, or takes an array as it is', () => {
    expect(jsonList('[{"a":1},2]')).toEqual([{ a: 1 }, 2]);
    const parsed = [{ nodeCode: 'QUALIFICATION' }];
    expect(jsonList(parsed)).toBe(parsed);
  });

  it('answers [] for blank, broken or non-list values', () => {
    for (const value of [undefined, null, '', 'not json', '{"a":1}', '12', 12, { a: 1 }])
      expect(jsonList(value)).toEqual([]);
  });
});
