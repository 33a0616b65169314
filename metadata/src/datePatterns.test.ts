import { describe, expect, it } from 'vitest';
import { formatDatePattern, matchesDatePattern } from './datePatterns';

const at = new Date(2026, 1, 3, 4, 5, 6);

describe('date patterns', () => {
  it.each([
    ['yyyy-MM-dd', '2026-02-03'],
    ['yyyy-MM-dd HH:mm:ss', '2026-02-03 04:05:06'],
    ['yyyy', '2026'],
    ['yyyy-MM', '2026-02'],
  ] as const)('formats %s as %s and recognises it', (pattern, text) => {
    expect(formatDatePattern(at, pattern)).toBe(text);
    expect(matchesDatePattern(text, pattern)).toBe(true);
  });

  it('rejects impossible dates and other shapes', () => {
    expect(matchesDatePattern('2026-02-30', 'yyyy-MM-dd')).toBe(false);
    expect(matchesDatePattern('2026-13', 'yyyy-MM')).toBe(false);
    expect(matchesDatePattern('2026-02-03 24:00:00', 'yyyy-MM-dd HH:mm:ss')).toBe(false);
    expect(matchesDatePattern('2026/02/03', 'yyyy-MM-dd')).toBe(false);
    expect(matchesDatePattern('26', 'yyyy')).toBe(false);
    expect(matchesDatePattern(null, 'yyyy')).toBe(false);
  });

  it('refuses an unknown pattern or an invalid date', () => {
    expect(() => formatDatePattern(at, 'dd/MM/yyyy' as never)).toThrow(/Unknown date pattern/);
    expect(() => formatDatePattern(new Date('x'), 'yyyy')).toThrow(/valid date/);
  });
});
