import { describe, expect, it } from 'vitest';
import { decodeCode128Row } from './code128';

/** A scan line drawn from bar/space widths in modules (bars first), `px` pixels per module, with quiet zones. */
function row(widths: string, px = 3): boolean[] {
  const out: boolean[] = Array<boolean>(10 * px).fill(false);
  [...widths].forEach((w, i) => out.push(...Array<boolean>(Number(w) * px).fill(i % 2 === 0)));
  return [...out, ...Array<boolean>(10 * px).fill(false)];
}

// "AB" in set B: start B (104), 'A' (33), 'B' (34), check (104 + 33·1 + 34·2) mod 103 = 102, stop.
const START_B = '211214';
const A = '121124'; // symbol 65 in place of 33: the check character no longer matches
describe('Code 128 scan line reader', () => {
  it('reads a symbol drawn from the table, and refuses a wrong check character or a broken bar', () => {
    const good = START_B + '111323' + '131123' + '411131' + '2331112';
    expect(decodeCode128Row(row(good))).toBe('AB');
    expect(decodeCode128Row(row(good, 2))).toBe('AB');
    expect(decodeCode128Row(row(START_B + '111323' + '131123' + '311141' + '2331112'))).toBeUndefined();
    expect(decodeCode128Row(row(START_B + A + '131123' + '411131' + '2331112'))).toBeUndefined();
    expect(decodeCode128Row(row(START_B + '111323' + '131123' + '411131'))).toBeUndefined();
  });
});
