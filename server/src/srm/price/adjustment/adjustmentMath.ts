/**
 * Line arithmetic of a price adjustment (DOMAIN.md §3), all in exact decimals: newPrice by the
 * line's formula (the default one when formulaText is empty), changeRate = (new − old) ÷ old,
 * impactAmount = (new − old) × estimatedQty and the header's totalImpactAmount.
 */
import { declaredError } from '../../../http/declaredErrors';
import {
  addDecimals,
  changeRate,
  type Dec,
  decimalText,
  formatDecimal,
  multiplyDecimals,
  subtractDecimals,
  toDecimal,
  ZERO,
} from '../../../util/decimal';
import { evaluate, FormulaError, parseFormula, substitute, variablesOf } from '../formula/formula';

export const DEFAULT_FORMULA = 'oldPrice * (1 + proportion * (currentIndexPrice - baseIndexPrice) / baseIndexPrice)';
export const FORMULA_VARIABLES: ReadonlySet<string> = new Set([
  'oldPrice',
  'proportion',
  'baseIndexPrice',
  'currentIndexPrice',
  'taxRate',
  'estimatedQty',
]);

export type LineValues = Record<string, unknown>;

/** Whether a value is blank (null, undefined or ''); `text` is a value's text, blank as null. */
export const empty = (v: unknown) => v === null || v === undefined || v === '';
export const text = (v: unknown): string | null => (empty(v) ? null : String(v));

const formulaOf = (line: LineValues): string => {
  const own = typeof line.formulaText === 'string' ? line.formulaText.trim() : '';
  return own || DEFAULT_FORMULA;
};

const valuesOf = (line: LineValues): Map<string, Dec | undefined> =>
  new Map([...FORMULA_VARIABLES].map((name) => [name, toDecimal(line[name])]));

/** newPrice of 6 places by the formula (the line's own unless given); throws FormulaError. */
export function computeNewPrice(line: LineValues, formula = parseFormula(formulaOf(line), FORMULA_VARIABLES)): string {
  return formatDecimal(evaluate(formula, valuesOf(line)), 6);
}

/** The value of `fn`, a formula problem as 400 naming the line's field. */
function unlessFormulaRefused<T>(field: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof FormulaError)) throw e;
    throw declaredError('price.formulaInvalid', { reasonCn: e.cn, reasonEn: e.en }, [
      { field, message: `${e.en} / ${e.cn}` },
    ]);
  }
}

/**
 * newPrice of each line by its formula — every line when `always`, else only those without one —
 * then changeRate and impactAmount (in place). A line that cannot be computed answers 400 naming
 * the missing inputs (`lines[i].newPrice`); a bad formula 400 naming `lines[i].formulaText`.
 */
export function computeLines(lines: LineValues[], always: boolean): void {
  lines.forEach((line, i) => {
    const at = `lines[${i}].formulaText`;
    const formula = unlessFormulaRefused(at, () => parseFormula(formulaOf(line), FORMULA_VARIABLES));
    if (always || empty(line.newPrice)) {
      const values = valuesOf(line);
      const missing = variablesOf(formula).filter((name) => !values.get(name));
      if (missing.length)
        throw declaredError('price.newPriceInputsMissing', { lineNo: i + 1, missing: missing.join(', ') }, [
          { field: `lines[${i}].newPrice`, message: `missing ${missing.join(', ')} / 缺少 ${missing.join(', ')}` },
        ]);
      line.newPrice = unlessFormulaRefused(at, () => computeNewPrice(line, formula));
    } else line.newPrice = decimalText(line.newPrice, 6);
    if (empty(line.oldPrice))
      throw declaredError('price.noOldPrice', { lineNo: i + 1 }, [
        { field: `lines[${i}].oldPrice`, message: 'required / 必填' },
      ]);
    line.changeRate = changeRate(line.oldPrice, line.newPrice);
    const [before, after, qty] = [line.oldPrice, line.newPrice, line.estimatedQty].map(toDecimal);
    line.impactAmount =
      before && after && qty ? formatDecimal(multiplyDecimals(subtractDecimals(after, before), qty), 2) : null;
  });
}

/** What viewJSGS shows for a line: the formula, its values, the substituted text and the result (or why not). */
export function explainLine(line: LineValues): Record<string, unknown> {
  const values = valuesOf(line);
  const formulaText = formulaOf(line);
  const out: Record<string, unknown> = {
    adjustmentLineId: line.adjustmentLineId,
    itemId: line.itemId,
    itemCode: line.itemCode,
    formulaText,
    defaultFormula: formulaText === DEFAULT_FORMULA,
    variables: Object.fromEntries([...values].map(([k, v]) => [k, v ? formatDecimal(v, v.scale) : null])),
  };
  try {
    out.substituted = substitute(formulaText, values);
    out.result = computeNewPrice(line);
  } catch (e) {
    out.result = null;
    out.problem = e instanceof Error ? e.message : String(e);
  }
  return out;
}

/** The header's total of the lines' impact amounts (lines without one count 0). */
export function totalImpact(lines: LineValues[]): string {
  const sum = lines.reduce<Dec>((acc, l) => addDecimals(acc, toDecimal(l.impactAmount) ?? ZERO), ZERO);
  return formatDecimal(sum, 2);
}
