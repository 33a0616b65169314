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
import { declaredError } from '../../../http/declaredErrors';
import { findMaterialPrice } from '../../purchasing/price/contract';
import { decimalText } from '../../../util/decimal';
import { FormulaError } from '../formula/formula';
import {
  checkFormula,
  computeNewPrice,
  deriveLine,
  missingInputs,
  totalImpact,
  type LineValues,
} from './adjustmentMath';
import { HEAD, type AdjustmentStore } from './adjustmentStore';

export interface HeadInputs {
  supplierId: number | null;
  orgId: number | null;
  effectiveDate: string | null;
  basePeriod: string | null;
  targetPeriod: string | null;
}

const empty = (v: unknown) => v === null || v === undefined || v === '';
const num = (v: unknown) => (empty(v) ? null : Number(v));
const str = (v: unknown) => (empty(v) ? null : String(v));

export const headInputs = (row: Record<string, unknown>): HeadInputs => ({
  supplierId: num(row.supplierId),
  orgId: num(row.orgId),
  effectiveDate: str(row.effectiveDate)?.slice(0, 10) ?? null,
  basePeriod: str(row.basePeriod),
  targetPeriod: str(row.targetPeriod),
});

/** A formula problem as 400 naming the line's field. */
export function formulaRefused(e: unknown, field: string): never {
  if (e instanceof FormulaError)
    throw declaredError('price.formulaInvalid', { reasonCn: e.cn, reasonEn: e.en }, [
      { field, message: `${e.en} / ${e.cn}` },
    ]);
  throw e;
}

/** Fills the empty inputs of each line (in place). */
export async function fillInputs(
  store: AdjustmentStore,
  tx: SqlExecutor,
  head: HeadInputs,
  lines: LineValues[],
): Promise<void> {
  const codes = await store.itemCodes(tx, [
    ...new Set(lines.map((l) => Number(l.itemId)).filter((id) => Number.isSafeInteger(id) && id > 0)),
  ]);
  for (const line of lines) {
    const itemId = Number(line.itemId);
    if (!codes.has(itemId)) continue; // the generic writer refuses an unknown item
    line.itemCode = codes.get(itemId);
    if ((empty(line.oldPrice) || empty(line.taxRate)) && head.supplierId && head.orgId && head.effectiveDate) {
      const price = await findMaterialPrice(tx, store.registry, {
        itemId,
        orgId: head.orgId,
        onDate: head.effectiveDate,
        supplierId: head.supplierId,
      });
      if (price) {
        if (empty(line.oldPrice)) line.oldPrice = price.baseUnitPriceExcl;
        if (empty(line.taxRate)) line.taxRate = price.taxRate;
      }
    }
    if (empty(line.proportion) || empty(line.rawMaterialCode)) {
      const [preset] = await store.presets(tx, { itemId, supplierId: head.supplierId, onDate: head.effectiveDate });
      if (preset && (empty(line.rawMaterialCode) || line.rawMaterialCode === preset.rawMaterialCode)) {
        line.rawMaterialCode = preset.rawMaterialCode;
        if (empty(line.proportion)) line.proportion = preset.proportion;
        if (empty(line.baseIndexPrice) && !head.basePeriod && preset.baseIndexPrice)
          line.baseIndexPrice = preset.baseIndexPrice;
      }
    }
    const material = str(line.rawMaterialCode);
    if (material && empty(line.baseIndexPrice) && head.basePeriod)
      line.baseIndexPrice = await store.indexPrice(tx, material, head.basePeriod);
    if (material && empty(line.currentIndexPrice) && head.targetPeriod)
      line.currentIndexPrice = await store.indexPrice(tx, material, head.targetPeriod);
  }
}

/**
 * newPrice of each line by its formula — every line when `always`, else only those without one —
 * then changeRate and impactAmount. A line that cannot be computed answers 400 naming the missing
 * inputs (`lines[i].newPrice`); a bad formula 400 naming `lines[i].formulaText`.
 */
export function computeLines(lines: LineValues[], always: boolean): void {
  lines.forEach((line, i) => {
    try {
      checkFormula(line);
    } catch (e) {
      formulaRefused(e, `lines[${i}].formulaText`);
    }
    if (always || empty(line.newPrice)) {
      const missing = missingInputs(line);
      if (missing.length)
        throw declaredError('price.newPriceInputsMissing', { lineNo: i + 1, missing: missing.join(', ') }, [
          { field: `lines[${i}].newPrice`, message: `missing ${missing.join(', ')} / 缺少 ${missing.join(', ')}` },
        ]);
      try {
        line.newPrice = computeNewPrice(line);
      } catch (e) {
        formulaRefused(e, `lines[${i}].formulaText`);
      }
    } else line.newPrice = decimalText(line.newPrice, 6);
    if (empty(line.oldPrice))
      throw declaredError('price.noOldPrice', { lineNo: i + 1 }, [
        { field: `lines[${i}].oldPrice`, message: 'required / 必填' },
      ]);
    deriveLine(line);
  });
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
  await fillInputs(store, tx, headInputs(head), lines);
  computeLines(lines, false);
  values.totalImpactAmount = totalImpact(lines);
}
