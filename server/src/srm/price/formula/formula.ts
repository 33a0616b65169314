/**
 * The price-adjustment formula (DOMAIN.md §3 compAdjustment): a small parser of our own over the
 * project's exact decimals (server/src/util/decimal.ts) — never eval or new Function. It reads
 * numbers, the variables a line offers, + − × ÷ (also written * /), parentheses, unary minus and
 * the functions min, max, abs and round(x, places). Anything else is refused with a FormulaError
 * that names the problem in Chinese and English (the declared messages price.formula*): an unknown
 * variable or function (names are looked up in a Map, so `constructor` or `__proto__` are unknown
 * like any other), a syntax error, division by zero, or input beyond the bounds below.
 */
import type { ApiError } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import {
  absoluteDecimal,
  addDecimals,
  compareDecimals,
  type Dec,
  divideDecimals,
  formatDecimal,
  multiplyDecimals,
  negateDecimal,
  parseDecimal,
  subtractDecimals,
} from '../../../util/decimal';

/** Bounds: the text length (the field is string(500)), the number of tokens and the nesting depth. */
export const MAX_FORMULA_LENGTH = 500;
const MAX_TOKENS = 200;
const MAX_DEPTH = 30;
/** Places kept by a division (the result is rounded by the caller, e.g. to 6 for a price). */
const DIVISION_SCALE = 12;
/** Places kept after a multiplication, so that a long product does not grow without end. */
const WORK_SCALE = 18;

export class FormulaError extends Error {
  constructor(
    readonly cn: string,
    readonly en: string,
  ) {
    super(en);
  }
}

const refusal = ({ text }: ApiError) => new FormulaError(text.cn, text.en);

type BinaryOp = '+' | '-' | '*' | '/';
type Token = { kind: 'num'; text: string; value: Dec } | { kind: 'name' | 'op'; text: string };

/** A number, a name or an operator, after blanks; − × ÷ are read as - * /. */
const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|([-+*/(),−×÷]))/y;
const SAME_AS: Record<string, string> = { '−': '-', '×': '*', '÷': '/' };

function tokenize(text: string): Token[] {
  if (text.length > MAX_FORMULA_LENGTH)
    throw refusal(declaredError('price.formulaTooLong', { max: MAX_FORMULA_LENGTH }));
  const tokens: Token[] = [];
  const next = new RegExp(TOKEN);
  while (text.slice(next.lastIndex).trim()) {
    const at = next.lastIndex + text.slice(next.lastIndex).search(/\S/);
    const m = next.exec(text);
    if (!m) throw refusal(declaredError('price.formulaBadCharacter', { ch: text[at], at: at + 1 }));
    if (m[1]) tokens.push({ kind: 'num', text: m[1], value: parseDecimal(m[1])! });
    else if (m[2]) tokens.push({ kind: 'name', text: m[2] });
    else tokens.push({ kind: 'op', text: SAME_AS[m[3]] ?? m[3] });
    if (tokens.length > MAX_TOKENS) throw refusal(declaredError('price.formulaTooManyTokens', { max: MAX_TOKENS }));
  }
  if (!tokens.length) throw refusal(declaredError('price.formulaEmpty'));
  return tokens;
}

/** The parsed expression. */
export type Node =
  | { kind: 'num'; value: Dec }
  | { kind: 'var'; name: string }
  | { kind: 'neg'; arg: Node }
  | { kind: 'bin'; op: BinaryOp; left: Node; right: Node }
  | { kind: 'call'; fn: string; args: Node[] };

/** The functions and how many arguments each takes (at least, at most). */
const FUNCTIONS = new Map([
  ['min', [2, 20]],
  ['max', [2, 20]],
  ['abs', [1, 1]],
  ['round', [1, 2]],
]);

/** Parses `text`; every name must be one of `variables` or a known function. */
export function parseFormula(text: string, variables: ReadonlySet<string>): Node {
  const tokens = tokenize(text);
  let pos = 0;
  const isOp = (op: string) => tokens[pos]?.kind === 'op' && tokens[pos].text === op;
  const expect = (op: string) => {
    const found = tokens[pos];
    if (!isOp(op))
      throw refusal(
        declaredError('price.formulaExpected', {
          op,
          found: found?.text ?? '结尾',
          foundEn: found ? `"${found.text}"` : 'the end',
        }),
      );
    pos += 1;
  };
  const depthGuard = (depth: number) => {
    if (depth > MAX_DEPTH) throw refusal(declaredError('price.formulaTooDeep', { max: MAX_DEPTH }));
  };
  /** Operands joined left to right by the operators of one precedence level. */
  const chain = (ops: BinaryOp[], operand: (depth: number) => Node, depth: number): Node => {
    let node = operand(depth);
    while (ops.some(isOp)) {
      const op = tokens[pos++].text as BinaryOp;
      node = { kind: 'bin', op, left: node, right: operand(depth) };
    }
    return node;
  };
  const term = (depth: number) => chain(['*', '/'], unary, depth);
  function expression(depth: number): Node {
    depthGuard(depth);
    return chain(['+', '-'], term, depth);
  }
  function unary(depth: number): Node {
    depthGuard(depth);
    if (!isOp('-') && !isOp('+')) return primary(depth);
    const negative = tokens[pos++].text === '-';
    const arg = unary(depth + 1);
    return negative ? { kind: 'neg', arg } : arg;
  }
  function primary(depth: number): Node {
    const t = tokens[pos];
    if (!t) throw refusal(declaredError('price.formulaEndsEarly'));
    pos += 1;
    if (t.kind === 'num') return { kind: 'num', value: t.value };
    if (t.kind === 'op') {
      if (t.text !== '(') throw refusal(declaredError('price.formulaUnexpected', { token: t.text }));
      const inner = expression(depth + 1);
      expect(')');
      return inner;
    }
    if (!isOp('(')) {
      if (!variables.has(t.text)) throw refusal(declaredError('price.formulaUnknownVariable', { name: t.text }));
      return { kind: 'var', name: t.text };
    }
    const arity = FUNCTIONS.get(t.text);
    if (!arity) throw refusal(declaredError('price.formulaUnknownFunction', { name: t.text }));
    pos += 1;
    const args = [expression(depth + 1)];
    while (isOp(',')) {
      pos += 1;
      args.push(expression(depth + 1));
    }
    expect(')');
    const [min, max] = arity;
    if (args.length < min || args.length > max)
      throw refusal(
        declaredError('price.formulaArity', { name: t.text, count: min === max ? min : `${min} to ${max}` }),
      );
    return { kind: 'call', fn: t.text, args };
  }

  const node = expression(0);
  if (pos < tokens.length) throw refusal(declaredError('price.formulaExtra', { token: tokens[pos].text }));
  return node;
}

/** Names of the variables an expression uses, in first-use order. */
export function variablesOf(node: Node, into: string[] = []): string[] {
  if (node.kind === 'var' && !into.includes(node.name)) into.push(node.name);
  const operands = node.kind === 'neg' ? [node.arg] : node.kind === 'bin' ? [node.left, node.right] : [];
  for (const operand of node.kind === 'call' ? node.args : operands) variablesOf(operand, into);
  return into;
}

const limit = (d: Dec): Dec => (d.scale > WORK_SCALE ? parseDecimal(formatDecimal(d, WORK_SCALE))! : d);

/** Evaluates with the values given (a missing value is refused, naming the variable). */
export function evaluate(node: Node, values: ReadonlyMap<string, Dec | undefined>): Dec {
  switch (node.kind) {
    case 'num':
      return node.value;
    case 'var': {
      const v = values.get(node.name);
      if (!v) throw refusal(declaredError('price.formulaNoValue', { name: node.name }));
      return v;
    }
    case 'neg':
      return negateDecimal(evaluate(node.arg, values));
    case 'bin': {
      const a = evaluate(node.left, values);
      const b = evaluate(node.right, values);
      if (node.op === '+') return addDecimals(a, b);
      if (node.op === '-') return subtractDecimals(a, b);
      if (node.op === '*') return limit(multiplyDecimals(a, b));
      const q = divideDecimals(a, b, DIVISION_SCALE);
      if (!q) throw refusal(declaredError('price.formulaDivisionByZero'));
      return q;
    }
    case 'call': {
      const args = node.args.map((a) => evaluate(a, values));
      if (node.fn === 'min') return args.reduce((x, y) => (compareDecimals(y, x) < 0 ? y : x));
      if (node.fn === 'max') return args.reduce((x, y) => (compareDecimals(y, x) > 0 ? y : x));
      if (node.fn === 'abs') return absoluteDecimal(args[0]);
      const places = args[1] ? Number(formatDecimal(args[1], 0)) : 0;
      if (places < 0 || places > 12) throw refusal(declaredError('price.formulaRoundPlaces'));
      return parseDecimal(formatDecimal(args[0], places))!;
    }
  }
}

/** The formula's text with each variable replaced by its value (missing ones stay as names): for viewJSGS. */
export function substitute(text: string, values: ReadonlyMap<string, Dec | undefined>): string {
  return tokenize(text)
    .map((t) => {
      const v = t.kind === 'name' ? values.get(t.text) : undefined;
      return v ? formatDecimal(v, v.scale) : t.text;
    })
    .join(' ')
    .replace(/\( /g, '(')
    .replace(/ \)/g, ')')
    .replace(/ ,/g, ',');
}
