import { readFileSync } from 'node:fs';
import type { LifecycleDef, LinesCheck } from '@meridian/metadata';
import { describe, expect, it } from 'vitest';
import { fillPattern } from './platformRows';
import { lineRuleFailure } from './lineRules';

/** The submit checks as declared in the performance lifecycles, run on lines in memory. */
function submitChecks(lifecycle: string): LinesCheck[] {
  const path = `${__dirname}/../../../metadata/apps/srm/performance/lifecycles/${lifecycle}.json`;
  const def = JSON.parse(readFileSync(path, 'utf8')) as LifecycleDef;
  const submit = def.transitions.find((t) => t.action === 'doSubmit')!;
  return (submit.checks ?? []).filter((c): c is LinesCheck => 'lines' in c);
}

/** The first refusal of the checks, as { cn, en, field }, or undefined. */
function refusal(checks: LinesCheck[], lines: Record<string, unknown>[]) {
  for (const check of checks) {
    const failure = lineRuleFailure(check, lines, {});
    if (failure)
      return {
        cn: fillPattern(check.message.cn, failure.values),
        en: fillPattern(check.message.en, failure.values),
        field: failure.field,
      };
  }
  return undefined;
}

describe('template weights (speTemplate: sum of weight, decimal arithmetic)', () => {
  const checks = submitChecks('speTemplate');
  const weights = (...w: unknown[]) => w.map((weight) => ({ weight }));

  it('accepts weights that add up to exactly 1, whatever their scale', () => {
    expect(refusal(checks, weights('0.3000', '0.3500', '0.2000', '0.1500'))).toBeUndefined();
    expect(refusal(checks, weights(0.1, 0.2, 0.7))).toBeUndefined(); // 0.1 + 0.2 is not 0.3 in binary floats
  });

  it('names the sum and the difference, short or over, in CN and EN, without trailing zeros', () => {
    expect(refusal(checks, weights('0.3000', '0.3500', '0.2000', '0.1000'))).toEqual({
      cn: '权重合计 0.95，与 1 相差 -0.05',
      en: 'Weights add up to 0.95, 0.05 short of 1',
      field: 'indicators',
    });
    expect(refusal(checks, weights('0.5', '0.6'))).toEqual({
      cn: '权重合计 1.1，与 1 相差 +0.1',
      en: 'Weights add up to 1.1, 0.1 over 1',
      field: 'indicators',
    });
    expect(refusal(checks, [])?.en).toBe('Add at least one indicator to the template');
  });
});

describe('grade ranges (speSetting: required, none with $line, overlap)', () => {
  const checks = submitChecks('speSetting');
  const line = (gradeCode: string, scoreFrom: unknown, scoreTo: unknown) => ({ gradeCode, scoreFrom, scoreTo });

  it('accepts ranges that meet without overlapping (89.99 / 90)', () => {
    const lines = [line('A', '90', '100'), line('B', '80', '89.99'), line('C', 60, 79.99), line('D', '0', '59.99')];
    expect(refusal(checks, lines)).toBeUndefined();
  });

  it('names the overlapping lines, a reversed range, a missing end and an empty setting', () => {
    expect(refusal(checks, [line('A', '90', '100'), line('B', '80', '90')])).toEqual({
      cn: '等级 B（第 2 行） 与 A（第 1 行） 的分数区间重叠',
      en: 'The score ranges of grades B (line 2) and A (line 1) overlap',
      field: 'lines',
    });
    expect(refusal(checks, [line('A', '100', '90')])).toMatchObject({
      en: 'Grade A (line 1): score from is above score to',
      field: 'lines[0].scoreFrom',
    });
    expect(refusal(checks, [line('A', '0', '50'), line('B', null, '90')])).toMatchObject({
      en: 'Grade B (line 2) has no score range',
      field: 'lines[1].scoreFrom',
    });
    expect(refusal(checks, [])?.en).toBe('Add at least one grade to the setting');
  });
});

describe('distinct values and ranges per group', () => {
  const message = { cn: '重复', en: 'line {lineNo} repeats {code}' };
  it('names the second line of a repeated value', () => {
    const check: LinesCheck = { lines: 'lines', distinct: 'code', message };
    const failure = lineRuleFailure(check, [{ code: 'a' }, { code: 'b' }, { code: 'a' }], {});
    expect(failure?.field).toBe('lines[2].code');
    expect(fillPattern(message.en, failure!.values)).toBe('line 3 repeats a');
  });

  it('compares ranges only within the group, an open end overlapping everything after it', () => {
    const check: LinesCheck = { lines: 'lines', overlap: { from: 'from', to: 'to', per: 'item' }, message };
    const lines = [
      { item: 1, from: '2026-01-01', to: null },
      { item: 2, from: '2026-03-01', to: '2026-04-01' },
    ];
    expect(lineRuleFailure(check, lines, {})).toBeUndefined();
    expect(lineRuleFailure(check, [...lines, { item: 1, from: '2027-01-01', to: null }], {})?.field).toBe('lines');
  });
});
