import { isSupplierUserType } from '@meridian/metadata';
import type { RecordHookRegistry, SaveDraft } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import { parseDecimal } from '../../../util/decimal';
import { RECEIPT, type ReceiptLedger } from '../receiptLedger';
import type { ReceiptLines } from '../receiptLines';
import { checkTotals, feeAmounts, lineAmounts, listItemAmounts, type CheckParts, type Values } from './checkAmounts';
import { CHECK, CheckStore } from './checkStore';

const WITH_SUPPLIER = ['SUPPLIER_CONFIRMED', 'INVOICE_REJECTED'];
/** Children a supplier never changes; what they may keep sending unchanged is compared on these fields. */
const FROZEN_FOR_SUPPLIER: Record<string, string[]> = {
  lines: ['transactionId', 'quantity', 'unitPriceExcl', 'taxRate', 'amountExcl', 'amountIncl'],
  deducteds: ['deductType', 'amount'],
  others: ['feeType', 'amountExcl', 'amountIncl'],
};
/** Header fields a supplier may change while the statement is with them. */
const SUPPLIER_HEADER_FIELDS = new Set(['accountCheckId', 'attachmentIds']);

const norm = (v: unknown) => {
  if (v === null || v === undefined || v === '') return '';
  const d = parseDecimal(typeof v === 'number' ? v : String(v));
  return d ? String(Number(String(v))) : String(v);
};

function fingerprint(rows: Values[], key: string, fields: string[]): string {
  return JSON.stringify(
    rows
      .map((r) => [norm(r[key]), ...fields.map((f) => norm(r[f]))])
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  );
}

/**
 * Saves of a statement (generic saveOrUpdate and saveAccountCheck):
 * - internal users edit a draft or a disputed statement; a supplier only creates through
 *   createInvoiceListAndAccountCheck, and while the statement is with them (confirmed, invoice
 *   rejected) changes only its invoices, invoice list and attachments (other header values are kept,
 *   changed lines, deductions or fees are refused with 403);
 * - a line naming a receipt takes its values from the receipt (ReceiptLines, through the caller's
 *   row scope of the receipts), whatever was sent: the server, not the picker, is authoritative;
 * - line, fee and invoice-list amounts and the header totals are computed here, exactly;
 * - the receipts the lines name are claimed after the header is written (ReceiptLedger).
 */
export function registerCheckHooks(
  hooks: RecordHookRegistry,
  store: CheckStore,
  ledger: ReceiptLedger,
  receiptLines: ReceiptLines,
): void {
  const claims = new WeakMap<object, { transactionIds: number[]; supplierId?: number }>();

  hooks.registerBeforeSave(CHECK, async (draft: SaveDraft) => {
    const { values, children, tx, ctx } = draft;
    const supplier = isSupplierUserType((ctx.vars.user as Values | undefined)?.userType);
    const stored = draft.creating ? undefined : await store.header(tx, draft.id!);
    if (draft.creating && supplier) throw declaredError('reconciliation.supplierCreatesFromReceipts');
    const status = String(stored?.status ?? 'DRAFT');
    if (supplier) {
      if (!WITH_SUPPLIER.includes(status)) throw declaredError('reconciliation.notWithSupplier', { status });
      for (const name of Object.keys(values))
        if (!SUPPLIER_HEADER_FIELDS.has(name) && name !== 'versionNum') delete values[name];
      for (const [child, fields] of Object.entries(FROZEN_FOR_SUPPLIER)) {
        const sent = children[child];
        if (!sent) continue;
        const key = store.childEntity(child).primaryKey;
        const kept = await store.childRows(tx, child, draft.id!, fields);
        if (fingerprint(sent, key, fields) !== fingerprint(kept, key, fields))
          throw declaredError('reconciliation.supplierInvoicesOnly');
      }
    } else if (WITH_SUPPLIER.includes(status)) {
      throw declaredError('reconciliation.beingInvoiced');
    }
    if (children.lines?.length) {
      const receipts = store.registry.entity(RECEIPT)!;
      await receiptLines.fill(tx, children.lines, ctx.scopeFor?.(receipts), ctx.vars);
    }
    children.lines?.forEach(lineAmounts);
    children.others?.forEach(feeAmounts);
    children.invoiceLists?.forEach(listItemAmounts);
    const kept = draft.creating ? undefined : await store.parts(tx, draft.id!);
    const parts: CheckParts = {
      lines: children.lines ?? kept?.lines ?? [],
      deducteds: children.deducteds ?? kept?.deducteds ?? [],
      others: children.others ?? kept?.others ?? [],
      invoices: children.invoices ?? kept?.invoices ?? [],
    };
    Object.assign(values, checkTotals(parts));
    if (children.lines) {
      const ids = children.lines
        .map((l) => l.transactionId)
        .filter((v) => v !== null && v !== undefined && v !== '')
        .map(Number);
      if (new Set(ids).size !== ids.length)
        throw declaredError('reconciliation.receiptTwice', {}, [
          { field: 'lines.transactionId', message: 'duplicate' },
        ]);
      claims.set(values, { transactionIds: ids, supplierId: stored ? Number(stored.supplierId) : undefined });
    }
  });

  hooks.onAfterSave(async (done) => {
    if (done.entity.name !== CHECK) return;
    const claim = claims.get(done.values);
    if (!claim) return;
    const supplierId = claim.supplierId ?? Number(done.values.supplierId);
    await ledger.claim(done.tx, done.id, supplierId, claim.transactionIds, done.ctx.userId);
  });
}
