/** Score arithmetic of the scheme (exact decimals): range lines, weights, averages, ranks. */
import {
  addDecimals,
  compareDecimals,
  formatDecimal,
  multiplyDecimals,
  parseDecimal,
  toDecimal,
  type Dec,
} from '../../../util/decimal';

export interface RangeLine {
  rangeFrom: unknown;
  rangeTo: unknown;
  score: unknown;
}

const dec = (v: unknown): Dec | undefined => toDecimal(v);

/**
 * The score of a measured rate: the first range line holding it; without range lines, linear to the
 * full score — rate % of it, or (100 − rate) % for a rate where less is better (rejects).
 */
export function scoreOfRate(rate: string, lines: RangeLine[], fullScore: unknown, lessIsBetter: boolean): string {
  const value = parseDecimal(rate)!;
  for (const l of lines) {
    const from = dec(l.rangeFrom);
    const to = dec(l.rangeTo);
    if (from && to && compareDecimals(value, from) >= 0 && compareDecimals(value, to) <= 0)
      return formatDecimal(dec(l.score)!, 2);
  }
  if (lines.length) return '0.00';
  const full = dec(fullScore) ?? parseDecimal('100')!;
  const share = lessIsBetter ? addDecimals(parseDecimal('100')!, { units: -value.units, scale: value.scale }) : value;
  const raw = multiplyDecimals(full, share);
  const scaled = formatDecimal({ units: raw.units, scale: raw.scale + 2 }, 2);
  return clamp(scaled, '0', formatDecimal(full, 2));
}

export function clamp(value: string, min: string, max: string): string {
  const v = parseDecimal(value)!;
  if (compareDecimals(v, parseDecimal(min)!) < 0) return formatDecimal(parseDecimal(min)!, 2);
  if (compareDecimals(v, parseDecimal(max)!) > 0) return formatDecimal(parseDecimal(max)!, 2);
  return formatDecimal(v, 2);
}

/** score × weight to 2 decimals, or null when either is missing. */
export function weighted(score: unknown, weight: unknown): string | null {
  const s = dec(score);
  const w = dec(weight);
  return s && w ? formatDecimal(multiplyDecimals(s, w), 2) : null;
}

/** The mean of scores, exact to 4 decimals (then weighted and rounded to 2). */
export function mean(scores: unknown[]): string {
  let sum: Dec = { units: 0n, scale: 0 };
  for (const s of scores) sum = addDecimals(sum, dec(s) ?? { units: 0n, scale: 0 });
  const scale = Math.max(sum.scale, 6);
  const units = (sum.units * 10n ** BigInt(scale - sum.scale)) / BigInt(scores.length || 1);
  return formatDecimal({ units, scale }, 4);
}

export function sum(values: (string | null)[]): string {
  let total: Dec = { units: 0n, scale: 0 };
  for (const v of values) if (v !== null) total = addDecimals(total, parseDecimal(v)!);
  return formatDecimal(total, 2);
}

/** Competition ranks by score descending: equal scores share a rank (1, 1, 3). */
export function ranks(scores: string[]): number[] {
  return scores.map((s) => 1 + scores.filter((o) => compareDecimals(parseDecimal(o)!, parseDecimal(s)!) > 0).length);
}
