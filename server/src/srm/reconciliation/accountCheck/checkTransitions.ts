import { Errors } from '../../../http/apiError';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import type { ReceiptLedger } from '../receiptLedger';
import { checkTotals, invoiceDifference } from './checkAmounts';
import { isSupplierCtx } from './checkHooks';
import { CHECK, CheckStore } from './checkStore';

/** The statement's edit page, which a to-do opens. */
const EDIT_PAGE = 'SrmRcnAccountCheckEdit';

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

/**
 * The statement's transitions (lifecycle rcnAccountCheck): each a named handler run in the
 * transition's transaction. The supplier's to-dos (opened on release, handled by its answer), the
 * buyer's dispute to-do and the to-dos ended by the buyer's next step or the cancellation are
 * declared effects (rcnAccountCheck.json), run before these handlers; a handler that throws (the
 * wrong side, no lines, invoices off the tolerance) rolls them back with the rest.
 */
export function registerCheckTransitions(
  handlers: TransitionHandlerRegistry,
  store: CheckStore,
  ledger: ReceiptLedger,
): void {
  handlers.register('rcnRelease', async (run) => {
    requireSide(run, 'INSIDE');
    const parts = await store.parts(run.tx, run.id);
    if (!parts.lines.length && !parts.others.length)
      throw Errors.conflict('对账单没有明细，不能发布', 'The statement has no lines: add lines before releasing it');
    await store.writeTotals(run.tx, run.id, checkTotals(parts), run.actor.userId);
  });

  handlers.register('rcnSupplierReject', async (run) => {
    requireSide(run, 'EX');
    await store.update(run.tx, CHECK, 'accountCheckId', run.id, { supplierComment: run.comment }, run.actor.userId);
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
    // Not a declared effect: a statement a supplier made (createInvoiceListAndAccountCheck) has no
    // buyer to tell, and whether the creator is internal is not a field of the statement.
    const buyer = await store.internalCreator(tx, run.id);
    if (buyer === null) return;
    const number = String(record.checkNumber ?? run.id);
    await store.todos.open(
      tx,
      {
        to: { userId: buyer },
        billType: 'RCN_ACCOUNT_CHECK',
        entityName: CHECK,
        billId: run.id,
        billNumber: number,
        title: {
          cn: `对账单 ${number} 的发票待审核`,
          en: `The invoices of account statement ${number} await your review`,
        },
        menuCode: 'RCN_SUPPLIER_INVOICE',
        link: `${EDIT_PAGE}?id=${run.id}`,
      },
      run.actor.userId,
    );
  });

  handlers.register('rcnApproveInvoice', async (run) => {
    requireSide(run, 'INSIDE');
    const parts = await store.parts(run.tx, run.id);
    if (hasReceipts(parts.lines)) {
      await ledger.markChecked(run.tx, run.id, run.actor.userId);
      await ledger.addInvoiced(run.tx, run.id, run.actor.userId);
    }
    await store.settleRebates(run.tx, parts.deducteds, Number(run.record.supplierId), run.actor.userId);
  });

  handlers.register('rcnCancel', async (run) => {
    requireSide(run, 'INSIDE');
    await ledger.release(run.tx, run.id, run.actor.userId);
  });

  /** Transitions whose only rule left in code is the side that runs them (doSupplierConfirm, doRejectInvoice, rcnValidity). */
  handlers.register('rcnInsideOnly', (run) => requireSide(run, 'INSIDE'));
  handlers.register('rcnSupplierOnly', (run) => requireSide(run, 'EX'));
}
