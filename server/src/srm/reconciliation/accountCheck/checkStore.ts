import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Row, SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import { PlatformRows } from '../../../lifecycle/platformRows';
import { formatDateTime } from '../../../util/time';
import type { CheckParts, CheckTotals, Tolerance, Values } from './checkAmounts';

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
const SUPPLIER_TODO = 'baseSupplierTodo';
const TODO = 'baseTodo';

/** The child of the statement (its name on the header) → its entity. */
export const CHILD_ENTITY: Record<string, string> = {
  lines: LINE,
  deducteds: DEDUCTED,
  others: OTHER,
  invoices: INVOICE,
  invoiceLists: INVOICE_LIST,
  pos: CHECK_PO,
};

/** A to-do of the statement, supplier or internal. */
export interface TodoRow {
  billType: string;
  billId: number;
  billNumber: string;
  menuCode: string;
  billLink: string;
  title: { cn: string; en: string };
}

/** The statement's own queries: its stored children, totals, tolerance, the supplier's to-dos, rebates. */
export class CheckStore {
  readonly sql: MetaSql;
  /** Audited inserts and updates, to-do menu names: the platform's row writer. */
  readonly rows: PlatformRows;

  constructor(
    readonly registry: MetadataRegistry,
    dialect: SqlExecutor['dialect'],
  ) {
    this.sql = new MetaSql(registry, dialect);
    this.rows = new PlatformRows(registry, dialect);
  }

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

  /** UPDATE entity SET values (+ audit, version) WHERE key = id (PlatformRows). */
  update(
    tx: SqlExecutor,
    entity: string,
    key: string,
    id: number,
    values: Record<string, SqlParam>,
    userId: number | null,
  ): Promise<number> {
    return this.rows.update(tx, entity, values, { [key]: id }, userId);
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

  /** A supplier to-do (baseSupplierTodo) for the statement. */
  async addSupplierTodo(tx: SqlExecutor, todo: TodoRow & { supplierId: number }, userId: number | null): Promise<void> {
    const { supplierId, ...rest } = todo;
    await this.insertTodo(tx, SUPPLIER_TODO, rest, { supplierId }, userId);
  }

  /**
   * An internal to-do RCN_ACCOUNT_CHECK for the buyer who made the statement (its creator, when an
   * internal user): the supplier disputed it or submitted its invoices.
   */
  async addBuyerTodo(
    tx: SqlExecutor,
    id: number,
    todo: Omit<TodoRow, 'billType' | 'billId'>,
    userId: number | null,
  ): Promise<void> {
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT ${c('baseUsers', 'userId', 'u')} AS userId, ${c('baseUsers', 'userType', 'u')} AS userType FROM ${t(CHECK)} h ` +
        `JOIN ${t('baseUsers')} u ON ${c('baseUsers', 'userId', 'u')} = ${c(CHECK, 'createdBy', 'h')} WHERE ${c(CHECK, 'accountCheckId', 'h')} = ?`,
      [id],
    );
    const creator = rows[0];
    if (!creator || String(creator.userType ?? '').startsWith('EX')) return;
    await this.insertTodo(
      tx,
      TODO,
      { ...todo, billType: 'RCN_ACCOUNT_CHECK', billId: id },
      { assigneeUserId: Number(creator.userId) },
      userId,
    );
  }

  private async insertTodo(
    tx: SqlExecutor,
    entity: string,
    todo: TodoRow,
    owner: Record<string, SqlParam>,
    userId: number | null,
  ): Promise<void> {
    await this.rows.insert(
      tx,
      entity,
      {
        pendingTitle: todo.title.cn,
        pendingTitleEn: todo.title.en,
        billType: todo.billType,
        entityName: CHECK,
        billId: todo.billId,
        billNumber: todo.billNumber,
        ...owner,
        menuCode: todo.menuCode,
        menuName: await this.rows.menuName(tx, todo.menuCode),
        billLink: todo.billLink,
        handleFlag: 'N',
        cancelFlag: 'N',
      },
      userId,
    );
  }

  /** The statement's open supplier to-dos: handled by the supplier's answer, or cancelled. */
  async closeSupplierTodos(
    tx: SqlExecutor,
    id: number,
    how: 'handled' | 'cancelled',
    userId: number | null,
  ): Promise<void> {
    await this.closeTodos(tx, SUPPLIER_TODO, id, how, userId);
  }

  /** The statement's open internal to-dos (RCN_ACCOUNT_CHECK): handled by the buyer's next step, or cancelled. */
  async closeBuyerTodos(
    tx: SqlExecutor,
    id: number,
    how: 'handled' | 'cancelled',
    userId: number | null,
  ): Promise<void> {
    await this.closeTodos(tx, TODO, id, how, userId);
  }

  private async closeTodos(
    tx: SqlExecutor,
    entity: string,
    id: number,
    how: 'handled' | 'cancelled',
    userId: number | null,
  ): Promise<void> {
    const { t, c } = this.sql;
    const now = formatDateTime();
    const set =
      how === 'handled'
        ? `${c(entity, 'handleFlag')} = 'Y', ${c(entity, 'handleUserId')} = ?, ${c(entity, 'handleDate')} = ?`
        : `${c(entity, 'cancelFlag')} = 'Y', ${c(entity, 'lastUpdatedBy')} = ?, ${c(entity, 'lastUpdateDate')} = ?`;
    await tx.execute(
      `UPDATE ${t(entity)} SET ${set}, ${c(entity, 'versionNum')} = ${c(entity, 'versionNum')} + 1 ` +
        `WHERE ${c(entity, 'entityName')} = ? AND ${c(entity, 'billId')} = ? AND ${c(entity, 'handleFlag')} = 'N' AND ${c(entity, 'cancelFlag')} = 'N'`,
      [userId, now, CHECK, id],
    );
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
