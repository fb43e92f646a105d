// Patterns users give headroom (`ready_when`, `fit --until-line`) are matched against every output
// line on the supervising loop, so none may take more than linear time: `^(a+)+$` against 35 `a`s
// and a `!` backtracks for hours in V8's default engine, with Ctrl-C and sampling waiting behind it.
// V8 has a non-backtracking engine (the `l` flag behind --enable-experimental-regexp-engine,
// https://v8.dev/blog/non-backtracking-regexp) whose running time is linear in the line's length for
// every pattern it accepts, and --enable-experimental-regexp-engine-on-excessive-backtracks hands a
// match over to it once the usual engine has backtracked 50,000 times (--regexp-backtracks-before-fallback).
// So a pattern is accepted only when the linear engine can run it (checked by compiling it with `l`),
// and is matched by the usual engine with that hand-over: as fast as before on ordinary lines (the
// linear engine alone is ~5000x slower on a 4 KiB line), never more than 50,000 backtracks plus a
// linear pass on a hostile one. What the linear engine cannot run (backreferences, lookaround, large
// counted repetitions) is refused when the pattern is read, naming the construct. A static check for
// "nested quantifiers" would be a guess ((a|a)* needs no nesting); the engine's own acceptance is the
// guarantee. bin/headroom.js sets the same flags before anything is compiled (V8 reads the hand-over
// flag when a RegExp is made).
import { setFlagsFromString } from 'node:v8';

/** A pattern headroom will not run, and why (one line, naming the construct). */
export class PatternError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatternError';
  }
}

// Not a literal: /a/l does not even parse where the engine is off.
const linearFlag = 'l';

let isEngineChecked = false;
let isEngineAvailable = false;

/** The V8 flags the guarantee rests on (bin/headroom.js sets them at start). */
export const linearEngineFlags = [
  '--enable-experimental-regexp-engine',
  '--enable-experimental-regexp-engine-on-excessive-backtracks',
] as const;

// V8 reads these when a RegExp is made, so setting them now, once, covers every pattern made after.
function linearEngineAvailable(): boolean {
  if (isEngineChecked) return isEngineAvailable;
  isEngineChecked = true;
  try {
    for (const flag of linearEngineFlags) setFlagsFromString(flag);
    isEngineAvailable = new RegExp('a', linearFlag).flags.includes(linearFlag);
  } catch {
    isEngineAvailable = false;
  }
  return isEngineAvailable;
}

/** The most copies V8's linear engine makes of a counted repetition (a{16} compiles, a{17} does not). */
const maxLinearCopies = 16;

/**
 * The first construct of `source` the linear engine refuses, in words: a backreference, a lookaround,
 * a counted repetition over its limit. Escapes and character classes are skipped, so `[(?=]` is none.
 */
export function unsupportedConstruct(source: string): string {
  for (let i = 0; i < source.length; i++) {
    const rest = source.slice(i);
    if (rest[0] === '\\') {
      const backreference = /^\\([1-9]\d*|k<[^>]*>)/.exec(rest);
      if (backreference) return `a backreference (${backreference[0]})`;
      i += 1;
      continue;
    }
    if (rest[0] === '[') {
      const klass = /^\[(?:\\.|[^\]\\])*\]/.exec(rest);
      i += (klass?.[0].length ?? 1) - 1;
      continue;
    }
    const look = /^\(\?(<?[=!])/.exec(rest);
    if (look) return `a ${look[1]?.startsWith('<') ? 'lookbehind' : 'lookahead'} (${look[0]}…)`;
    const counted = /^\{(\d+)(?:,(\d*))?\}/.exec(rest);
    if (counted && Math.max(Number(counted[1]), Number(counted[2] || 0)) > maxLinearCopies)
      return `a counted repetition (${counted[0]}) over ${maxLinearCopies} (use + or *, or a smaller count)`;
  }
  return `counted repetitions that nest to more than ${maxLinearCopies} copies`;
}

/**
 * Compiles a user's pattern for bounded-time matching (see above), or throws PatternError: not a
 * regular expression at all, or one the linear engine cannot run (the construct named).
 */
export function compileLinearPattern(source: string): RegExp {
  try {
    new RegExp(source);
  } catch (error) {
    throw new PatternError(`not a valid regular expression (${(error as Error).message})`);
  }
  if (!linearEngineAvailable())
    throw new PatternError(
      `cannot be matched in linear time: this Node (${process.version}) has no linear-time regular expression engine`,
    );
  try {
    new RegExp(source, linearFlag);
  } catch {
    throw new PatternError(
      `cannot be matched in linear time: it uses ${unsupportedConstruct(source)}; headroom matches output with a linear-time engine so that no line can stall supervision`,
    );
  }
  // Made after the flags: past 50,000 backtracks on a line, V8 finishes the match with the linear engine.
  return new RegExp(source);
}
