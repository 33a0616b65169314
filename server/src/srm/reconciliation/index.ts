/**
 * The reconciliation domain (DOMAIN.md §4): account statements with their lines, deductions, fees,
 * invoices and invoice list, invoice recognition, cash discounts and rebates. Its metadata is
 * metadata/apps/srm/reconciliation. Receipts are reached only through the ReceiptLedger seam.
 */
import type { DomainModule } from '../../platform/domainModules';
import { registerCheckActions } from './accountCheck/checkActions';
import { registerCheckFiles } from './accountCheck/checkFiles';
import { registerCheckHooks } from './accountCheck/checkHooks';
import { CheckStore } from './accountCheck/checkStore';
import { registerCheckTransitions } from './accountCheck/checkTransitions';
import { registerInvoiceRecognition } from './invoiceOcr/ocrActions';
import { ReceiptLedger } from './receiptLedger';
import { ReceiptLines } from './receiptLines';

export const reconciliationModule: DomainModule = {
  name: 'reconciliation',
  register({ actions, hooks, handlers, registry, db }) {
    const store = new CheckStore(registry, db.dialect);
    const ledger = new ReceiptLedger(registry, db.dialect);
    registerCheckHooks(hooks, store, ledger, new ReceiptLines(registry, db.dialect));
    registerCheckTransitions(handlers, store, ledger);
    registerCheckActions(actions, store, ledger);
    registerCheckFiles(actions);
    registerInvoiceRecognition(actions, store);
  },
};
