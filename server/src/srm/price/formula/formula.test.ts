import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal, type Dec } from '../../../util/decimal';
import { DEFAULT_FORMULA, FORMULA_VARIABLES, computeNewPrice } from '../adjustment/adjustmentMath';
import { FormulaError, MAX_FORMULA_LENGTH, evaluate, parseFormula, substitute } from './formula';

const vars = (o: Record<string, string>) =>
  new Map<string, Dec | undefined>(Object.entries(o).map(([k, v]) => [k, parseDecimal(v)]));
const run = (text: string, o: Record<string, string> = {}, scale = 6) =>
  formatDecimal(evaluate(parseFormula(text, new Set(Object.keys(o))), vars(o)), scale);
const refused = (fn: () => unknown): FormulaError => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FormulaError);
    return e as FormulaError;
  }
  throw new Error('not refused');
};

describe('the formula parser', () => {
  it('follows precedence, parentheses and unary minus', () => {
    expect(run('1 + 2 * 3', {}, 0)).toBe('7');
    expect(run('(1 + 2) * 3', {}, 0)).toBe('9');
    expect(run('10 - 4 - 3', {}, 0)).toBe('3');
    expect(run('12 / 3 / 2', {}, 0)).toBe('2');
    expect(run('-2 * -3', {}, 0)).toBe('6');
    expect(run('-(1 + 2) + 5', {}, 0)).toBe('2');
    expect(run('2 × 3 ÷ 4 − 1', {}, 2)).toBe('0.50');
  });

  it('is exact in decimals: 0.1 + 0.2 = 0.3', () => {
    expect(run('0.1 + 0.2', {}, 20)).toBe('0.30000000000000000000');
    expect(run('a * b', { a: '0.1', b: '3' }, 10)).toBe('0.3000000000');
    expect(run('1 / 3', {}, 12)).toBe('0.333333333333');
  });

  it('knows min, max, abs and round', () => {
    expect(run('min(3, 1.5, 2)', {}, 1)).toBe('1.5');
    expect(run('max(3, 1.5, 2)', {}, 1)).toBe('3.0');
    expect(run('abs(-2.5)', {}, 1)).toBe('2.5');
    expect(run('round(2.345, 2)', {}, 3)).toBe('2.350');
    expect(run('round(-2.5)', {}, 0)).toBe('-3');
  });

  it('refuses unknown variables and functions, also prototype names (CN and EN)', () => {
    const e = refused(() => parseFormula('oldPrice * foo', FORMULA_VARIABLES));
    expect(e.en).toBe('Unknown variable: foo');
    expect(e.cn).toBe('未知变量：foo');
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'prototype'])
      expect(refused(() => parseFormula(`${name} + 1`, FORMULA_VARIABLES)).en).toBe(`Unknown variable: ${name}`);
    expect(refused(() => parseFormula('constructor(1)', FORMULA_VARIABLES)).en).toBe('Unknown function: constructor');
    expect(refused(() => parseFormula('eval(1)', FORMULA_VARIABLES)).en).toBe('Unknown function: eval');
  });

  it('refuses syntax errors, strange characters and division by zero', () => {
    expect(refused(() => parseFormula('1 +', FORMULA_VARIABLES)).en).toMatch(/^Syntax error/);
    expect(refused(() => parseFormula('(1 + 2', FORMULA_VARIABLES)).en).toMatch(/^Syntax error: expected "\)"/);
    expect(refused(() => parseFormula('1 2', FORMULA_VARIABLES)).en).toMatch(/^Syntax error/);
    expect(refused(() => parseFormula('oldPrice; process.exit()', FORMULA_VARIABLES)).en).toMatch(
      /Unexpected character ";"/,
    );
    expect(refused(() => parseFormula('a["x"]', new Set(['a']))).en).toMatch(/Unexpected character "\["/);
    expect(refused(() => parseFormula('', FORMULA_VARIABLES)).en).toBe('The formula is empty');
    expect(refused(() => run('1 / (2 - 2)')).en).toBe('Division by zero in the formula');
    expect(refused(() => run('a / b', { a: '1', b: '0' })).cn).toBe('公式除数为零');
    expect(refused(() => parseFormula('min(1)', FORMULA_VARIABLES)).en).toMatch(/takes 2 to 20 arguments/);
  });

  it('bounds very long input: length, tokens and nesting', () => {
    expect(refused(() => parseFormula('1+'.repeat(MAX_FORMULA_LENGTH) + '1', FORMULA_VARIABLES)).en).toMatch(
      /too long \(at most 500 characters\)/,
    );
    expect(refused(() => parseFormula('1+'.repeat(120) + '1', FORMULA_VARIABLES)).en).toMatch(
      /too long \(at most 200 tokens\)/,
    );
    expect(refused(() => parseFormula('('.repeat(40) + '1' + ')'.repeat(40), FORMULA_VARIABLES)).en).toMatch(
      /nests too deeply/,
    );
    expect(refused(() => parseFormula('-'.repeat(40) + '1', FORMULA_VARIABLES)).en).toMatch(/nests too deeply/);
  });

  it('names a variable without a value', () => {
    expect(refused(() => run('a + b', { a: '1', b: '' })).en).toBe('The variable b has no value');
  });
});

describe('the default adjustment formula', () => {
  it('computes newPrice = oldPrice × (1 + proportion × (current − base) / base) to 6 places, half away from zero', () => {
    const line = { oldPrice: '0.032', proportion: '0.3', baseIndexPrice: '71500', currentIndexPrice: '75200' };
    expect(computeNewPrice(line)).toBe('0.032497');
    expect(
      computeNewPrice({ oldPrice: '100', proportion: '0.5', baseIndexPrice: '100', currentIndexPrice: '110' }),
    ).toBe('105.000000');
    expect(
      computeNewPrice({ oldPrice: '100', proportion: '0.5', baseIndexPrice: '100', currentIndexPrice: '90' }),
    ).toBe('95.000000');
    expect(
      computeNewPrice({ oldPrice: '10', formulaText: 'oldPrice * (1 + taxRate) + 0.1 + 0.2', taxRate: '0.13' }),
    ).toBe('11.600000');
  });

  it('shows the formula with its values substituted', () => {
    const values = vars({ oldPrice: '2', proportion: '0.5', baseIndexPrice: '100', currentIndexPrice: '110' });
    expect(substitute(DEFAULT_FORMULA, values)).toBe('2 * (1 + 0.5 * (110 - 100) / 100)');
  });
});
