/**
 * What an invoice says, found in its text (a PDF's text layer or an image's OCR output). Chinese
 * VAT invoices and English labels are both read. Amounts are decimal strings with two places.
 */
export interface InvoiceFields {
  invoiceNumber?: string;
  invoiceCode?: string;
  invoiceDate?: string;
  amountExcl?: string;
  taxAmount?: string;
  amountIncl?: string;
  sellerTaxNo?: string;
  buyerTaxNo?: string;
  checkCode?: string;
}

const AMOUNT = String.raw`[¥￥]?\s*(-?\d[\d,]*\.\d{2})`;
const SEP = String.raw`\s*[:：]?\s*`;

const PATTERNS: [keyof InvoiceFields, RegExp][] = [
  ['invoiceCode', new RegExp(String.raw`(?:发票代码|Invoice\s*Code)${SEP}(\d{10,12})`, 'i')],
  ['invoiceNumber', new RegExp(String.raw`(?:发票号码|Invoice\s*(?:No\.?|Number))${SEP}([0-9A-Z]{8,20})`, 'i')],
  [
    'invoiceDate',
    new RegExp(
      String.raw`(?:开票日期|Invoice\s*Date|Date\s*of\s*issue)${SEP}(\d{4})\s*[-年/.]\s*(\d{1,2})\s*[-月/.]\s*(\d{1,2})`,
      'i',
    ),
  ],
  [
    'amountIncl',
    new RegExp(
      String.raw`(?:价税合计[^¥￥\d]*(?:小写[)）]?)?|Total\s*(?:amount\s*)?incl(?:\.|uding)?\s*(?:VAT|tax))${SEP}${AMOUNT}`,
      'i',
    ),
  ],
  [
    'amountExcl',
    new RegExp(
      String.raw`(?:合计金额|金额合计|Amount\s*excl(?:\.|uding)?\s*(?:VAT|tax)|Net\s*amount)${SEP}${AMOUNT}`,
      'i',
    ),
  ],
  [
    'taxAmount',
    new RegExp(String.raw`(?:合计税额|税额合计|Tax\s*amount|Total\s*tax|VAT\s*amount)${SEP}${AMOUNT}`, 'i'),
  ],
  ['checkCode', new RegExp(String.raw`(?:校验码|Check\s*Code)${SEP}(\d[\d ]{18,24}\d)`, 'i')],
  [
    'sellerTaxNo',
    new RegExp(
      String.raw`(?:销售方|销方|Seller)[\s\S]{0,120}?(?:纳税人识别号|统一社会信用代码|Tax\s*(?:ID|No\.?|number))${SEP}([0-9A-Z]{15,20})`,
      'i',
    ),
  ],
  [
    'buyerTaxNo',
    new RegExp(
      String.raw`(?:购买方|购方|Buyer)[\s\S]{0,120}?(?:纳税人识别号|统一社会信用代码|Tax\s*(?:ID|No\.?|number))${SEP}([0-9A-Z]{15,20})`,
      'i',
    ),
  ],
];

const cents = (text: string) => {
  const n = text.replace(/,/g, '');
  return /^-?\d+\.\d{2}$/.test(n) ? n : undefined;
};

/** a + b, both with two decimals, to the cent. */
export function addCents(a: string, b: string): string {
  const units = (s: string) => BigInt(s.replace('.', ''));
  const sum = units(a) + units(b);
  const negative = sum < 0n;
  const digits = (negative ? -sum : sum).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export function invoiceFieldsOf(text: string): InvoiceFields {
  const flat = text.replace(/\r/g, '').replace(/[ \t]+/g, ' ');
  const fields: InvoiceFields = {};
  for (const [name, pattern] of PATTERNS) {
    const m = pattern.exec(flat);
    if (!m) continue;
    if (name === 'invoiceDate') fields.invoiceDate = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
    else if (name === 'amountExcl' || name === 'taxAmount' || name === 'amountIncl') {
      const value = cents(m[1]);
      if (value) fields[name] = value;
    } else {
      const value = m[1].replace(/\s+/g, '');
      // The invoice's columns hold at most 20 characters (invoice number, check code): a longer match is a misread.
      if (value.length <= 20) fields[name] = value;
    }
  }
  if (!fields.amountIncl && fields.amountExcl && fields.taxAmount)
    fields.amountIncl = addCents(fields.amountExcl, fields.taxAmount);
  return fields;
}

/** The fields a statement needs of an invoice to take it without manual entry. */
export const ESSENTIAL: (keyof InvoiceFields)[] = [
  'invoiceNumber',
  'invoiceDate',
  'amountExcl',
  'taxAmount',
  'amountIncl',
];
