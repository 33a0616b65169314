/**
 * A Code 128 reader for tests: decodes one scan line of a barcode image (dark/light pixels) the way
 * a scanner does — bar and space widths in modules, the symbol table, sets A/B/C, the mod-103 check
 * character — so that the tests check the printed barcode scans to its value, not only that an
 * image is there.
 */
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
];
const STOP = '2331112';

/** The text of a Code 128 symbol in a row of pixels (true = dark), or undefined when it does not decode. */
export function decodeCode128Row(dark: boolean[]): string | undefined {
  const first = dark.indexOf(true);
  const last = dark.lastIndexOf(true);
  if (first < 0) return undefined;
  const runs: number[] = [];
  for (let i = first, run = 0; i <= last + 1; i++) {
    if (i > first && (i > last || dark[i] !== dark[i - 1])) {
      runs.push(run);
      run = 0;
    }
    run++;
  }
  // The start symbol is 11 modules wide: its runs give the module width.
  const module = runs.slice(0, 6).reduce((a, b) => a + b, 0) / 11;
  const widths = runs.map((r) => Math.round(r / module));
  const symbols: number[] = [];
  let i = 0;
  for (; i + 6 <= widths.length; i += 6) {
    const pattern = widths.slice(i, i + 6).join('');
    if (widths.length - i === 7 && widths.slice(i).join('') === STOP) break;
    const value = PATTERNS.indexOf(pattern);
    if (value < 0) return undefined;
    symbols.push(value);
  }
  if (widths.slice(i).join('') !== STOP || symbols.length < 2) return undefined;
  const check = symbols.pop()!;
  const sum = symbols.reduce((s, v, k) => s + v * Math.max(k, 1), 0) % 103;
  if (sum !== check) return undefined;
  const sets: Record<number, 'A' | 'B' | 'C'> = { 103: 'A', 104: 'B', 105: 'C' };
  let set = sets[symbols[0]];
  if (!set) return undefined;
  let text = '';
  for (const v of symbols.slice(1)) {
    if (v === 99) set = 'C';
    else if (v === 100 && set !== 'B') set = 'B';
    else if (v === 101 && set !== 'A') set = 'A';
    else if (set === 'C') text += String(v).padStart(2, '0');
    else if (set === 'B') text += String.fromCharCode(v + 32);
    else text += String.fromCharCode(v < 64 ? v + 32 : v - 64);
  }
  return text;
}
