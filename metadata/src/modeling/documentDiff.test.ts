import { describe, expect, it } from 'vitest';
import { diffDocuments, summarizeDiff } from './documentDiff';
import { canonicalJson, contentHash } from './documentKey';

describe('diffDocuments', () => {
  it('matches array items by name and reports readable paths', () => {
    const before = { title: { cn: '甲', en: 'A' }, fields: [{ name: 'a', length: 10 }, { name: 'b' }] };
    const after = { title: { cn: '甲', en: 'B' }, fields: [{ name: 'b' }, { name: 'a', length: 20 }, { name: 'c' }] };
    expect(diffDocuments(before, after)).toEqual([
      { path: '/title/en', op: 'change', before: 'A', after: 'B' },
      { path: '/fields[name=a]/length', op: 'change', before: 10, after: 20 },
      { path: '/fields[name=c]', op: 'add', after: { name: 'c' } },
    ]);
  });

  it('a whole new or removed document is one entry; equal documents none', () => {
    expect(diffDocuments(undefined, { a: 1 })).toEqual([{ path: '/', op: 'add', after: { a: 1 } }]);
    expect(diffDocuments({ a: 1 }, undefined)).toEqual([{ path: '/', op: 'remove', before: { a: 1 } }]);
    expect(diffDocuments({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toEqual([]);
    expect(summarizeDiff(diffDocuments({ a: 1, b: 2 }, { a: 2, c: 3 }))).toBe('~ /a\n- /b\n+ /c');
  });

  it('canonical JSON and hashes ignore key order', () => {
    expect(canonicalJson({ b: 1, a: { d: 1, c: 2 } })).toBe('{"a":{"c":2,"d":1},"b":1}');
    expect(contentHash({ b: 1, a: 2 })).toBe(contentHash({ a: 2, b: 1 }));
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: 2 }));
  });
});
