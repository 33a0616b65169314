import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { idOf } from '../../../home/readerContext';
import { Errors } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { formatDateTime } from '../../../util/time';
import { feedbackInput, recordFeedback, rejectFeedback } from './orderFeedback';
import {
  BUYER_PAGES,
  HEADER,
  QA,
  requireInternal,
  requireSupplier,
  RESOURCE,
  SUPPLIER_PAGES,
  type OrderSql,
} from './orderModel';

type Work = (tx: SqlExecutor, order: Row, body: Record<string, unknown>, ctx: ResourceContext) => Promise<void>;

const text = (v: unknown, field: string, max: number): string => {
  if (typeof v !== 'string' || !v.trim())
    throw Errors.badRequest(`${field} 不能为空`, `${field} is required`, [{ field, message: 'required' }]);
  if (v.length > max)
    throw Errors.badRequest(`${field} 过长`, `${field} is longer than ${max} characters`, [
      { field, message: `max ${max}` },
    ]);
  return v.trim();
};

/**
 * An action on one order the caller may reach from the calling menu (row scope: another
 * supplier's order answers 404), read under lock in the action's transaction; answers the order
 * with its lines, feedback and Q&A.
 */
function onOrder(work: Work) {
  return async (body: Record<string, unknown>, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) => {
    const entity = kernel.registry.entity(HEADER)!;
    const id = idOf(body);
    const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, entity, 'findById', ctx);
    await kernel.db.transaction(async (tx) => {
      const order = await kernel.resources.reader.byId(entity, id, ctx, scope, tx, true);
      if (!order) throw Errors.recordNotFound();
      await work(tx, order, body, ctx);
    });
    const row = await kernel.resources.reader.byId(entity, id, ctx, scope);
    return { data: row && (await kernel.resources.reader.withChildren(entity, row, ctx)) };
  };
}

async function insertQa(
  o: OrderSql,
  tx: SqlExecutor,
  orderId: number,
  question: string,
  userId: number | null,
): Promise<void> {
  await o.rows.insert(
    tx,
    QA,
    { orderHeaderId: orderId, question, askedBy: userId, askedDate: formatDateTime() },
    userId,
  );
}

async function answerQa(
  o: OrderSql,
  tx: SqlExecutor,
  orderId: number,
  body: Record<string, unknown>,
  userId: number | null,
): Promise<void> {
  const qaId = Number(body.orderQaId);
  const answer = text(body.answer, 'answer', 1000);
  const { t, c } = o.sql;
  const done = await tx.execute(
    `UPDATE ${t(QA)} SET ${c(QA, 'answer')} = ?, ${c(QA, 'answeredBy')} = ?, ${c(QA, 'answeredDate')} = ?, ${c(QA, 'versionNum')} = ${c(QA, 'versionNum')} + 1 WHERE ${c(QA, 'orderQaId')} = ? AND ${c(QA, 'orderHeaderId')} = ?`,
    [answer, userId, formatDateTime(), Number.isSafeInteger(qaId) ? qaId : 0, orderId],
  );
  if (done.affected === 0) throw Errors.notFound('问题不存在', 'No such question on this order');
}

/** The order's custom actions: supplier feedback, the buyer's rejection of it, and questions and answers. */
export function registerOrderActions(o: OrderSql, actions: ActionRegistry): void {
  const reg = (action: string, pages: string[], resourceCode: string, work: Work) =>
    actions.register({
      area: 'srmServer',
      resource: RESOURCE,
      action,
      access: { pages, resourceCode },
      handler: onOrder(work),
    });
  reg('doFeedback', SUPPLIER_PAGES, 'btnFeedback', async (tx, order, body, ctx) => {
    requireSupplier(ctx);
    await recordFeedback(o, tx, order, feedbackInput(body), ctx.userId);
  });
  reg('doRejectFeedback', BUYER_PAGES, 'btnRejectFeedback', async (tx, order, body, ctx) => {
    requireInternal(ctx);
    await rejectFeedback(
      o,
      tx,
      order,
      typeof body.comment === 'string' ? body.comment.slice(0, 500) : null,
      ctx.userId,
    );
  });
  reg('doAskQuestion', SUPPLIER_PAGES, 'btnAsk', async (tx, order, body, ctx) => {
    await insertQa(o, tx, Number(order.orderHeaderId), text(body.question, 'question', 1000), ctx.userId);
  });
  reg('doAnswerQuestion', BUYER_PAGES, 'btnAnswer', async (tx, order, body, ctx) => {
    requireInternal(ctx);
    await answerQa(o, tx, Number(order.orderHeaderId), body, ctx.userId);
  });
}
