/**
 * Preset proportions (DOMAIN.md §3): the item code comes from the material master. That the
 * validity does not end before it starts is a record rule of srmSmlPresetProportion (400 naming validTo).
 */
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { PRESET, type AdjustmentStore } from '../adjustment/adjustmentStore';

export function registerPresetHooks(store: AdjustmentStore, hooks: RecordHookRegistry): void {
  hooks.registerBeforeSave(PRESET, async ({ values, tx }) => {
    if (typeof values.itemId === 'number') {
      const codes = await store.itemCodes(tx, [values.itemId]);
      values.itemCode = codes.get(values.itemId) ?? null;
    }
  });
}
