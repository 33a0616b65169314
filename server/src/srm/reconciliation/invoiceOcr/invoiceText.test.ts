import { describe, expect, it } from 'vitest';
import { invoiceFieldsOf } from './invoiceText';

describe('invoice fields from text', () => {
  it('reads a Chinese VAT invoice layout', () => {
    const text = [
      '江苏增值税专用发票',
      '发票代码：032002600111 发票号码：26320000001234',
      '开票日期：2026年10月08日 校验码：12345 67890 12345 67890',
      '购买方 名称：子午线电子(苏州)有限公司 纳税人识别号：91320500MA1XXXXX1A',
      '合计 金额合计 ¥1700.00 税额合计 ¥221.00',
      '价税合计（大写）壹仟玖佰贰拾壹圆整 （小写）¥1921.00',
      '销售方 名称：苏州恒达精密五金有限公司 纳税人识别号：91320506MA1W8K3P2X',
    ].join('\n');
    expect(invoiceFieldsOf(text)).toEqual({
      invoiceCode: '032002600111',
      invoiceNumber: '26320000001234',
      invoiceDate: '2026-10-08',
      checkCode: '12345678901234567890',
      amountExcl: '1700.00',
      taxAmount: '221.00',
      amountIncl: '1921.00',
      buyerTaxNo: '91320500MA1XXXXX1A',
      sellerTaxNo: '91320506MA1W8K3P2X',
    });
  });

  it('reads English labels, thousands separators, and adds incl. when only excl. and tax are given', () => {
    expect(
      invoiceFieldsOf(
        'Invoice No.: 26320000009876\nInvoice Date: 2026-11-25\nAmount excl. tax: 1,848.30\nTax amount: 240.28',
      ),
    ).toEqual({
      invoiceNumber: '26320000009876',
      invoiceDate: '2026-11-25',
      amountExcl: '1848.30',
      taxAmount: '240.28',
      amountIncl: '2088.58',
    });
  });
});
