import { MAX_MONEY_EXCLUSIVE } from './validators';

/**
 * Large-currency conversion (docs/architecture.md "Spec: validators"): an amount as the Chinese upper-case
 * words printed
 * on cheques, contracts and statements, e.g. 1234.56 → 壹仟贰佰叁拾肆元伍角陆分. Works on the
 * decimal string (amounts travel as strings, docs/architecture.md "Fields"), so 0.1 + 0.2 style float noise
 * never shows.
 * Only values under 1e15 are accepted, as the spec says.
 */
const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const PLACE = ['', '拾', '佰', '仟'];
/** Units of each four-digit group from the right; the fourth group is 万 of 亿 (万亿). */
const GROUP = ['', '万', '亿', '万'];
/** Under 1e15 (MAX_MONEY_EXCLUSIVE) means at most 15 integer digits. */
const MAX_INTEGER_DIGITS = String(MAX_MONEY_EXCLUSIVE).length - 1;
const AMOUNT = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** Rounds a non-negative decimal string half up to 2 places: [integer digits, 2 decimal digits]. */
function roundToCents(integer: string, fraction: string): [string, string] {
  const cents = BigInt(integer + (fraction + '00').slice(0, 2)) + (Number(fraction[2] ?? '0') >= 5 ? 1n : 0n);
  const text = cents.toString().padStart(3, '0');
  return [text.slice(0, -2).replace(/^0+(?=\d)/, ''), text.slice(-2)];
}

function integerWords(digits: string): string {
  if (/^0+$/.test(digits)) return '';
  const groupHasDigit = (group: number) =>
    /[1-9]/.test(digits.slice(Math.max(0, digits.length - 4 * group - 4), digits.length - 4 * group));
  let words = '';
  let pendingZero = false;
  for (let i = 0; i < digits.length; i++) {
    const position = digits.length - 1 - i;
    const digit = Number(digits[i]);
    if (digit === 0) pendingZero = words !== '';
    else {
      words += (pendingZero ? DIGITS[0] : '') + DIGITS[digit] + PLACE[position % 4];
      pendingZero = false;
    }
    if (position % 4 !== 0) continue;
    const group = position / 4;
    // 亿 is written when its group or the 万亿 group above it has digits: 1e12 is 壹万亿, not 壹万.
    if (groupHasDigit(group) || (group === 2 && groupHasDigit(3))) words += GROUP[group];
  }
  return words;
}

/** A number as plain decimal digits (String(1e-7) is "1e-7"); huge ones fail the digit check later. */
function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return /e/i.test(String(value))
    ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
    : String(value);
}

export function toChineseAmount(value: number | string): string {
  const match = AMOUNT.exec(typeof value === 'number' ? numberText(value) : value.trim());
  if (!match) throw new TypeError(`Not an amount: ${String(value)}`);
  const [, sign, rawInteger, rawFraction = ''] = match;
  const [integer, cents] = roundToCents(rawInteger, rawFraction);
  // Compared on the digits, after rounding: 999999999999999.995 is 1e15 and must be refused.
  if (integer.length > MAX_INTEGER_DIGITS) throw new RangeError(`The amount must be under 1e15: ${String(value)}`);
  const yuan = integerWords(integer);
  const [jiao, fen] = [Number(cents[0]), Number(cents[1])];
  if (!yuan && !jiao && !fen) return '零元整';
  let words = yuan ? `${yuan}元` : '';
  if (!jiao && !fen) return `${sign === '-' ? '负' : ''}${words}整`;
  if (jiao) words += `${DIGITS[jiao]}角`;
  else if (yuan) words += DIGITS[0];
  if (fen) words += `${DIGITS[fen]}分`;
  return `${sign === '-' ? '负' : ''}${words}`;
}
