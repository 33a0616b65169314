import { describe, expect, it } from 'vitest';
import { dayBefore } from '../../../util/time';
import { changeRate, decimalText } from '../../../util/decimal';
import { parsePriceBreaks, priceForQuantity, priceInclTax } from './priceMath';

describe('price arithmetic', () => {
  it('unitPriceIncl = excl × (1 + taxRate) to 6 decimals, exactly', () => {
    expect(priceInclTax('0.0850', '0.1300')).toBe('0.096050');
    expect(priceInclTax('0.1', '0.13')).toBe('0.113000');
    expect(priceInclTax('6.2000', '0.13')).toBe('7.006000');
    expect(priceInclTax('0.0000015', '0.13')).toBe('0.000002');
    expect(priceInclTax(0.085, 0.13)).toBe('0.096050');
    expect(priceInclTax('', '0.13')).toBeNull();
  });
  it('changeRate = (new − old) ÷ old to 4 places; none for a zero old price', () => {
    expect(changeRate('0.0850', '0.0800')).toBe('-0.0588');
    expect(changeRate('0.0800', '0.0850')).toBe('0.0625');
    expect(changeRate('3', '4')).toBe('0.3333');
    expect(changeRate('3', '5')).toBe('0.6667');
    expect(changeRate('0', '5')).toBeNull();
  });
  it('price breaks: parsed, sorted, validated, applied by quantity', () => {
    const { breaks, problem } = parsePriceBreaks(
      '[{"fromQty": 50000, "unitPriceExcl": "0.078"}, {"fromQty": "10000", "unitPriceExcl": 0.082}]',
    );
    expect(problem).toBeUndefined();
    expect(breaks).toEqual([
      { fromQty: '10000.0000', unitPriceExcl: '0.082000' },
      { fromQty: '50000.0000', unitPriceExcl: '0.078000' },
    ]);
    expect(priceForQuantity('0.085000', breaks, '9999')).toBe('0.085000');
    expect(priceForQuantity('0.085000', breaks, '10000')).toBe('0.082000');
    expect(priceForQuantity('0.085000', breaks, '60000')).toBe('0.078000');
    expect(priceForQuantity('0.085000', breaks, null)).toBe('0.085000');
    expect(parsePriceBreaks('nope').problem).toMatch(/JSON/);
    expect(parsePriceBreaks([{ fromQty: 0, unitPriceExcl: 1 }]).problem).toMatch(/fromQty/);
    expect(parsePriceBreaks([{ fromQty: 1, unitPriceExcl: -1 }]).problem).toMatch(/unitPriceExcl/);
    expect(
      parsePriceBreaks([
        { fromQty: 1, unitPriceExcl: 1 },
        { fromQty: '1.0', unitPriceExcl: 2 },
      ]).problem,
    ).toMatch(/twice/);
    expect(parsePriceBreaks(null)).toEqual({ breaks: [] });
  });
  it('dates and text', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
    expect(decimalText(0.1, 6)).toBe('0.100000');
  });
});
