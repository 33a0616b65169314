import { describe, expect, it } from 'vitest';
import { toChineseAmount } from './chineseAmount';

describe('toChineseAmount', () => {
  it.each([
    [0, '零元整'],
    ['0.00', '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [100, '壹佰元整'],
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    ['10005.01', '壹万零伍元零壹分'],
    ['1.05', '壹元零伍分'],
    ['1.50', '壹元伍角'],
    ['0.56', '伍角陆分'],
    ['0.06', '陆分'],
    ['100000001', '壹亿零壹元整'],
    ['100010000', '壹亿零壹万元整'],
    ['1000000000000', '壹万亿元整'],
    ['1234500000000', '壹万贰仟叁佰肆拾伍亿元整'],
    ['1000000000005', '壹万亿零伍元整'],
    ['999999999999999.99', '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    ['-20.30', '负贰拾元叁角'],
    ['+7', '柒元整'],
    ['0.005', '壹分'],
    ['0.994', '玖角玖分'],
    ['9.995', '壹拾元整'],
    ['30405', '叁万零肆佰零伍元整'],
  ])('%s → %s', (value, words) => {
    expect(toChineseAmount(value)).toBe(words);
  });

  it('refuses values of 1e15 and above, as the spec says', () => {
    expect(() => toChineseAmount('1000000000000000')).toThrow(RangeError);
    expect(() => toChineseAmount(-1e15)).toThrow(RangeError);
    expect(() => toChineseAmount('999999999999999.995')).toThrow(RangeError);
  });

  it('refuses text that is not an amount', () => {
    expect(() => toChineseAmount('12a')).toThrow(TypeError);
    expect(() => toChineseAmount('1e5')).toThrow(TypeError);
    expect(() => toChineseAmount('')).toThrow(TypeError);
    expect(() => toChineseAmount(Number.NaN)).toThrow(TypeError);
  });

  it('reads numbers that print in exponent form', () => {
    expect(toChineseAmount(1e-7)).toBe('零元整');
    expect(toChineseAmount(0.05)).toBe('伍分');
    expect(() => toChineseAmount(1e21)).toThrow(RangeError);
  });
});
