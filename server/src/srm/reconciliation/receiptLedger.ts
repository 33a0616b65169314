import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../access/metaSql';
import type { Row, SqlExecutor, SqlParam } from '../../db/sqlExecutor';
import { Errors } from '../../http/apiError';
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
 *
 * Until the receipt entity exists in the registry the ledger is `UnavailableReceiptLedger`: every
 * operation that needs receipts answers 409 saying so, instead of pretending.
 * TODO(integration): once srmPurReceiptTransaction lands, srmRcnAccountCheckLine.transactionId
 * becomes a reference to it and TableReceiptLedger is active by itself (see receiptLedgerFor).
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

export interface ReceiptLedger {
  /** Whether receipt transactions exist in this installation. */
  readonly available: boolean;
  /** The statement's lines name exactly these receipts now: claim the new ones (409 if taken), free the dropped ones. */
  claim(
    tx: SqlExecutor,
    accountCheckId: number,
    supplierId: number,
    transactionIds: number[],
    userId: number | null,
  ): Promise<void>;
  /** Frees every receipt of the statement (cancel). */
  release(tx: SqlExecutor, accountCheckId: number, userId: number | null): Promise<void>;
  /** The statement's receipts are checked (invoice accepted). */
  markChecked(tx: SqlExecutor, accountCheckId: number, userId: number | null): Promise<void>;
  /** Adds the statement's receipt quantities to their order lines' invoicedQty. */
  addInvoiced(tx: SqlExecutor, accountCheckId: number, userId: number | null): Promise<void>;
  /** The supplier's receipts on no statement and not checked; with ids, only those (read under lock). */
  unchecked(
    tx: SqlExecutor,
    supplierId: number,
    options?: { ids?: number[]; pageIndex?: number; pageRows?: number },
  ): Promise<ReceiptRow[]>;
}

export const RECEIPT = 'srmPurReceiptTransaction';
const CHECK = 'srmRcnAccountCheck';
const ORDER_LINE = 'srmPurOrderLine';
const RECEIPT_FIELDS = ['transactionId', 'supplierId', 'quantity', 'checkedFlag', 'accountCheckId'];

export const receiptsUnavailable = () =>
  Errors.conflict(
    '收货事务尚未启用，无法按收货对账（对账明细的收货事务需在收货功能上线后使用）',
    'Receipt transactions are not available in this installation yet: statement lines cannot name receipts until they are',
  );

/** No receipt entity yet: nothing that needs receipts can run. */
export class UnavailableReceiptLedger implements ReceiptLedger {
  readonly available = false;

  async claim(_tx: SqlExecutor, _id: number, _supplierId: number, transactionIds: number[]): Promise<void> {
    if (transactionIds.length) throw receiptsUnavailable();
  }

  async release(): Promise<void> {
    // Nothing can have been claimed without receipts.
  }

  async markChecked(): Promise<never> {
    throw receiptsUnavailable();
  }

  async addInvoiced(): Promise<never> {
    throw receiptsUnavailable();
  }

  async unchecked(): Promise<never> {
    throw receiptsUnavailable();
  }
}

/** The ledger on the srmPurReceiptTransaction table (and srmPurOrderLine.invoicedQty when that exists). */
export class TableReceiptLedger implements ReceiptLedger {
  readonly available = true;
  private readonly sql: MetaSql;

  constructor(
    private readonly registry: MetadataRegistry,
    dialect: SqlExecutor['dialect'],
  ) {
    this.sql = new MetaSql(registry, dialect);
  }

  /**
   * A receipt is free when no statement holds it, or the one it names is cancelled or gone (a
   * deleted draft): "on only one non-cancelled account check" (DOMAIN.md §4.1).
   */
  private free(alias: string): string {
    const { t, c } = this.sql;
    return (
      `(${c(RECEIPT, 'accountCheckId', alias)} IS NULL OR NOT EXISTS (SELECT 1 FROM ${t(CHECK)} h WHERE ${c(CHECK, 'accountCheckId', 'h')} = ${c(RECEIPT, 'accountCheckId', alias)} ` +
      `AND ${c(CHECK, 'status', 'h')} <> 'CANCELLED'))`
    );
  }

  /**
   * Of these statements, those that exist and are not cancelled — read with a locking read, so a
   * statement another transaction committed while this one waited for the receipt's lock counts
   * (a subquery inside a locking read would answer from this transaction's snapshot on MariaDB).
   */
  private async liveHolders(tx: SqlExecutor, holders: number[]): Promise<Set<number>> {
    const ids = [...new Set(holders)];
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

  private has(entity: string, field: string): boolean {
    return !!this.registry.entity(entity)?.field(field);
  }

  private columns(): string {
    const { c } = this.sql;
    const names: (keyof ReceiptRow)[] = [
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
    return names.map((n) => (this.has(RECEIPT, n) ? `${c(RECEIPT, n, 'r')} AS ${n}` : `NULL AS ${n}`)).join(', ');
  }

  private stamp(userId: number | null): [string, SqlParam[]] {
    const { c } = this.sql;
    return [
      `${c(RECEIPT, 'lastUpdatedBy')} = ?, ${c(RECEIPT, 'lastUpdateDate')} = ?, ${c(RECEIPT, 'versionNum')} = ${c(RECEIPT, 'versionNum')} + 1`,
      [userId, formatDateTime()],
    ];
  }

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
        rows
          .map((r) => r.accountCheckId)
          .filter((h) => h !== null && h !== undefined && Number(h) !== accountCheckId)
          .map(Number),
      );
      const found = new Map(rows.map((r) => [Number(r.id), r]));
      for (const id of ids) {
        const row = found.get(id);
        if (!row || Number(row.supplierId) !== supplierId)
          throw Errors.badRequest(
            `收货事务 ${id} 不存在或不属于该供应商`,
            `Receipt transaction ${id} does not exist or belongs to another supplier`,
            [{ field: 'lines.transactionId', message: `unknown receipt ${id}` }],
          );
        const holder =
          row.accountCheckId === null || row.accountCheckId === undefined ? null : Number(row.accountCheckId);
        const taken = holder !== null && holder !== accountCheckId && held.has(holder);
        if (taken || String(row.checkedFlag ?? 'N') === 'Y')
          throw Errors.conflict(
            `收货事务 ${id} 已在其他未作废的对账单上`,
            `Receipt transaction ${id} is already on another account statement that is not cancelled`,
          );
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

  async release(tx: SqlExecutor, accountCheckId: number, userId: number | null): Promise<void> {
    const { t, c } = this.sql;
    const [stamp, stampParams] = this.stamp(userId);
    await tx.execute(
      `UPDATE ${t(RECEIPT)} SET ${c(RECEIPT, 'accountCheckId')} = NULL, ${stamp} WHERE ${c(RECEIPT, 'accountCheckId')} = ? AND ${c(RECEIPT, 'checkedFlag')} <> 'Y'`,
      [...stampParams, accountCheckId],
    );
  }

  async markChecked(tx: SqlExecutor, accountCheckId: number, userId: number | null): Promise<void> {
    const { t, c } = this.sql;
    const [stamp, stampParams] = this.stamp(userId);
    await tx.execute(
      `UPDATE ${t(RECEIPT)} SET ${c(RECEIPT, 'checkedFlag')} = 'Y', ${stamp} WHERE ${c(RECEIPT, 'accountCheckId')} = ?`,
      [...stampParams, accountCheckId],
    );
  }

  async addInvoiced(tx: SqlExecutor, accountCheckId: number, userId: number | null): Promise<void> {
    if (!this.has(RECEIPT, 'orderLineId') || !this.has(ORDER_LINE, 'invoicedQty')) return;
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
      await tx.execute(
        `UPDATE ${t(ORDER_LINE)} SET ${c(ORDER_LINE, 'invoicedQty')} = ?, ${c(ORDER_LINE, 'lastUpdatedBy')} = ?, ${c(ORDER_LINE, 'lastUpdateDate')} = ?, ` +
          `${c(ORDER_LINE, 'versionNum')} = ${c(ORDER_LINE, 'versionNum')} + 1 WHERE ${c(ORDER_LINE, key)} = ?`,
        [formatDecimal(next, 4), userId, formatDateTime(), lineId],
      );
    }
  }

  async unchecked(
    tx: SqlExecutor,
    supplierId: number,
    options: { ids?: number[]; pageIndex?: number; pageRows?: number } = {},
  ): Promise<ReceiptRow[]> {
    const { t, c } = this.sql;
    const where =
      `${c(RECEIPT, 'supplierId', 'r')} = ? AND ${this.free('r')} AND ` +
      `(${c(RECEIPT, 'checkedFlag', 'r')} IS NULL OR ${c(RECEIPT, 'checkedFlag', 'r')} <> 'Y')`;
    let rows: Row[];
    if (options.ids) {
      if (!options.ids.length) return [];
      const locked = await readUnderLock(
        tx,
        `SELECT ${this.columns()}, ${c(RECEIPT, 'accountCheckId', 'r')} AS holder FROM ${t(RECEIPT)} r WHERE ${c(RECEIPT, 'supplierId', 'r')} = ? ` +
          `AND (${c(RECEIPT, 'checkedFlag', 'r')} IS NULL OR ${c(RECEIPT, 'checkedFlag', 'r')} <> 'Y') ` +
          `AND ${c(RECEIPT, 'transactionId', 'r')} IN (${options.ids.map(() => '?').join(', ')}) ORDER BY ${c(RECEIPT, 'transactionId', 'r')}`,
        [supplierId, ...options.ids],
      );
      const held = await this.liveHolders(
        tx,
        locked
          .map((r) => r.holder)
          .filter((h) => h !== null && h !== undefined)
          .map(Number),
      );
      rows = locked.filter((r) => r.holder === null || r.holder === undefined || !held.has(Number(r.holder)));
    } else {
      const pageRows = options.pageRows ?? 100;
      rows = await tx.select(
        `SELECT ${this.columns()} FROM ${t(RECEIPT)} r WHERE ${where} ORDER BY ${c(RECEIPT, 'transactionId', 'r')} LIMIT ? OFFSET ?`,
        [supplierId, pageRows, ((options.pageIndex ?? 1) - 1) * pageRows],
      );
    }
    return rows.map((r) => ({
      transactionId: Number(r.transactionId),
      transactionNumber: r.transactionNumber === null ? null : String(r.transactionNumber),
      transactionType: r.transactionType === null ? null : String(r.transactionType),
      orderHeaderId: r.orderHeaderId === null ? null : Number(r.orderHeaderId),
      orderLineId: r.orderLineId === null ? null : Number(r.orderLineId),
      supplierId: Number(r.supplierId),
      orgId: r.orgId === null ? null : Number(r.orgId),
      itemId: r.itemId === null ? null : Number(r.itemId),
      quantity: r.quantity === null ? null : String(r.quantity),
      uomCode: r.uomCode === null ? null : String(r.uomCode),
      unitPriceExcl: r.unitPriceExcl === null ? null : String(r.unitPriceExcl),
      taxRate: r.taxRate === null ? null : String(r.taxRate),
      amountExcl: r.amountExcl === null ? null : String(r.amountExcl),
      transactionDate: r.transactionDate === null ? null : String(r.transactionDate),
    }));
  }
}

/** The table ledger once srmPurReceiptTransaction (with its checkedFlag and accountCheckId) is in the registry; otherwise the refusing one. */
export function receiptLedgerFor(registry: MetadataRegistry, dialect: SqlExecutor['dialect']): ReceiptLedger {
  const receipt = registry.entity(RECEIPT);
  return receipt && RECEIPT_FIELDS.every((f) => receipt.field(f))
    ? new TableReceiptLedger(registry, dialect)
    : new UnavailableReceiptLedger();
}
