/**
 * Acknowledgement forms (承认书, DOMAIN.md §5.8): the header's save rule, the send to suppliers
 * (DRAFT → SUBMITTED, a supplier to-do SRM_ACKNOWLEDGEMENT per supplier), the supplier's sign-off of
 * its line (PENDING → ACKNOWLEDGED, EX only, while the form is SUBMITTED and not after its deadline,
 * with at least one file; the supplier's to-do on the form ends with its last line: a declared
 * closeTodos, purApprovalLine.json), the form's completion when no line is left to acknowledge, and the
 * buyer's cancel (DRAFT or SUBMITTED → CANCELLED: the lines still to acknowledge and the open to-dos
 * are withdrawn; a CANCELLED form is read-only, as every form past DRAFT is, by its editableWhen).
 *
 * The header lives in the buyer's organisation (internal only); each line belongs to one supplier,
 * which reaches its lines (not the header) once the form is sent. The lines carry copies of the
 * header's number, title, deadline and company for the supplier's list and the internal permits.
 */
import { Errors } from '../../../http/apiError';
import type { RecordHookRegistry, SaveDone, SaveDraft } from '../../../hooks/recordHooks';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import { ACK, ACK_LINE, type Collab } from './collabContext';

/** beforeSave of the header: line numbers, item codes, no supplier × item twice, and the suppliers' list. */
async function beforeSaveHeader(k: Collab, draft: SaveDraft): Promise<void> {
  const lines = draft.children.lines;
  if (!lines) return;
  const seen = new Set<string>();
  const suppliers: number[] = [];
  for (const [i, line] of lines.entries()) {
    line.lineNum = i + 1;
    const key = `${String(line.supplierId)}/${String(line.itemId)}`;
    if (seen.has(key))
      throw Errors.validation([
        { field: `lines[${i}].itemId`, message: 'this supplier and item are listed twice / 同一供应商与物料重复' },
      ]);
    seen.add(key);
    const item = await k.rows.one(draft.tx, 'srmBaseMaterialItem', ['itemCode'], { itemId: Number(line.itemId) });
    if (!item) throw Errors.validation([{ field: `lines[${i}].itemId`, message: 'unknown item / 物料不存在' }]);
    line.itemCode = item.itemCode;
    if (!suppliers.includes(Number(line.supplierId))) suppliers.push(Number(line.supplierId));
  }
  const names = await k.rows.select(draft.tx, 'srmSlcSupplierInfo', ['supplierId', 'supplierName'], {
    supplierId: suppliers,
  });
  const nameOf = new Map(names.map((r) => [Number(r.supplierId), String(r.supplierName)]));
  draft.values.supplierIds = suppliers.join(',') || null;
  draft.values.supplierNames = suppliers.map((s) => nameOf.get(s) ?? String(s)).join('、') || null;
}

/** After a header or a line is written: the lines take the header's number, title, deadline and company. */
async function copyHeaderToLines(k: Collab, done: SaveDone): Promise<void> {
  if (done.entity.name !== ACK && done.entity.name !== ACK_LINE) return;
  const { t, c } = k.sql;
  const L = t(ACK_LINE);
  const from = (n: string) =>
    `(SELECT h.${c(ACK, n)} FROM ${t(ACK)} h WHERE h.${c(ACK, 'approvalHeaderId')} = ${L}.${c(ACK_LINE, 'approvalHeaderId')})`;
  const where = done.entity.name === ACK ? c(ACK_LINE, 'approvalHeaderId') : c(ACK_LINE, 'approvalLineId');
  await done.tx.execute(
    `UPDATE ${L} SET ${['approvalNumber', 'title', 'deadline', 'orgId'].map((n) => `${c(ACK_LINE, n)} = ${from(n)}`).join(', ')} WHERE ${where} = ?`,
    [done.id],
  );
}

export function registerApprovalRules(k: Collab, hooks: RecordHookRegistry, handlers: TransitionHandlerRegistry): void {
  hooks.registerBeforeSave(ACK, (draft) => beforeSaveHeader(k, draft));
  hooks.onAfterSave((done) => copyHeaderToLines(k, done));
  handlers.registerOwner(ACK_LINE, 'approvalHeaderId');
}
