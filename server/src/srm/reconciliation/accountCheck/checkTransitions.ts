import { Errors } from '../../../http/apiError';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import type { ReceiptLedger } from '../receiptLedger';
import { checkTotals, invoiceDifference } from './checkAmounts';
import { isSupplierCtx } from './checkHooks';
import { CHECK, CheckStore } from './checkStore';

/** The supplier menu and to-do type of each statement type (DOMAIN.md §14: SRM_RCN_PROD, SRM_RCN_NON_PROD). */
export const SUPPLIER_MENU: Record<string, { todo: string; menuCode: string }> = {
  PROD: { todo: 'SRM_RCN_PROD', menuCode: 'SUP_RCN_PROD_CHECK' },
  NON_PROD: { todo: 'SRM_RCN_NON_PROD', menuCode: 'SUP_RCN_NON_PROD_CHECK' },
};
export const EDIT_PAGE = 'SrmRcnAccountCheckEdit';

/** Who runs the transition (DOMAIN.md §4.1 "Who"): menus grant the buttons; this holds even for a user granted both sides. */
export function requireSide(run: Pick<TransitionRun, 'ctx' | 'transition'>, side: 'INSIDE' | 'EX'): void {
  const supplier = isSupplierCtx(run.ctx);
  if (side === 'EX' && !supplier)
    throw Errors.forbidden(
      '只有供应商可以执行此操作',
      `Only the supplier can ${run.transition.label?.en.toLowerCase() ?? run.transition.action}`,
    );
  if (side === 'INSIDE' && supplier)
    throw Errors.forbidden(
      '只有采购方可以执行此操作',
      `Only the buying company can ${run.transition.label?.en.toLowerCase() ?? run.transition.action}`,
    );
}

const hasReceipts = (lines: { transactionId?: unknown }[]) =>
  lines.some((l) => l.transactionId !== null && l.transactionId !== undefined && l.transactionId !== '');

/** The statement's transitions (lifecycle rcnAccountCheck): each a named handler run in the transition's transaction. */
export function registerCheckTransitions(
  handlers: TransitionHandlerRegistry,
  store: CheckStore,
  ledger: ReceiptLedger,
): void {
  handlers.register('rcnRelease', async (run) => {
    requireSide(run, 'INSIDE');
    const { tx, record } = run;
    await store.closeBuyerTodos(tx, run.id, 'handled', run.actor.userId);
    const parts = await store.parts(tx, run.id);
    if (!parts.lines.length && !parts.others.length)
      throw Errors.conflict('对账单没有明细，不能发布', 'The statement has no lines: add lines before releasing it');
    await store.writeTotals(tx, run.id, checkTotals(parts), run.actor.userId);
    const type = SUPPLIER_MENU[String(record.checkType)] ?? SUPPLIER_MENU.PROD;
    const number = String(record.checkNumber ?? run.id);
    await store.closeSupplierTodos(tx, run.id, 'cancelled', run.actor.userId);
    await store.addSupplierTodo(
      tx,
      {
        billType: type.todo,
        supplierId: Number(record.supplierId),
        billId: run.id,
        billNumber: number,
        menuCode: type.menuCode,
        billLink: `${EDIT_PAGE}?id=${run.id}`,
        title: { cn: `对账单 ${number} 待确认`, en: `Account statement ${number} awaits your confirmation` },
      },
      run.actor.userId,
    );
  });

  handlers.register('rcnSupplierConfirm', async (run) => {
    requireSide(run, 'EX');
    await store.closeSupplierTodos(run.tx, run.id, 'handled', run.actor.userId);
  });

  /** The buyer's to-do RCN_ACCOUNT_CHECK when the supplier hands the statement back (dispute, invoices). */
  const buyerTodo = (run: TransitionRun, menuCode: string, title: { cn: string; en: string }) =>
    store.addBuyerTodo(
      run.tx,
      run.id,
      { billNumber: String(run.record.checkNumber ?? run.id), menuCode, billLink: `${EDIT_PAGE}?id=${run.id}`, title },
      run.actor.userId,
    );

  handlers.register('rcnSupplierReject', async (run) => {
    requireSide(run, 'EX');
    await store.update(run.tx, CHECK, 'accountCheckId', run.id, { supplierComment: run.comment }, run.actor.userId);
    await store.closeSupplierTodos(run.tx, run.id, 'handled', run.actor.userId);
    const number = String(run.record.checkNumber ?? run.id);
    await buyerTodo(run, 'RCN_BUYER_CHECK', {
      cn: `对账单 ${number} 被供应商退回`,
      en: `The supplier disputed account statement ${number}`,
    });
  });

  handlers.register('rcnSubmitInvoice', async (run) => {
    requireSide(run, 'EX');
    const { tx, record } = run;
    const parts = await store.parts(tx, run.id);
    if (!parts.invoices.length)
      throw Errors.badRequest('请先录入发票', 'Enter the invoices before submitting them', [
        { field: 'invoices', message: 'required' },
      ]);
    const totals = checkTotals(parts);
    const tolerance = await store.tolerance(tx, String(record.checkType), Number(record.orgId));
    const check = invoiceDifference(totals.invoiceAmountTotal, totals.checkAmountTotal, tolerance);
    if (!check.accepted)
      throw Errors.badRequest(
        `发票金额合计 ${totals.invoiceAmountTotal} 与对账总额 ${totals.checkAmountTotal} 相差 ${check.difference}，超出容差 ${check.allowed}`,
        `The invoices total ${totals.invoiceAmountTotal} and the statement ${totals.checkAmountTotal}: the difference ${check.difference} exceeds the tolerance ${check.allowed}`,
        [{ field: 'invoices.amountIncl', message: `difference ${check.difference}` }],
      );
    await store.writeTotals(tx, run.id, totals, run.actor.userId);
    const number = String(record.checkNumber ?? run.id);
    await buyerTodo(run, 'RCN_SUPPLIER_INVOICE', {
      cn: `对账单 ${number} 的发票待审核`,
      en: `The invoices of account statement ${number} await your review`,
    });
  });

  handlers.register('rcnApproveInvoice', async (run) => {
    requireSide(run, 'INSIDE');
    await store.closeBuyerTodos(run.tx, run.id, 'handled', run.actor.userId);
    const parts = await store.parts(run.tx, run.id);
    if (hasReceipts(parts.lines)) {
      await ledger.markChecked(run.tx, run.id, run.actor.userId);
      await ledger.addInvoiced(run.tx, run.id, run.actor.userId);
    }
    await store.settleRebates(run.tx, parts.deducteds, Number(run.record.supplierId), run.actor.userId);
  });

  handlers.register('rcnRejectInvoice', async (run) => {
    requireSide(run, 'INSIDE');
    await store.closeBuyerTodos(run.tx, run.id, 'handled', run.actor.userId);
  });

  handlers.register('rcnCancel', async (run) => {
    requireSide(run, 'INSIDE');
    await ledger.release(run.tx, run.id, run.actor.userId);
    await store.closeSupplierTodos(run.tx, run.id, 'cancelled', run.actor.userId);
    await store.closeBuyerTodos(run.tx, run.id, 'cancelled', run.actor.userId);
  });

  handlers.register('rcnInsideOnly', (run) => requireSide(run, 'INSIDE'));
}
