/**
 * Preset proportions (DOMAIN.md §3): the item code comes from the material master and the
 * validity must not end before it starts (400 naming validTo).
 */
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { checkValidity } from '../../purchasing/price/contract';
import { PRESET, type AdjustmentStore } from '../adjustment/adjustmentStore';

export function registerPresetHooks(store: AdjustmentStore, hooks: RecordHookRegistry): void {
  hooks.registerBeforeSave(PRESET, async ({ values, tx, id, ctx }) => {
    let merged: Record<string, unknown> = values;
    if (id !== undefined)
      merged = { ...((await store.reader.byId(store.model(PRESET), id, ctx, undefined, tx)) ?? {}), ...values };
    checkValidity(merged);
    if (typeof values.itemId === 'number') {
      const codes = await store.itemCodes(tx, [values.itemId]);
      values.itemCode = codes.get(values.itemId) ?? null;
    }
  });
}
