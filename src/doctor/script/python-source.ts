// A careful line-based view of Python source, without a Python runtime: comments removed,
// triple-quoted strings (docstrings) blanked, bracketed and backslash-continued lines joined into
// statements that keep their first line number, indentation and enclosing blocks.

/** One logical statement. */
export interface Statement {
  /** 1-based line where it starts. */
  line: number;
  indent: number;
  /** Code with comments removed and triple-quoted strings replaced by `""`. */
  text: string;
  /** The same with every string literal emptied, for matching code only. */
  code: string;
  /** The physical lines it spans, cleaned the same way, with their numbers. */
  lines: { line: number; text: string }[];
  /** True when inside a `def` (its code runs when called, not in file order). */
  isInFunction: boolean;
  /** The enclosing `def`'s line, when in one. */
  functionLine?: number;
}

// Cleans the source: drops comments, blanks triple-quoted strings, keeps other string literals.
function cleanLines(source: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\n') {
      out.push(current);
      current = '';
      if (quote !== null && quote.length === 1) quote = null; // an unterminated one-line string
      continue;
    }
    if (quote !== null) {
      if (char === '\\') {
        const next = source[i + 1];
        if (next === undefined || next === '\n') continue; // the newline is handled above
        if (quote.length === 1) current += char + next;
        i++;
        continue;
      }
      if (source.startsWith(quote, i)) {
        current += quote.length === 3 ? '""' : quote;
        i += quote.length - 1;
        quote = null;
      } else if (quote.length === 1) current += char;
      continue;
    }
    if (char === '#') {
      while (i + 1 < source.length && source[i + 1] !== '\n') i++;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = source.startsWith(char.repeat(3), i) ? char.repeat(3) : char;
      if (quote.length === 1) current += char;
      i += quote.length - 1;
      continue;
    }
    current += char;
  }
  out.push(current);
  return out;
}

const bracketDelta = (text: string): number => {
  let delta = 0;
  let quote: string | null = null;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if ('([{'.includes(char)) delta++;
    else if (')]}'.includes(char)) delta--;
  }
  return delta;
};

/**
 * The statement with each string literal's contents removed (`"abc"` → `""`), in one linear pass:
 * a regular expression over a 10 MB literal recurses until the stack overflows.
 */
export function blankStrings(text: string): string {
  const out: string[] = [];
  let quote: string | null = null;
  let start = 0;
  let opened = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote === null) {
      if (char === '"' || char === "'") {
        quote = char;
        opened = i;
        out.push(text.slice(start, i + 1));
      }
    } else if (char === '\\') {
      i++; // an escaped character, the quote included
    } else if (char === quote) {
      quote = null;
      start = i;
    }
  }
  // An unterminated literal is left as written (it is no literal a check can skip).
  out.push(quote === null ? text.slice(start) : text.slice(opened + 1));
  return out.join('');
}

/** Splits Python source into statements with line numbers and their enclosing functions. */
export function readStatements(source: string): Statement[] {
  const cleaned = cleanLines(source);
  const statements: Statement[] = [];
  const blocks: { indent: number; isFunction: boolean; line: number }[] = [];
  for (let i = 0; i < cleaned.length; i++) {
    const first = cleaned[i]!;
    if (first.trim() === '') continue;
    const lines = [{ line: i + 1, text: first }];
    let depth = bracketDelta(first);
    while ((depth > 0 || lines.at(-1)!.text.trimEnd().endsWith('\\')) && i + 1 < cleaned.length) {
      i++;
      lines.push({ line: i + 1, text: cleaned[i]! });
      depth += bracketDelta(cleaned[i]!);
    }
    const indent = first.length - first.trimStart().length;
    while (blocks.length > 0 && blocks.at(-1)!.indent >= indent) blocks.pop();
    const text = lines.map((l) => l.text.trim().replace(/\\$/, '')).join(' ');
    const enclosing = [...blocks].reverse().find((b) => b.isFunction);
    statements.push({
      line: i + 2 - lines.length,
      indent,
      text,
      code: blankStrings(text),
      lines,
      isInFunction: enclosing !== undefined,
      ...(enclosing ? { functionLine: enclosing.line } : {}),
    });
    if (/:\s*$/.test(text) || /^(?:async\s+)?(?:def|class)\b/.test(text)) {
      blocks.push({ indent, isFunction: /^(?:async\s+)?def\b/.test(text), line: i + 2 - lines.length });
    }
  }
  return statements;
}

/** For each statement, the block headers (`def`, `class`, `for`, `while`, `with`, `if`...) it is inside, outermost first. */
export function enclosingBlocks(statements: readonly Statement[]): Statement[][] {
  const stack: Statement[] = [];
  return statements.map((statement) => {
    while (stack.length > 0 && stack.at(-1)!.indent >= statement.indent) stack.pop();
    const enclosing = [...stack];
    if (/:\s*$/.test(statement.text) || /^(?:async\s+)?(?:def|class)\b/.test(statement.text))
      stack.push(statement);
    return enclosing;
  });
}

/** True for a `for` or `while` header. */
export const isLoopHeader = (statement: Statement): boolean =>
  /^(?:async\s+)?(?:for|while)\b/.test(statement.text);
