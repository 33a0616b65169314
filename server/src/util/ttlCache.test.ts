import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttlCache';

describe('TtlCache', () => {
  it('loads once within the ttl, again after it or after clear, and forgets failures', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache(1000);
    const load = vi.fn(async () => 'v');
    await cache.get('k', load);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
    cache.clear();
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(3);
    await expect(
      cache.get('bad', async () => {
        throw new Error('x');
      }),
    ).rejects.toThrow('x');
    expect(await cache.get('bad', async () => 'ok')).toBe('ok');
    vi.useRealTimers();
  });
});
