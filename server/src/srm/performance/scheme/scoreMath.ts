/** Score arithmetic of the scheme (exact decimals): range lines, weights, averages, ranks. */
import {
  addDecimals,
  compareDecimals,
  divideDecimals,
  formatDecimal,
  multiplyDecimals,
  parseDecimal,
  toDecimal,
  ZERO,
} from '../../../util/decimal';

export interface RangeLine {
  rangeFrom: unknown;
  rangeTo: unknown;
  score: unknown;
}

/**
 * The score of a measured rate: the first range line holding it; without range lines, linear to the
 * full score — rate % of it, or (100 − rate) % for a rate where less is better (rejects).
 */
export function scoreOfRate(rate: string, lines: RangeLine[], fullScore: unknown, lessIsBetter: boolean): string {
  const value = parseDecimal(rate)!;
  for (const l of lines) {
    const from = toDecimal(l.rangeFrom);
    const to = toDecimal(l.rangeTo);
    if (from && to && compareDecimals(value, from) >= 0 && compareDecimals(value, to) <= 0)
      return formatDecimal(toDecimal(l.score)!, 2);
  }
  if (lines.length) return '0.00';
  const full = toDecimal(fullScore) ?? parseDecimal('100')!;
  const share = lessIsBetter ? addDecimals(parseDecimal('100')!, { units: -value.units, scale: value.scale }) : value;
  const raw = multiplyDecimals(full, share);
  const scaled = formatDecimal({ units: raw.units, scale: raw.scale + 2 }, 2);
  return clamp(scaled, '0', formatDecimal(full, 2));
}

export function clamp(value: string, min: string, max: string): string {
  const [v, lo, hi] = [value, min, max].map((x) => parseDecimal(x)!);
  return formatDecimal(compareDecimals(v, lo) < 0 ? lo : compareDecimals(v, hi) > 0 ? hi : v, 2);
}

/** score × weight to 2 decimals, or null when either is missing. */
export function weighted(score: unknown, weight: unknown): string | null {
  const s = toDecimal(score);
  const w = toDecimal(weight);
  return s && w ? formatDecimal(multiplyDecimals(s, w), 2) : null;
}

/** The mean of scores, exact to 4 decimals (then weighted and rounded to 2). */
export function mean(scores: unknown[]): string {
  let sum = ZERO;
  for (const s of scores) sum = addDecimals(sum, toDecimal(s) ?? ZERO);
  return formatDecimal(divideDecimals(sum, { units: BigInt(scores.length || 1), scale: 0 }, 4)!, 4);
}

export function sum(values: (string | null)[]): string {
  let total = ZERO;
  for (const v of values) if (v !== null) total = addDecimals(total, parseDecimal(v)!);
  return formatDecimal(total, 2);
}

/** Competition ranks by score descending: equal scores share a rank (1, 1, 3). */
export function ranks(scores: string[]): number[] {
  return scores.map((s) => 1 + scores.filter((o) => compareDecimals(parseDecimal(o)!, parseDecimal(s)!) > 0).length);
}
