import { declaredError } from '../../../http/declaredErrors';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { ReceiptLedger } from '../receiptLedger';
import { checkTotals, invoiceDifference } from './checkAmounts';
import { CHECK, CheckStore } from './checkStore';

/** The statement's edit page, which a to-do opens. */
const EDIT_PAGE = 'SrmRcnAccountCheckEdit';

/**
 * The statement's transitions (lifecycle rcnAccountCheck): each a named handler run in the
 * transition's transaction. Declared in rcnAccountCheck.json: which side runs each (`by`;
 * DOMAIN.md §4.1 "Who": menus grant the buttons, the side holds even for a user granted both), the
 * supplier's to-dos (opened on release, handled by its answer), the buyer's dispute to-do and the
 * to-dos ended by the buyer's next step or the cancellation; they run before these handlers, and a
 * handler that throws (no lines, invoices off the tolerance) rolls them back with the rest. The
 * invoice submit's "at least one invoice" is a declared lines check (400 naming invoices).
 */
export function registerCheckTransitions(
  handlers: TransitionHandlerRegistry,
  store: CheckStore,
  ledger: ReceiptLedger,
): void {
  handlers.register('rcnRelease', async (run) => {
    const parts = await store.parts(run.tx, run.id);
    if (!parts.lines.length && !parts.others.length) throw declaredError('reconciliation.noLines');
    await store.writeTotals(run.tx, run.id, checkTotals(parts), run.actor.userId);
  });

  handlers.register('rcnSubmitInvoice', async (run) => {
    const { tx, record } = run;
    const parts = await store.parts(tx, run.id);
    const totals = checkTotals(parts);
    const tolerance = await store.tolerance(tx, String(record.checkType), Number(record.orgId));
    const check = invoiceDifference(totals.invoiceAmountTotal, totals.checkAmountTotal, tolerance);
    if (!check.accepted)
      throw declaredError(
        'reconciliation.invoicesOffTolerance',
        {
          invoiceTotal: totals.invoiceAmountTotal,
          checkTotal: totals.checkAmountTotal,
          difference: check.difference,
          allowed: check.allowed,
        },
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
    // The receipts the statement holds (none when no line names one): checked and invoiced.
    await ledger.markChecked(run.tx, run.id, run.actor.userId);
    await ledger.addInvoiced(run.tx, run.id, run.actor.userId);
    const parts = await store.parts(run.tx, run.id);
    await store.settleRebates(run.tx, parts.deducteds, Number(run.record.supplierId), run.actor.userId);
  });

  handlers.register('rcnCancel', async (run) => {
    await ledger.release(run.tx, run.id, run.actor.userId);
  });
}
