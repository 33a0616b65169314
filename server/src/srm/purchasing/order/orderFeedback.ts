import type { JsonSchema } from '@meridian/metadata';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import { recordIdInput } from '../../../platform/actionInput';
import type { ActionStates } from '../../../platform/actionRegistry';
import { formatDateTime } from '../../../util/time';
import { FEEDBACK, HEADER, type OrderSql } from './orderModel';
import { handOver } from './orderTodos';

export interface FeedbackInput {
  feedbackType: 'DATE_CHANGE' | 'REJECT';
  reason: string | null;
  lines: { orderLineId: number; proposedDate: string }[];
  /** One proposed date for every line of the order (the edit page's prompt). */
  allLines?: string;
}

const DATE: JsonSchema = { type: 'string', format: 'date' };

/** doFeedback's body as the platform checks it: the types and calendar dates (a 31 February is refused). */
export const FEEDBACK_INPUT = recordIdInput('id', {
  feedbackType: { type: 'string', enum: ['DATE_CHANGE', 'REJECT'] },
  reason: { type: 'string', maxLength: 500 },
  proposedDate: DATE,
  lines: {
    type: 'array',
    items: {
      type: 'object',
      required: ['orderLineId', 'proposedDate'],
      properties: { orderLineId: { type: 'integer', minimum: 1 }, proposedDate: DATE },
    },
  },
});

/** The order's state and feedback status, as a refusal names them. */
const stateOf = (order: Row) => ({ status: String(order.status), feedbackStatus: String(order.feedbackStatus) });

/** The states doFeedback is taken in: a released order waiting for the supplier's feedback. */
export const FEEDBACK_STATES: ActionStates = {
  entity: HEADER,
  in: ['RELEASED'],
  also: { feedbackStatus: ['PENDING_FEEDBACK'] },
  refusal: (order) => declaredText('purchasingOrders.feedbackNotTaken', stateOf(order)),
};

/** The states doRejectFeedback is taken in: a released order with the supplier's feedback waiting. */
export const REJECT_FEEDBACK_STATES: ActionStates = {
  entity: HEADER,
  in: ['RELEASED'],
  also: { feedbackStatus: ['DELIVERY_DATE_CHANGE', 'REJECTED'] },
  refusal: (order) => declaredText('purchasingOrders.noFeedbackToReject', stateOf(order)),
};

type FeedbackBody = { feedbackType?: FeedbackInput['feedbackType']; reason?: string; proposedDate?: string };

/**
 * doFeedback's body (checked against FEEDBACK_INPUT): {feedbackType DATE_CHANGE, lines:[{orderLineId,
 * proposedDate}], reason?} or {feedbackType REJECT, reason}; the type defaults from the lines.
 */
export function feedbackInput(body: Record<string, unknown>): FeedbackInput {
  const { feedbackType, reason: text, proposedDate } = body as FeedbackBody;
  const lines = (body.lines ?? []) as FeedbackInput['lines'];
  // The pages' prompt buttons send one value: a reason alone is a refusal, a proposedDate alone a date change of every line.
  const type = feedbackType ?? (lines.length > 0 || proposedDate !== undefined ? 'DATE_CHANGE' : 'REJECT');
  const reason = text?.trim() || null;
  if (type === 'REJECT') {
    if (!reason)
      throw declaredError('purchasingOrders.refusalNeedsReason', {}, [{ field: 'reason', message: 'required' }]);
    return { feedbackType: type, reason, lines: [] };
  }
  if (!lines.length && proposedDate) return { feedbackType: type, reason, lines: [], allLines: proposedDate };
  if (!lines.length)
    throw declaredError('purchasingOrders.dateChangeNeedsLines', {}, [{ field: 'lines', message: 'required' }]);
  return {
    feedbackType: type,
    reason,
    lines: lines.map(({ orderLineId, proposedDate }) => ({ orderLineId, proposedDate })),
  };
}

/** doFeedback on a locked RELEASED order pending feedback (FEEDBACK_STATES): feedback rows, the new feedback status, the buyer's to-do. */
export async function recordFeedback(
  o: OrderSql,
  tx: SqlExecutor,
  order: Row,
  input: FeedbackInput,
  userId: number | null,
): Promise<void> {
  const id = Number(order.orderHeaderId);
  const own = new Set((await o.lines(tx, id)).map((l) => Number(l.orderLineId)));
  if (input.allLines)
    input = { ...input, lines: [...own].map((orderLineId) => ({ orderLineId, proposedDate: input.allLines! })) };
  const foreign = input.lines.find((l) => !own.has(l.orderLineId));
  if (foreign)
    throw declaredError('purchasingOrders.foreignOrderLine', { orderLineId: foreign.orderLineId }, [
      { field: 'lines', message: 'foreign line' },
    ]);
  const given = { orderHeaderId: id, reason: input.reason, feedbackDate: formatDateTime() };
  if (input.feedbackType === 'REJECT') await o.rows.insert(tx, FEEDBACK, { ...given, feedbackType: 'REJECT' }, userId);
  for (const { orderLineId, proposedDate } of input.lines)
    await o.rows.insert(tx, FEEDBACK, { ...given, orderLineId, feedbackType: 'DATE_CHANGE', proposedDate }, userId);
  const feedbackStatus = input.feedbackType === 'REJECT' ? 'REJECTED' : 'DELIVERY_DATE_CHANGE';
  await o.update(tx, HEADER, 'orderHeaderId', id, { feedbackStatus }, userId);
  await handOver(o, tx, order, 'internal', userId);
}

/** doRejectFeedback (REJECT_FEEDBACK_STATES): the buyer turns the supplier's feedback down; the order waits for feedback again. */
export async function rejectFeedback(
  o: OrderSql,
  tx: SqlExecutor,
  order: Row,
  comment: string | null,
  userId: number | null,
): Promise<void> {
  const id = Number(order.orderHeaderId);
  await o.rows.update(
    tx,
    FEEDBACK,
    { buyerDecision: 'FAIL', decisionComment: comment },
    { orderHeaderId: id, buyerDecision: null },
    userId,
  );
  await o.update(tx, HEADER, 'orderHeaderId', id, { feedbackStatus: 'PENDING_FEEDBACK' }, userId);
  await handOver(o, tx, order, 'supplier', userId);
}
