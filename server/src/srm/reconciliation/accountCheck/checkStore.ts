import { isSupplierType } from '../../../access/accessService';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { formatDateTime } from '../../../util/time';
import type { CheckParts, CheckTotals, Tolerance, Values } from './checkAmounts';
import { DomainStore } from '../../../platform/domainStore';

export const CHECK = 'srmRcnAccountCheck';
export const LINE = 'srmRcnAccountCheckLine';
export const DEDUCTED = 'srmRcnAccountCheckDeducted';
export const OTHER = 'srmRcnAccountCheckOther';
export const INVOICE = 'srmRcnAccountCheckInvoice';
export const INVOICE_LIST = 'srmRcnAccountCheckInvoiceList';
export const CHECK_PO = 'srmRcnAccountCheckPo';
export const OCR_TASK = 'srmRcnAccountCheckOcrTask';
export const CHECK_TYPE = 'srmRcnCheckTypeInfo';
export const REBATE = 'srmRcnRebateInfo';

/** The child of the statement (its name on the header) → its entity. */
export const CHILD_ENTITY: Record<string, string> = {
  lines: LINE,
  deducteds: DEDUCTED,
  others: OTHER,
  invoices: INVOICE,
  invoiceLists: INVOICE_LIST,
  pos: CHECK_PO,
};

/** The statement's own queries: its stored children, totals, tolerance, the buyer who made it, rebates. */
// todos: the statement's to-dos that are not declared effects (rcnAccountCheck.json).
export class CheckStore extends DomainStore {
  /** The header's stored values (status, supplier, type, company, totals), optionally under a row lock. */
  async header(tx: SqlExecutor, id: number, lock = false): Promise<Row | undefined> {
    const { t, c } = this.sql;
    const fields = [
      'accountCheckId',
      'checkNumber',
      'checkType',
      'supplierId',
      'orgId',
      'status',
      'checkAmountTotal',
      'versionNum',
    ];
    const rows = await tx.select(
      `SELECT ${fields.map((f) => `${c(CHECK, f)} AS ${f}`).join(', ')} FROM ${t(CHECK)} WHERE ${c(CHECK, 'accountCheckId')} = ?${lock ? tx.dialect.forUpdate : ''}`,
      [id],
    );
    return rows[0];
  }

  /** Stored rows of one child, the named fields as strings (decimals stay exact). */
  async childRows(tx: SqlExecutor, child: string, id: number, fields: string[]): Promise<Values[]> {
    const entity = CHILD_ENTITY[child];
    const { t, c } = this.sql;
    const model = this.registry.entity(entity)!;
    const rows = await tx.select(
      `SELECT ${[model.primaryKey, ...fields].map((f) => `${c(entity, f)} AS ${f}`).join(', ')} FROM ${t(entity)} WHERE ${c(entity, 'accountCheckId')} = ? ORDER BY ${c(entity, model.primaryKey)}`,
      [id],
    );
    return rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null || v === undefined ? null : String(v)])),
    );
  }

  async parts(tx: SqlExecutor, id: number): Promise<CheckParts> {
    return {
      lines: await this.childRows(tx, 'lines', id, ['amountExcl', 'taxAmount', 'amountIncl', 'transactionId']),
      deducteds: await this.childRows(tx, 'deducteds', id, ['amount', 'deductType', 'sourceDocId']),
      others: await this.childRows(tx, 'others', id, ['amountIncl']),
      invoices: await this.childRows(tx, 'invoices', id, ['amountIncl']),
    };
  }

  async writeTotals(tx: SqlExecutor, id: number, totals: CheckTotals, userId: number | null): Promise<void> {
    await this.update(tx, CHECK, 'accountCheckId', id, { ...totals }, userId);
  }

  /** The invoice tolerance of the statement's type at its company (no setup row: 0.00). */
  async tolerance(tx: SqlExecutor, checkType: string, orgId: number): Promise<Tolerance> {
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT ${c(CHECK_TYPE, 'invoiceTolerance')} AS amount, ${c(CHECK_TYPE, 'invoiceTolerancePercent')} AS percent FROM ${t(CHECK_TYPE)} ` +
        `WHERE ${c(CHECK_TYPE, 'checkType')} = ? AND ${c(CHECK_TYPE, 'orgId')} = ?`,
      [checkType, orgId],
    );
    const row = rows[0];
    return {
      amount: row?.amount === null || row?.amount === undefined ? '0.00' : String(row.amount),
      percent: row?.percent === null || row?.percent === undefined ? null : String(row.percent),
    };
  }

  /**
   * The internal user who made the statement (its creator), or null when a supplier made it
   * (createInvoiceListAndAccountCheck) or the user is gone: who gets the buyer's to-dos.
   */
  async internalCreator(tx: SqlExecutor, id: number): Promise<number | null> {
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT ${c('baseUsers', 'userId', 'u')} AS userId, ${c('baseUsers', 'userType', 'u')} AS userType FROM ${t(CHECK)} h ` +
        `JOIN ${t('baseUsers')} u ON ${c('baseUsers', 'userId', 'u')} = ${c(CHECK, 'createdBy', 'h')} WHERE ${c(CHECK, 'accountCheckId', 'h')} = ?`,
      [id],
    );
    const creator = rows[0];
    return !creator || isSupplierType(creator.userType as string | null) ? null : Number(creator.userId);
  }

  /** DEDUCT rebates deducted on the accepted statement are settled (settledFlag Y). */
  async settleRebates(tx: SqlExecutor, deducteds: Values[], supplierId: number, userId: number | null): Promise<void> {
    const ids = deducteds
      .filter((d) => d.deductType === 'REBATE' && d.sourceDocId)
      .map((d) => Number(d.sourceDocId))
      .filter((n) => Number.isSafeInteger(n));
    if (!ids.length) return;
    const { t, c } = this.sql;
    await tx.execute(
      `UPDATE ${t(REBATE)} SET ${c(REBATE, 'settledFlag')} = 'Y', ${c(REBATE, 'lastUpdatedBy')} = ?, ${c(REBATE, 'lastUpdateDate')} = ?, ` +
        `${c(REBATE, 'versionNum')} = ${c(REBATE, 'versionNum')} + 1 WHERE ${c(REBATE, 'supplierId')} = ? AND ${c(REBATE, 'rebateId')} IN (${ids.map(() => '?').join(', ')})`,
      [userId, formatDateTime(), supplierId, ...ids],
    );
  }
}
