import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry, SaveDraft } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { NOTICE, NOTICE_LINE, type Delivery } from './deliveryContext';
import type { OrderLine } from './orderLines';
import { add, cmp, dec, max, qty, sub, ZERO, type Dec } from './quantities';

/**
 * Delivery notices (DOMAIN 5.5): the buyer calls off quantities of confirmed order lines; the
 * supplier confirms; delivery notes ship against them.
 *
 * Open quantity of an order line for a notice (decision): quantity − shippedQty − what other
 * notices still expect of it (Σ requiredQty − shippedQty, at least 0, of their lines on that order
 * line while PUBLISHED, CONFIRMED or PARTIAL_SHIPPED). Drafts reserve nothing. Checked on save
 * (400, without locks, for the form) and again on publish under the order lines' locks (409).
 *
 * What a line still expects is kept on the line itself (openQty: its required quantity on publish,
 * nothing being shipped yet; 0 once closed or cancelled: declared in purDeliveryNotice.json; after
 * a shipment, rollUpNotice), so the check reads notice lines only: a locking read
 * of other notices' headers would wait for a notice whose own publish waits for the order's lock.
 */
const RESERVING = ['PUBLISHED', 'CONFIRMED', 'PARTIAL_SHIPPED'];

/** Lines of a notice. */
function noticeLines(d: Delivery, tx: SqlExecutor, deliveryNoticeId: number): Promise<Row[]> {
  const fields = ['noticeLineId', 'orderLineId', 'requiredQty', 'shippedQty'];
  return d.rows.select(tx, NOTICE_LINE, fields, { deliveryNoticeId }, { orderBy: ['lineNum', 'noticeLineId'] });
}

/** What other notices still expect of the lines' order lines (see above). */
async function reservedElsewhere(
  d: Delivery,
  tx: SqlExecutor,
  lines: { orderLineId: number }[],
  noticeId: number | undefined,
  locking: boolean,
): Promise<Map<number, Dec>> {
  const out = new Map<number, Dec>();
  const fields = ['orderLineId', 'deliveryNoticeId', 'openQty'];
  const where = { orderLineId: [...new Set(lines.map((l) => l.orderLineId))] };
  for (const r of await d.rows.select(tx, NOTICE_LINE, fields, where, { underLock: locking })) {
    if (Number(r.deliveryNoticeId) === noticeId) continue;
    const id = Number(r.orderLineId);
    out.set(id, add(out.get(id) ?? ZERO, max(dec(r.openQty), ZERO)));
  }
  return out;
}

/** Sets what each line of a notice still expects: required − shipped (at least 0) while it reserves, else 0. */
async function setOpenQuantities(
  d: Delivery,
  tx: SqlExecutor,
  noticeId: number,
  reserving: boolean,
  userId: number | null,
): Promise<void> {
  for (const line of await noticeLines(d, tx, noticeId)) {
    const open = reserving ? max(sub(dec(line.requiredQty), dec(line.shippedQty)), ZERO) : ZERO;
    await d.rows.update(tx, NOTICE_LINE, { openQty: qty(open) }, { noticeLineId: Number(line.noticeLineId) }, userId);
  }
}

/**
 * Each order line's total requiredQty on this notice may not exceed its open quantity. `fail`
 * words the refusal (400 naming the line's field on save, 409 on publish).
 */
async function checkOpenQuantities(
  d: Delivery,
  tx: SqlExecutor,
  noticeId: number | undefined,
  lines: { orderLineId: number; requiredQty: Dec; index: number }[],
  orders: Map<number, OrderLine>,
  locking: boolean,
  fail: (line: OrderLine, open: Dec, index: number) => Error,
): Promise<void> {
  const elsewhere = await reservedElsewhere(d, tx, lines, noticeId, locking);
  const wanted = new Map<number, Dec>();
  for (const line of lines) {
    const order = orders.get(line.orderLineId)!;
    const total = add(wanted.get(line.orderLineId) ?? ZERO, line.requiredQty);
    wanted.set(line.orderLineId, total);
    const open = sub(sub(order.quantity, order.shippedQty), elsewhere.get(line.orderLineId) ?? ZERO);
    if (cmp(total, open) > 0) throw fail(order, max(open, ZERO), line.index);
  }
}

/** beforeSave of a notice: the lines' order lines belong to the notice's supplier and plant; copies of the order line; quantities. */
async function beforeSaveNotice(d: Delivery, draft: SaveDraft): Promise<void> {
  const lines = draft.children.lines;
  if (!lines) return;
  const { tx, values } = draft;
  let supplierId = values.supplierId as number | undefined;
  let invOrgId = values.invOrgId as number | undefined;
  if ((supplierId === undefined || invOrgId === undefined) && draft.id) {
    const stored = await d.rows.one(tx, NOTICE, ['supplierId', 'invOrgId'], { deliveryNoticeId: draft.id });
    supplierId ??= stored ? Number(stored.supplierId) : undefined;
    invOrgId ??= stored ? Number(stored.invOrgId) : undefined;
  }
  const orders = await d.orderLines.read(tx, lines);
  const checked: { orderLineId: number; requiredQty: Dec; index: number }[] = [];
  lines.forEach((line, i) => {
    line.lineNum ??= i + 1;
    const order = orders.get(Number(line.orderLineId));
    const field = `lines[${i}].orderLineId`;
    if (!order) throw Errors.validation([{ field, message: 'unknown order line / 订单行不存在' }]);
    if (Number(order.supplierId) !== Number(supplierId))
      throw Errors.validation([
        { field, message: "the order line is not the notice's supplier's / 订单行不属于该供应商" },
      ]);
    if (invOrgId !== undefined && order.invOrgId !== null && Number(order.invOrgId) !== Number(invOrgId))
      throw Errors.validation([
        { field, message: 'the order line ships to another plant / 订单行的收货工厂与通知不同' },
      ]);
    d.orderLines.copyOnto(line, order, field);
    checked.push({ orderLineId: order.orderLineId, requiredQty: dec(line.requiredQty), index: i });
  });
  await checkOpenQuantities(d, tx, draft.id, checked, orders, false, (order, open, i) =>
    Errors.validation([
      {
        field: `lines[${i}].requiredQty`,
        message: `exceeds the open quantity ${qty(open)} of PO ${order.poNumber} line ${order.lineNum} / 超过订单行未交数量 ${qty(open)}`,
      },
    ]),
  );
}

/**
 * doPublish: the open quantities, checked under the order lines' locks. At least one line, each
 * order deliverable and the notice's supplier's (read under the same locks, headers first), the
 * lines' openQty, the publish date and the supplier's to-do are declared (purDeliveryNotice.json).
 */
async function publish(d: Delivery, run: TransitionRun): Promise<void> {
  const lines = await noticeLines(d, run.tx, run.id);
  const orders = await d.orderLines.lock(run.tx, lines);
  await checkOpenQuantities(
    d,
    run.tx,
    run.id,
    lines.map((l, index) => ({ orderLineId: Number(l.orderLineId), requiredQty: dec(l.requiredQty), index })),
    orders,
    true,
    (order, open) =>
      declaredError('purchasingDelivery.overOpenQuantity', {
        poNumber: order.poNumber,
        lineNum: order.lineNum,
        open: qty(open),
      }),
  );
}

/**
 * The system's move of a notice from its lines' shippedQty (after a note ships or is cancelled):
 * SHIPPED when every line shipped its required quantity, PARTIAL_SHIPPED when some shipped, else
 * back to CONFIRMED (or PUBLISHED when never confirmed). Closed and cancelled notices stay.
 */
export async function rollUpNotice(
  d: Delivery,
  tx: SqlExecutor,
  noticeId: number,
  userId: number | null,
): Promise<void> {
  const head = await d.rows.one(tx, NOTICE, ['status', 'confirmDate'], { deliveryNoticeId: noticeId });
  const status = head ? String(head.status) : '';
  if (!['PUBLISHED', 'CONFIRMED', 'PARTIAL_SHIPPED', 'SHIPPED'].includes(status)) return;
  const lines = await noticeLines(d, tx, noticeId);
  const all = lines.length > 0 && lines.every((l) => cmp(dec(l.shippedQty), dec(l.requiredQty)) >= 0);
  const any = lines.some((l) => dec(l.shippedQty).units > 0n);
  const next = all ? 'SHIPPED' : any ? 'PARTIAL_SHIPPED' : head!.confirmDate ? 'CONFIRMED' : 'PUBLISHED';
  if (next !== status) await d.rows.update(tx, NOTICE, { status: next }, { deliveryNoticeId: noticeId }, userId);
  await setOpenQuantities(d, tx, noticeId, RESERVING.includes(next), userId);
}

export function registerNotices(d: Delivery, hooks: RecordHookRegistry, handlers: TransitionHandlerRegistry): void {
  hooks.registerBeforeSave(NOTICE, (draft) => beforeSaveNotice(d, draft));
  handlers.register('publishDeliveryNotice', (run) => publish(d, run));
}
