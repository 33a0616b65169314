import { declaredError } from '../../../http/declaredErrors';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { ReceiptLedger } from '../receiptLedger';
import { invoiceDifference } from './checkAmounts';
import { CheckStore } from './checkStore';

/**
 * The statement's transitions (lifecycle rcnAccountCheck): what its metadata cannot say, as named
 * handlers run in the transition's transaction. Declared in rcnAccountCheck.json: which side runs
 * each (`by`; DOMAIN.md §4.1 "Who": menus grant the buttons, the side holds even for a user granted
 * both), the to-dos (the supplier's on release, handled by its answer; the buyer's on a dispute or
 * on invoices submitted, when the buyer made the statement), the receipts freed by a cancellation
 * and checked by the accepted invoice. They run before these handlers, and a handler that throws
 * (no lines, invoices off the tolerance) rolls them back with the rest. The invoice submit's "at
 * least one invoice" is a declared lines check (400 naming invoices).
 */
export function registerCheckTransitions(
  handlers: TransitionHandlerRegistry,
  store: CheckStore,
  ledger: ReceiptLedger,
): void {
  handlers.register('rcnRelease', async (run) => {
    const { parts } = await store.writeTotals(run.tx, run.id, run.actor.userId);
    if (!parts.lines.length && !parts.others.length) throw declaredError('reconciliation.noLines');
  });

  handlers.register('rcnSubmitInvoice', async (run) => {
    const { tx, record } = run;
    const { totals } = await store.writeTotals(tx, run.id, run.actor.userId);
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
  });

  handlers.register('rcnApproveInvoice', async (run) => {
    // The receipts the statement holds (none when no line names one) add to their order lines' invoiced quantity.
    await ledger.addInvoiced(run.tx, run.id, run.actor.userId);
    await store.settleRebates(run.tx, run.id, Number(run.record.supplierId), run.actor.userId);
  });
}
