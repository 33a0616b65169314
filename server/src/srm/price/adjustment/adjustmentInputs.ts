/**
 * The inputs of an adjustment line that the user may leave empty, filled on the server:
 * oldPrice and taxRate from the price list (the supplier's valid price at the organisation on the
 * effective date), rawMaterialCode, proportion and baseIndexPrice from findPresetProportion, and
 * baseIndexPrice / currentIndexPrice from the index prices of the header's basePeriod /
 * targetPeriod. Then newPrice by the formula (on save only when empty; compAdjustment always),
 * changeRate, impactAmount and the header's totalImpactAmount.
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordValues, SaveDraft } from '../../../hooks/recordHooks';
import { findMaterialPrice } from '../../purchasing/price/contract';
import { computeLines, empty, text, totalImpact, type LineValues } from './adjustmentMath';
import { HEAD, type AdjustmentStore } from './adjustmentStore';

/** Fills the empty inputs of each line (in place) from the header's supplier, organisation, date and periods. */
export async function fillInputs(
  store: AdjustmentStore,
  tx: SqlExecutor,
  head: Record<string, unknown>,
  lines: LineValues[],
): Promise<void> {
  const supplierId = Number(head.supplierId) || null;
  const orgId = Number(head.orgId) || null;
  const onDate = text(head.effectiveDate)?.slice(0, 10) ?? null;
  const basePeriod = text(head.basePeriod);
  const targetPeriod = text(head.targetPeriod);
  const codes = await store.itemCodes(tx, [
    ...new Set(lines.map((l) => Number(l.itemId)).filter((id) => Number.isSafeInteger(id) && id > 0)),
  ]);
  for (const line of lines) {
    const itemId = Number(line.itemId);
    if (!codes.has(itemId)) continue; // the generic writer refuses an unknown item
    line.itemCode = codes.get(itemId);
    if ((empty(line.oldPrice) || empty(line.taxRate)) && supplierId && orgId && onDate) {
      const price = await findMaterialPrice(tx, store.registry, { itemId, orgId, onDate, supplierId });
      if (price) {
        if (empty(line.oldPrice)) line.oldPrice = price.baseUnitPriceExcl;
        if (empty(line.taxRate)) line.taxRate = price.taxRate;
      }
    }
    if (empty(line.proportion) || empty(line.rawMaterialCode)) {
      const [preset] = await store.presets(tx, { itemId, supplierId, onDate });
      if (preset && (empty(line.rawMaterialCode) || line.rawMaterialCode === preset.rawMaterialCode)) {
        line.rawMaterialCode = preset.rawMaterialCode;
        if (empty(line.proportion)) line.proportion = preset.proportion;
        if (empty(line.baseIndexPrice) && !basePeriod && preset.baseIndexPrice)
          line.baseIndexPrice = preset.baseIndexPrice;
      }
    }
    const material = text(line.rawMaterialCode);
    if (material && empty(line.baseIndexPrice) && basePeriod)
      line.baseIndexPrice = await store.indexPrice(tx, material, basePeriod);
    if (material && empty(line.currentIndexPrice) && targetPeriod)
      line.currentIndexPrice = await store.indexPrice(tx, material, targetPeriod);
  }
}

/** beforeSave of the header: inputs, prices and totals of the lines posted with it. */
export async function prepareAdjustment(store: AdjustmentStore, draft: SaveDraft): Promise<void> {
  const { values, tx, ctx } = draft;
  const lines = draft.children.lines as RecordValues[] | undefined;
  if (!lines) return;
  let head: Record<string, unknown> = values;
  if (!draft.creating && draft.id !== undefined) {
    const stored = await store.reader.byId(store.model(HEAD), draft.id, ctx, undefined, tx);
    head = { ...(stored ?? {}), ...values };
  }
  await fillInputs(store, tx, head, lines);
  computeLines(lines, false);
  values.totalImpactAmount = totalImpact(lines);
}
