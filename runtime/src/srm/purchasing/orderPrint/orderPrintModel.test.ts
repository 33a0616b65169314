import { describe, expect, it } from 'vitest';
import { orderPrintOf, percentOf } from './orderPrintModel';

const order = {
  poNumber: 'PO202611220001',
  revisionNum: 1,
  orderDate: '2026-11-22',
  currencyCode: 'CNY',
  orgIdLabel: '子午线电子',
  supplierIdLabel: '苏州恒达',
  buyerIdLabel: '采购员01',
  shipToAddress: '苏州市吴中区1号',
  totalAmountExcl: '1700',
  totalTaxAmount: '221',
  totalAmountIncl: '1921',
  lines: [
    {
      lineNum: 1,
      itemCode: '1001000012',
      itemName: 'M3×8 螺钉',
      uomCode: 'PCS',
      quantity: '20000.0000',
      unitPriceExcl: '0.085000',
      taxRate: '0.1300',
      amountExcl: '1700.00',
      amountIncl: '1921.00',
      needByDate: '2026-12-06',
      promisedDate: null,
    },
  ],
};

const meaning = (field: string, code: unknown) => (field === 'uomCode' && code === 'PCS' ? '个' : '');

describe('the printed order', () => {
  it('shows parties from their records, lines and totals formatted in the language', () => {
    const print = orderPrintOf({
      order,
      company: {
        orgName: '子午线电子',
        orgNameEn: 'Meridian Electronics',
        address: '苏州',
        taxpayerIdNumber: '91320500',
      },
      language: 'EN',
      scale: 2,
      meaning,
    });
    expect(print.company).toEqual({ name: 'Meridian Electronics', address: '苏州', taxNo: '91320500' });
    expect(print.supplier).toEqual({ name: '苏州恒达', address: undefined, taxNo: undefined });
    expect(print.lines).toEqual([
      {
        lineNum: '1',
        item: '1001000012 M3×8 螺钉',
        uom: '个',
        quantity: '20,000',
        unitPrice: '0.085',
        taxRate: '13%',
        amountExcl: '1,700.00',
        amountIncl: '1,921.00',
        date: '2026-12-06',
      },
    ]);
    expect(print.totals).toEqual({ excl: '1,700.00', tax: '221.00', incl: '1,921.00' });
    expect(print.currency).toBe('CNY');
  });

  it('writes rates as percentages without float error', () => {
    expect([percentOf('0.1300'), percentOf('0.06'), percentOf('0.0125'), percentOf('0'), percentOf(null)]).toEqual([
      '13%',
      '6%',
      '1.25%',
      '0%',
      '',
    ]);
  });
});
