import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateTime, formatFieldNumber, formatNumber, numberSymbols } from './format';

describe('formatDate', () => {
  it('writes the spec patterns yyyy-MM-dd, yyyy-MM-dd HH:mm:ss, yyyy and yyyy-MM', () => {
    expect(formatDate('2026-03-07 09:05:02')).toBe('2026-03-07');
    expect(formatDateTime('2026-03-07 09:05:02')).toBe('2026-03-07 09:05:02');
    expect(formatDateTime('2026-03-07')).toBe('2026-03-07 00:00:00');
    expect(formatDate('2026-03-07', 'year')).toBe('2026');
    expect(formatDate('2026-03-07', 'month')).toBe('2026-03');
    expect(formatDate(new Date(2026, 11, 31, 23, 59, 58), 'datetime')).toBe('2026-12-31 23:59:58');
  });

  it('leaves blanks empty and shows text that is not a date as it is', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate({ a: 1 })).toBe('[object Object]');
  });
});

describe('formatNumber and formatAmount', () => {
  it.each(['CN', 'EN'] as const)('groups thousands with the %s symbols and keeps decimal strings exact', (language) => {
    const { group, decimal } = numberSymbols(language);
    expect(group).toBe(',');
    expect(decimal).toBe('.');
    expect(formatAmount('1700', language)).toBe('1,700.00');
    expect(formatAmount('12345678901234567.895', language)).toBe('12,345,678,901,234,567.90');
    expect(formatAmount(-1234.5, language)).toBe('-1,234.50');
    expect(formatAmount('0.004', language)).toBe('0.00');
    expect(formatNumber('1234567.125', language)).toBe('1,234,567.125');
    expect(formatNumber('1234567.125', language, { scale: 2, thousands: false })).toBe('1234567.13');
    expect(formatNumber(999, language)).toBe('999');
  });

  it('leaves blanks empty and text that is not a number as it is', () => {
    expect(formatAmount(undefined, 'CN')).toBe('');
    expect(formatAmount('abc', 'EN')).toBe('abc');
  });
});

describe('formatFieldNumber', () => {
  it('shows money with thousands and exactly its decimals, whatever the scale of the value', () => {
    expect(formatFieldNumber('1234567.5', 'CN', { kind: 'money' })).toBe('1,234,567.50');
    expect(formatFieldNumber('1234567.5', 'EN', { kind: 'money', scale: 0 })).toBe('1,234,568');
    expect(formatFieldNumber('0.500000', 'CN', { kind: 'money', scale: 2 })).toBe('0.50');
  });

  it('drops the zeros a quantity or price column pads, never a significant digit', () => {
    expect(formatFieldNumber('100.0000', 'CN', { kind: 'quantity', scale: 4 })).toBe('100');
    expect(formatFieldNumber('0.500000', 'CN', { kind: 'decimal', scale: 6 })).toBe('0.5');
    expect(formatFieldNumber('1234.5679', 'CN', { kind: 'quantity', scale: 4 })).toBe('1234.5679');
    expect(formatFieldNumber('12345678901234567.123456', 'EN', { kind: 'decimal', scale: 6 })).toBe(
      '12345678901234567.123456',
    );
    expect(formatFieldNumber('2.675', 'CN', { kind: 'decimal', scale: 2 })).toBe('2.68');
    expect(formatFieldNumber('1.00004', 'CN', { kind: 'quantity', scale: 4 })).toBe('1');
    expect(formatFieldNumber(300, 'CN', { kind: 'quantity', scale: 4, thousands: true })).toBe('300');
    expect(formatFieldNumber('20000.5', 'CN', { kind: 'quantity', scale: 4, thousands: true })).toBe('20,000.5');
  });

  it('shows integers without decimals, and blanks and text as before', () => {
    expect(formatFieldNumber('42', 'CN', { kind: 'integer' })).toBe('42');
    expect(formatFieldNumber(null, 'CN', { kind: 'quantity' })).toBe('');
    expect(formatFieldNumber('n/a', 'CN', { kind: 'quantity' })).toBe('n/a');
  });
});
