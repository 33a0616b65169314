/**
 * Delivery appointments (送货预约, DOMAIN 5.8 srmPurReserveHeader): a supplier books a dock and a
 * time slot of a plant for its shipped delivery notes. Two rules hold under concurrency through
 * unique keys that only an active (SUBMITTED or ARRIVED) appointment fills: the header's
 * activeSlotKey (plant|dock|date|slot) and each line's activeNoteId (the delivery note). A second
 * submit of the same slot or note waits for the first writer and then fails on the key: 409.
 * Cancelling empties both keys, which frees the slot and the notes (declared: purReserve.json).
 */
import type { RecordHookRegistry, SaveDraft } from '../../../hooks/recordHooks';
import type { ApiError } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { isDuplicateKey } from '../../../resource/dbErrors';
import { type LabelStore, RESERVE, RESERVE_LINE } from './labelStore';

async function uniqueWrite(write: () => Promise<unknown>, taken: () => ApiError): Promise<void> {
  try {
    await write();
  } catch (e) {
    if (isDuplicateKey(e)) throw taken();
    throw e;
  }
}

/** beforeSave: every booked note is the supplier's own, shipped, of the appointment's plant, and listed once. */
async function beforeSave(store: LabelStore, draft: SaveDraft): Promise<void> {
  const lines = draft.children.lines;
  if (!lines) return;
  const stored = draft.id
    ? await store.rows.one(draft.tx, RESERVE, ['supplierId', 'invOrgId'], { reserveId: draft.id })
    : undefined;
  const supplierId = Number(draft.values.supplierId ?? stored?.supplierId);
  const invOrgId = Number(draft.values.invOrgId ?? stored?.invOrgId);
  const notes = await store.notes(
    draft.tx,
    lines.map((l) => Number(l.deliveryNoteId)).filter((n) => n > 0),
  );
  const seen = new Set<number>();
  lines.forEach((line, i) => {
    const field = `lines[${i}].deliveryNoteId`;
    const note = notes.get(Number(line.deliveryNoteId));
    if (!note || Number(note.supplierId) !== supplierId)
      throw declaredError('purchasingDelivery.unknownNote', {}, [
        { field, message: 'unknown delivery note / 送货单不存在' },
      ]);
    if (String(note.status) !== 'SHIPPED')
      throw declaredError('purchasingDelivery.noteNotShipped', note, [
        { field, message: 'only shipped delivery notes / 只能预约已发货的送货单' },
      ]);
    if (Number(note.invOrgId) !== invOrgId)
      throw declaredError('purchasingDelivery.notePlant', note, [{ field, message: 'another plant / 收货工厂不同' }]);
    if (seen.has(Number(note.deliveryNoteId)))
      throw declaredError('purchasingDelivery.noteTwice', note, [{ field, message: 'listed twice / 重复' }]);
    seen.add(Number(note.deliveryNoteId));
    line.lineNum ??= i + 1;
    line.deliveryNoteNumber = note.deliveryNoteNumber;
    line.shipDate = note.shipDate;
    line.packageQty = note.packageQty;
  });
}

/**
 * doSubmit: the keys that hold the slot and the notes, and the notes' ids (computed values). Supplier
 * users only, the date not in the past, at least one line, each note still a shipped note of the
 * supplier at the plant and the submit date are declared (purReserve.json). The slot key is written
 * first, then the lines in note order, so two submits cannot deadlock; a duplicate is 409.
 */
async function submit(store: LabelStore, run: TransitionRun): Promise<void> {
  const r = run.record;
  const lines = await store.reserveLines(run.tx, run.id);
  const header = {
    activeSlotKey: [r.invOrgId, r.dockCode, r.appointDate, r.timeSlot].map(String).join('|'),
    deliveryNoteIds: JSON.stringify(lines.map((l) => Number(l.deliveryNoteId))),
  };
  await uniqueWrite(
    () => store.update(run.tx, RESERVE, 'reserveId', run.id, header, run.ctx.userId),
    () => declaredError('purchasingDelivery.slotTaken'),
  );
  for (const line of [...lines].sort((a, b) => Number(a.deliveryNoteId) - Number(b.deliveryNoteId)))
    await uniqueWrite(
      () =>
        store.rows.update(
          run.tx,
          RESERVE_LINE,
          { activeNoteId: Number(line.deliveryNoteId) },
          { reserveLineId: Number(line.reserveLineId) },
          run.ctx.userId,
        ),
      () => declaredError('purchasingDelivery.noteTaken', { deliveryNoteNumber: line.deliveryNoteNumber }),
    );
}

export function registerReserve(
  store: LabelStore,
  hooks: RecordHookRegistry,
  handlers: TransitionHandlerRegistry,
): void {
  hooks.registerBeforeSave(RESERVE, (draft) => beforeSave(store, draft));
  handlers.register('submitReserve', (run) => submit(store, run));
}
