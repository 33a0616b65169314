import type { Row, SqlExecutor } from '../../db/sqlExecutor';
import { declaredError } from '../../http/declaredErrors';
import { DomainStore } from '../../platform/domainStore';
import { addDecimals, formatDecimal, toDecimal, ZERO, type Dec } from '../../util/decimal';

/**
 * The seam between the statements (DOMAIN.md §4.1) and the receipt transactions they come from
 * (§5.7 srmPurReceiptTransaction, built in the purchasing domain). Every effect a statement has on
 * receipts and order lines goes through here:
 * - claim: the statement's lines name these receipts; each may be on one non-cancelled statement
 *   only (409), so the receipt row records the statement (accountCheckId) under a row lock; a line
 *   removed from a draft frees its receipt. (A cancelled statement frees them all and the accepted
 *   invoice marks them checkedFlag Y: setRelated effects of rcnAccountCheck.json);
 * - addInvoiced: the accepted invoice adds the receipts' quantities to the order lines' invoicedQty;
 * - unchecked: a supplier's receipts not yet on a statement (the source of a new statement).
 */
export const RECEIPT = 'srmPurReceiptTransaction';
const CHECK = 'srmRcnAccountCheck';
const ORDER_LINE = 'srmPurOrderLine';
const LOCKED = { underLock: true };

/** The ledger on the srmPurReceiptTransaction table and srmPurOrderLine.invoicedQty. */
export class ReceiptLedger extends DomainStore {
  /**
   * Of these statements, those that exist and are not cancelled — read with a locking read, so a
   * statement another transaction committed while this one waited for the receipt's lock counts
   * (a subquery inside a locking read would answer from this transaction's snapshot on MariaDB).
   */
  private async liveHolders(tx: SqlExecutor, holders: unknown[]): Promise<Set<number>> {
    const ids = [...new Set(holders.filter((h) => h !== null && h !== undefined).map(Number))];
    const rows = await this.rows.select(tx, CHECK, ['accountCheckId', 'status'], { accountCheckId: ids }, LOCKED);
    return new Set(rows.filter((r) => r.status !== 'CANCELLED').map((r) => Number(r.accountCheckId)));
  }

  /** The statement's lines name exactly these receipts now: claim the new ones (409 if taken), free the dropped ones. */
  async claim(
    tx: SqlExecutor,
    accountCheckId: number,
    supplierId: number,
    transactionIds: number[],
    userId: number | null,
  ): Promise<void> {
    const ids = [...new Set(transactionIds)];
    const fields = ['transactionId', 'supplierId', 'accountCheckId', 'checkedFlag'];
    const rows = await this.rows.select(tx, RECEIPT, fields, { transactionId: ids }, LOCKED);
    const held = await this.liveHolders(
      tx,
      rows.map((r) => r.accountCheckId).filter((h) => Number(h) !== accountCheckId),
    );
    const found = new Map(rows.map((r) => [Number(r.transactionId), r]));
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
    const claimed = ids.filter((id) => Number(found.get(id)!.accountCheckId) !== accountCheckId);
    await this.rows.update(tx, RECEIPT, { accountCheckId }, { transactionId: claimed }, userId);
    // Receipts this statement no longer lists are free again.
    const listed = await this.rows.select(tx, RECEIPT, ['transactionId'], { accountCheckId }, LOCKED);
    const dropped = listed.map((r) => Number(r.transactionId)).filter((id) => !ids.includes(id));
    await this.rows.update(tx, RECEIPT, { accountCheckId: null }, { transactionId: dropped }, userId);
  }

  /** Adds the statement's receipt quantities to their order lines' invoicedQty. */
  async addInvoiced(tx: SqlExecutor, accountCheckId: number, userId: number | null): Promise<void> {
    const byLine = new Map<number, Dec>();
    for (const r of await this.rows.select(tx, RECEIPT, ['orderLineId', 'quantity'], { accountCheckId })) {
      if (r.orderLineId === null || r.orderLineId === undefined) continue;
      const id = Number(r.orderLineId);
      byLine.set(id, addDecimals(byLine.get(id) ?? ZERO, toDecimal(r.quantity) ?? ZERO));
    }
    for (const [orderLineId, quantity] of [...byLine].sort(([a], [b]) => a - b)) {
      const current = await this.rows.one(tx, ORDER_LINE, ['invoicedQty'], { orderLineId }, LOCKED);
      if (!current) continue;
      const next = addDecimals(toDecimal(current.invoicedQty) ?? ZERO, quantity);
      await this.rows.update(tx, ORDER_LINE, { invoicedQty: formatDecimal(next, 4) }, { orderLineId }, userId);
    }
  }

  /** The supplier's receipts among `ids` (all their fields) on no live statement and not checked, read under lock. */
  async unchecked(tx: SqlExecutor, supplierId: number, ids: number[]): Promise<Row[]> {
    const fields = this.registry.entity(RECEIPT)!.fields.map((f) => f.name);
    const options = { orderBy: ['transactionId'], underLock: true };
    const locked = await this.rows.select(tx, RECEIPT, fields, { supplierId, transactionId: ids }, options);
    const held = await this.liveHolders(
      tx,
      locked.map((r) => r.accountCheckId),
    );
    return locked.filter(
      (r) => r.checkedFlag !== 'Y' && (r.accountCheckId === null || !held.has(Number(r.accountCheckId))),
    );
  }
}
