// Writing a process's variables so that a shell, a .env reader or a program gets them back exactly.
import { bootVariables } from '../../../frameworks/bootstrap.js';
import type { PlannedProcess } from '../../../plan/types.js';

/** POSIX single-quoting: everything literal, `'` written as `'\''`; newlines survive `eval`. */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./:,=@%+-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** `export K=V` lines (and `unset K`) for `eval "$(headroom env NAME)"`; notes become `#` comments. */
export function formatSh(
  env: Record<string, string>,
  unset: string[],
  notes: readonly string[] = [],
): string {
  const lines = [
    ...notes.map((note) => `# ${note}`),
    ...unset.map((key) => `unset ${key}`),
    ...Object.entries(env).map(([key, value]) => `export ${key}=${shellQuote(value)}`),
  ];
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/**
 * `K=V` lines read back exactly by python-dotenv, docker compose's .env and a shell's `set -a; . FILE`:
 * single quotes (literal for all three: no `$(…)` is ever run), or double quotes with only `\\` and `\"`
 * escaped for values holding `'` or `\`. What no quoting carries for every reader (python-dotenv
 * expands `${…}` whatever the quotes, theskumar/python-dotenv#422) gets a `#` warning above it.
 */
export function formatDotenv(
  env: Record<string, string>,
  unset: string[],
  notes: readonly string[] = [],
): string {
  const lines = [
    ...notes.map((note) => `# ${note}`),
    ...unset.map((key) => `# unset ${key} (it contradicts the plan)`),
    ...Object.entries(env).flatMap(([key, value]) => {
      const { text, warning } = dotenvQuote(value);
      return [...(warning ? [`# ${key}: ${warning}`] : []), `${key}=${text}`];
    }),
  ];
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** A value quoted for .env readers, with a warning where some reader will not read it back as written. */
export function dotenvQuote(value: string): { text: string; warning?: string } {
  if (/^[A-Za-z0-9_./:,=@%+-]*$/.test(value)) return { text: value };
  const expands = value.includes('${')
    ? 'python-dotenv expands ${…} in any quotes; use --format sh or json for this value'
    : undefined;
  // Single quotes: literal in sh and compose, and in python-dotenv but for \\ and \' (its only escapes).
  if (!value.includes("'") && !value.includes('\\')) return { text: `'${value}'`, warning: expands };
  const escaped = value.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
  if (!/[$`]/.test(value)) return { text: `"${escaped}"`, warning: expands };
  // Double quotes would let sh expand $ and `: escape them for sh; python-dotenv keeps the backslash.
  return {
    text: `"${escaped.replaceAll('$', '\\$').replaceAll('`', '\\`')}"`,
    warning:
      "holds ' or \\ together with $ or `: no .env quoting reads back the same in every reader; use --format sh or json",
  };
}

/**
 * Why a process's PYTHONPATH starts with headroom's bootstrap, as comment lines; none without it. The
 * plan says what the bootstrap does: it caps the process (capBy `bootstrap`), it adds the allocator
 * keys handed to it in HEADROOM_TORCH_ALLOC_KEYS (plan/torch-env.ts), and it records the exact GPU peaks.
 */
export function bootstrapNotes(planned: Pick<PlannedProcess, 'env' | 'capBy' | 'capNote'>): string[] {
  const isCapping = planned.capBy === 'bootstrap';
  const gatedKeys = (planned.env[bootVariables.torchAllocKeys] ?? '').split(',').filter(Boolean);
  const recordsPeaks = (planned.env[bootVariables.actions] ?? '').split(',').includes('peaks');
  if (!isCapping && gatedKeys.length === 0 && !recordsPeaks) return [];
  const first = (planned.env.PYTHONPATH ?? '').split(':')[0];
  const keys = gatedKeys.map((entry) => entry.replace(/@(.+)$/, ' (torch >= $1)'));
  const does = [
    ...(isCapping ? [planned.capNote] : []),
    ...(keys.length > 0
      ? [
          `at start-up it adds ${keys.join(', ')} to PYTORCH_CUDA_ALLOC_CONF where the installed torch is that new`,
        ]
      : []),
    ...(recordsPeaks
      ? [
          "at exit it records the framework's own peak GPU counters in the run record (under headroom run; elsewhere it writes nothing)",
        ]
      : []),
  ];
  return [
    `PYTHONPATH starts with headroom's bootstrap, ${first}: ${does.join('; ')}.`,
    `It acts only with ${bootVariables.actions} set, runs any sitecustomize you already had, never imports torch or`,
    'tensorflow itself, and if it cannot do its job it prints one line naming headroom and the program goes on.',
    ...(isCapping ? ['To keep the cap out of this process, set enforce: warn for it in headroom.yaml.'] : []),
  ];
}
