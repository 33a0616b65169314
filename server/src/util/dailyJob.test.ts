import { describe, expect, it } from 'vitest';
import { untilNextDaily } from './dailyJob';

describe('untilNextDaily', () => {
  it('answers the time until today’s hh:mm, or tomorrow’s once it has passed', () => {
    const at = (h: number, m: number) => new Date(2026, 10, 27, h, m, 0, 0);
    expect(untilNextDaily(0, 15, at(0, 10))).toBe(5 * 60_000);
    expect(untilNextDaily(0, 15, at(0, 15))).toBe(24 * 3_600_000);
    expect(untilNextDaily(0, 15, at(23, 0))).toBe(75 * 60_000);
  });
});
