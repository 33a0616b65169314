/**
 * The price-adjustment formula (DOMAIN.md §3 compAdjustment): a small parser of our own over the
 * project's exact decimals (server/src/util/decimal.ts) — never eval or new Function. It reads
 * numbers, the variables a line offers, + − × ÷ (also written * /), parentheses, unary minus and
 * the functions min, max, abs and round(x, places). Anything else is refused with a FormulaError
 * that names the problem in Chinese and English: an unknown variable or function (names are
 * looked up in a Map, so `constructor` or `__proto__` are unknown like any other), a syntax error,
 * division by zero, or input beyond the bounds below.
 */
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

type Token =
  | { kind: 'num'; text: string; value: Dec }
  | { kind: 'name'; text: string }
  | { kind: 'op'; text: '+' | '-' | '*' | '/' | '(' | ')' | ',' };

const OPS: Record<string, Token['text']> = {
  '+': '+',
  '-': '-',
  '−': '-',
  '*': '*',
  '×': '*',
  '/': '/',
  '÷': '/',
  '(': '(',
  ')': ')',
  ',': ',',
};

export function tokenize(text: string): Token[] {
  if (text.length > MAX_FORMULA_LENGTH)
    throw new FormulaError(
      `公式过长（最多 ${MAX_FORMULA_LENGTH} 个字符）`,
      `The formula is too long (at most ${MAX_FORMULA_LENGTH} characters)`,
    );
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    const num = /^\d+(\.\d+)?/.exec(text.slice(i));
    if (num) {
      tokens.push({ kind: 'num', text: num[0], value: parseDecimal(num[0])! });
      i += num[0].length;
    } else {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i));
      if (name) {
        tokens.push({ kind: 'name', text: name[0] });
        i += name[0].length;
      } else if (OPS[ch]) {
        tokens.push({ kind: 'op', text: OPS[ch] } as Token);
        i += 1;
      } else
        throw new FormulaError(
          `公式第 ${i + 1} 个字符“${ch}”无法识别`,
          `Unexpected character "${ch}" at position ${i + 1}`,
        );
    }
    if (tokens.length > MAX_TOKENS)
      throw new FormulaError(
        `公式过长（最多 ${MAX_TOKENS} 个记号）`,
        `The formula is too long (at most ${MAX_TOKENS} tokens)`,
      );
  }
  if (!tokens.length) throw new FormulaError('公式为空', 'The formula is empty');
  return tokens;
}

/** The parsed expression. */
export type Node =
  | { kind: 'num'; value: Dec }
  | { kind: 'var'; name: string }
  | { kind: 'neg'; arg: Node }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/'; left: Node; right: Node }
  | { kind: 'call'; fn: string; args: Node[] };

const FUNCTIONS = new Map<string, { min: number; max: number }>([
  ['min', { min: 2, max: 20 }],
  ['max', { min: 2, max: 20 }],
  ['abs', { min: 1, max: 1 }],
  ['round', { min: 1, max: 2 }],
]);

/** Parses `text`; every name must be one of `variables` or a known function. */
export function parseFormula(text: string, variables: ReadonlySet<string>): Node {
  const tokens = tokenize(text);
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (t: Token | undefined, op: string) => t?.kind === 'op' && t.text === op;
  const expect = (op: string) => {
    if (!isOp(peek(), op))
      throw new FormulaError(
        `公式语法错误：此处应为“${op}”，实际为“${peek()?.text ?? '结尾'}”`,
        `Syntax error: expected "${op}" but found ${peek() ? `"${peek()!.text}"` : 'the end'}`,
      );
    pos += 1;
  };
  const depthGuard = (depth: number) => {
    if (depth > MAX_DEPTH)
      throw new FormulaError(
        `公式嵌套过深（最多 ${MAX_DEPTH} 层）`,
        `The formula nests too deeply (at most ${MAX_DEPTH} levels)`,
      );
  };

  function expression(depth: number): Node {
    depthGuard(depth);
    let node = term(depth);
    while (isOp(peek(), '+') || isOp(peek(), '-')) {
      const op = peek().text as '+' | '-';
      pos += 1;
      node = { kind: 'bin', op, left: node, right: term(depth) };
    }
    return node;
  }
  function term(depth: number): Node {
    let node = unary(depth);
    while (isOp(peek(), '*') || isOp(peek(), '/')) {
      const op = peek().text as '*' | '/';
      pos += 1;
      node = { kind: 'bin', op, left: node, right: unary(depth) };
    }
    return node;
  }
  function unary(depth: number): Node {
    depthGuard(depth);
    if (isOp(peek(), '-')) {
      pos += 1;
      return { kind: 'neg', arg: unary(depth + 1) };
    }
    if (isOp(peek(), '+')) {
      pos += 1;
      return unary(depth + 1);
    }
    return primary(depth);
  }
  function primary(depth: number): Node {
    const t = peek();
    if (!t) throw new FormulaError('公式语法错误：意外结尾', 'Syntax error: the formula ends too early');
    if (t.kind === 'num') {
      pos += 1;
      return { kind: 'num', value: t.value };
    }
    if (t.kind === 'name') {
      pos += 1;
      if (isOp(peek(), '(')) {
        const fn = FUNCTIONS.get(t.text);
        if (!fn) throw new FormulaError(`未知函数：${t.text}`, `Unknown function: ${t.text}`);
        pos += 1;
        const args: Node[] = [expression(depth + 1)];
        while (isOp(peek(), ',')) {
          pos += 1;
          args.push(expression(depth + 1));
        }
        expect(')');
        if (args.length < fn.min || args.length > fn.max)
          throw new FormulaError(
            `函数 ${t.text} 的参数个数不对`,
            `Function ${t.text} takes ${fn.min === fn.max ? fn.min : `${fn.min} to ${fn.max}`} arguments`,
          );
        return { kind: 'call', fn: t.text, args };
      }
      if (!variables.has(t.text)) throw new FormulaError(`未知变量：${t.text}`, `Unknown variable: ${t.text}`);
      return { kind: 'var', name: t.text };
    }
    if (isOp(t, '(')) {
      pos += 1;
      const inner = expression(depth + 1);
      expect(')');
      return inner;
    }
    throw new FormulaError(`公式语法错误：此处不应出现“${t.text}”`, `Syntax error: unexpected "${t.text}"`);
  }

  const node = expression(0);
  if (pos < tokens.length)
    throw new FormulaError(
      `公式语法错误：多余的“${tokens[pos].text}”`,
      `Syntax error: unexpected "${tokens[pos].text}"`,
    );
  return node;
}

/** Names of the variables an expression uses, in first-use order. */
export function variablesOf(node: Node, into: string[] = []): string[] {
  if (node.kind === 'var' && !into.includes(node.name)) into.push(node.name);
  if (node.kind === 'neg') variablesOf(node.arg, into);
  if (node.kind === 'bin') {
    variablesOf(node.left, into);
    variablesOf(node.right, into);
  }
  if (node.kind === 'call') node.args.forEach((a) => variablesOf(a, into));
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
      if (!v) throw new FormulaError(`变量 ${node.name} 没有值`, `The variable ${node.name} has no value`);
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
      if (!q) throw new FormulaError('公式除数为零', 'Division by zero in the formula');
      return q;
    }
    case 'call': {
      const args = node.args.map((a) => evaluate(a, values));
      if (node.fn === 'min') return args.reduce((x, y) => (compareDecimals(y, x) < 0 ? y : x));
      if (node.fn === 'max') return args.reduce((x, y) => (compareDecimals(y, x) > 0 ? y : x));
      if (node.fn === 'abs') return absoluteDecimal(args[0]);
      const places = args[1] ? Number(formatDecimal(args[1], 0)) : 0;
      if (places < 0 || places > 12)
        throw new FormulaError('round 的位数应在 0 到 12 之间', 'round takes 0 to 12 places');
      return parseDecimal(formatDecimal(args[0], places))!;
    }
  }
}

/** The formula's text with each variable replaced by its value (missing ones stay as names): for viewJSGS. */
export function substitute(text: string, values: ReadonlyMap<string, Dec | undefined>): string {
  return tokenize(text)
    .map((t) => {
      if (t.kind !== 'name' || !values.has(t.text)) return t.text;
      const v = values.get(t.text);
      return v ? formatDecimal(v, v.scale) : t.text;
    })
    .join(' ')
    .replace(/\( /g, '(')
    .replace(/ \)/g, ')')
    .replace(/ ,/g, ',');
}
