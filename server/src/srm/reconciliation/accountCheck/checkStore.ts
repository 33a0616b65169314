import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { checkTotals, type CheckParts, type CheckTotals, type Tolerance, type Values } from './checkAmounts';
import type { SqlReads } from '../../../lifecycle/platformRows';
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

/** The statement's own queries: its stored children, totals, tolerance, rebates. */
export class CheckStore extends DomainStore {
  /** The header's stored status and supplier, optionally under a row lock. */
  header(tx: SqlExecutor, id: number, lock = false): Promise<Row | undefined> {
    return this.rows.one(tx, CHECK, ['status', 'supplierId'], { accountCheckId: id }, { underLock: lock });
  }

  /** The entity of one child of the statement (its name on the header: lines, invoices, …). */
  childEntity(child: string) {
    return this.registry.entity(this.registry.entity(CHECK)!.children.find((c) => c.name === child)!.entity)!;
  }

  /** Stored rows of one child, with its key and the named fields as strings (decimals stay exact). */
  async childRows(tx: SqlReads, child: string, id: number, fields: string[]): Promise<Values[]> {
    const { name, primaryKey } = this.childEntity(child);
    const rows = await this.rows.select(
      tx,
      name,
      [primaryKey, ...fields],
      { accountCheckId: id },
      { orderBy: [primaryKey] },
    );
    return rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null || v === undefined ? null : String(v)])),
    );
  }

  async parts(tx: SqlReads, id: number): Promise<CheckParts> {
    return {
      lines: await this.childRows(tx, 'lines', id, ['amountExcl', 'taxAmount', 'amountIncl', 'transactionId']),
      deducteds: await this.childRows(tx, 'deducteds', id, ['amount']),
      others: await this.childRows(tx, 'others', id, ['amountIncl']),
      invoices: await this.childRows(tx, 'invoices', id, ['amountIncl']),
    };
  }

  /** The totals worked out again from the stored children and written on the header; answers both. */
  async writeTotals(tx: SqlExecutor, id: number, userId: number | null) {
    const parts = await this.parts(tx, id);
    const totals: CheckTotals = checkTotals(parts);
    await this.update(tx, CHECK, 'accountCheckId', id, { ...totals }, userId);
    return { parts, totals };
  }

  /** The invoice tolerance of the statement's type at its company (no setup row: 0.00). */
  async tolerance(tx: SqlExecutor, checkType: string, orgId: number): Promise<Tolerance> {
    const fields = ['invoiceTolerance', 'invoiceTolerancePercent'];
    const row = await this.rows.one(tx, CHECK_TYPE, fields, { checkType, orgId });
    const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
    return { amount: text(row?.invoiceTolerance) ?? '0.00', percent: text(row?.invoiceTolerancePercent) };
  }

  /** The rebates deducted on the accepted statement (deductType REBATE) are settled (settledFlag Y). */
  async settleRebates(tx: SqlExecutor, id: number, supplierId: number, userId: number | null): Promise<void> {
    const rebateId = (await this.childRows(tx, 'deducteds', id, ['deductType', 'sourceDocId']))
      .filter((d) => d.deductType === 'REBATE' && d.sourceDocId)
      .map((d) => Number(d.sourceDocId))
      .filter((n) => Number.isSafeInteger(n));
    await this.rows.update(tx, REBATE, { settledFlag: 'Y' }, { supplierId, rebateId }, userId);
  }
}
