/**
 * The supplier to-dos of the simple performance records (DOMAIN.md §14): remindSupplier raises
 * SRM_SPE_EXPRESSION for a RELEASED expression's supplier (one open reminder per document: a new
 * reminder cancels the earlier open one); sendSrmSpePerformancePending raises one
 * PERFORMANCE_SIMPLE per supplier of an APPROVED simple evaluation — informational, with no menu,
 * handled when the supplier opens it (todoHandledOnOpen) — and skips suppliers that already hold an
 * open one, so that sending twice never duplicates.
 */
import type { Database } from '../../../db/sqlExecutor';
import type { ResourceContext } from '../../../resource/context';
import { EXPRESSION, now, PERFORMANCE_SIMPLE, SCHEME_SIMPLE, SimpleStore } from './simpleStore';

export const EXPRESSION_TODO = 'SRM_SPE_EXPRESSION';
export const SIMPLE_TODO = 'PERFORMANCE_SIMPLE';
const EXPRESSION_MENU = 'SUP_SPE_EXPRESSION';

/**
 * remindSupplier {id}: answers the new to-do's id. `db` is the action's: each of its transactions
 * starts by checking the declared state (RELEASED) under the header's lock.
 */
export async function remindSupplier(store: SimpleStore, db: Database, id: number, ctx: ResourceContext) {
  return db.transaction(async (tx) => {
    // The declared state's check has locked the header and found it.
    const head = (await store.one(tx, EXPRESSION, id))!;
    // One open reminder per document: the earlier open one is cancelled.
    const cancelled = await store.todos.close(
      tx,
      { entityName: EXPRESSION, billId: id, billTypes: [EXPRESSION_TODO], kind: 'supplier' },
      'cancelled',
      ctx.userId,
    );
    const number = String(head.expressionNumber);
    await store.todos.open(
      tx,
      {
        to: { supplierId: Number(head.supplierId) },
        billType: EXPRESSION_TODO,
        entityName: EXPRESSION,
        billId: id,
        billNumber: number,
        title: {
          cn: `动态绩效数据 ${number}（${String(head.periodName)}）请查阅`,
          en: `Dynamic performance data ${number} (${String(head.periodName)}) for your attention`,
        },
        menuCode: EXPRESSION_MENU,
        link: `srmSpeSupplierExpressionEdit?id=${id}`,
      },
      ctx.userId,
    );
    // The answer names the new to-do: the only one of the document left open.
    const [todo] = await store.todos.pendingSupplierTodos(tx, {
      entityName: EXPRESSION,
      billId: id,
      billType: EXPRESSION_TODO,
    });
    const at = now();
    await store.stamp(tx, EXPRESSION, id, { remindDate: at });
    return { data: { supplierTodoId: Number(todo.todoId), remindDate: at, cancelled } };
  });
}

/** sendSrmSpePerformancePending {id}: answers how many to-dos were created and skipped (the state, APPROVED, is declared as remindSupplier's). */
export async function sendPending(store: SimpleStore, db: Database, id: number, ctx: ResourceContext) {
  return db.transaction(async (tx) => {
    const head = (await store.one(tx, SCHEME_SIMPLE, id))!;
    const { t, c } = store.sql;
    const lines = await tx.select(
      `SELECT DISTINCT ${c(PERFORMANCE_SIMPLE, 'supplierId')} AS supplierId FROM ${t(PERFORMANCE_SIMPLE)} ` +
        `WHERE ${c(PERFORMANCE_SIMPLE, 'schemeSimpleId')} = ? ORDER BY ${c(PERFORMANCE_SIMPLE, 'supplierId')}`,
      [id],
    );
    const holding = new Set(
      (
        await store.todos.pendingSupplierTodos(tx, { entityName: SCHEME_SIMPLE, billId: id, billType: SIMPLE_TODO })
      ).map((r) => r.supplierId),
    );
    let created = 0;
    for (const line of lines) {
      const supplierId = Number(line.supplierId);
      if (holding.has(supplierId)) continue;
      // Informational, with no menu or page: the supplier reads it on the home (menuCode and link empty).
      await store.todos.open(
        tx,
        {
          to: { supplierId },
          billType: SIMPLE_TODO,
          entityName: SCHEME_SIMPLE,
          billId: id,
          billNumber: String(head.schemeName).slice(0, 60),
          title: {
            cn: `新绩效考核：${String(head.schemeName)}（${String(head.periodName)}）`,
            en: `New performance assessment: ${String(head.schemeName)} (${String(head.periodName)})`,
          },
          menuCode: '',
          link: '',
        },
        ctx.userId,
      );
      created++;
    }
    await store.stamp(tx, SCHEME_SIMPLE, id, { pendingSentDate: now() });
    return {
      data: { created, skipped: lines.length - created },
      msg:
        ctx.language === 'EN'
          ? `${created} supplier to-dos created, ${lines.length - created} already open`
          : `已通知 ${created} 家供应商，${lines.length - created} 家已有未读待办`,
    };
  });
}
