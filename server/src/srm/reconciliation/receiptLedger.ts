import type { Row, SqlExecutor, SqlParam } from '../../db/sqlExecutor';
import { declaredError } from '../../http/declaredErrors';
import { DomainStore } from '../../platform/domainStore';
import { readUnderLock } from '../../resource/invariantLocks';
import { addDecimals, formatDecimal, parseDecimal, ZERO } from '../../util/decimal';
import { formatDateTime } from '../../util/time';

/**
 * The seam between the statements (DOMAIN.md §4.1) and the receipt transactions they come from
 * (§5.7 srmPurReceiptTransaction, built in the purchasing domain). Every effect a statement has on
 * receipts and order lines goes through here:
 * - claim: the statement's lines name these receipts; each may be on one non-cancelled statement
 *   only (409), so the receipt row records the statement (accountCheckId) under a row lock;
 * - release: a cancelled statement (or a line removed from a draft) frees its receipts;
 * - markChecked / addInvoiced: the accepted invoice marks the receipts checkedFlag Y and adds
 *   their quantities to the order lines' invoicedQty;
 * - unchecked: a supplier's receipts not yet on a statement (the source of a new statement).
 */
export interface ReceiptRow {
  transactionId: number;
  transactionNumber: string | null;
  transactionType: string | null;
  orderHeaderId: number | null;
  orderLineId: number | null;
  supplierId: number;
  orgId: number | null;
  itemId: number | null;
  quantity: string | null;
  uomCode: string | null;
  unitPriceExcl: string | null;
  taxRate: string | null;
  amountExcl: string | null;
  transactionDate: string | null;
}

export const RECEIPT = 'srmPurReceiptTransaction';
const CHECK = 'srmRcnAccountCheck';
const ORDER_LINE = 'srmPurOrderLine';
/** The receipt's columns a statement reads, and which of them are ids (the others stay text: decimals exact). */
const RECEIPT_COLUMNS: (keyof ReceiptRow)[] = [
  'transactionId',
  'transactionNumber',
  'transactionType',
  'orderHeaderId',
  'orderLineId',
  'supplierId',
  'orgId',
  'itemId',
  'quantity',
  'uomCode',
  'unitPriceExcl',
  'taxRate',
  'amountExcl',
  'transactionDate',
];
const ID_COLUMNS = new Set<string>(['transactionId', 'orderHeaderId', 'orderLineId', 'supplierId', 'orgId', 'itemId']);

const receiptOf = (r: Row) =>
  Object.fromEntries(
    RECEIPT_COLUMNS.map((n) => [
      n,
      r[n] === null || r[n] === undefined ? null : ID_COLUMNS.has(n) ? Number(r[n]) : String(r[n]),
    ]),
  ) as unknown as ReceiptRow;

/** The ledger on the srmPurReceiptTransaction table and srmPurOrderLine.invoicedQty. */
export class ReceiptLedger extends DomainStore {
  /**
   * Of these statements, those that exist and are not cancelled — read with a locking read, so a
   * statement another transaction committed while this one waited for the receipt's lock counts
   * (a subquery inside a locking read would answer from this transaction's snapshot on MariaDB).
   */
  private async liveHolders(tx: SqlExecutor, holders: unknown[]): Promise<Set<number>> {
    const ids = [...new Set(holders.filter((h) => h !== null && h !== undefined).map(Number))];
    if (!ids.length) return new Set();
    const { t, c } = this.sql;
    const rows = await readUnderLock(
      tx,
      `SELECT ${c(CHECK, 'accountCheckId')} AS id FROM ${t(CHECK)} WHERE ${c(CHECK, 'accountCheckId')} IN (${ids.map(() => '?').join(', ')}) ` +
        `AND ${c(CHECK, 'status')} <> 'CANCELLED'`,
      ids,
    );
    return new Set(rows.map((r) => Number(r.id)));
  }

  private stamp(userId: number | null): [string, SqlParam[]] {
    const { c } = this.sql;
    return [
      `${c(RECEIPT, 'lastUpdatedBy')} = ?, ${c(RECEIPT, 'lastUpdateDate')} = ?, ${c(RECEIPT, 'versionNum')} = ${c(RECEIPT, 'versionNum')} + 1`,
      [userId, formatDateTime()],
    ];
  }

  /** The statement's lines name exactly these receipts now: claim the new ones (409 if taken), free the dropped ones. */
  async claim(
    tx: SqlExecutor,
    accountCheckId: number,
    supplierId: number,
    transactionIds: number[],
    userId: number | null,
  ): Promise<void> {
    const { t, c } = this.sql;
    const [stamp, stampParams] = this.stamp(userId);
    const ids = [...new Set(transactionIds)];
    if (ids.length) {
      const rows = await readUnderLock(
        tx,
        `SELECT ${c(RECEIPT, 'transactionId')} AS id, ${c(RECEIPT, 'supplierId')} AS supplierId, ${c(RECEIPT, 'accountCheckId')} AS accountCheckId, ` +
          `${c(RECEIPT, 'checkedFlag')} AS checkedFlag FROM ${t(RECEIPT)} WHERE ${c(RECEIPT, 'transactionId')} IN (${ids.map(() => '?').join(', ')})`,
        ids,
      );
      const held = await this.liveHolders(
        tx,
        rows.map((r) => r.accountCheckId).filter((h) => Number(h) !== accountCheckId),
      );
      const found = new Map(rows.map((r) => [Number(r.id), r]));
      for (const id of ids) {
        const row = found.get(id);
        if (!row || Number(row.supplierId) !== supplierId)
          throw declaredError('reconciliation.receiptNotSuppliers', { id }, [
            { field: 'lines.transactionId', message: `unknown receipt ${id}` },
          ]);
        const holder =
          row.accountCheckId === null || row.accountCheckId === undefined ? null : Number(row.accountCheckId);
        const taken = holder !== null && holder !== accountCheckId && held.has(holder);
        if (taken || String(row.checkedFlag ?? 'N') === 'Y') throw declaredError('reconciliation.receiptTaken', { id });
      }
      await tx.execute(
        `UPDATE ${t(RECEIPT)} SET ${c(RECEIPT, 'accountCheckId')} = ?, ${stamp} WHERE ${c(RECEIPT, 'transactionId')} IN (${ids.map(() => '?').join(', ')}) ` +
          `AND (${c(RECEIPT, 'accountCheckId')} IS NULL OR ${c(RECEIPT, 'accountCheckId')} <> ?)`,
        [accountCheckId, ...stampParams, ...ids, accountCheckId],
      );
    }
    // Receipts this statement no longer lists are free again.
    await tx.execute(
      `UPDATE ${t(RECEIPT)} SET ${c(RECEIPT, 'accountCheckId')} = NULL, ${stamp} WHERE ${c(RECEIPT, 'accountCheckId')} = ?` +
        (ids.length ? ` AND ${c(RECEIPT, 'transactionId')} NOT IN (${ids.map(() => '?').join(', ')})` : ''),
      [...stampParams, accountCheckId, ...ids],
    );
  }

  /** Frees every receipt of the statement that is not checked (cancel). */
  async release(tx: SqlExecutor, accountCheckId: number, userId: number | null): Promise<void> {
    await this.rows.update(tx, RECEIPT, { accountCheckId: null }, { accountCheckId, checkedFlag: 'N' }, userId);
  }

  /** The statement's receipts are checked (invoice accepted). */
  async markChecked(tx: SqlExecutor, accountCheckId: number, userId: number | null): Promise<void> {
    await this.rows.update(tx, RECEIPT, { checkedFlag: 'Y' }, { accountCheckId }, userId);
  }

  /** Adds the statement's receipt quantities to their order lines' invoicedQty. */
  async addInvoiced(tx: SqlExecutor, accountCheckId: number, userId: number | null): Promise<void> {
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT ${c(RECEIPT, 'orderLineId')} AS lineId, ${c(RECEIPT, 'quantity')} AS quantity FROM ${t(RECEIPT)} WHERE ${c(RECEIPT, 'accountCheckId')} = ?`,
      [accountCheckId],
    );
    const byLine = new Map<number, ReturnType<typeof addDecimals>>();
    for (const r of rows) {
      if (r.lineId === null || r.lineId === undefined) continue;
      const id = Number(r.lineId);
      byLine.set(id, addDecimals(byLine.get(id) ?? ZERO, parseDecimal(String(r.quantity ?? '0')) ?? ZERO));
    }
    const key = this.registry.entity(ORDER_LINE)!.primaryKey;
    for (const [lineId, quantity] of [...byLine].sort(([a], [b]) => a - b)) {
      const [current] = await readUnderLock(
        tx,
        `SELECT ${c(ORDER_LINE, 'invoicedQty')} AS q FROM ${t(ORDER_LINE)} WHERE ${c(ORDER_LINE, key)} = ?`,
        [lineId],
      );
      if (!current) continue;
      const next = addDecimals(parseDecimal(String(current.q ?? '0')) ?? ZERO, quantity);
      await this.update(tx, ORDER_LINE, key, lineId, { invoicedQty: formatDecimal(next, 4) }, userId);
    }
  }

  /** The supplier's receipts among `ids` on no live statement and not checked, read under lock. */
  async unchecked(tx: SqlExecutor, supplierId: number, ids: number[]): Promise<ReceiptRow[]> {
    if (!ids.length) return [];
    const { t, c } = this.sql;
    const columns = RECEIPT_COLUMNS.map((n) => `${c(RECEIPT, n, 'r')} AS ${n}`).join(', ');
    const locked = await readUnderLock(
      tx,
      `SELECT ${columns}, ${c(RECEIPT, 'accountCheckId', 'r')} AS holder FROM ${t(RECEIPT)} r WHERE ${c(RECEIPT, 'supplierId', 'r')} = ? ` +
        `AND (${c(RECEIPT, 'checkedFlag', 'r')} IS NULL OR ${c(RECEIPT, 'checkedFlag', 'r')} <> 'Y') ` +
        `AND ${c(RECEIPT, 'transactionId', 'r')} IN (${ids.map(() => '?').join(', ')}) ORDER BY ${c(RECEIPT, 'transactionId', 'r')}`,
      [supplierId, ...ids],
    );
    const held = await this.liveHolders(
      tx,
      locked.map((r) => r.holder),
    );
    return locked
      .filter((r) => r.holder === null || r.holder === undefined || !held.has(Number(r.holder)))
      .map(receiptOf);
  }
}
