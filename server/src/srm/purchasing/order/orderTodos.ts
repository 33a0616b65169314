import type { SqlExecutor } from '../../../db/sqlExecutor';
import { BUYER_MENU, EDIT_LINK, HEADER, SUPPLIER_MENU, type OrderSql } from './orderModel';

interface OrderRef {
  id: number;
  poNumber: string;
  supplierId: number;
  buyerId: number | null;
}

/*
 * The to-dos the supplier's feedback actions open (orderFeedback.ts); the transitions' own are
 * declared in purOrder.json. Both are written by the platform's TodoService.
 */

/** The supplier's to-do SRM_PUR_ORDER: a released order waits for its confirmation or feedback. */
export async function createSupplierTodo(
  o: OrderSql,
  tx: SqlExecutor,
  order: OrderRef,
  userId: number | null,
): Promise<void> {
  await o.todos.open(
    tx,
    {
      to: { supplierId: order.supplierId },
      billType: 'SRM_PUR_ORDER',
      entityName: HEADER,
      billId: order.id,
      billNumber: order.poNumber,
      title: {
        cn: `采购订单 ${order.poNumber} 待确认`,
        en: `Purchase order ${order.poNumber} awaits your confirmation`,
      },
      menuCode: SUPPLIER_MENU,
      link: `${EDIT_LINK}${order.id}`,
    },
    userId,
  );
}

/** The buyer's to-do PUR_ORDER_FEEDBACK: the supplier asked for other dates or refused the order. */
export async function createFeedbackTodo(
  o: OrderSql,
  tx: SqlExecutor,
  order: OrderRef,
  userId: number | null,
): Promise<void> {
  if (!order.buyerId) return;
  await o.todos.open(
    tx,
    {
      to: { userId: order.buyerId },
      billType: 'PUR_ORDER_FEEDBACK',
      entityName: HEADER,
      billId: order.id,
      billNumber: order.poNumber,
      title: {
        cn: `采购订单 ${order.poNumber} 有供应商反馈待处理`,
        en: `Purchase order ${order.poNumber}: supplier feedback to handle`,
      },
      menuCode: BUYER_MENU,
      link: `${EDIT_LINK}${order.id}`,
    },
    userId,
  );
}

/** Ends the order's open to-dos of one type: handled by the actor, or cancelled. */
export async function closeTodos(
  o: OrderSql,
  tx: SqlExecutor,
  kind: 'supplier' | 'internal',
  orderId: number,
  billType: string,
  how: 'handled' | 'cancelled',
  userId: number | null,
): Promise<void> {
  await o.todos.close(tx, { entityName: HEADER, billId: orderId, billTypes: [billType], kind }, how, userId);
}

export const orderRef = (id: number, row: Record<string, unknown>): OrderRef => ({
  id,
  poNumber: String(row.poNumber ?? ''),
  supplierId: Number(row.supplierId),
  buyerId: row.buyerId === null || row.buyerId === undefined ? null : Number(row.buyerId),
});
