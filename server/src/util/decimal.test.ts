import { describe, expect, it } from 'vitest';
import {
  absoluteDecimal,
  addDecimals,
  compareDecimals,
  formatDecimal,
  multiplyDecimals,
  negateDecimal,
  parseDecimal,
  plainNumberString,
  subtractDecimals,
  toDecimal,
  ZERO,
} from './decimal';

const d = (s: string) => parseDecimal(s)!;

describe('decimal strings', () => {
  it('multiplies and rounds half away from zero without float error', () => {
    expect(formatDecimal(multiplyDecimals(d('20000.0000'), d('0.085000')), 2)).toBe('1700.00');
    expect(formatDecimal(multiplyDecimals(d('3'), d('0.005')), 2)).toBe('0.02');
    expect(formatDecimal(multiplyDecimals(d('-3'), d('0.005')), 2)).toBe('-0.02');
    expect(formatDecimal(addDecimals(d('0.1'), d('0.2')), 2)).toBe('0.30');
  });

  it('keeps 17 significant digits exactly', () => {
    expect(formatDecimal(addDecimals(d('999999999999999.98'), d('0.01')), 2)).toBe('999999999999999.99');
  });

  it('parses numbers and refuses junk', () => {
    expect(formatDecimal(parseDecimal(7.12)!, 8)).toBe('7.12000000');
    expect(parseDecimal('1e5')).toBeUndefined();
    expect(parseDecimal('')).toBeUndefined();
    expect(formatDecimal(ZERO, 2)).toBe('0.00');
    expect(formatDecimal(d('-0.001'), 2)).toBe('0.00');
  });
});

describe('plainNumberString', () => {
  it('never writes exponents', () => {
    expect(plainNumberString(1e-7)).toBe('0.0000001');
    expect(plainNumberString(7.12)).toBe('7.12');
    expect(plainNumberString(1e21)).toBe('1000000000000000000000');
  });
});

describe('comparing and reading stored decimals', () => {
  it('compares across scales, subtracts, negates and takes the absolute value exactly', () => {
    expect(compareDecimals(d('1.10'), d('1.1'))).toBe(0);
    expect(compareDecimals(d('0.1'), d('0.10001'))).toBe(-1);
    expect(compareDecimals(d('-2'), d('-3'))).toBe(1);
    expect(formatDecimal(subtractDecimals(d('958.58'), d('958.5801')), 4)).toBe('-0.0001');
    expect(formatDecimal(absoluteDecimal(negateDecimal(d('12.5'))), 2)).toBe('12.50');
  });

  it('reads MariaDB strings and SQLite numbers alike, tiny numbers without exponents; junk is undefined', () => {
    expect(formatDecimal(toDecimal('9980.0000')!, 4)).toBe('9980.0000');
    expect(formatDecimal(toDecimal(1e-7)!, 7)).toBe('0.0000001');
    expect(toDecimal(Number.NaN)).toBeUndefined();
    expect(toDecimal('')).toBeUndefined();
    expect(toDecimal(null)).toBeUndefined();
    expect(toDecimal({})).toBeUndefined();
  });
});
