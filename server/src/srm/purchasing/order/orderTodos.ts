import type { SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import { formatDateTime } from '../../../util/time';
import { BUYER_MENU, EDIT_LINK, HEADER, SUPPLIER_MENU, type OrderSql } from './orderModel';

const SUPPLIER_TODO = 'baseSupplierTodo';
const TODO = 'baseTodo';

interface OrderRef {
  id: number;
  poNumber: string;
  supplierId: number;
  buyerId: number | null;
}

/** The supplier's to-do SRM_PUR_ORDER: a released order waits for its confirmation or feedback. */
export async function createSupplierTodo(
  o: OrderSql,
  tx: SqlExecutor,
  order: OrderRef,
  userId: number | null,
): Promise<void> {
  await o.rows.insert(
    tx,
    SUPPLIER_TODO,
    {
      pendingTitle: `采购订单 ${order.poNumber} 待确认`,
      pendingTitleEn: `Purchase order ${order.poNumber} awaits your confirmation`,
      billType: 'SRM_PUR_ORDER',
      entityName: HEADER,
      billId: order.id,
      billNumber: order.poNumber,
      supplierId: order.supplierId,
      menuCode: SUPPLIER_MENU,
      menuName: await o.rows.menuName(tx, SUPPLIER_MENU),
      billLink: `${EDIT_LINK}${order.id}`,
      handleFlag: 'N',
      cancelFlag: 'N',
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
  await o.rows.insert(
    tx,
    TODO,
    {
      pendingTitle: `采购订单 ${order.poNumber} 有供应商反馈待处理`,
      pendingTitleEn: `Purchase order ${order.poNumber}: supplier feedback to handle`,
      billType: 'PUR_ORDER_FEEDBACK',
      entityName: HEADER,
      billId: order.id,
      billNumber: order.poNumber,
      assigneeUserId: order.buyerId,
      menuCode: BUYER_MENU,
      menuName: await o.rows.menuName(tx, BUYER_MENU),
      billLink: `${EDIT_LINK}${order.id}`,
      handleFlag: 'N',
      cancelFlag: 'N',
    },
    userId,
  );
}

/** Ends the order's open to-dos of one type: handled by the actor, or cancelled (cancelFlag Y). */
export async function closeTodos(
  o: OrderSql,
  tx: SqlExecutor,
  kind: 'supplier' | 'internal',
  orderId: number,
  billType: string,
  how: 'handled' | 'cancelled',
  userId: number | null,
): Promise<void> {
  const entity = kind === 'supplier' ? SUPPLIER_TODO : TODO;
  const { t, c } = o.sql;
  const now = formatDateTime();
  const set: [string, SqlParam][] =
    how === 'handled'
      ? [
          ['handleFlag', 'Y'],
          ['handleUserId', userId],
          ['handleDate', now],
        ]
      : [['cancelFlag', 'Y']];
  set.push(['lastUpdatedBy', userId], ['lastUpdateDate', now]);
  await tx.execute(
    `UPDATE ${t(entity)} SET ${set.map(([f]) => `${c(entity, f)} = ?`).join(', ')}, ${c(entity, 'versionNum')} = ${c(entity, 'versionNum')} + 1 ` +
      `WHERE ${c(entity, 'entityName')} = ? AND ${c(entity, 'billId')} = ? AND ${c(entity, 'billType')} = ? AND ${c(entity, 'handleFlag')} = 'N' AND ${c(entity, 'cancelFlag')} = 'N'`,
    [...set.map(([, v]) => v), HEADER, orderId, billType],
  );
}

export const orderRef = (id: number, row: Record<string, unknown>): OrderRef => ({
  id,
  poNumber: String(row.poNumber ?? ''),
  supplierId: Number(row.supplierId),
  buyerId: row.buyerId === null || row.buyerId === undefined ? null : Number(row.buyerId),
});
