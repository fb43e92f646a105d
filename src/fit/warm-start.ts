// fit's warm starts: a Python trial's start-up (importing torch, Lightning, ...) is most of a short
// trial, so the next trials' processes start while the current one runs, each in its own cgroup, and
// wait at a gate (python/headroom_boot/_headroom_boot/fit_gate.py) after the script's leading
// imports until the search knows their value. Only a command that is plainly `python SCRIPT.py`
// (behind prlimit or env) with the placeholder in the script's own arguments can wait at the gate.
import { placeholderFor } from './template.js';

/** At most this many processes warm up ahead of the search. */
export const maxWarmDepth = 2;
/** What a warming process is assumed to hold on the host, until one is measured: an import of torch and more. */
export const assumedWarmBytes = 2 ** 30;

const pythonName = /^python(\d+(\.\d+)?)?$/;
// Interpreter options that take a value (python(1)); -I, -S, -E drop PYTHONPATH or site, -c/-m have no script file.
const optionsWithValue = new Set(['-X', '-W', '-Q']);
const refusedOptions = /^-[a-zA-Z]*[ISEcm]/;

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

/**
 * Whether each trial of `argv` can start before its value is known: a Python interpreter running a
 * .py script, with the placeholder only in the script's arguments. Says why not, or null when it can.
 */
export function whyNoWarmStart(argv: readonly string[], variable: string): string | null {
  const placeholder = placeholderFor(variable);
  const at = skipWrappers(argv);
  const interpreter = at >= 0 ? argv[at] : undefined;
  if (interpreter === undefined || !pythonName.test(interpreter.split('/').at(-1) ?? ''))
    return 'the command is not a Python interpreter running a script';
  let script = at + 1;
  while (argv[script]?.startsWith('-')) {
    const option = argv[script] ?? '';
    if (refusedOptions.test(option)) return `python ${option} runs no script file with headroom's bootstrap`;
    script += optionsWithValue.has(option) ? 2 : 1;
  }
  if (!argv[script]?.endsWith('.py')) return 'the command is not a Python interpreter running a script';
  if (argv.slice(0, script + 1).some((arg) => arg.includes(placeholder)))
    return `${placeholder} is outside the script's own arguments`;
  return null;
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
