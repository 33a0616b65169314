/**
 * The price monitoring and warning reports (DOMAIN.md §3 "Reports", issue 17): per VALID preset
 * proportion (a supplier's item and its raw material) the reference index — the current index of
 * the item's latest CONFIRMED adjustment, else the preset's base index — the raw material's latest
 * index price, the change, and the theoretical new price by the adjustment formula
 * (DEFAULT_FORMULA, with the supplier's current material price as oldPrice). The warning report
 * keeps the rows whose change exceeds the threshold (strictly) and that have no open adjustment.
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import {
  absoluteDecimal,
  compareDecimals,
  divideDecimals,
  formatDecimal,
  subtractDecimals,
  toDecimal,
} from '../../../util/decimal';
import { today } from '../../../util/time';
import { computeNewPrice, DEFAULT_FORMULA, text } from '../adjustment/adjustmentMath';
import { FormulaError } from '../formula/formula';
import { OPEN_ADJUSTMENT, type ReportReads } from './reportReads';

/** The warning threshold in percent: lookup SML_REPORT_SETTING / WARNING_THRESHOLD_PCT's description, else 5. */
export const DEFAULT_THRESHOLD_PCT = '5';

function changePct(base: string | null, current: string | null): string | null {
  const b = toDecimal(base);
  const c = toDecimal(current);
  if (!b || !c || b.units === 0n) return null;
  const rate = divideDecimals(subtractDecimals(c, b), b, 6);
  return rate ? formatDecimal({ units: rate.units * 100n, scale: rate.scale }, 2) : null;
}

/** The theoretical new price by the default formula; null when an input is missing or the base index is 0. */
function theoretical(inputs: Record<string, string | null>): string | null {
  try {
    return computeNewPrice({ ...inputs, formulaText: DEFAULT_FORMULA });
  } catch (e) {
    if (e instanceof FormulaError) return null;
    throw e;
  }
}

/** Every VALID preset's report row (of one raw material when given), on `day`. */
export async function reportRows(reads: ReportReads, tx: SqlExecutor, material?: string, day = today()) {
  // The latest index price of each raw material (the series is oldest first: a later period replaces).
  const series = await reads.series(tx, material);
  const latest = new Map(
    series.map((r) => [String(r.rawMaterialCode), { period: String(r.period), price: String(r.price) }]),
  );
  const out = [];
  for (const preset of await reads.presets(tx, material)) {
    const adjustments = await reads.adjustments(tx, preset);
    const open = adjustments.find((a) => OPEN_ADJUSTMENT.includes(String(a.status)));
    // The latest CONFIRMED adjustment of the raw material, by confirmation (then newest first).
    const confirmed = adjustments
      .filter((a) => a.status === 'CONFIRMED' && a.rawMaterialCode === preset.rawMaterialCode)
      .sort((a, b) => String(b.confirmDate ?? '').localeCompare(String(a.confirmDate ?? '')))[0];
    const index = latest.get(String(preset.rawMaterialCode));
    const base = text(confirmed?.currentIndexPrice) ?? text(preset.baseIndexPrice);
    const row = {
      presetProportionId: Number(preset.presetProportionId),
      itemId: Number(preset.itemId),
      itemCode: String(preset.itemCode ?? ''),
      supplierId: Number(preset.supplierId),
      supplierName: String(preset.supplierName ?? ''),
      rawMaterialCode: String(preset.rawMaterialCode),
      proportion: String(preset.proportion),
      baseIndexPrice: base,
      currentIndexPrice: index?.price ?? null,
      currentPeriod: index?.period ?? null,
      changePct: changePct(base, index?.price ?? null),
      currentPrice: text(await reads.materialPrice(tx, preset, day)),
      lastAdjustmentDate: text(confirmed?.effectiveDate)?.slice(0, 10) ?? null,
      lastAdjustmentNumber: text(confirmed?.adjustmentNumber),
      openAdjustmentNumber: text(open?.adjustmentNumber),
    };
    const { currentPrice: oldPrice, proportion, baseIndexPrice, currentIndexPrice } = row;
    out.push({ ...row, theoreticalPrice: theoretical({ oldPrice, proportion, baseIndexPrice, currentIndexPrice }) });
  }
  return out;
}

/**
 * A report row: the supplier's item and raw material, the reference and latest index, changePct =
 * (current − base) ÷ base × 100 (2 places), the current and theoretical price and the adjustments.
 */
export type ReportRow = Awaited<ReturnType<typeof reportRows>>[number];

export async function thresholdPct(reads: ReportReads, tx: SqlExecutor): Promise<string> {
  const lookup = { lookupType: 'SML_REPORT_SETTING', lookupCode: 'WARNING_THRESHOLD_PCT' };
  const configured = await reads.rows.one(tx, 'baseLookupValues', ['description'], lookup);
  const d = toDecimal(String(configured?.description ?? '').trim());
  return d && d.units >= 0n ? formatDecimal(d, 2) : formatDecimal(toDecimal(DEFAULT_THRESHOLD_PCT)!, 2);
}

/** The warning rows: |change| strictly above the threshold, and no open adjustment of the item. */
export function warningRows(rows: ReportRow[], threshold: string): ReportRow[] {
  const limit = toDecimal(threshold)!;
  return rows.filter((r) => {
    const change = toDecimal(r.changePct);
    return !r.openAdjustmentNumber && !!change && compareDecimals(absoluteDecimal(change), limit) > 0;
  });
}
