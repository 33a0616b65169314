import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry, SaveDraft } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { lockOwner } from '../../../resource/invariantLocks';
import { NOTE, NOTE_LINE, NOTICE, NOTICE_LINE, type Delivery } from './deliveryContext';
import { rollUpNotice } from './notices';
import { add, dec, neg, qty, ZERO, type Dec } from './quantities';

/**
 * Delivery notes (ASN, DOMAIN 5.6): the supplier ships from notice lines or directly from its
 * confirmed order lines. doShip adds to the order lines' and notice lines' shippedQty (never more
 * than the order line's quantity − shippedQty: over-ship tolerance 0 %) and gives the buyers the
 * to-do PUR_DELIVERY_NOTE; doCancel (nothing received yet) reverses both.
 */
export const BUYER_TODO = 'PUR_DELIVERY_NOTE';
const NOTICE_SHIPPABLE = ['PUBLISHED', 'CONFIRMED', 'PARTIAL_SHIPPED'];

const NOTE_LINE_FIELDS = [
  'deliveryNoteLineId',
  'lineNum',
  'orderHeaderId',
  'orderLineId',
  'noticeLineId',
  'itemId',
  'itemCode',
  'uomCode',
  'shipQty',
  'receivedQty',
  'acceptedQty',
  'rejectedQty',
];

export function noteLines(d: Delivery, tx: SqlExecutor, deliveryNoteId: number, underLock = false): Promise<Row[]> {
  const orderBy = ['lineNum', 'deliveryNoteLineId'];
  return d.rows.select(tx, NOTE_LINE, NOTE_LINE_FIELDS, { deliveryNoteId }, { orderBy, underLock });
}

/** Notice lines with their notice's status and supplier, by key. */
async function readNoticeLines(d: Delivery, tx: SqlExecutor, noticeLineId: number[]): Promise<Map<number, Row>> {
  const lines = await d.rows.select(tx, NOTICE_LINE, ['noticeLineId', 'deliveryNoticeId', 'orderLineId'], {
    noticeLineId,
  });
  const deliveryNoticeId = [...new Set(lines.map((l) => Number(l.deliveryNoticeId)))];
  const notices = await d.rows.select(tx, NOTICE, ['deliveryNoticeId', 'status', 'supplierId'], { deliveryNoticeId });
  const noticeOf = new Map(notices.map((n) => [Number(n.deliveryNoticeId), n]));
  return new Map(lines.map((l) => [Number(l.noticeLineId), { ...noticeOf.get(Number(l.deliveryNoticeId)), ...l }]));
}

/**
 * beforeSave of a note: a line picked from a notice line takes that line's order line; every
 * order line is the note's supplier's, ships to the note's plant and is deliverable; the copies
 * (PO number, line, item, UOM) come from the order line, never from the client.
 */
async function beforeSaveNote(d: Delivery, draft: SaveDraft): Promise<void> {
  const lines = draft.children.lines;
  if (!lines) return;
  const { tx, values } = draft;
  const stored = draft.id
    ? await d.rows.one(tx, NOTE, ['supplierId', 'invOrgId', 'deliveryNoticeId'], { deliveryNoteId: draft.id })
    : undefined;
  const supplierId = Number(values.supplierId ?? stored?.supplierId);
  const invOrgId = values.invOrgId ?? stored?.invOrgId;
  const noticeId = 'deliveryNoticeId' in values ? values.deliveryNoticeId : stored?.deliveryNoticeId;
  const notices = await readNoticeLines(
    d,
    tx,
    lines.map((l) => Number(l.noticeLineId)).filter((n) => n > 0),
  );
  lines.forEach((line, i) => {
    line.lineNum ??= i + 1;
    if (line.noticeLineId === null || line.noticeLineId === undefined) return;
    const ref = notices.get(Number(line.noticeLineId));
    const field = `lines[${i}].noticeLineId`;
    if (!ref || Number(ref.supplierId) !== supplierId)
      throw Errors.validation([{ field, message: 'unknown notice line / 送货通知行不存在' }]);
    if (!NOTICE_SHIPPABLE.includes(String(ref.status)))
      throw Errors.validation([{ field, message: 'the notice is not open for delivery / 送货通知不可送货' }]);
    if (noticeId !== null && noticeId !== undefined && Number(noticeId) !== Number(ref.deliveryNoticeId))
      throw Errors.validation([{ field, message: 'the line belongs to another notice / 该行属于其他送货通知' }]);
    line.orderLineId = ref.orderLineId;
  });
  const orders = await d.orderLines.read(tx, lines);
  lines.forEach((line, i) => {
    const order = orders.get(Number(line.orderLineId));
    const field = `lines[${i}].orderLineId`;
    if (line.orderLineId === null || line.orderLineId === undefined)
      throw Errors.validation([{ field, message: 'pick an order line or a notice line / 请选择订单行或送货通知行' }]);
    if (!order || order.supplierId !== supplierId)
      throw Errors.validation([{ field, message: 'unknown order line / 订单行不存在' }]);
    if (invOrgId !== undefined && invOrgId !== null && order.invOrgId !== null && order.invOrgId !== Number(invOrgId))
      throw Errors.validation([
        { field, message: 'the order line ships to another plant / 订单行的收货工厂与送货单不同' },
      ]);
    d.orderLines.copyOnto(line, order, field);
  });
}

/**
 * Adds `sign` × shipQty of the note's lines (read under lock) to the order lines and notice lines,
 * under locks taken in the order every delivery writer uses: the note (by the transition), the
 * orders and their lines, then the notices.
 */
async function moveShipped(d: Delivery, run: TransitionRun, sign: 1 | -1): Promise<void> {
  const lines = await noteLines(d, run.tx, run.id, true);
  const orders = await d.orderLines.lock(run.tx, lines);
  const noticeLineIds = lines.map((l) => Number(l.noticeLineId)).filter((n) => n > 0);
  const refs = await readNoticeLines(d, run.tx, noticeLineIds);
  const noticeIds = [...new Set([...refs.values()].map((r) => Number(r.deliveryNoticeId)))].sort((a, b) => a - b);
  const noticeEntity = d.registry.entity(NOTICE)!;
  for (const id of noticeIds) await lockOwner(run.tx, noticeEntity, id);
  for (const deliveryNoticeId of sign > 0 ? noticeIds : []) {
    const notice = await d.rows.one(run.tx, NOTICE, ['status'], { deliveryNoticeId }, { underLock: true });
    if (!NOTICE_SHIPPABLE.includes(String(notice?.status)))
      throw declaredError('purchasingDelivery.noticeNotShippable');
  }
  const byOrderLine = new Map<number, Dec>();
  const byNoticeLine = new Map<number, Dec>();
  for (const line of lines) {
    const amount = dec(line.shipQty);
    byOrderLine.set(Number(line.orderLineId), add(byOrderLine.get(Number(line.orderLineId)) ?? ZERO, amount));
    if (Number(line.noticeLineId) > 0)
      byNoticeLine.set(Number(line.noticeLineId), add(byNoticeLine.get(Number(line.noticeLineId)) ?? ZERO, amount));
  }
  for (const [orderLineId, amount] of byOrderLine) {
    const order = orders.get(orderLineId);
    if (!order) throw declaredError('purchasingDelivery.orderLineGone');
    if (sign > 0 && order.supplierId !== Number(run.record.supplierId)) throw Errors.recordNotFound();
    await d.orderLines.addShipped(run.tx, order, sign > 0 ? amount : neg(amount), run.actor.userId);
  }
  const { t, c } = d.sql;
  for (const [noticeLineId, amount] of byNoticeLine) {
    await run.tx.execute(
      `UPDATE ${t(NOTICE_LINE)} SET ${c(NOTICE_LINE, 'shippedQty')} = COALESCE(${c(NOTICE_LINE, 'shippedQty')}, 0) + ?, ${c(NOTICE_LINE, 'versionNum')} = ${c(NOTICE_LINE, 'versionNum')} + 1 WHERE ${c(NOTICE_LINE, 'noticeLineId')} = ?`,
      [qty(sign > 0 ? amount : neg(amount)), noticeLineId],
    );
  }
  for (const id of noticeIds) await rollUpNotice(d, run.tx, id, run.actor.userId);
}

export function registerNotes(d: Delivery, hooks: RecordHookRegistry, handlers: TransitionHandlerRegistry): void {
  hooks.registerBeforeSave(NOTE, (draft) => beforeSaveNote(d, draft));
  // doShip: a line, each ship quantity above 0, each order deliverable (read under the orders'
  // locks), the shipped date and the buyers' to-dos (the buyer of each line's order) are declared
  // (purDeliveryNote.json).
  handlers.register('shipDeliveryNote', (run) => moveShipped(d, run, 1));
  // doCancel: nothing received yet and the buyers' to-dos cancelled are declared (purDeliveryNote.json).
  handlers.register('cancelDeliveryNote', (run) => moveShipped(d, run, -1));
}
