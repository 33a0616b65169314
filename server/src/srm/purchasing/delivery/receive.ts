import type { JsonSchema } from '@meridian/metadata';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { caller } from '../../../home/readerContext';
import { Errors } from '../../../http/apiError';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import { recordIdInput } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { nextDocumentNumber } from '../../../resource/documentNumber';
import { formatDateTime } from '../../../util/time';
import { requireInternal } from '../partContext';
import { NOTE, RECEIPT, type Delivery } from './deliveryContext';
import { BUYER_TODO, noteLines } from './notes';
import type { OrderLine } from './orderLines';
import { add, cmp, dec, isPositive, money, mul, qty, ZERO, type Dec } from './quantities';

/**
 * doReceive {id, lines?: [{deliveryNoteLineId, receivedQty, acceptedQty, rejectedQty}]} (DOMAIN 5.6,
 * INSIDE): receives a SHIPPED note once. Without `lines` every line is received in full as shipped
 * and accepted (the list's one-click receipt); with `lines`, a line not listed receives nothing.
 *
 * - acceptedQty + rejectedQty = receivedQty, else 400 naming the line's field.
 * - The order lines' receivedQty grows by the accepted quantity (DOMAIN §12: receivedQty = Σ
 *   RECEIVE − Σ RETURN, and a RECEIVE row carries the accepted quantity), never beyond quantity ×
 *   (1 + tolerance %): the item's overReceiptTolerancePct, else the supplier's, else 0 %.
 * - One srmPurReceiptTransaction per line with an accepted quantity: RECEIVE, price and tax rate
 *   of the order line, amountExcl = accepted × price and taxAmount = amountExcl × taxRate, each
 *   rounded to the cent; checkedFlag N for reconciliation.
 * - The note becomes RECEIVED when every line received at least its shipQty, else PARTIAL_RECEIVED
 *   (final for the note: a note is received once). The order moves to PARTIAL_RECEIVED / RECEIVED.
 * - The buyers' to-do PUR_DELIVERY_NOTE is done; a rejection or a received quantity other than the
 *   shipped one gives the supplier the to-do SRM_DELIVERY_NOTE.
 * Concurrency: the note row is locked first, then its status is checked, so a second receipt of
 * the same note waits and answers 409; the order lines are locked by the order-line module.
 */
const RES = 'srmPurDeliveryNoteRestful';
const PAGES = ['purDealDeliveryNoteList', 'purDeliveryManage/purDeliveryNoteEdit'];
const SUPPLIER_TODO = 'SRM_DELIVERY_NOTE';
const SUPPLIER_MENU = 'SUP_DELIVERY_NOTE';

interface Receipt {
  line: Row;
  received: Dec;
  accepted: Dec;
  rejected: Dec;
}

function receiptsOf(body: Record<string, unknown>, lines: Row[]): Receipt[] {
  if (body.lines === undefined || body.lines === null) {
    return lines.map((line) => ({ line, received: dec(line.shipQty), accepted: dec(line.shipQty), rejected: ZERO }));
  }
  const byId = new Map(lines.map((l) => [Number(l.deliveryNoteLineId), l]));
  const seen = new Set<number>();
  return (body.lines as Record<string, unknown>[]).map((entry, i) => {
    const id = Number(entry.deliveryNoteLineId);
    const line = byId.get(id);
    if (!line || seen.has(id))
      throw declaredError('purchasingDelivery.notNoteLine', {}, [
        { field: `lines[${i}].deliveryNoteLineId`, message: 'not a line of this delivery note (or listed twice)' },
      ]);
    seen.add(id);
    const received = dec(entry.receivedQty);
    const accepted = dec(entry.acceptedQty);
    const rejected = dec(entry.rejectedQty);
    if (cmp(add(accepted, rejected), received) !== 0)
      throw declaredError('purchasingDelivery.receiptUnbalanced', {}, [
        { field: `lines[${i}].acceptedQty`, message: 'acceptedQty + rejectedQty must equal receivedQty' },
      ]);
    return { line, received, accepted, rejected };
  });
}

/** The over-receipt tolerance in percent of the order lines' items: the item's, else the supplier's, else 0. */
async function tolerances(
  d: Delivery,
  tx: SqlExecutor,
  orders: Map<number, OrderLine>,
  supplierId: number,
): Promise<Map<number, Dec>> {
  const PCT = 'overReceiptTolerancePct';
  const fallback = dec((await d.rows.one(tx, 'srmSlcSupplierInfo', [PCT], { supplierId }))?.[PCT] ?? null);
  const itemId = [...new Set([...orders.values()].map((o) => o.itemId))];
  const items = await d.rows.select(tx, 'srmBaseMaterialItem', ['itemId', PCT], { itemId });
  const out = new Map<number, Dec>(itemId.map((id) => [id, fallback]));
  for (const item of items)
    if (item[PCT] !== null && item[PCT] !== undefined && item[PCT] !== '') out.set(Number(item.itemId), dec(item[PCT]));
  return out;
}

async function receive(
  d: Delivery,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) {
  const user = caller(req);
  requireInternal(ctx);
  const id = body.id as number;
  const entity = kernel.registry.entity(NOTE)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, entity, false, ctx);
  await kernel.db.transaction(async (tx) => {
    const note = await kernel.resources.reader.byId(entity, id, ctx, scope, tx, true);
    if (!note) throw Errors.recordNotFound();
    const lines = await noteLines(d, tx, id, true);
    const receipts = receiptsOf(body, lines);
    const orders = await d.orderLines.lock(tx, lines);
    const supplierId = Number(note.supplierId);
    const tolerance = await tolerances(d, tx, orders, supplierId);
    const today = formatDateTime().slice(0, 10);
    let differs = false;
    for (const [i, r] of receipts.entries()) {
      const order: OrderLine | undefined = orders.get(Number(r.line.orderLineId));
      if (!order) throw declaredError('purchasingDelivery.orderLineGone');
      if (isPositive(r.accepted))
        await d.orderLines.addReceived(
          tx,
          order,
          r.accepted,
          tolerance.get(order.itemId) ?? ZERO,
          user.userId,
          body.lines ? `lines[${i}].acceptedQty` : 'id',
        );
      if (isPositive(r.rejected) || cmp(r.received, dec(r.line.shipQty)) !== 0) differs = true;
      await d.rows.update(
        tx,
        'srmPurDeliveryNoteLine',
        { receivedQty: qty(r.received), acceptedQty: qty(r.accepted), rejectedQty: qty(r.rejected) },
        { deliveryNoteLineId: Number(r.line.deliveryNoteLineId) },
        user.userId,
      );
      if (!isPositive(r.accepted)) continue;
      const price = dec(order.unitPriceExcl);
      const amountExcl = money(mul(r.accepted, price));
      const taxAmount = money(mul(dec(amountExcl), dec(order.taxRate)));
      const receipt = {
        transactionNumber: await nextDocumentNumber(tx, 'RCV'),
        transactionType: 'RECEIVE',
        deliveryNoteId: id,
        deliveryNoteLineId: Number(r.line.deliveryNoteLineId),
        orderHeaderId: order.orderHeaderId,
        orderLineId: order.orderLineId,
        supplierId,
        orgId: order.orgId,
        invOrgId: order.invOrgId,
        itemId: order.itemId,
        itemCode: order.itemCode,
        quantity: qty(r.accepted),
        uomCode: order.uomCode,
        unitPriceExcl: order.unitPriceExcl,
        taxRate: order.taxRate,
        amountExcl,
        taxAmount,
        currencyCode: order.currencyCode,
        transactionDate: today,
        inspectResult: 'PASS',
        checkedFlag: 'N',
      };
      const receiptId = await d.rows.insert(tx, RECEIPT, receipt, user.userId);
      // The receipt's save runs the afterSave listeners like any other save (a VMI stock takes it in).
      const model = kernel.registry.entity(RECEIPT)!;
      await kernel.hooks.runAfterSave({ entity: model, id: Number(receiptId), values: receipt, ctx, tx });
    }
    // Each receipt is of a distinct line of the note (receiptsOf), so fewer receipts leave lines unlisted.
    if (receipts.length < lines.length) differs = true;
    const full = receipts.length === lines.length && receipts.every((r) => cmp(r.received, dec(r.line.shipQty)) >= 0);
    await d.rows.update(
      tx,
      NOTE,
      { status: full ? 'RECEIVED' : 'PARTIAL_RECEIVED', receivedDate: formatDateTime(), receiverId: user.userId },
      { deliveryNoteId: id },
      user.userId,
    );
    await d.orderLines.rollUp(tx, orders.values(), user.userId);
    await d.todos.close(
      tx,
      { entityName: NOTE, billId: id, billTypes: [BUYER_TODO], kind: 'internal' },
      'handled',
      user.userId,
    );
    if (differs) {
      const number = String(note.deliveryNoteNumber);
      await d.todos.open(
        tx,
        {
          to: { supplierId },
          billType: SUPPLIER_TODO,
          entityName: NOTE,
          billId: id,
          billNumber: number,
          menuCode: SUPPLIER_MENU,
          link: `purDeliveryManage/purDeliveryNoteEdit?id=${id}&mode=view`,
          title: declaredText('purchasingDelivery.receiptDiffersTodo', { number }),
        },
        user.userId,
      );
    }
  });
  const row = await kernel.resources.reader.byId(entity, id, ctx, scope);
  return { data: row ? await kernel.resources.reader.withChildren(entity, row, ctx) : null };
}

/** A quantity of the body: at least 0, at most 4 decimals (a number is taken as its text). */
const QUANTITY: JsonSchema = { type: 'string', pattern: '^\\s*\\d{1,16}(\\.\\d{1,4})?\\s*$' };
/** doReceive's body: the note, and the received lines when not all of the note as shipped (a blank rejectedQty is 0). */
const RECEIVE_INPUT = recordIdInput('id', {
  lines: {
    type: ['array', 'null'],
    minItems: 1,
    items: {
      type: 'object',
      required: ['deliveryNoteLineId', 'receivedQty', 'acceptedQty'],
      properties: {
        deliveryNoteLineId: { type: 'integer', minimum: 1 },
        receivedQty: QUANTITY,
        acceptedQty: QUANTITY,
        rejectedQty: { ...QUANTITY, type: ['string', 'null'] },
      },
    },
  },
});

export function registerReceive(d: Delivery, actions: ActionRegistry): void {
  actions.register({
    area: 'srmServer',
    resource: RES,
    action: 'doReceive',
    access: { pages: PAGES, resourceCode: 'btnReceive' },
    input: RECEIVE_INPUT,
    states: {
      entity: NOTE,
      in: ['SHIPPED'],
      refusal: () => declaredText('purchasingDelivery.noteNotAwaitingReceipt'),
    },
    handler: (body, ctx, kernel, req) => receive(d, body, ctx, kernel, req),
  });
}
