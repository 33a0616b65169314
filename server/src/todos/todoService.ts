import type { SqlExecutor, SqlParam } from '../db/sqlExecutor';
import type { PlatformRows } from '../lifecycle/platformRows';
import { formatDateTime } from '../util/time';

/** The platform's to-do and notification tables (DOMAIN section 14). */
export const TODO = 'baseTodo';
export const SUPPLIER_TODO = 'baseSupplierTodo';
export const NOTIFICATION = 'baseNotification';

/** Who a to-do is for: one internal user, or a supplier (seen by that supplier's users). */
export type TodoRecipient = { userId: number } | { supplierId: number };

/** The document a to-do or notification is about. */
export interface TodoSubject {
  entityName: string;
  billId: number;
  billNumber: string | null;
}

export interface NewTodo extends TodoSubject {
  to: TodoRecipient;
  billType: string;
  title: { cn: string; en: string };
  /** The menu that opens the document; '' for a to-do that opens nothing. */
  menuCode: string;
  /** Page route that opens the document ('' with no menu). */
  link: string;
}

export interface NewNotification {
  recipientUserId: number;
  title: { cn: string; en: string };
  content: { cn: string; en: string };
  type: string;
  source?: { billType: string | null; entityName: string; billId: number };
}

export interface TodoFilter {
  entityName: string;
  billId: number;
  /** Only to-dos of these types; all of the document's otherwise. */
  billTypes?: string[];
  /** Only internal or only supplier to-dos; both otherwise. */
  kind?: 'internal' | 'supplier';
  /** Only this user's internal to-dos (an expert's own scoring to-do). */
  assigneeUserId?: number;
  /** Only this supplier's to-dos. */
  supplierId?: number;
}

/**
 * The one writer of to-dos and notifications: declared transition effects, the approval effects
 * and domain code all come here, so the rows look the same whoever asks (menu name, link, flags,
 * audit columns) and a change of the tables is made in one place.
 */
export class TodoService {
  constructor(private readonly rows: PlatformRows) {}

  /** Opens the to-do; answers its id. */
  async open(tx: SqlExecutor, todo: NewTodo, actorUserId: number | null): Promise<number> {
    const toSupplier = 'supplierId' in todo.to;
    const id = await this.rows.insert(
      tx,
      toSupplier ? SUPPLIER_TODO : TODO,
      {
        pendingTitle: todo.title.cn,
        pendingTitleEn: todo.title.en,
        billType: todo.billType,
        entityName: todo.entityName,
        billId: todo.billId,
        billNumber: todo.billNumber,
        ...('supplierId' in todo.to ? { supplierId: todo.to.supplierId } : { assigneeUserId: todo.to.userId }),
        // An informational to-do opens nothing: no menu, no link (todoNavigates).
        menuCode: todo.menuCode || null,
        menuName: todo.menuCode ? await this.rows.menuName(tx, todo.menuCode) : null,
        billLink: todo.link || null,
        handleFlag: 'N',
        cancelFlag: 'N',
      },
      actorUserId,
    );
    return Number(id);
  }

  /**
   * Ends the document's open to-dos: handled by the actor (they did what was asked), or
   * cancelled (the document moved on without it). Returns how many ended.
   */
  async close(
    tx: SqlExecutor,
    filter: TodoFilter,
    how: 'handled' | 'cancelled',
    actorUserId: number | null,
  ): Promise<number> {
    const values: Record<string, SqlParam> =
      how === 'handled'
        ? { handleFlag: 'Y', handleUserId: actorUserId, handleDate: formatDateTime() }
        : { cancelFlag: 'Y', handleDate: formatDateTime() };
    const kind =
      filter.assigneeUserId !== undefined ? 'internal' : filter.supplierId !== undefined ? 'supplier' : filter.kind;
    const tables = kind ? [kind === 'supplier' ? SUPPLIER_TODO : TODO] : [TODO, SUPPLIER_TODO];
    const types: Array<string | undefined> = filter.billTypes?.length ? filter.billTypes : [undefined];
    let closed = 0;
    for (const table of tables)
      for (const billType of types) {
        const open: Record<string, SqlParam> = {
          entityName: filter.entityName,
          billId: filter.billId,
          handleFlag: 'N',
          cancelFlag: 'N',
          ...(billType ? { billType } : {}),
          ...(filter.assigneeUserId !== undefined ? { assigneeUserId: filter.assigneeUserId } : {}),
          ...(filter.supplierId !== undefined ? { supplierId: filter.supplierId } : {}),
        };
        closed += await this.rows.update(tx, table, values, open, actorUserId);
      }
    return closed;
  }

  /**
   * The document's pending supplier to-dos of one type (a row seeded without flags counts as
   * pending): their ids and suppliers.
   */
  async pendingSupplierTodos(
    tx: SqlExecutor,
    subject: { entityName: string; billId: number; billType: string },
  ): Promise<Array<{ todoId: number; supplierId: number }>> {
    const { t, c } = this.rows.sql;
    const T = SUPPLIER_TODO;
    const rows = await tx.select(
      `SELECT ${c(T, 'supplierTodoId')} AS todoId, ${c(T, 'supplierId')} AS supplierId FROM ${t(T)} ` +
        `WHERE ${c(T, 'entityName')} = ? AND ${c(T, 'billId')} = ? AND ${c(T, 'billType')} = ? ` +
        `AND (${c(T, 'handleFlag')} = 'N' OR ${c(T, 'handleFlag')} IS NULL) AND (${c(T, 'cancelFlag')} = 'N' OR ${c(T, 'cancelFlag')} IS NULL)`,
      [subject.entityName, subject.billId, subject.billType],
    );
    return rows.map((r) => ({ todoId: Number(r.todoId), supplierId: Number(r.supplierId) }));
  }

  /** The enabled users of a supplier: who a notification "to the supplier" reaches. */
  async supplierUsers(tx: SqlExecutor, supplierId: number): Promise<number[]> {
    const { t, c } = this.rows.sql;
    const users = await tx.select(
      `SELECT ${c('baseUsers', 'userId')} AS id FROM ${t('baseUsers')} WHERE ${c('baseUsers', 'supplierId')} = ? AND ${c('baseUsers', 'enabledFlag')} = 'Y'`,
      [supplierId],
    );
    return users.map((u) => Number(u.id));
  }

  /** One notification to each enabled user of the supplier (what changed and why, in both languages). */
  async notifySupplierUsers(
    tx: SqlExecutor,
    supplierId: number,
    n: Omit<NewNotification, 'recipientUserId'>,
    actorUserId: number | null,
  ): Promise<void> {
    for (const recipientUserId of await this.supplierUsers(tx, supplierId))
      await this.notify(tx, { ...n, recipientUserId }, actorUserId);
  }

  async notify(tx: SqlExecutor, n: NewNotification, actorUserId: number | null): Promise<void> {
    await this.rows.insert(
      tx,
      NOTIFICATION,
      {
        notificationTitle: n.title.cn,
        notificationTitleEn: n.title.en,
        notificationContent: n.content.cn,
        notificationContentEn: n.content.en,
        notificationType: n.type,
        recipientUserId: n.recipientUserId,
        sourceBillType: n.source?.billType ?? null,
        sourceEntityName: n.source?.entityName ?? null,
        sourceBillId: n.source?.billId ?? null,
        viewFlag: 'N',
        selfCount: 0,
        sendDate: formatDateTime(),
      },
      actorUserId,
    );
  }
}
