import {
  absoluteDecimal,
  addDecimals,
  compareDecimals,
  formatDecimal,
  multiplyDecimals,
  subtractDecimals,
  toDecimal,
  ZERO,
  type Dec,
} from '../../../util/decimal';

/**
 * The statement's arithmetic (DOMAIN.md §4.1), exact decimals on strings: line and fee amounts,
 * the header totals and the invoice tolerance. No database here.
 */
export type Values = Record<string, unknown>;

const dec = toDecimal;
const money = (d: Dec) => formatDecimal(d, 2);

function sum(rows: Values[] | undefined, field: string): Dec {
  return (rows ?? []).reduce<Dec>((total, row) => addDecimals(total, dec(row[field]) ?? ZERO), ZERO);
}

/**
 * A statement line: amountExcl = quantity × unit price (to the cent) when both are given, else as
 * given; taxAmount = amountExcl × taxRate (to the cent) when the rate is given; amountIncl = the sum.
 */
export function lineAmounts(line: Values): void {
  listItemAmounts(line);
  const excl = dec(line.amountExcl);
  if (excl) line.amountIncl = money(addDecimals(excl, dec(line.taxAmount) ?? ZERO));
}

/** An other fee: amountIncl = amountExcl × (1 + taxRate) when the net amount is given. */
export function feeAmounts(fee: Values): void {
  const excl = dec(fee.amountExcl);
  if (!excl) return;
  const rate = dec(fee.taxRate) ?? ZERO;
  fee.amountIncl = money(addDecimals(excl, multiplyDecimals(excl, rate)));
}

/** An invoice-list row: amountExcl = quantity × price and taxAmount = amountExcl × rate when given. */
export function listItemAmounts(item: Values): void {
  const quantity = dec(item.quantity);
  const price = dec(item.unitPriceExcl);
  if (quantity && price) item.amountExcl = money(multiplyDecimals(quantity, price));
  const excl = dec(item.amountExcl);
  const rate = dec(item.taxRate);
  if (excl && rate) item.taxAmount = money(multiplyDecimals(excl, rate));
}

export interface CheckParts {
  lines: Values[];
  deducteds: Values[];
  others: Values[];
  invoices: Values[];
}

export interface CheckTotals {
  amountExcl: string;
  taxAmount: string;
  deductedAmount: string;
  otherAmount: string;
  checkAmountTotal: string;
  invoiceAmountTotal: string;
  differenceAmount: string;
}

/**
 * checkAmountTotal = Σ lines.amountIncl + Σ other.amountIncl − Σ deducted.amount; amountExcl and
 * taxAmount are the lines' sums; differenceAmount = checkAmountTotal − invoiceAmountTotal.
 */
export function checkTotals(parts: CheckParts): CheckTotals {
  const other = sum(parts.others, 'amountIncl');
  const deducted = sum(parts.deducteds, 'amount');
  const total = subtractDecimals(addDecimals(sum(parts.lines, 'amountIncl'), other), deducted);
  const invoiced = sum(parts.invoices, 'amountIncl');
  return {
    amountExcl: money(sum(parts.lines, 'amountExcl')),
    taxAmount: money(sum(parts.lines, 'taxAmount')),
    deductedAmount: money(deducted),
    otherAmount: money(other),
    checkAmountTotal: money(total),
    invoiceAmountTotal: money(invoiced),
    differenceAmount: money(subtractDecimals(total, invoiced)),
  };
}

export interface Tolerance {
  /** Absolute tolerance in the statement's currency (default 0.00). */
  amount: string;
  /** Tolerance as a share of the statement total (0.0050 = 0.5 %), when set. */
  percent: string | null;
}

/**
 * The invoices may differ from the statement total by the absolute tolerance or by the share
 * of the total, whichever allows more. Answers the difference Σ invoices − total and whether it
 * is accepted, with the allowance that applied.
 */
export function invoiceDifference(
  invoiced: string,
  total: string,
  tolerance: Tolerance,
): { difference: string; allowed: string; accepted: boolean } {
  const difference = subtractDecimals(dec(invoiced) ?? ZERO, dec(total) ?? ZERO);
  const byAmount = dec(tolerance.amount) ?? ZERO;
  const share = dec(tolerance.percent);
  const byShare = share ? multiplyDecimals(absoluteDecimal(dec(total) ?? ZERO), share) : ZERO;
  const allowed = compareDecimals(byShare, byAmount) > 0 ? byShare : byAmount;
  return {
    difference: money(difference),
    allowed: money(allowed),
    accepted: compareDecimals(absoluteDecimal(difference), allowed) <= 0,
  };
}
