/**
 * What the printed purchase order shows (purOrderManage/srmPurOrderPrint), built from the order
 * as findById answers it (lines included, reference labels beside the ids) and the two parties'
 * records: plain strings ready for the sheet, in the user's language.
 */
import type { Language } from '../../../core/language';
import { parseDecimal } from '../../../core/decimal';
import { formatAmount, formatDate, formatFieldNumber } from '../../../core/format';
import type { DataRecord } from '../../../meta';

export interface Party {
  name: string;
  address?: string;
  taxNo?: string;
}

export interface PrintLine {
  lineNum: string;
  item: string;
  uom: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
  amountExcl: string;
  amountIncl: string;
  date: string;
}

export interface OrderPrint {
  poNumber: string;
  revision: string;
  orderDate: string;
  currency: string;
  company: Party;
  supplier: Party;
  buyer: string;
  shipTo: string;
  paymentTerm: string;
  lines: PrintLine[];
  totals: { excl: string; tax: string; incl: string };
}

export interface PrintInput {
  order: DataRecord;
  company?: DataRecord;
  supplier?: DataRecord;
  language: Language;
  /** Decimals of the order's currency (2 unless its lookup says otherwise). */
  scale: number;
  /** Meaning of a lookup code of a field (uomCode, currencyCode), in the language. */
  meaning: (field: string, code: unknown) => string;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Where a party's record keeps its names (Chinese, English), address and tax number. */
interface PartyFields {
  name: [string, string];
  address: string;
  taxNo: string;
}

const COMPANY: PartyFields = { name: ['orgName', 'orgNameEn'], address: 'address', taxNo: 'taxpayerIdNumber' };
const SUPPLIER: PartyFields = {
  name: ['supplierName', 'supplierNameEn'],
  address: 'registeredAddress',
  taxNo: 'unifiedSocialCreditCode',
};

/** The party from its record when it could be read, else from the order's reference label. */
function partyOf(record: DataRecord | undefined, label: unknown, language: Language, fields: PartyFields): Party {
  const [cnName, enName] = fields.name.map((f) => text(record?.[f]));
  const name = (language === 'EN' && enName) || cnName || text(label);
  return {
    name,
    address: text(record?.[fields.address]) || undefined,
    taxNo: text(record?.[fields.taxNo]) || undefined,
  };
}

/** A rate stored as a fraction (0.1300) as a percentage (13%), moving the decimal point, not multiplying a float. */
export function percentOf(rate: unknown): string {
  const parts = parseDecimal(rate);
  if (!parts) return '';
  const fraction = parts.fraction.padEnd(2, '0');
  const integer = `${parts.integer}${fraction.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(2);
  return `${parts.negative ? '-' : ''}${integer}${rest ? `.${rest}` : ''}%`;
}

function lineOf(line: DataRecord, input: PrintInput): PrintLine {
  const { language, scale } = input;
  return {
    lineNum: text(line.lineNum),
    item: [text(line.itemCode), text(line.itemName)].filter(Boolean).join(' '),
    uom: input.meaning('uomCode', line.uomCode) || text(line.uomCode),
    quantity: formatFieldNumber(line.quantity, language, { kind: 'quantity', scale: 4, thousands: true }),
    unitPrice: formatFieldNumber(line.unitPriceExcl, language, { kind: 'decimal', scale: 6, thousands: true }),
    taxRate: percentOf(line.taxRate),
    amountExcl: formatAmount(line.amountExcl, language, scale),
    amountIncl: formatAmount(line.amountIncl, language, scale),
    date: formatDate(line.promisedDate || line.needByDate),
  };
}

export function orderPrintOf(input: PrintInput): OrderPrint {
  const { order, language, scale } = input;
  const lines = ((order.lines as DataRecord[] | undefined) ?? []).map((line) => lineOf(line, input));
  return {
    poNumber: text(order.poNumber),
    revision: text(order.revisionNum ?? 0),
    orderDate: formatDate(order.orderDate),
    currency: input.meaning('currencyCode', order.currencyCode) || text(order.currencyCode),
    company: partyOf(input.company, order.orgIdLabel, language, COMPANY),
    supplier: partyOf(input.supplier, order.supplierIdLabel, language, SUPPLIER),
    buyer: text(order.buyerIdLabel),
    shipTo: text(order.shipToAddress),
    paymentTerm: text(order.paymentTermIdLabel ?? ''),
    lines,
    totals: {
      excl: formatAmount(order.totalAmountExcl, language, scale),
      tax: formatAmount(order.totalTaxAmount, language, scale),
      incl: formatAmount(order.totalAmountIncl, language, scale),
    },
  };
}
