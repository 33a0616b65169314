import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { toBaseCurrency } from '../../base/exchangeRates';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { formatDateTime } from '../../../util/time';
import { decimalOf, FEEDBACK, HEADER, LINE, requireInternal, requireSupplier, type OrderSql } from './orderModel';
import type { OrderGate } from './orderGate';
import { closeTodos, createSupplierTodo, orderRef } from './orderTodos';
import { moveRequisitionQuantities } from './requisitionQuantities';

const dateText = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : String(v).slice(0, 10);

/** promisedDate := the given date, or the line's own, or its need-by date; originalPromisedDate is written once, never overwritten. */
async function promise(
  o: OrderSql,
  tx: SqlExecutor,
  line: Row,
  proposed: string | null,
  userId: number | null,
): Promise<void> {
  const promised = proposed ?? dateText(line.promisedDate) ?? dateText(line.needByDate);
  const original = dateText(line.originalPromisedDate) ?? promised;
  await o.update(
    tx,
    LINE,
    'orderLineId',
    Number(line.orderLineId),
    { promisedDate: promised, originalPromisedDate: original },
    userId,
  );
}

function refuseShipped(lines: Row[], cn: string, en: string): void {
  const shipped = lines.find((l) => decimalOf(l.shippedQty).units > 0n);
  if (shipped)
    throw Errors.conflict(
      `${cn}：订单行 ${String(shipped.lineNum)} 已发货`,
      `${en}: line ${String(shipped.lineNum)} has shipped quantities`,
    );
}

async function setLineStatus(
  o: OrderSql,
  tx: SqlExecutor,
  lines: Row[],
  status: string,
  userId: number | null,
  keep: string[] = [],
): Promise<void> {
  for (const line of lines) {
    if (!keep.includes(String(line.lineStatus)))
      await o.update(tx, LINE, 'orderLineId', Number(line.orderLineId), { lineStatus: status }, userId);
  }
}

/**
 * doSubmit: an order needs lines; its total is fixed in the base currency at the order date
 * (totalAmountBase), which the approval rule's director step reads (purOrder.json: from 500,000.00
 * CNY). A foreign-currency order without a valid rate cannot be submitted (400 naming the rate).
 */
async function submit(o: OrderSql, run: TransitionRun, gate: OrderGate): Promise<void> {
  if (!(await o.lines(run.tx, run.id)).length)
    throw Errors.badRequest('采购订单至少需要一行', 'A purchase order needs at least one line to be submitted', [
      { field: 'lines', message: 'required' },
    ]);
  await gate.onTransition(run.tx, run.id);
  await gate.grade.onSubmit(run.tx, run.id, run.ctx);
  const { totalAmountIncl, currencyCode, orderDate } = run.record;
  const base = await toBaseCurrency(
    run.tx,
    o.registry,
    String(totalAmountIncl ?? '0'),
    String(currencyCode),
    String(orderDate).slice(0, 10),
  );
  await o.update(run.tx, HEADER, 'orderHeaderId', run.id, { totalAmountBase: base }, run.actor.userId);
}

/** doApprove (last step): released to the supplier — feedback pending, the supplier's to-do, the requisition lines ordered. */
async function release(o: OrderSql, run: TransitionRun, gate: OrderGate): Promise<void> {
  if (run.advancing) return;
  // The supplier may have been frozen, exited or blacklisted while the order waited for approval.
  await gate.onTransition(run.tx, run.id);
  const userId = run.actor.userId;
  await o.update(
    run.tx,
    HEADER,
    'orderHeaderId',
    run.id,
    { feedbackStatus: 'PENDING_FEEDBACK', releaseDate: formatDateTime(), confirmDate: null },
    userId,
  );
  await moveRequisitionQuantities(o, run.tx, await o.lines(run.tx, run.id, true), 1, userId);
  await createSupplierTodo(o, run.tx, orderRef(run.id, run.record), userId);
}

/** doSupplierConfirm: the supplier accepts the order as released; promised dates default to the need-by dates. */
async function confirm(o: OrderSql, run: TransitionRun): Promise<void> {
  requireSupplier(run.ctx);
  const userId = run.actor.userId;
  for (const line of await o.lines(run.tx, run.id, true)) await promise(o, run.tx, line, null, userId);
  await o.update(
    run.tx,
    HEADER,
    'orderHeaderId',
    run.id,
    { feedbackStatus: 'CONFIRMED', confirmDate: formatDateTime() },
    userId,
  );
  await closeTodos(o, run.tx, 'supplier', run.id, 'SRM_PUR_ORDER', 'handled', userId);
}

/** doAcceptFeedback: the buyer accepts the supplier's proposed dates; the order is confirmed. */
async function acceptFeedback(o: OrderSql, run: TransitionRun): Promise<void> {
  requireInternal(run.ctx);
  const { t, c } = o.sql;
  const userId = run.actor.userId;
  const open = await run.tx.select(
    `SELECT ${c(FEEDBACK, 'feedbackId')} AS id, ${c(FEEDBACK, 'orderLineId')} AS lineId, ${c(FEEDBACK, 'proposedDate')} AS proposedDate FROM ${t(FEEDBACK)} ` +
      `WHERE ${c(FEEDBACK, 'orderHeaderId')} = ? AND ${c(FEEDBACK, 'feedbackType')} = 'DATE_CHANGE' AND ${c(FEEDBACK, 'buyerDecision')} IS NULL`,
    [run.id],
  );
  const proposed = new Map(open.map((f) => [Number(f.lineId), dateText(f.proposedDate)]));
  for (const line of await o.lines(run.tx, run.id, true))
    await promise(o, run.tx, line, proposed.get(Number(line.orderLineId)) ?? null, userId);
  for (const f of open)
    await o.update(
      run.tx,
      FEEDBACK,
      'feedbackId',
      Number(f.id),
      { buyerDecision: 'PASS', decisionComment: run.comment },
      userId,
    );
  await o.update(
    run.tx,
    HEADER,
    'orderHeaderId',
    run.id,
    { feedbackStatus: 'CONFIRMED', confirmDate: formatDateTime() },
    userId,
  );
  await closeTodos(o, run.tx, 'internal', run.id, 'PUR_ORDER_FEEDBACK', 'handled', userId);
}

/** doClose: open lines close; what is still waiting on the order ends. */
async function close(o: OrderSql, run: TransitionRun): Promise<void> {
  const userId = run.actor.userId;
  await setLineStatus(o, run.tx, await o.lines(run.tx, run.id, true), 'CLOSED', userId, ['RECEIVED', 'CANCELLED']);
  await closeTodos(o, run.tx, 'supplier', run.id, 'SRM_PUR_ORDER', 'cancelled', userId);
  await closeTodos(o, run.tx, 'internal', run.id, 'PUR_ORDER_FEEDBACK', 'cancelled', userId);
}

/** doCancel: only with nothing shipped; lines cancelled, the requisition quantities given back, the supplier's to-do cancelled. */
async function cancel(o: OrderSql, run: TransitionRun): Promise<void> {
  const userId = run.actor.userId;
  const lines = await o.lines(run.tx, run.id, true);
  refuseShipped(lines, '不能取消订单', 'The order cannot be cancelled');
  await setLineStatus(o, run.tx, lines, 'CANCELLED', userId);
  await moveRequisitionQuantities(o, run.tx, lines, -1, userId);
  await closeTodos(o, run.tx, 'supplier', run.id, 'SRM_PUR_ORDER', 'cancelled', userId);
  await closeTodos(o, run.tx, 'internal', run.id, 'PUR_ORDER_FEEDBACK', 'cancelled', userId);
}

/**
 * doRevise: a released or confirmed order is taken back for a change (decision): revision + 1,
 * WITHDRAWN (editable, hidden from the supplier), feedback cleared, the supplier's to-do cancelled
 * and the requisition quantities given back until the changed order is approved again.
 */
async function revise(o: OrderSql, run: TransitionRun): Promise<void> {
  const userId = run.actor.userId;
  const lines = await o.lines(run.tx, run.id, true);
  refuseShipped(lines, '不能变更订单', 'The order cannot be revised');
  await moveRequisitionQuantities(o, run.tx, lines, -1, userId);
  const revision = Number(run.record.revisionNum ?? 0) + 1;
  await o.update(
    run.tx,
    HEADER,
    'orderHeaderId',
    run.id,
    { revisionNum: revision, feedbackStatus: null, confirmDate: null },
    userId,
  );
  await closeTodos(o, run.tx, 'supplier', run.id, 'SRM_PUR_ORDER', 'cancelled', userId);
  await closeTodos(o, run.tx, 'internal', run.id, 'PUR_ORDER_FEEDBACK', 'cancelled', userId);
}

export function registerOrderTransitions(o: OrderSql, handlers: TransitionHandlerRegistry, gate: OrderGate): void {
  handlers.register('submitPurOrder', (run) => submit(o, run, gate));
  handlers.register('releasePurOrder', (run) => release(o, run, gate));
  handlers.register('confirmPurOrder', (run) => confirm(o, run));
  handlers.register('acceptPurOrderFeedback', (run) => acceptFeedback(o, run));
  handlers.register('closePurOrder', (run) => close(o, run));
  handlers.register('cancelPurOrder', (run) => cancel(o, run));
  handlers.register('revisePurOrder', (run) => revise(o, run));
}
