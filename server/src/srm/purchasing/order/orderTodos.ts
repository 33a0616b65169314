import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { declaredText } from '../../../http/declaredErrors';
import type { TodoRecipient } from '../../../todos/todoService';
import { HEADER, type OrderSql } from './orderModel';

/*
 * The to-dos the supplier's feedback actions hand over (orderFeedback.ts); the transitions' own are
 * declared in purOrder.json. Both are written by the platform's TodoService.
 */
const SIDES = {
  /** The supplier's SRM_PUR_ORDER: a released order waits for its confirmation or feedback. */
  supplier: {
    billType: 'SRM_PUR_ORDER',
    menuCode: 'SUP_CUSTOMER_ORDER',
    title: (poNumber: string) => declaredText('purchasingOrders.supplierOrderTodo', { poNumber }),
  },
  /** The buyer's PUR_ORDER_FEEDBACK: the supplier asked for other dates or refused the order. */
  internal: {
    billType: 'PUR_ORDER_FEEDBACK',
    menuCode: 'PUR_ORDER',
    title: (poNumber: string) => declaredText('purchasingOrders.feedbackTodo', { poNumber }),
  },
};

/** The order passes to the other side: the open to-do of one side handled, one for the other (none without a buyer). */
export async function handOver(
  o: OrderSql,
  tx: SqlExecutor,
  order: Row,
  to: 'supplier' | 'internal',
  userId: number | null,
): Promise<void> {
  const id = Number(order.orderHeaderId);
  const from = to === 'supplier' ? 'internal' : 'supplier';
  await o.todos.close(
    tx,
    { entityName: HEADER, billId: id, billTypes: [SIDES[from].billType], kind: from },
    'handled',
    userId,
  );
  const recipient: TodoRecipient | null =
    to === 'supplier'
      ? { supplierId: Number(order.supplierId) }
      : order.buyerId
        ? { userId: Number(order.buyerId) }
        : null;
  if (!recipient) return;
  const poNumber = String(order.poNumber ?? '');
  await o.todos.open(
    tx,
    {
      to: recipient,
      billType: SIDES[to].billType,
      entityName: HEADER,
      billId: id,
      billNumber: poNumber,
      title: SIDES[to].title(poNumber),
      menuCode: SIDES[to].menuCode,
      link: `purOrderManage/purchaseOrderEdit?id=${id}`,
    },
    userId,
  );
}
