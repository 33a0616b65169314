import { describe, expect, it } from 'vitest';
import { compareDecimal, formatDecimal, parseDecimal } from './decimal';

describe('decimal strings', () => {
  it('formats money with thousands separators and a fixed scale, without floats', () => {
    expect(formatDecimal('1234567.5', { scale: 2, thousands: true })).toBe('1,234,567.50');
    expect(formatDecimal('88.00', { scale: 2, thousands: true })).toBe('88.00');
    expect(formatDecimal('-1234.565', { scale: 2, thousands: true })).toBe('-1,234.57');
    expect(formatDecimal('0.995', { scale: 2 })).toBe('1.00');
    expect(formatDecimal('99999999999999999.99', { scale: 2, thousands: true })).toBe('99,999,999,999,999,999.99');
    expect(formatDecimal('0.1', { scale: 0 })).toBe('0');
    expect(formatDecimal(12.5, { scale: 1 })).toBe('12.5');
  });

  it('keeps the value digits without a scale and passes non-numbers through', () => {
    expect(formatDecimal('1234.5678')).toBe('1234.5678');
    expect(formatDecimal('abc')).toBe('abc');
    expect(formatDecimal(null)).toBe('');
  });

  it('compares exactly where floats would not', () => {
    expect(compareDecimal('0.30000000000000001', '0.3')).toBe(1);
    expect(compareDecimal('25.00', 25)).toBe(0);
    expect(compareDecimal('-2', '1')).toBe(-1);
    expect(compareDecimal('10', '9.99')).toBe(1);
    expect(compareDecimal('x', 1)).toBeNull();
  });

  it('parses signs, leading zeros and trailing zeros', () => {
    expect(parseDecimal('-007.500')).toEqual({ negative: true, integer: '7', fraction: '5' });
    expect(parseDecimal('-0')).toEqual({ negative: false, integer: '0', fraction: '' });
    expect(parseDecimal('1e5')).toBeNull();
  });
});
