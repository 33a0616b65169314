import type { MetaSql } from '../../../access/metaSql';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { PlatformRows } from '../../../lifecycle/platformRows';
import { readUnderLock } from '../../../resource/invariantLocks';
import { add, cmp, dec, isPositive, mul, percentOf, qty, sub, type Dec } from './quantities';

/**
 * Every change of an order line's shipped and received quantities goes through this one module:
 * lock, check, update, roll the header status up (DOMAIN.md §5.4–5.6). Invoiced quantities move
 * when a statement's invoices are accepted (server/src/srm/reconciliation/receiptLedger.ts).
 *
 * Locks: the orders' headers first, then their lines, each in key order, FOR UPDATE — every
 * writer of an order's quantities takes them in this order (after its own delivery document and
 * the delivery notices it touches), so two shipments against one line wait for each other and
 * never deadlock (docs/developer-guide.md "Invariants under concurrency").
 */
export const ORDER = 'srmPurOrderHeader';
export const ORDER_LINE = 'srmPurOrderLine';
/**
 * Whether deliveries may be made against the line: its order CONFIRMED or PARTIAL_RECEIVED (decision:
 * a RELEASED order is not yet accepted by the supplier), the line neither cancelled nor closed. The
 * same rule is a declared check of publishing a notice and shipping a note (purDeliveryNotice.json,
 * purDeliveryNote.json), under the orders' locks.
 */
const deliverable = (line: OrderLine): boolean =>
  ['CONFIRMED', 'PARTIAL_RECEIVED'].includes(line.status) && !['CANCELLED', 'CLOSED'].includes(line.lineStatus ?? '');

export interface OrderLine {
  orderLineId: number;
  orderHeaderId: number;
  lineNum: number;
  itemId: number;
  itemCode: string | null;
  itemName: string | null;
  uomCode: string | null;
  quantity: Dec;
  shippedQty: Dec;
  receivedQty: Dec;
  unitPriceExcl: string | null;
  taxRate: string | null;
  lineStatus: string | null;
  /** The header's. */
  poNumber: string;
  status: string;
  supplierId: number;
  orgId: number | null;
  invOrgId: number | null;
  buyerId: number | null;
  currencyCode: string | null;
}

export class DeliveryOrderLines {
  constructor(
    private readonly sql: MetaSql,
    private readonly rows: PlatformRows,
  ) {}

  private lineColumns(alias: string): string {
    const { c } = this.sql;
    const f = (name: string) => `${c(ORDER_LINE, name, alias)} AS ${name}`;
    return [
      'orderLineId',
      'orderHeaderId',
      'lineNum',
      'itemId',
      'itemCode',
      'itemName',
      'uomCode',
      'quantity',
      'shippedQty',
      'receivedQty',
      'unitPriceExcl',
      'taxRate',
      'lineStatus',
    ]
      .map(f)
      .join(', ');
  }

  /** Reads order lines with their header's values, without locking (save-time checks and copies). */
  async read(tx: SqlExecutor, orderLineIds: number[]): Promise<Map<number, OrderLine>> {
    return this.select(tx, orderLineIds, false);
  }

  /** Locks the orders of these lines and then the lines (see above); the answer is read under the locks. */
  async lock(tx: SqlExecutor, orderLineIds: number[]): Promise<Map<number, OrderLine>> {
    const ids = [...new Set(orderLineIds)].sort((a, b) => a - b);
    if (!ids.length) return new Map();
    const { t, c } = this.sql;
    const marks = ids.map(() => '?').join(', ');
    const headers = await tx.select(
      `SELECT DISTINCT ${c(ORDER_LINE, 'orderHeaderId')} AS id FROM ${t(ORDER_LINE)} WHERE ${c(ORDER_LINE, 'orderLineId')} IN (${marks})`,
      ids,
    );
    const headerIds = headers.map((h) => Number(h.id)).sort((a, b) => a - b);
    for (const id of headerIds) {
      await readUnderLock(
        tx,
        `SELECT ${c(ORDER, 'orderHeaderId')} AS id FROM ${t(ORDER)} WHERE ${c(ORDER, 'orderHeaderId')} = ?`,
        [id],
      );
    }
    return this.select(tx, ids, true);
  }

  private async select(tx: SqlExecutor, orderLineIds: number[], locking: boolean): Promise<Map<number, OrderLine>> {
    const ids = [...new Set(orderLineIds)].sort((a, b) => a - b);
    if (!ids.length) return new Map();
    const { t, c } = this.sql;
    const h = (name: string) => `${c(ORDER, name, 'h')} AS ${name}`;
    const sql =
      `SELECT ${this.lineColumns('l')}, ${['poNumber', 'status', 'supplierId', 'orgId', 'invOrgId', 'buyerId', 'currencyCode'].map(h).join(', ')} ` +
      `FROM ${t(ORDER_LINE)} l JOIN ${t(ORDER)} h ON ${c(ORDER, 'orderHeaderId', 'h')} = ${c(ORDER_LINE, 'orderHeaderId', 'l')} ` +
      `WHERE ${c(ORDER_LINE, 'orderLineId', 'l')} IN (${ids.map(() => '?').join(', ')}) ORDER BY ${c(ORDER_LINE, 'orderLineId', 'l')}`;
    const found = locking ? await readUnderLock(tx, sql, ids) : await tx.select(sql, ids);
    return new Map(
      found.map((r) => [
        Number(r.orderLineId),
        {
          orderLineId: Number(r.orderLineId),
          orderHeaderId: Number(r.orderHeaderId),
          lineNum: Number(r.lineNum),
          itemId: Number(r.itemId),
          itemCode: (r.itemCode as string | null) ?? null,
          itemName: (r.itemName as string | null) ?? null,
          uomCode: (r.uomCode as string | null) ?? null,
          quantity: dec(r.quantity),
          shippedQty: dec(r.shippedQty),
          receivedQty: dec(r.receivedQty),
          unitPriceExcl: r.unitPriceExcl === null || r.unitPriceExcl === undefined ? null : String(r.unitPriceExcl),
          taxRate: r.taxRate === null || r.taxRate === undefined ? null : String(r.taxRate),
          lineStatus: (r.lineStatus as string | null) ?? null,
          poNumber: String(r.poNumber),
          status: String(r.status),
          supplierId: Number(r.supplierId),
          orgId: r.orgId === null ? null : Number(r.orgId),
          invOrgId: r.invOrgId === null ? null : Number(r.invOrgId),
          buyerId: r.buyerId === null || r.buyerId === undefined ? null : Number(r.buyerId),
          currencyCode: (r.currencyCode as string | null) ?? null,
        },
      ]),
    );
  }

  /**
   * A notice or note line takes its order line: 400 on `field` unless the order may be delivered
   * against, then the order and item the delivery documents show are copied onto the line.
   */
  copyOnto(line: Record<string, unknown>, order: OrderLine, field: string): void {
    if (!deliverable(order))
      throw Errors.validation([
        { field, message: 'the order must be confirmed by the supplier / 订单须为供应商已确认' },
      ]);
    line.orderHeaderId = order.orderHeaderId;
    line.poNumber = order.poNumber;
    line.poLineNum = order.lineNum;
    line.itemId = order.itemId;
    line.itemCode = order.itemCode;
    line.itemName = order.itemName;
    line.uomCode = order.uomCode;
  }

  /**
   * shippedQty += delta on a locked line (delta < 0 reverses a cancelled shipment). Refused (409)
   * when the line would ship more than its quantity (over-ship tolerance 0 %, DOMAIN 5.6).
   */
  async addShipped(tx: SqlExecutor, line: OrderLine, delta: Dec, userId: number | null): Promise<void> {
    const after = add(line.shippedQty, delta);
    if (cmp(after, line.quantity) > 0) {
      throw declaredError('purchasingDelivery.overShipped', {
        poNumber: line.poNumber,
        lineNum: line.lineNum,
        open: qty(sub(line.quantity, line.shippedQty)),
      });
    }
    if (after.units < 0n) throw new Error(`order line ${line.orderLineId}: shippedQty would become negative`);
    await this.rows.update(tx, ORDER_LINE, { shippedQty: qty(after) }, { orderLineId: line.orderLineId }, userId);
    line.shippedQty = after;
  }

  /**
   * receivedQty += delta on a locked line, refused (400 naming `field`) beyond quantity × (1 +
   * tolerance %).
   */
  async addReceived(
    tx: SqlExecutor,
    line: OrderLine,
    delta: Dec,
    tolerancePct: Dec,
    userId: number | null,
    field: string,
  ): Promise<void> {
    const after = add(line.receivedQty, delta);
    const limit = add(line.quantity, mul(line.quantity, percentOf(tolerancePct)));
    if (cmp(after, limit) > 0) {
      throw declaredError(
        'purchasingDelivery.overReceived',
        {
          poNumber: line.poNumber,
          lineNum: line.lineNum,
          quantity: qty(line.quantity),
          receivedQty: qty(line.receivedQty),
          tolerance: qty(tolerancePct),
        },
        [{ field, message: 'exceeds the order line quantity plus the over-receipt tolerance' }],
      );
    }
    await this.rows.update(tx, ORDER_LINE, { receivedQty: qty(after) }, { orderLineId: line.orderLineId }, userId);
    line.receivedQty = after;
  }

  /**
   * The system's move of an order to PARTIAL_RECEIVED / RECEIVED from its lines' receivedQty
   * (DOMAIN 5.4): RECEIVED when every line not cancelled has received its quantity, else
   * PARTIAL_RECEIVED once anything is received. Only orders in CONFIRMED, PARTIAL_RECEIVED or
   * RECEIVED move; the headers are locked by lock().
   */
  async rollUp(tx: SqlExecutor, orderHeaderIds: number[], userId: number | null): Promise<void> {
    const { t, c } = this.sql;
    for (const headerId of [...new Set(orderHeaderIds)].sort((a, b) => a - b)) {
      const header = await tx.select(
        `SELECT ${c(ORDER, 'status')} AS status FROM ${t(ORDER)} WHERE ${c(ORDER, 'orderHeaderId')} = ?`,
        [headerId],
      );
      const status = header[0] ? String(header[0].status) : '';
      if (!['CONFIRMED', 'PARTIAL_RECEIVED', 'RECEIVED'].includes(status)) continue;
      const lines = await tx.select(
        `SELECT ${c(ORDER_LINE, 'quantity')} AS quantity, ${c(ORDER_LINE, 'receivedQty')} AS receivedQty, ${c(ORDER_LINE, 'lineStatus')} AS lineStatus ` +
          `FROM ${t(ORDER_LINE)} WHERE ${c(ORDER_LINE, 'orderHeaderId')} = ?`,
        [headerId],
      );
      const open = lines.filter((l) => l.lineStatus !== 'CANCELLED');
      const all = open.length > 0 && open.every((l) => cmp(dec(l.receivedQty), dec(l.quantity)) >= 0);
      const any = open.some((l) => isPositive(dec(l.receivedQty)));
      const next = all ? 'RECEIVED' : any ? 'PARTIAL_RECEIVED' : 'CONFIRMED';
      if (next !== status) await this.rows.update(tx, ORDER, { status: next }, { orderHeaderId: headerId }, userId);
    }
  }
}
