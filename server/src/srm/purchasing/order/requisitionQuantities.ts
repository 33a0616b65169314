import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import { addDecimals, compareDecimals, subtractDecimals, type Dec } from '../../../util/decimal';
import { decimalOf, qtyText, REQ_HEADER, REQ_LINE, type OrderSql } from './orderModel';

/** Order-line quantities per requisition line (an order may carry several lines of one requisition line). */
function perRequisitionLine(lines: Row[]): Map<number, Dec> {
  const sums = new Map<number, Dec>();
  for (const line of lines) {
    if (line.requisitionLineId === null || line.requisitionLineId === undefined) continue;
    const id = Number(line.requisitionLineId);
    sums.set(id, addDecimals(sums.get(id) ?? { units: 0n, scale: 0 }, decimalOf(line.quantity)));
  }
  return sums;
}

/**
 * The requisition line, locked alone (latest committed values on MariaDB), then its header's
 * number and status read without a lock: locking the shared header too would let two orders of
 * one requisition wait for each other.
 */
async function lockRequisitionLine(o: OrderSql, tx: SqlExecutor, requisitionLineId: number): Promise<Row | undefined> {
  const fields = ['quantity', 'orderedQty', 'lineStatus', 'lineNum', 'requisitionHeaderId'];
  const line = await o.rows.one(tx, REQ_LINE, fields, { requisitionLineId }, { underLock: true });
  if (!line) return undefined;
  const header = await o.rows.one(tx, REQ_HEADER, ['requisitionNumber', 'status'], {
    requisitionHeaderId: Number(line.requisitionHeaderId),
  });
  return { ...line, ...header };
}

function checkOrderable(req: Row, id: number, ordered: Dec, quantity: Dec): void {
  const name = `${String(req.requisitionNumber)}/${String(req.lineNum)}`;
  if (req.status !== 'APPROVED' || ['CLOSED', 'CANCELLED'].includes(String(req.lineStatus)))
    throw declaredError('purchasingOrders.requisitionLineNotOrderable', { name, id });
  if (compareDecimals(ordered, quantity) > 0)
    throw declaredError('purchasingOrders.requisitionLineOverOrdered', {
      name,
      ordered: qtyText(ordered),
      quantity: qtyText(quantity),
    });
}

/**
 * Adds (sign 1, on release) or gives back (sign -1, on cancel or revision) the order lines'
 * quantities to the requisition lines they come from. Each requisition line is locked in id order
 * and checked under the lock: orderedQty never exceeds the line's approved quantity.
 */
export async function moveRequisitionQuantities(
  o: OrderSql,
  tx: SqlExecutor,
  lines: Row[],
  sign: 1 | -1,
  userId: number | null,
): Promise<void> {
  const sums = perRequisitionLine(lines);
  for (const id of [...sums.keys()].sort((a, b) => a - b)) {
    const req = await lockRequisitionLine(o, tx, id);
    if (!req)
      throw declaredError('purchasingOrders.requisitionLineUnknown', { id }, [
        { field: 'requisitionLineId', message: 'unknown' },
      ]);
    const quantity = decimalOf(req.quantity);
    const delta = sums.get(id)!;
    let ordered =
      sign === 1 ? addDecimals(decimalOf(req.orderedQty), delta) : subtractDecimals(decimalOf(req.orderedQty), delta);
    if (sign === 1) checkOrderable(req, id, ordered, quantity);
    if (ordered.units < 0n) ordered = { units: 0n, scale: 0 };
    const status =
      ordered.units === 0n ? 'OPEN' : compareDecimals(ordered, quantity) >= 0 ? 'ORDERED' : 'PARTIAL_ORDERED';
    const lineStatus = ['CLOSED', 'CANCELLED'].includes(String(req.lineStatus)) ? String(req.lineStatus) : status;
    await o.update(tx, REQ_LINE, 'requisitionLineId', id, { orderedQty: qtyText(ordered), lineStatus }, userId);
  }
}
