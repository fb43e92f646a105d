// How many worker processes a pool call starts, read from its source text: a literal, the CPU
// count (n_jobs=-1, Pool() with no size), a module-level constant, or unknown (an expression the
// check cannot evaluate, which may be anything up to the CPU count).
import type { Statement } from './python-source.js';

/** A pool's worker count as far as the source says it. */
export type WorkerCount =
  | { kind: 'literal'; count: number; text: string }
  /** One per CPU, or CPUs + 1 + n for joblib's negative n_jobs. */
  | { kind: 'cpu-count'; text: string }
  | { kind: 'unknown'; text: string };

/** The count, when it is a number. */
export const countOf = (workers: WorkerCount): number | null =>
  workers.kind === 'literal' ? workers.count : null;

// The text of the first positional argument, or of `keyword=`, inside the call that starts at `open`.
function argumentText(code: string, open: number, keyword: string): string | undefined {
  let depth = 0;
  let start = open + 1;
  const args: string[] = [];
  for (let i = open; i < code.length; i++) {
    const char = code[i]!;
    if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth--;
    if ((char === ',' && depth === 1) || depth === 0) {
      args.push(code.slice(start, i).trim());
      start = i + 1;
      if (depth === 0) break;
    }
  }
  const named = args.find((a) => new RegExp(String.raw`^${keyword}\s*=`).test(a));
  if (named) return named.replace(/^\w+\s*=\s*/, '');
  const first = args[0];
  return first !== undefined && first !== '' && !/^\w+\s*=/.test(first) ? first : undefined;
}

/** Module-level `NAME = 3` constants, for counts written as a name. */
export function readConstants(statements: readonly Statement[]): Map<string, number> {
  const constants = new Map<string, number>();
  for (const s of statements) {
    if (s.indent > 0) continue;
    const m = /^([A-Za-z_]\w*)\s*=\s*(-?\d+)\s*$/.exec(s.code);
    if (m) constants.set(m[1]!, Number(m[2]));
  }
  return constants;
}

/**
 * The worker count of a pool call at `open` (the index of its `(`). `defaultKind`: what no argument
 * means (joblib: n_jobs=None is 1 worker; multiprocessing.Pool, ProcessPoolExecutor: os.cpu_count()).
 */
export function readWorkerCount(options: {
  code: string;
  open: number;
  keyword: string;
  defaultKind: 'one' | 'cpu-count';
  constants: ReadonlyMap<string, number>;
}): WorkerCount {
  const text = argumentText(options.code, options.open, options.keyword);
  if (text === undefined || text === 'None') {
    return options.defaultKind === 'one'
      ? { kind: 'literal', count: 1, text: text ?? '' }
      : { kind: 'cpu-count', text: text ?? '' };
  }
  const literal = /^-?\d+$/.test(text) ? Number(text) : options.constants.get(text);
  // joblib: n_jobs=-1 is every CPU, -2 all but one (n_cpus + 1 + n_jobs).
  if (literal !== undefined && literal < 0) return { kind: 'cpu-count', text };
  if (literal !== undefined && literal > 0) return { kind: 'literal', count: literal, text };
  if (/cpu_count\(\)/.test(text)) return { kind: 'cpu-count', text };
  return { kind: 'unknown', text };
}
