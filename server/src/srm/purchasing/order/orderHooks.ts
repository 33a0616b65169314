import type { RecordHookRegistry, SaveDraft } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import { prepareOrderAmounts } from './orderAmounts';
import type { OrderGate } from './orderGate';
import { FEEDBACK, HEADER, QA, type OrderSql } from './orderModel';

/**
 * Feedback and Q&A rows are written by their actions only (doFeedback, doAskQuestion…): a save may
 * carry them back as read, but not add or drop any (all their fields are server-only, so an
 * unchanged row changes nothing).
 */
async function keepActionRows(o: OrderSql, draft: SaveDraft): Promise<void> {
  for (const [child, entity] of [
    ['feedbacks', FEEDBACK],
    ['qas', QA],
  ] as const) {
    const rows = draft.children[child];
    if (rows === undefined) continue;
    const stored = draft.creating
      ? 0
      : (await o.rows.select(draft.tx, entity, ['orderHeaderId'], { orderHeaderId: draft.id! })).length;
    if (rows.length !== stored)
      throw declaredError('purchasingOrders.actionRowsReadOnly', { child }, [{ field: child, message: 'read only' }]);
  }
}

async function storedCurrency(o: OrderSql, draft: SaveDraft): Promise<unknown> {
  if (draft.values.currencyCode !== undefined || draft.creating) return draft.values.currencyCode;
  return (await o.rows.one(draft.tx, HEADER, ['currencyCode'], { orderHeaderId: draft.id! }))?.currencyCode;
}

export function registerOrderHooks(o: OrderSql, hooks: RecordHookRegistry, gate: OrderGate): void {
  hooks.registerBeforeSave(HEADER, async (draft) => {
    await keepActionRows(o, draft);
    await prepareOrderAmounts(o, draft, await storedCurrency(o, draft));
    // After the amounts: they copy each line's category from its material.
    await gate.onSave(draft);
  });
}
