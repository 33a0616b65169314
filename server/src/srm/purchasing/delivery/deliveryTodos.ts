import type { SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import type { PlatformRows } from '../../../lifecycle/platformRows';
import { formatDateTime } from '../../../util/time';

/**
 * To-dos of deliveries (DOMAIN §14): supplier to-dos (baseSupplierTodo, by supplierId)
 * SRM_DELIVERY_NOTICE and SRM_DELIVERY_NOTE, and the buyer's internal to-do (baseTodo)
 * PUR_DELIVERY_NOTE "待收货". Written inside the action's transaction.
 */
export interface TodoText {
  billType: string;
  entityName: string;
  billId: number;
  billNumber: string;
  menuCode: string;
  billLink: string;
  title: { cn: string; en: string };
}

export class DeliveryTodos {
  constructor(private readonly rows: PlatformRows) {}

  private async common(tx: SqlExecutor, todo: TodoText): Promise<Record<string, SqlParam>> {
    return {
      pendingTitle: todo.title.cn,
      pendingTitleEn: todo.title.en,
      billType: todo.billType,
      entityName: todo.entityName,
      billId: todo.billId,
      billNumber: todo.billNumber,
      menuCode: todo.menuCode,
      menuName: await this.rows.menuName(tx, todo.menuCode),
      billLink: todo.billLink,
      handleFlag: 'N',
      cancelFlag: 'N',
    };
  }

  async forSupplier(tx: SqlExecutor, supplierId: number, todo: TodoText, userId: number | null): Promise<void> {
    await this.rows.insert(tx, 'baseSupplierTodo', { ...(await this.common(tx, todo)), supplierId }, userId);
  }

  async forUsers(tx: SqlExecutor, userIds: number[], todo: TodoText, userId: number | null): Promise<void> {
    const values = await this.common(tx, todo);
    for (const assigneeUserId of [...new Set(userIds)])
      await this.rows.insert(tx, 'baseTodo', { ...values, assigneeUserId }, userId);
  }

  /** Marks the document's open to-dos of this type handled (the work is done) or cancelled (it went away). */
  async close(
    tx: SqlExecutor,
    supplier: boolean,
    entityName: string,
    billId: number,
    billType: string,
    how: 'handled' | 'cancelled',
    userId: number | null,
  ): Promise<void> {
    const values: Record<string, SqlParam> =
      how === 'handled'
        ? { handleFlag: 'Y', handleUserId: userId, handleDate: formatDateTime() }
        : { cancelFlag: 'Y', handleDate: formatDateTime() };
    await this.rows.update(
      tx,
      supplier ? 'baseSupplierTodo' : 'baseTodo',
      values,
      { entityName, billId, billType, handleFlag: 'N', cancelFlag: 'N' },
      userId,
    );
  }
}
