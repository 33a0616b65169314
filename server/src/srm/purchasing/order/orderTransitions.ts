import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { toBaseCurrency } from '../../base/contract';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { dateText } from '../partContext';
import { FEEDBACK, HEADER, LINE, type OrderSql } from './orderModel';
import type { OrderGate } from './orderGate';
import { moveRequisitionQuantities } from './requisitionQuantities';

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
  const dates = { promisedDate: promised, originalPromisedDate: original };
  await o.update(tx, LINE, 'orderLineId', Number(line.orderLineId), dates, userId);
}

/**
 * doSubmit (lines required: a declared check, purOrder.json): the total is fixed in the base currency at the order date
 * (totalAmountBase), which the approval rule's director step reads (purOrder.json: from 500,000.00
 * CNY). A foreign-currency order without a valid rate cannot be submitted (400 naming the rate).
 */
async function submit(o: OrderSql, run: TransitionRun, gate: OrderGate): Promise<void> {
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

/**
 * doApprove (last step): released to the supplier. Feedback pending, the release date and the
 * supplier's to-do are declared effects (purOrder.json); here the supplier is checked again and
 * the requisition lines are ordered.
 */
async function release(o: OrderSql, run: TransitionRun, gate: OrderGate): Promise<void> {
  if (run.advancing) return;
  // The supplier may have been frozen, exited or blacklisted while the order waited for approval.
  await gate.onTransition(run.tx, run.id);
  await moveRequisitionQuantities(o, run.tx, await o.lines(run.tx, run.id, true), 1, run.actor.userId);
}

/**
 * doAcceptFeedback: the buyer accepts the supplier's proposed dates. The confirmation and the
 * feedback to-do handled are declared (purOrder.json).
 */
async function acceptFeedback(o: OrderSql, run: TransitionRun): Promise<void> {
  const userId = run.actor.userId;
  const open = await o.rows.select(run.tx, FEEDBACK, ['feedbackId', 'orderLineId', 'proposedDate'], {
    orderHeaderId: run.id,
    feedbackType: 'DATE_CHANGE',
    buyerDecision: null,
  });
  const proposed = new Map(open.map((f) => [Number(f.orderLineId), dateText(f.proposedDate)]));
  for (const line of await o.lines(run.tx, run.id, true))
    await promise(o, run.tx, line, proposed.get(Number(line.orderLineId)) ?? null, userId);
  const decided = { feedbackId: open.map((f) => Number(f.feedbackId)) };
  await o.rows.update(run.tx, FEEDBACK, { buyerDecision: 'PASS', decisionComment: run.comment }, decided, userId);
}

/**
 * doCancel: the requisition quantities are given back. Nothing shipped (a declared check), the
 * lines cancelled and the order's to-dos cancelled are declared (purOrder.json).
 */
async function cancel(o: OrderSql, run: TransitionRun): Promise<void> {
  await moveRequisitionQuantities(o, run.tx, await o.lines(run.tx, run.id, true), -1, run.actor.userId);
}

/**
 * doRevise: a released or confirmed order is taken back for a change (decision): revision + 1,
 * WITHDRAWN (editable, hidden from the supplier) and the requisition quantities given back until
 * the changed order is approved again. Feedback cleared and the to-dos cancelled are declared
 * (purOrder.json).
 */
async function revise(o: OrderSql, run: TransitionRun): Promise<void> {
  const userId = run.actor.userId;
  await moveRequisitionQuantities(o, run.tx, await o.lines(run.tx, run.id, true), -1, userId);
  const revision = Number(run.record.revisionNum ?? 0) + 1;
  await o.update(run.tx, HEADER, 'orderHeaderId', run.id, { revisionNum: revision }, userId);
}

export function registerOrderTransitions(o: OrderSql, handlers: TransitionHandlerRegistry, gate: OrderGate): void {
  handlers.register('submitPurOrder', (run) => submit(o, run, gate));
  handlers.register('releasePurOrder', (run) => release(o, run, gate));
  handlers.register('acceptPurOrderFeedback', (run) => acceptFeedback(o, run));
  handlers.register('cancelPurOrder', (run) => cancel(o, run));
  handlers.register('revisePurOrder', (run) => revise(o, run));
}
