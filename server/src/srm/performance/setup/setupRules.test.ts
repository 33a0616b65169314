import { describe, expect, it } from 'vitest';
import { rangeProblem } from './settingRules';
import { plainDecimal, weightProblem } from './templateRules';

describe('template weights (decimal arithmetic)', () => {
  it('accepts weights that add up to exactly 1, whatever their scale', () => {
    expect(weightProblem(['0.3000', '0.3500', '0.2000', '0.1500'])).toBeUndefined();
    expect(weightProblem([0.1, 0.2, 0.7])).toBeUndefined(); // 0.1 + 0.2 is not 0.3 in binary floats
  });

  it('names the sum and the difference, short or over, in CN and EN', () => {
    expect(weightProblem(['0.3000', '0.3500', '0.2000', '0.1000'])).toEqual({
      cn: '权重合计 0.95，与 1 相差 -0.05',
      en: 'Weights add up to 0.95, 0.05 short of 1',
    });
    expect(weightProblem(['0.5', '0.6'])).toEqual({
      cn: '权重合计 1.1，与 1 相差 +0.1',
      en: 'Weights add up to 1.1, 0.1 over 1',
    });
    expect(weightProblem([])?.en).toBe('Weights add up to 0, 1 short of 1');
  });

  it('writes decimals without trailing zeros', () => {
    expect(plainDecimal({ units: 9500n, scale: 4 })).toBe('0.95');
    expect(plainDecimal({ units: 10000n, scale: 4 })).toBe('1');
  });
});

describe('grade ranges', () => {
  const line = (gradeCode: string, scoreFrom: unknown, scoreTo: unknown) => ({ gradeCode, scoreFrom, scoreTo });
  it('accepts ranges that meet without overlapping (89.99 / 90)', () => {
    expect(
      rangeProblem([line('A', '90', '100'), line('B', '80', '89.99'), line('C', 60, 79.99), line('D', '0', '59.99')]),
    ).toBeUndefined();
  });

  it('names the overlapping lines, a reversed range and an empty setting', () => {
    expect(rangeProblem([line('A', '90', '100'), line('B', '80', '90')])).toEqual({
      cn: '等级 B（第 2 行） 与 A（第 1 行） 的分数区间重叠',
      en: 'The score ranges of grades B (line 2) and A (line 1) overlap',
    });
    expect(rangeProblem([line('A', '100', '90')])?.en).toBe('Grade A (line 1): score from is above score to');
    expect(rangeProblem([line('A', null, '90')])?.en).toBe('Grade A (line 1) has no score range');
    expect(rangeProblem([])?.en).toBe('Add at least one grade to the setting');
  });
});
