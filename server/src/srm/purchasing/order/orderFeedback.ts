import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { formatDateTime } from '../../../util/time';
import { FEEDBACK, HEADER, type OrderSql } from './orderModel';
import { closeTodos, createFeedbackTodo, createSupplierTodo, orderRef } from './orderTodos';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface FeedbackInput {
  feedbackType: 'DATE_CHANGE' | 'REJECT';
  reason: string | null;
  lines: { orderLineId: number; proposedDate: string }[];
  /** One proposed date for every line of the order (the edit page's prompt). */
  allLines?: string;
}

function checkedDate(value: string, field: string): string {
  const date = value.trim();
  if (!DATE.test(date) || Number.isNaN(Date.parse(date)))
    throw Errors.badRequest('建议交期格式应为 YYYY-MM-DD', `${field} must be a date YYYY-MM-DD`, [
      { field, message: 'date' },
    ]);
  return date;
}

/** The body of doFeedback: {feedbackType DATE_CHANGE, lines:[{orderLineId, proposedDate}], reason?} or {feedbackType REJECT, reason}; the type defaults from the lines. */
export function feedbackInput(body: Record<string, unknown>): FeedbackInput {
  // The pages' prompt buttons send one value: a reason alone is a refusal, a proposedDate alone a date change of every line.
  const dated = (Array.isArray(body.lines) && body.lines.length > 0) || body.proposedDate !== undefined;
  const type = body.feedbackType ?? (dated ? 'DATE_CHANGE' : 'REJECT');
  const reason = typeof body.reason === 'string' && body.reason.trim() ? body.reason.trim().slice(0, 500) : null;
  if (type === 'REJECT') {
    if (!reason)
      throw Errors.badRequest('拒单必须填写原因', 'A refusal needs a reason', [
        { field: 'reason', message: 'required' },
      ]);
    return { feedbackType: type, reason, lines: [] };
  }
  if (type !== 'DATE_CHANGE')
    throw Errors.badRequest('反馈类型只能是 DATE_CHANGE 或 REJECT', 'feedbackType must be DATE_CHANGE or REJECT', [
      { field: 'feedbackType', message: 'DATE_CHANGE | REJECT' },
    ]);
  const raw = Array.isArray(body.lines) ? (body.lines as Record<string, unknown>[]) : [];
  if (!raw.length && typeof body.proposedDate === 'string')
    return { feedbackType: type, reason, lines: [], allLines: checkedDate(body.proposedDate, 'proposedDate') };
  if (!raw.length)
    throw Errors.badRequest(
      '交期变更需要至少一行建议交期',
      'A date change needs proposed dates for at least one line',
      [{ field: 'lines', message: 'required' }],
    );
  const lines = raw.map((l, i) => {
    const orderLineId = Number(l?.orderLineId);
    const proposedDate = typeof l?.proposedDate === 'string' ? l.proposedDate : '';
    if (!Number.isSafeInteger(orderLineId) || orderLineId < 1)
      throw Errors.badRequest('订单行无效', `lines[${i}].orderLineId is not valid`, [
        { field: `lines[${i}].orderLineId`, message: 'invalid' },
      ]);
    if (!DATE.test(proposedDate) || Number.isNaN(Date.parse(proposedDate)))
      throw Errors.badRequest('建议交期格式应为 YYYY-MM-DD', `lines[${i}].proposedDate must be a date YYYY-MM-DD`, [
        { field: `lines[${i}].proposedDate`, message: 'date' },
      ]);
    return { orderLineId, proposedDate };
  });
  return { feedbackType: type, reason, lines };
}

async function insertFeedback(
  o: OrderSql,
  tx: SqlExecutor,
  values: Record<string, string | number | null>,
  userId: number | null,
): Promise<void> {
  await o.rows.insert(tx, FEEDBACK, { ...values, feedbackDate: formatDateTime() }, userId);
}

/** doFeedback on a locked RELEASED order pending feedback: feedback rows, the new feedback status, the buyer's to-do. */
export async function recordFeedback(
  o: OrderSql,
  tx: SqlExecutor,
  order: Row,
  input: FeedbackInput,
  userId: number | null,
): Promise<void> {
  const id = Number(order.orderHeaderId);
  if (order.status !== 'RELEASED' || order.feedbackStatus !== 'PENDING_FEEDBACK')
    throw Errors.conflict(
      `订单当前状态（${String(order.status)}/${String(order.feedbackStatus)}）不能反馈`,
      `Feedback is taken on a released order pending feedback; this one is ${String(order.status)}/${String(order.feedbackStatus)}`,
    );
  const own = new Set((await o.lines(tx, id)).map((l) => Number(l.orderLineId)));
  if (input.allLines)
    input = { ...input, lines: [...own].map((orderLineId) => ({ orderLineId, proposedDate: input.allLines! })) };
  const foreign = input.lines.find((l) => !own.has(l.orderLineId));
  if (foreign)
    throw Errors.badRequest('订单行不属于该订单', `Line ${foreign.orderLineId} is not a line of this order`, [
      { field: 'lines', message: 'foreign line' },
    ]);
  if (input.feedbackType === 'REJECT')
    await insertFeedback(o, tx, { orderHeaderId: id, feedbackType: 'REJECT', reason: input.reason }, userId);
  for (const l of input.lines)
    await insertFeedback(
      o,
      tx,
      {
        orderHeaderId: id,
        orderLineId: l.orderLineId,
        feedbackType: 'DATE_CHANGE',
        proposedDate: l.proposedDate,
        reason: input.reason,
      },
      userId,
    );
  const feedbackStatus = input.feedbackType === 'REJECT' ? 'REJECTED' : 'DELIVERY_DATE_CHANGE';
  await o.update(tx, HEADER, 'orderHeaderId', id, { feedbackStatus }, userId);
  await closeTodos(o, tx, 'supplier', id, 'SRM_PUR_ORDER', 'handled', userId);
  await createFeedbackTodo(o, tx, orderRef(id, order), userId);
}

/** doRejectFeedback: the buyer turns the supplier's feedback down; the order waits for feedback again. */
export async function rejectFeedback(
  o: OrderSql,
  tx: SqlExecutor,
  order: Row,
  comment: string | null,
  userId: number | null,
): Promise<void> {
  const id = Number(order.orderHeaderId);
  if (order.status !== 'RELEASED' || !['DELIVERY_DATE_CHANGE', 'REJECTED'].includes(String(order.feedbackStatus)))
    throw Errors.conflict(
      `订单当前状态（${String(order.status)}/${String(order.feedbackStatus)}）没有待处理的反馈`,
      `There is no supplier feedback to reject: the order is ${String(order.status)}/${String(order.feedbackStatus)}`,
    );
  const { t, c } = o.sql;
  await tx.execute(
    `UPDATE ${t(FEEDBACK)} SET ${c(FEEDBACK, 'buyerDecision')} = 'FAIL', ${c(FEEDBACK, 'decisionComment')} = ?, ${c(FEEDBACK, 'lastUpdatedBy')} = ?, ${c(FEEDBACK, 'lastUpdateDate')} = ?, ${c(FEEDBACK, 'versionNum')} = ${c(FEEDBACK, 'versionNum')} + 1 ` +
      `WHERE ${c(FEEDBACK, 'orderHeaderId')} = ? AND ${c(FEEDBACK, 'buyerDecision')} IS NULL`,
    [comment, userId, formatDateTime(), id],
  );
  await o.update(tx, HEADER, 'orderHeaderId', id, { feedbackStatus: 'PENDING_FEEDBACK' }, userId);
  await closeTodos(o, tx, 'internal', id, 'PUR_ORDER_FEEDBACK', 'handled', userId);
  await createSupplierTodo(o, tx, orderRef(id, order), userId);
}
