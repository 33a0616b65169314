/**
 * The supplier to-dos of the simple performance records (DOMAIN.md §14): remindSupplier raises
 * SRM_SPE_EXPRESSION for a RELEASED expression's supplier (one open reminder per document: a new
 * reminder cancels the earlier open one); sendSrmSpePerformancePending raises one
 * PERFORMANCE_SIMPLE per supplier of an APPROVED simple evaluation — informational, with no menu,
 * handled when the supplier opens it (todoHandledOnOpen) — and skips suppliers that already hold an
 * open one, so that sending twice never duplicates.
 */
import { pickText } from '@meridian/metadata';
import type { Database } from '../../../db/sqlExecutor';
import { declaredText } from '../../../http/declaredErrors';
import type { DomainStore } from '../../../platform/domainStore';
import type { ResourceContext } from '../../../resource/context';
import { formatDateTime } from '../../../util/time';

const EXPRESSION = 'srmSpeSupplierExpressionHeader';
const SCHEME_SIMPLE = 'srmSpeSchemeSimple';
const EXPRESSION_TODO = 'SRM_SPE_EXPRESSION';
const SIMPLE_TODO = 'PERFORMANCE_SIMPLE';

/**
 * remindSupplier {id}: answers the new to-do's id. `db` is the action's: each of its transactions
 * starts by checking the declared state (RELEASED) under the header's lock.
 */
export async function remindSupplier(store: DomainStore, db: Database, id: number, ctx: ResourceContext) {
  return db.transaction(async (tx) => {
    // The declared state's check has locked the header and found it.
    const head = (await store.rows.one(tx, EXPRESSION, ['expressionNumber', 'periodName', 'supplierId'], {
      expressionHeaderId: id,
    }))!;
    // One open reminder per document: the earlier open one is cancelled.
    const subject = { entityName: EXPRESSION, billId: id };
    const cancelled = await store.todos.close(
      tx,
      { ...subject, billTypes: [EXPRESSION_TODO], kind: 'supplier' },
      'cancelled',
      ctx.userId,
    );
    const number = String(head.expressionNumber);
    const supplierTodoId = await store.todos.open(
      tx,
      {
        ...subject,
        to: { supplierId: Number(head.supplierId) },
        billType: EXPRESSION_TODO,
        billNumber: number,
        title: declaredText('performance.expressionTodoTitle', { number, period: head.periodName }),
        menuCode: 'SUP_SPE_EXPRESSION',
        link: `srmSpeSupplierExpressionEdit?id=${id}`,
      },
      ctx.userId,
    );
    const remindDate = formatDateTime();
    await store.update(tx, EXPRESSION, 'expressionHeaderId', id, { remindDate }, ctx.userId);
    return { data: { supplierTodoId, remindDate, cancelled } };
  });
}

/** sendSrmSpePerformancePending {id}: answers how many to-dos were created and skipped (the state, APPROVED, is declared as remindSupplier's). */
export async function sendPending(store: DomainStore, db: Database, id: number, ctx: ResourceContext) {
  return db.transaction(async (tx) => {
    const head = (await store.rows.one(tx, SCHEME_SIMPLE, ['schemeName', 'periodName'], { schemeSimpleId: id }))!;
    const lines = await store.rows.select(tx, 'srmSpePerformanceSimple', ['supplierId'], { schemeSimpleId: id });
    const suppliers = [...new Set(lines.map((l) => Number(l.supplierId)))].sort((a, b) => a - b);
    const subject = { entityName: SCHEME_SIMPLE, billId: id };
    const pending = await store.todos.pendingSupplierTodos(tx, { ...subject, billType: SIMPLE_TODO });
    const holding = new Set(pending.map((r) => r.supplierId));
    const name = String(head.schemeName);
    let created = 0;
    for (const supplierId of suppliers.filter((s) => !holding.has(s))) {
      // Informational, with no menu or page: the supplier reads it on the home (menuCode and link empty).
      await store.todos.open(
        tx,
        {
          ...subject,
          to: { supplierId },
          billType: SIMPLE_TODO,
          billNumber: name.slice(0, 60),
          title: declaredText('performance.simpleTodoTitle', head),
          menuCode: '',
          link: '',
        },
        ctx.userId,
      );
      created++;
    }
    const pendingSentDate = formatDateTime();
    await store.update(tx, SCHEME_SIMPLE, 'schemeSimpleId', id, { pendingSentDate }, ctx.userId);
    const skipped = suppliers.length - created;
    const msg = pickText(declaredText('performance.pendingSent', { created, skipped }), ctx.language);
    return { data: { created, skipped }, msg };
  });
}
