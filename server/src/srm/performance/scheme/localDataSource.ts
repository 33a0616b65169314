/**
 * The local PerformanceDataSource: figures from this system's receipts (srmPurReceiptTransaction,
 * RECEIVE lines dated in the period) and their order lines. On time = the receipt date is on or
 * before the order line's originalPromisedDate (the first promise, kept by the order), else its
 * promisedDate, else its needByDate. Rejected = a receipt whose inspectResult is FAIL. Excluded:
 * RECEIPT lines by transaction number, PO_LINE lines by order number (and line number when given).
 */
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { DomainStore } from '../../../platform/domainStore';
import {
  addDecimals,
  divideDecimals,
  formatDecimal,
  multiplyDecimals,
  parseDecimal,
  ZERO,
  type Dec,
} from '../../../util/decimal';
import type { Exclusion } from '../adjust/adjustRules';
import type { PerformanceDataSource, RateFigures, RateOf } from './dataSource';

const RCV = 'srmPurReceiptTransaction';
const LINE = 'srmPurOrderLine';
const HEAD = 'srmPurOrderHeader';

function excludedBy(row: Row, exclusions: Exclusion[]): boolean {
  return exclusions.some(
    (e) =>
      (e.docType === 'RECEIPT' && e.docNumber === row.transactionNumber) ||
      (e.docType === 'PO_LINE' &&
        e.docNumber === row.poNumber &&
        (e.docLineNum === null || e.docLineNum === Number(row.lineNum))),
  );
}

/** numerator ÷ denominator × 100 to 4 decimals (exact, half away from zero), or null for 0. */
export function percent(numerator: Dec, denominator: Dec): string | null {
  const rate = divideDecimals(multiplyDecimals(numerator, { units: 100n, scale: 0 }), denominator, 4);
  return rate ? formatDecimal(rate, 4) : null;
}

export class LocalDataSource extends DomainStore implements PerformanceDataSource {
  readonly name = 'LOCAL_RECEIPTS';

  private async receipts(tx: SqlExecutor, supplierId: number, from: string, to: string): Promise<Row[]> {
    const { t, c } = this.sql;
    return tx.select(
      `SELECT r.${c(RCV, 'transactionNumber')} AS transactionNumber, r.${c(RCV, 'quantity')} AS quantity, ` +
        `r.${c(RCV, 'transactionDate')} AS transactionDate, r.${c(RCV, 'inspectResult')} AS inspectResult, ` +
        `l.${c(LINE, 'lineNum')} AS lineNum, l.${c(LINE, 'originalPromisedDate')} AS originalPromisedDate, ` +
        `l.${c(LINE, 'promisedDate')} AS promisedDate, l.${c(LINE, 'needByDate')} AS needByDate, h.${c(HEAD, 'poNumber')} AS poNumber ` +
        `FROM ${t(RCV)} r LEFT JOIN ${t(LINE)} l ON l.${c(LINE, 'orderLineId')} = r.${c(RCV, 'orderLineId')} ` +
        `LEFT JOIN ${t(HEAD)} h ON h.${c(HEAD, 'orderHeaderId')} = r.${c(RCV, 'orderHeaderId')} ` +
        `WHERE r.${c(RCV, 'supplierId')} = ? AND r.${c(RCV, 'transactionType')} = 'RECEIVE' ` +
        `AND r.${c(RCV, 'transactionDate')} >= ? AND r.${c(RCV, 'transactionDate')} <= ? ORDER BY r.${c(RCV, 'transactionNumber')}`,
      [supplierId, from, to],
    );
  }

  private async rate(
    tx: SqlExecutor,
    supplierId: number,
    from: string,
    to: string,
    exclusions: Exclusion[],
    counts: (r: Row) => boolean,
  ): Promise<RateFigures> {
    let numerator = ZERO;
    let denominator = ZERO;
    const documents: string[] = [];
    const excluded: string[] = [];
    for (const r of await this.receipts(tx, supplierId, from, to)) {
      if (excludedBy(r, exclusions)) {
        excluded.push(String(r.transactionNumber));
        continue;
      }
      const qty = parseDecimal(String(r.quantity)) ?? ZERO;
      denominator = addDecimals(denominator, qty);
      if (counts(r)) numerator = addDecimals(numerator, qty);
      documents.push(String(r.transactionNumber));
    }
    return {
      rate: percent(numerator, denominator),
      numerator: formatDecimal(numerator, 4),
      denominator: formatDecimal(denominator, 4),
      documents,
      excluded,
    };
  }

  readonly deliveryRate: RateOf = (tx, supplierId, from, to, exclusions) =>
    this.rate(tx, supplierId, from, to, exclusions, (r) => {
      const promised = r.originalPromisedDate ?? r.promisedDate ?? r.needByDate;
      return (
        promised !== null &&
        promised !== undefined &&
        String(r.transactionDate).slice(0, 10) <= String(promised).slice(0, 10)
      );
    });

  readonly rejectRate: RateOf = (tx, supplierId, from, to, exclusions) =>
    this.rate(tx, supplierId, from, to, exclusions, (r) => r.inspectResult === 'FAIL');
}
