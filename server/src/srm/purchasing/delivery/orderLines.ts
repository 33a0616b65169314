import type { SqlExecutor } from '../../../db/sqlExecutor';
import { decodeRow, nullableNumber, nullableText, type Decoded } from '../../../util/rowDecode';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { PlatformRows } from '../../../lifecycle/platformRows';
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

/** The fields of an order line the delivery code reads, each with how its stored value is taken. */
const LINE = {
  orderLineId: Number,
  orderHeaderId: Number,
  lineNum: Number,
  itemId: Number,
  itemCode: nullableText,
  itemName: nullableText,
  uomCode: nullableText,
  quantity: dec,
  shippedQty: dec,
  receivedQty: dec,
  unitPriceExcl: nullableText,
  taxRate: nullableText,
  lineStatus: nullableText,
};
/** The header's fields each line carries. */
const HEADER = {
  poNumber: String,
  status: String,
  supplierId: Number,
  orgId: nullableNumber,
  invOrgId: nullableNumber,
  buyerId: nullableNumber,
  currencyCode: nullableText,
};
export type OrderLine = Decoded<typeof LINE> & Decoded<typeof HEADER>;

/** The order lines that rows (lines of a note, a notice or a save) name, each once; a row naming none is left out. */
const orderLineIdsOf = (rows: { orderLineId?: unknown }[]): number[] => [
  ...new Set(rows.map((r) => Number(r.orderLineId)).filter((n) => n > 0)),
];

export class DeliveryOrderLines {
  constructor(private readonly rows: PlatformRows) {}

  /** Reads the rows' order lines with their header's values, without locking (save-time checks and copies). */
  async read(tx: SqlExecutor, rows: { orderLineId?: unknown }[]): Promise<Map<number, OrderLine>> {
    return this.select(tx, orderLineIdsOf(rows), false);
  }

  /** Locks the orders of the rows' order lines and then the lines (see above); the answer is read under the locks. */
  async lock(tx: SqlExecutor, rows: { orderLineId?: unknown }[]): Promise<Map<number, OrderLine>> {
    const orderLineId = orderLineIdsOf(rows);
    const headers = await this.rows.select(tx, ORDER_LINE, ['orderHeaderId'], { orderLineId });
    for (const orderHeaderId of [...new Set(headers.map((h) => Number(h.orderHeaderId)))].sort((a, b) => a - b))
      await this.rows.one(tx, ORDER, ['orderHeaderId'], { orderHeaderId }, { underLock: true });
    return this.select(tx, orderLineId, true);
  }

  /** The lines in key order with their header's values (the headers read after the lines). */
  private async select(tx: SqlExecutor, orderLineId: number[], underLock: boolean): Promise<Map<number, OrderLine>> {
    const lines = await this.rows.select(
      tx,
      ORDER_LINE,
      Object.keys(LINE),
      { orderLineId },
      { orderBy: ['orderLineId'], underLock },
    );
    const orderHeaderId = [...new Set(lines.map((l) => Number(l.orderHeaderId)))];
    const fields = ['orderHeaderId', ...Object.keys(HEADER)];
    const headers = await this.rows.select(tx, ORDER, fields, { orderHeaderId }, { underLock });
    const headerOf = new Map(headers.map((h) => [Number(h.orderHeaderId), decodeRow(HEADER, h)]));
    return new Map(
      lines.map((l) => [Number(l.orderLineId), { ...decodeRow(LINE, l), ...headerOf.get(Number(l.orderHeaderId))! }]),
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
   * RECEIVED move. The orders are those of `lines`, whose headers lock() locked.
   */
  async rollUp(tx: SqlExecutor, lines: Iterable<OrderLine>, userId: number | null): Promise<void> {
    for (const headerId of [...new Set([...lines].map((l) => l.orderHeaderId))].sort((a, b) => a - b)) {
      const status = String((await this.rows.one(tx, ORDER, ['status'], { orderHeaderId: headerId }))?.status ?? '');
      if (!['CONFIRMED', 'PARTIAL_RECEIVED', 'RECEIVED'].includes(status)) continue;
      const fields = ['quantity', 'receivedQty', 'lineStatus'];
      const lines = await this.rows.select(tx, ORDER_LINE, fields, { orderHeaderId: headerId });
      const open = lines.filter((l) => l.lineStatus !== 'CANCELLED');
      const all = open.length > 0 && open.every((l) => cmp(dec(l.receivedQty), dec(l.quantity)) >= 0);
      const any = open.some((l) => isPositive(dec(l.receivedQty)));
      const next = all ? 'RECEIVED' : any ? 'PARTIAL_RECEIVED' : 'CONFIRMED';
      if (next !== status) await this.rows.update(tx, ORDER, { status: next }, { orderHeaderId: headerId }, userId);
    }
  }
}
