// Integer arithmetic over named vars for shapes, counts and batch sizes: `B*G`, `(T+1)//2`. No eval.

/** A parsed expression: integers, vars, + - * / // and parentheses. */
export type Expr =
  | { kind: 'int'; value: number }
  | { kind: 'var'; name: string; offset: number }
  | { kind: 'neg'; arg: Expr }
  | { kind: 'bin'; op: BinaryOp; left: Expr; right: Expr };

type BinaryOp = '+' | '-' | '*' | '/' | '//';

/** A malformed expression, an undefined var or a division by zero; `offset` is where in the text. */
export class ExprError extends Error {
  readonly offset: number;
  readonly varName?: string;
  constructor(message: string, offset: number, varName?: string) {
    super(message);
    this.name = 'ExprError';
    this.offset = offset;
    this.varName = varName;
  }
}

const tokenPattern = /\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|(\/\/|[-+*/()]))/y;

interface Token {
  text: string;
  offset: number;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  tokenPattern.lastIndex = 0;
  while (tokenPattern.lastIndex < text.length) {
    const start = tokenPattern.lastIndex;
    const match = tokenPattern.exec(text);
    if (!match) {
      if (text.slice(start).trim() === '') break;
      const at = start + (text.slice(start).length - text.slice(start).trimStart().length);
      throw new ExprError(`unexpected "${text[at]}"`, at);
    }
    const body = match[1] ?? match[2] ?? match[3] ?? '';
    tokens.push({ text: body, offset: tokenPattern.lastIndex - body.length });
  }
  return tokens;
}

/** No shape or count a person writes is longer; past it the parse and evaluation recurse too deep. */
export const maxExprChars = 1024;
/** Parentheses and unary minus nest at most this deep. */
export const maxExprDepth = 32;

/** Parses `B*G`, `263`, `(T+1)//2`; throws ExprError with the offset of the problem. */
export function parseExpr(text: string): Expr {
  if (text.length > maxExprChars) {
    throw new ExprError(
      `the expression is ${text.length} characters; at most ${maxExprChars} are read`,
      maxExprChars,
    );
  }
  const tokens = tokenize(text);
  let depth = 0;
  let position = 0;
  const peek = (): Token | undefined => tokens[position];
  const fail = (what: string): never => {
    throw new ExprError(what, peek()?.offset ?? text.length);
  };

  const parsePrimary = (): Expr => {
    const token = peek();
    if (!token) return fail('expression ends too early');
    position++;
    if (/^\d+$/.test(token.text)) return { kind: 'int', value: Number(token.text) };
    if (/^[A-Za-z_]/.test(token.text)) return { kind: 'var', name: token.text, offset: token.offset };
    if (token.text === '(') {
      if (++depth > maxExprDepth) fail(`parentheses nest more than ${maxExprDepth} deep`);
      const inner = parseSum();
      depth--;
      if (peek()?.text !== ')') fail('missing ")"');
      position++;
      return inner;
    }
    position--;
    return fail(`unexpected "${token.text}"`);
  };
  const parseUnary = (): Expr => {
    if (peek()?.text === '-') {
      position++;
      if (++depth > maxExprDepth) fail(`minus signs nest more than ${maxExprDepth} deep`);
      const arg = parseUnary();
      depth--;
      return { kind: 'neg', arg };
    }
    return parsePrimary();
  };
  const parseBinary = (ops: BinaryOp[], next: () => Expr) => (): Expr => {
    let left = next();
    for (let op = peek()?.text; ops.includes(op as BinaryOp); op = peek()?.text) {
      position++;
      left = { kind: 'bin', op: op as BinaryOp, left, right: next() };
    }
    return left;
  };
  const parseProduct = parseBinary(['*', '/', '//'], parseUnary);
  const parseSum = parseBinary(['+', '-'], parseProduct);

  const expr = parseSum();
  if (peek()) fail(`unexpected "${peek()?.text}"`);
  return expr;
}

/** Names of the vars an expression uses, in order of first use. */
export function exprVars(expr: Expr): string[] {
  if (expr.kind === 'var') return [expr.name];
  if (expr.kind === 'neg') return exprVars(expr.arg);
  if (expr.kind === 'bin') return [...new Set([...exprVars(expr.left), ...exprVars(expr.right)])];
  return [];
}

/** Evaluates with `vars`: `/` divides exactly (sizes round up where used), `//` floors; undefined var throws. */
export function evaluateExpr(expr: Expr, vars: Readonly<Record<string, number>>): number {
  switch (expr.kind) {
    case 'int':
      return expr.value;
    case 'var': {
      const value = vars[expr.name];
      if (value === undefined) throw new ExprError(`undefined var "${expr.name}"`, expr.offset, expr.name);
      return value;
    }
    case 'neg':
      return -evaluateExpr(expr.arg, vars);
    case 'bin': {
      const left = evaluateExpr(expr.left, vars);
      const right = evaluateExpr(expr.right, vars);
      if ((expr.op === '/' || expr.op === '//') && right === 0) throw new ExprError('division by zero', 0);
      if (expr.op === '+') return left + right;
      if (expr.op === '-') return left - right;
      if (expr.op === '*') return left * right;
      return expr.op === '/' ? left / right : Math.floor(left / right);
    }
  }
}
