import { describe, expect, it, vi } from 'vitest';
import { LookupCache, selectableValues } from './lookupCache';

const status = [
  { lookupCode: 'B', meaning: 'b', seqNum: 2, enabledFlag: 'Y' },
  { lookupCode: 'A', meaning: 'a', seqNum: 1, enabledFlag: 'Y' },
  { lookupCode: 'X', meaning: 'x', seqNum: 3, enabledFlag: 'N' },
];

describe('LookupCache', () => {
  it('batches types asked for in the same tick into one findDic call and sorts by seqNum', async () => {
    const fetchDic = vi.fn(async (types: string[]) => Object.fromEntries(types.map((type) => [type, status])));
    const cache = new LookupCache(fetchDic);
    const [first, second] = await Promise.all([cache.load(['S1'], 'CN'), cache.load(['S2', 'S1'], 'CN')]);
    expect(fetchDic).toHaveBeenCalledTimes(1);
    expect(fetchDic.mock.calls[0][0].sort()).toEqual(['S1', 'S2']);
    expect(first.S1.map((v) => v.lookupCode)).toEqual(['A', 'B', 'X']);
    expect(second.S2).toHaveLength(3);
  });

  it('caches per type per language', async () => {
    const fetchDic = vi.fn(async (types: string[]) => Object.fromEntries(types.map((type) => [type, status])));
    const cache = new LookupCache(fetchDic);
    await cache.load(['S1'], 'CN');
    await cache.load(['S1'], 'CN');
    expect(fetchDic).toHaveBeenCalledTimes(1);
    expect(cache.peek('S1', 'CN')).toHaveLength(3);
    expect(cache.peek('S1', 'EN')).toBeUndefined();
    await cache.load(['S1'], 'EN');
    expect(fetchDic).toHaveBeenCalledTimes(2);
  });

  it('does not remember a failed load', async () => {
    const fetchDic = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ S1: status });
    const cache = new LookupCache(fetchDic);
    await expect(cache.load(['S1'], 'CN')).rejects.toThrow('down');
    await expect(cache.load(['S1'], 'CN')).resolves.toHaveProperty('S1');
  });

  it('only enabled values are selectable', () => {
    expect(selectableValues(status).map((v) => v.lookupCode)).toEqual(['B', 'A']);
  });
});
