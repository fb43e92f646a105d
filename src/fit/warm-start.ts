// fit's warm starts: a Python trial's start-up (importing torch, Lightning, ...) is most of a short
// trial, so the next trials' processes start while the current one runs, each in its own cgroup, and
// wait at a gate (python/headroom_boot/_headroom_boot/fit_gate.py) after the script's leading
// imports until the search knows their value. Only a command that is plainly `python SCRIPT.py`
// (behind prlimit or env) with the placeholder in the script's own arguments can wait at the gate.
import { isAddressSpaceBinding } from './address-space.js';
import { placeholderFor } from './template.js';
import type { ResourceLimit } from './types.js';

/** At most this many processes warm up ahead of the search. */
export const maxWarmDepth = 2;
/** What a warming process is assumed to hold on the host, until one is measured: an import of torch and more. */
export const assumedWarmBytes = 2 ** 30;

const pythonName = /^python(\d+(\.\d+)?)?$/;
// Interpreter options that take a value (python(1)); -I, -S, -E drop PYTHONPATH or site, -c has no script file;
// -m MODULE runs a module (python(1)): a fork can run it (runpy.run_module), the gate cannot (warm-start's gate
// reads sys.argv[0] at start-up, where -m has not yet found its file).
const optionsWithValue = new Set(['-X', '-W', '-Q']);
const refusedOptions = /^-[a-zA-Z]*[ISEc]/;
const moduleOption = '-m';

function skipWrappers(argv: readonly string[]): number {
  let at = 0;
  for (;;) {
    const word = argv[at]?.split('/').at(-1);
    if (word === 'prlimit') {
      const end = argv.indexOf('--', at);
      if (end < 0) return -1;
      at = end + 1;
    } else if (word === 'env') {
      at++;
      while (argv[at]?.includes('=') && !argv[at]?.startsWith('-')) at++;
    } else {
      return at;
    }
  }
}

/** Where a plain `python SCRIPT.py ARG...` command (behind prlimit or env) has its interpreter and its script. */
export interface PythonCommand {
  /** Index of the interpreter in argv (after prlimit/env wrappers). */
  interpreterAt: number;
  /** Index of the script (for `-m MODULE`: of `-m`); the interpreter's own options lie between the two. */
  scriptAt: number;
  /** `python -m MODULE`: the module's name follows scriptAt. */
  isModule?: boolean;
}

/** The command's interpreter and script, or why it is not a Python interpreter running a .py script. */
export function findPythonScript(argv: readonly string[]): PythonCommand | string {
  const at = skipWrappers(argv);
  const interpreter = at >= 0 ? argv[at] : undefined;
  if (interpreter === undefined || !pythonName.test(interpreter.split('/').at(-1) ?? ''))
    return 'the command is not a Python interpreter running a script';
  let script = at + 1;
  while (argv[script]?.startsWith('-')) {
    const option = argv[script] ?? '';
    if (option === moduleOption) {
      if (!argv[script + 1] || argv[script + 1]?.startsWith('-'))
        return 'the command is not a Python interpreter running a script';
      return { interpreterAt: at, scriptAt: script, isModule: true };
    }
    if (refusedOptions.test(option) || /^-[a-zA-Z]*m/.test(option))
      return `python ${option} runs no script file with headroom's bootstrap`;
    script += optionsWithValue.has(option) ? 2 : 1;
  }
  if (!argv[script]?.endsWith('.py')) return 'the command is not a Python interpreter running a script';
  return { interpreterAt: at, scriptAt: script };
}

/**
 * Whether each trial of `argv` can start before its value is known: a Python interpreter running a
 * .py script, with the placeholder only in the script's arguments. Says why not, or null when it can.
 */
export function whyNoWarmStart(argv: readonly string[], variable: string): string | null {
  const found = findPythonScript(argv);
  if (typeof found === 'string') return found;
  if (found.isModule) return "python -m runs no script file that the warm start's gate can read";
  return whyPlaceholderOutside(argv, found, variable);
}

// The placeholder must lie in the script's (the module's) own arguments: what comes before them starts every trial alike.
function whyPlaceholderOutside(
  argv: readonly string[],
  found: PythonCommand,
  variable: string,
): string | null {
  const placeholder = placeholderFor(variable);
  const ownFrom = found.scriptAt + (found.isModule ? 2 : 1);
  if (argv.slice(0, ownFrom).some((arg) => arg.includes(placeholder)))
    return `${placeholder} is outside the ${found.isModule ? "module's" : "script's"} own arguments`;
  return null;
}

/** The RLIMIT_AS a `prlimit --as=N` (or `--as N`) wrapper in front of the command sets; null when none. */
export function prlimitAddressSpace(argv: readonly string[]): number | null {
  const found = findPythonScript(argv);
  const end = typeof found === 'string' ? argv.length : found.interpreterAt;
  let limit: number | null = null;
  for (let i = 0; i < end; i++) {
    const arg = argv[i] ?? '';
    const value = arg.startsWith('--as=')
      ? arg.slice('--as='.length)
      : arg === '--as'
        ? argv[i + 1]
        : undefined;
    // prlimit(1): SOFT:HARD or one value for both; the soft limit is what fails an allocation.
    const soft = value?.split(':')[0];
    if (soft !== undefined && /^\d+$/.test(soft)) limit = Number(soft);
  }
  return limit;
}

/**
 * How many trials may warm up ahead: each holds its imports on the host beside the running trial, so
 * together they take at most half of what the trials' host limit leaves free of the memory available.
 */
export function warmDepthFor(options: {
  availableBytes: number | null;
  hostLimitBytes: number | null;
  warmBytes?: number;
}): number {
  const { availableBytes, hostLimitBytes } = options;
  if (availableBytes === null) return 0;
  const freeBytes = availableBytes - (hostLimitBytes ?? availableBytes);
  const each = options.warmBytes ?? assumedWarmBytes;
  return Math.max(0, Math.min(maxWarmDepth, Math.floor(freeBytes / 2 / each)));
}

/**
 * Whether fit's trials can be forks of one warm interpreter (io/warm-server.ts) and stay faithful to a
 * fresh process: only where the host budget that binds is RLIMIT_AS (a fork's address space is a fresh
 * process's after the same imports; the fork takes the limit itself). Under a cgroup limit (--host-memory
 * or the default one) a fork's pages shared with the interpreter are charged to the interpreter's cgroup,
 * not the trial's, so a fork would fit values a fresh process cannot. Says why not, or null when it can.
 */
export function whyNoForkedTrials(options: {
  argv: readonly string[];
  variable: string;
  /** The trials' RLIMIT_AS: a prlimit --as wrapper's, else headroom's own (inherited); null: none. */
  addressSpaceLimitBytes: number | null;
  limits: readonly ResourceLimit[];
}): string | null {
  const found = findPythonScript(options.argv);
  if (typeof found === 'string') return found;
  const why = whyPlaceholderOutside(options.argv, found, options.variable);
  if (why) return why;
  const cgroupRule =
    "the trials' host limit is a cgroup's, which a fork would not be charged for in full (its pages shared with the warm interpreter are charged to the interpreter)";
  if (options.addressSpaceLimitBytes === null) return cgroupRule;
  return isAddressSpaceBinding(options.addressSpaceLimitBytes, options.limits) ? null : cgroupRule;
}
