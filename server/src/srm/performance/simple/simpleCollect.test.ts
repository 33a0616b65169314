import { describe, expect, it } from 'vitest';
import { checkActionInput } from '../../../platform/actionInput';
import { averageOf, COLLECT_INPUT } from './simpleCollect';

describe('annual summary rules', () => {
  it('averages in hundredths, half up', () => {
    expect(averageOf(['91.00', '86.50'])).toBe('88.75');
    expect(averageOf(['80.00', '80.01', '80.01'])).toBe('80.01');
    expect(averageOf(['0.01', '0.02'])).toBe('0.02');
    expect(averageOf(['100'])).toBe('100.00');
  });

  it('takes a four-digit year 2000–2100 only (the declared input)', () => {
    for (const year of ['2025', 2025]) {
      const body = { year };
      checkActionInput(COLLECT_INPUT, body);
      expect(body.year).toBe(2025);
    }
    for (const year of ['25', '1999', '2101', '', 'abcd', undefined, '2025.5'])
      expect(() => checkActionInput(COLLECT_INPUT, { year })).toThrow();
  });
});
