/**
 * Line arithmetic of a price adjustment (DOMAIN.md §3), all in exact decimals: newPrice by the
 * line's formula (the default one when formulaText is empty), changeRate = (new − old) ÷ old,
 * impactAmount = (new − old) × estimatedQty and the header's totalImpactAmount.
 */
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
import { evaluate, parseFormula, substitute, variablesOf } from '../formula/formula';

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

export const formulaOf = (line: LineValues): string => {
  const text = typeof line.formulaText === 'string' ? line.formulaText.trim() : '';
  return text || DEFAULT_FORMULA;
};

export function valuesOf(line: LineValues): Map<string, Dec | undefined> {
  return new Map([...FORMULA_VARIABLES].map((name) => [name, toDecimal(line[name])]));
}

/** Checks the line's own formula (syntax and names) without evaluating it. */
export function checkFormula(line: LineValues): void {
  parseFormula(formulaOf(line), FORMULA_VARIABLES);
}

/** The variables the line's formula needs that have no value. */
export function missingInputs(line: LineValues): string[] {
  const values = valuesOf(line);
  return variablesOf(parseFormula(formulaOf(line), FORMULA_VARIABLES)).filter((name) => !values.get(name));
}

/** newPrice of 6 places by the line's formula; throws FormulaError. */
export function computeNewPrice(line: LineValues): string {
  const result = evaluate(parseFormula(formulaOf(line), FORMULA_VARIABLES), valuesOf(line));
  return formatDecimal(result, 6);
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

/** changeRate and impactAmount of a line (in place), from its oldPrice, newPrice and estimatedQty. */
export function deriveLine(line: LineValues): void {
  line.changeRate = changeRate(line.oldPrice, line.newPrice);
  const before = toDecimal(line.oldPrice);
  const after = toDecimal(line.newPrice);
  const qty = toDecimal(line.estimatedQty);
  line.impactAmount =
    before && after && qty ? formatDecimal(multiplyDecimals(subtractDecimals(after, before), qty), 2) : null;
}

/** The header's total of the lines' impact amounts (lines without one count 0). */
export function totalImpact(lines: LineValues[]): string {
  const sum = lines.reduce<Dec>((acc, l) => addDecimals(acc, toDecimal(l.impactAmount) ?? ZERO), ZERO);
  return formatDecimal(sum, 2);
}

export const price6 = (v: unknown): string | null => decimalText(v, 6);
