import type { I18nText } from '@meridian/metadata';
import type { SqlExecutor } from '../../db/sqlExecutor';
import type { TodoService } from '../../todos/todoService';

/** A document a supplier must act on, when the supplier is not a field of the transition's record. */
export interface SupplierTask {
  supplierId: number;
  entityName: string;
  billId: number;
  billType: string;
  billNumber: string;
  title: I18nText;
  /** The notification's text; the title is the to-do's. */
  content: I18nText;
  menuCode: string;
  link: string;
}

/** The supplier's to-do and a BUSINESS notification to each of its users, through TodoService. */
export async function tellSupplier(todos: TodoService, tx: SqlExecutor, task: SupplierTask, userId: number | null) {
  const { supplierId, entityName, billId, billType, title, content } = task;
  await todos.open(
    tx,
    {
      entityName,
      billId,
      to: { supplierId },
      billType,
      billNumber: task.billNumber,
      title,
      menuCode: task.menuCode,
      link: task.link,
    },
    userId,
  );
  const source = { entityName, billId, billType };
  await todos.notifySupplierUsers(tx, supplierId, { title, content, type: 'BUSINESS', source }, userId);
}
