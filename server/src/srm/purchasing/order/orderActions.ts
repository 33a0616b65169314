import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import type { JsonSchema } from '@meridian/metadata';
import { recordIdInput } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest, RegisteredAction } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { formatDateTime } from '../../../util/time';
import {
  FEEDBACK_INPUT,
  FEEDBACK_STATES,
  feedbackInput,
  recordFeedback,
  REJECT_FEEDBACK_STATES,
  rejectFeedback,
} from './orderFeedback';
import { BUYER_PAGES, HEADER, QA, RESOURCE, SUPPLIER_PAGES, type OrderSql } from './orderModel';
import { requireInternal, requireSupplier } from '../partContext';

type Typed = Pick<RegisteredAction, 'input' | 'states'>;
type Work = (tx: SqlExecutor, order: Row, body: Record<string, unknown>, ctx: ResourceContext) => Promise<void>;

/** A question's or answer's text: not blank, at most the column's 1000 characters. */
const TEXT: JsonSchema = { type: 'string', maxLength: 1000, pattern: '\\S' };

/**
 * An action on one order the caller may reach from the calling menu (row scope: another
 * supplier's order answers 404), read under lock in the action's transaction; answers the order
 * with its lines, feedback and Q&A.
 */
function onOrder(work: Work) {
  return async (body: Record<string, unknown>, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) => {
    const entity = kernel.registry.entity(HEADER)!;
    const id = body.id as number;
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

/** The order's custom actions: supplier feedback, the buyer's rejection of it, and questions and answers. */
export function registerOrderActions(o: OrderSql, actions: ActionRegistry): void {
  const reg = (action: string, pages: string[], resourceCode: string, typed: Typed, work: Work) =>
    actions.register({
      area: 'srmServer',
      resource: RESOURCE,
      action,
      access: { pages, resourceCode },
      ...typed,
      handler: onOrder(work),
    });
  reg(
    'doFeedback',
    SUPPLIER_PAGES,
    'btnFeedback',
    { input: FEEDBACK_INPUT, states: FEEDBACK_STATES },
    async (tx, order, body, ctx) => {
      requireSupplier(ctx);
      await recordFeedback(o, tx, order, feedbackInput(body), ctx.userId);
    },
  );
  const comment = recordIdInput('id', { comment: { type: 'string', maxLength: 500 } });
  reg(
    'doRejectFeedback',
    BUYER_PAGES,
    'btnRejectFeedback',
    { input: comment, states: REJECT_FEEDBACK_STATES },
    async (tx, order, body, ctx) => {
      requireInternal(ctx);
      await rejectFeedback(o, tx, order, (body.comment as string | undefined) ?? null, ctx.userId);
    },
  );
  const question = { ...recordIdInput('id', { question: TEXT }), required: ['id', 'question'] };
  reg('doAskQuestion', SUPPLIER_PAGES, 'btnAsk', { input: question }, async (tx, order, body, ctx) => {
    const asked = { question: String(body.question).trim(), askedBy: ctx.userId, askedDate: formatDateTime() };
    await o.rows.insert(tx, QA, { orderHeaderId: order.orderHeaderId as number, ...asked }, ctx.userId);
  });
  const answer = {
    ...recordIdInput('id', { orderQaId: { type: 'integer', minimum: 1 }, answer: TEXT }),
    required: ['id', 'orderQaId', 'answer'],
  };
  reg('doAnswerQuestion', BUYER_PAGES, 'btnAnswer', { input: answer }, async (tx, order, body, ctx) => {
    requireInternal(ctx);
    const answered = { answer: String(body.answer).trim(), answeredBy: ctx.userId, answeredDate: formatDateTime() };
    const where = { orderQaId: body.orderQaId as number, orderHeaderId: order.orderHeaderId as number };
    if ((await o.rows.update(tx, QA, answered, where, ctx.userId)) === 0)
      throw declaredError('purchasingOrders.questionNotFound');
  });
}
