import { describe, expect, it } from 'vitest';
import { checkTotals, feeAmounts, invoiceDifference, lineAmounts } from './checkAmounts';

describe('statement arithmetic', () => {
  it('a line: 9,980 × 0.085 = 848.30, 13 % tax 110.28, incl. 958.58', () => {
    const line: Record<string, unknown> = { quantity: '9980.0000', unitPriceExcl: '0.085000', taxRate: '0.1300' };
    lineAmounts(line);
    expect(line).toMatchObject({ amountExcl: '848.30', taxAmount: '110.28', amountIncl: '958.58' });
  });

  it('totals: lines + other fees − deductions; difference to the invoices', () => {
    const fee: Record<string, unknown> = { amountExcl: '100.00', taxRate: '0.0600' };
    feeAmounts(fee);
    expect(fee.amountIncl).toBe('106.00');
    expect(
      checkTotals({
        lines: [{ amountExcl: '848.30', taxAmount: '110.28', amountIncl: '958.58' }],
        others: [fee],
        deducteds: [{ amount: '20.10' }],
        invoices: [{ amountIncl: '1000.00' }],
      }),
    ).toEqual({
      amountExcl: '848.30',
      taxAmount: '110.28',
      deductedAmount: '20.10',
      otherAmount: '106.00',
      checkAmountTotal: '1044.48',
      invoiceAmountTotal: '1000.00',
      differenceAmount: '44.48',
    });
  });

  it('tolerance: absolute or share of the total, whichever allows more', () => {
    expect(invoiceDifference('958.58', '958.58', { amount: '0.00', percent: null })).toMatchObject({ accepted: true });
    expect(invoiceDifference('958.59', '958.58', { amount: '0.00', percent: null })).toEqual({
      difference: '0.01',
      allowed: '0.00',
      accepted: false,
    });
    expect(invoiceDifference('950.00', '958.58', { amount: '10.00', percent: null }).accepted).toBe(true);
    expect(invoiceDifference('950.00', '958.58', { amount: '1.00', percent: '0.0100' })).toEqual({
      difference: '-8.58',
      allowed: '9.59',
      accepted: true,
    });
  });
});
