/**
 * The roll-up quantities of a purchase order line (shippedQty, receivedQty, returnedQty,
 * invoicedQty), for the documents that move them: delivery notes, receipts, invoices. Every
 * function runs inside the caller's transaction, locks the order header then the line (the order
 * the order's own transitions use), checks the rule under the lock, writes the line and, for
 * receipts, moves the line and header to PARTIAL_RECEIVED / RECEIVED.
 * Over-delivery tolerance: 0% (DOMAIN.md §5.6 decision).
 */
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import {
  addDecimals,
  compareDecimals,
  negateDecimal,
  parseDecimal,
  subtractDecimals,
  type Dec,
} from '../../../util/decimal';
import { decimalOf, HEADER, LINE, qtyText, type OrderSql } from './orderModel';

type Roll = 'shippedQty' | 'receivedQty' | 'returnedQty' | 'invoicedQty';

/** Order states in which goods may move against the order. */
const OPEN_STATES = ['RELEASED', 'CONFIRMED', 'PARTIAL_RECEIVED', 'RECEIVED'];

const LABEL: Record<Roll, [string, string]> = {
  shippedQty: ['已发货数量', 'shipped quantity'],
  receivedQty: ['已收货数量', 'received quantity'],
  returnedQty: ['已退货数量', 'returned quantity'],
  invoicedQty: ['已开票数量', 'invoiced quantity'],
};

/** The ceiling of each roll-up: shipped and received up to the ordered quantity, returns up to receipts, invoices up to receipts net of returns. */
function ceiling(roll: Roll, line: Row): Dec {
  if (roll === 'returnedQty') return decimalOf(line.receivedQty);
  if (roll === 'invoicedQty') return subtractDecimals(decimalOf(line.receivedQty), decimalOf(line.returnedQty));
  return decimalOf(line.quantity);
}

function quantityOf(qty: string | number): Dec {
  const d = parseDecimal(qty);
  if (!d || d.units <= 0n)
    throw Errors.badRequest('数量必须大于0', 'The quantity must be a positive decimal', [
      { field: 'qty', message: 'positive decimal' },
    ]);
  return d;
}

async function lockLine(o: OrderSql, tx: SqlExecutor, orderLineId: number): Promise<{ line: Row; status: string }> {
  const { t, c } = o.sql;
  const [ref] = await tx.select(
    `SELECT ${c(LINE, 'orderHeaderId')} AS h FROM ${t(LINE)} WHERE ${c(LINE, 'orderLineId')} = ?`,
    [orderLineId],
  );
  if (!ref) throw Errors.notFound('采购订单行不存在', `Purchase order line ${orderLineId} does not exist`);
  const [header] = await tx.select(
    `SELECT ${c(HEADER, 'status')} AS status FROM ${t(HEADER)} WHERE ${c(HEADER, 'orderHeaderId')} = ?${tx.dialect.forUpdate}`,
    [Number(ref.h)],
  );
  const f = (n: string) => `${c(LINE, n)} AS ${n}`;
  const [line] = await tx.select(
    `SELECT ${['orderLineId', 'orderHeaderId', 'lineNum', 'quantity', 'shippedQty', 'receivedQty', 'returnedQty', 'invoicedQty', 'lineStatus'].map(f).join(', ')} FROM ${t(LINE)} WHERE ${c(LINE, 'orderLineId')} = ?${tx.dialect.forUpdate}`,
    [orderLineId],
  );
  if (!line || !header) throw Errors.notFound('采购订单行不存在', `Purchase order line ${orderLineId} does not exist`);
  return { line, status: String(header.status) };
}

function lineStatusOf(line: Row, received: Dec): string {
  if (['CLOSED', 'CANCELLED'].includes(String(line.lineStatus))) return String(line.lineStatus);
  if (received.units === 0n) return 'OPEN';
  return compareDecimals(received, decimalOf(line.quantity)) >= 0 ? 'RECEIVED' : 'PARTIAL_RECEIVED';
}

/** The header's state from its lines' receipts: all received → RECEIVED, some → PARTIAL_RECEIVED, none → back to CONFIRMED/RELEASED. */
async function rollUpHeader(
  o: OrderSql,
  tx: SqlExecutor,
  headerId: number,
  status: string,
  userId: number | null,
): Promise<void> {
  const { t, c } = o.sql;
  const lines = await tx.select(
    `SELECT ${c(LINE, 'quantity')} AS quantity, ${c(LINE, 'receivedQty')} AS receivedQty, ${c(LINE, 'lineStatus')} AS lineStatus FROM ${t(LINE)} WHERE ${c(LINE, 'orderHeaderId')} = ?`,
    [headerId],
  );
  const live = lines.filter((l) => l.lineStatus !== 'CANCELLED');
  const any = live.some((l) => decimalOf(l.receivedQty).units > 0n);
  const all =
    live.length > 0 && live.every((l) => compareDecimals(decimalOf(l.receivedQty), decimalOf(l.quantity)) >= 0);
  let next = all ? 'RECEIVED' : any ? 'PARTIAL_RECEIVED' : status;
  if (!any && (status === 'RECEIVED' || status === 'PARTIAL_RECEIVED')) {
    const [h] = await tx.select(
      `SELECT ${c(HEADER, 'confirmDate')} AS d FROM ${t(HEADER)} WHERE ${c(HEADER, 'orderHeaderId')} = ?`,
      [headerId],
    );
    next = h?.d ? 'CONFIRMED' : 'RELEASED';
  }
  if (next !== status) await o.update(tx, HEADER, 'orderHeaderId', headerId, { status: next }, userId);
}

async function move(
  o: OrderSql,
  tx: SqlExecutor,
  roll: Roll,
  orderLineId: number,
  delta: Dec,
  userId: number | null,
): Promise<Row> {
  const { line, status } = await lockLine(o, tx, orderLineId);
  if (!OPEN_STATES.includes(status))
    throw Errors.conflict(
      `采购订单状态为 ${status}，不能变更${LABEL[roll][0]}`,
      `The purchase order is ${status}: its ${LABEL[roll][1]} cannot change`,
    );
  const current = decimalOf(line[roll]);
  const next = addDecimals(current, delta);
  const max = ceiling(roll, line);
  const where = `line ${String(line.lineNum)} (id ${orderLineId})`;
  if (next.units < 0n)
    throw Errors.conflict(
      `订单行 ${String(line.lineNum)} 的${LABEL[roll][0]} ${qtyText(current)} 不足以冲减 ${qtyText({ units: -delta.units, scale: delta.scale })}`,
      `Order ${where}: ${LABEL[roll][1]} ${qtyText(current)} cannot be reduced by ${qtyText({ units: -delta.units, scale: delta.scale })}`,
    );
  if (delta.units > 0n && compareDecimals(next, max) > 0)
    throw Errors.conflict(
      `订单行 ${String(line.lineNum)} 的${LABEL[roll][0]}将为 ${qtyText(next)}，超过上限 ${qtyText(max)}`,
      `Order ${where}: ${LABEL[roll][1]} would be ${qtyText(next)}, above its limit ${qtyText(max)}`,
    );
  const values: Record<string, string> = { [roll]: qtyText(next) };
  if (roll === 'receivedQty') values.lineStatus = lineStatusOf(line, next);
  await o.update(tx, LINE, 'orderLineId', orderLineId, values, userId);
  if (roll === 'receivedQty') await rollUpHeader(o, tx, Number(line.orderHeaderId), status, userId);
  return { ...line, ...values };
}

/** Shipped on a delivery note: shippedQty + qty ≤ quantity. */
export const addShipped = (
  o: OrderSql,
  tx: SqlExecutor,
  orderLineId: number,
  qty: string | number,
  userId: number | null = null,
) => move(o, tx, 'shippedQty', orderLineId, quantityOf(qty), userId);
/** A delivery note cancelled: shippedQty − qty ≥ 0. */
export const removeShipped = (
  o: OrderSql,
  tx: SqlExecutor,
  orderLineId: number,
  qty: string | number,
  userId: number | null = null,
) => move(o, tx, 'shippedQty', orderLineId, negateDecimal(quantityOf(qty)), userId);
/** Received: receivedQty + qty ≤ quantity; the line and header states follow. */
export const addReceived = (
  o: OrderSql,
  tx: SqlExecutor,
  orderLineId: number,
  qty: string | number,
  userId: number | null = null,
) => move(o, tx, 'receivedQty', orderLineId, quantityOf(qty), userId);
/** A receipt reversed: receivedQty − qty ≥ 0; the line and header states follow. */
export const removeReceived = (
  o: OrderSql,
  tx: SqlExecutor,
  orderLineId: number,
  qty: string | number,
  userId: number | null = null,
) => move(o, tx, 'receivedQty', orderLineId, negateDecimal(quantityOf(qty)), userId);
/** Returned to the supplier: returnedQty + qty ≤ receivedQty. */
export const addReturned = (
  o: OrderSql,
  tx: SqlExecutor,
  orderLineId: number,
  qty: string | number,
  userId: number | null = null,
) => move(o, tx, 'returnedQty', orderLineId, quantityOf(qty), userId);
/** Invoiced: invoicedQty + qty ≤ receivedQty − returnedQty. */
export const addInvoiced = (
  o: OrderSql,
  tx: SqlExecutor,
  orderLineId: number,
  qty: string | number,
  userId: number | null = null,
) => move(o, tx, 'invoicedQty', orderLineId, quantityOf(qty), userId);
/** An invoice cancelled: invoicedQty − qty ≥ 0. */
export const removeInvoiced = (
  o: OrderSql,
  tx: SqlExecutor,
  orderLineId: number,
  qty: string | number,
  userId: number | null = null,
) => move(o, tx, 'invoicedQty', orderLineId, negateDecimal(quantityOf(qty)), userId);
