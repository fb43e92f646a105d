// Writing a process's variables so that a shell, a .env reader or a program gets them back exactly.

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

/** `K=V` lines; values with spaces, quotes or newlines are double-quoted with \\, \", \n escapes (dotenv style). */
export function formatDotenv(
  env: Record<string, string>,
  unset: string[],
  notes: readonly string[] = [],
): string {
  const lines = [
    ...notes.map((note) => `# ${note}`),
    ...unset.map((key) => `# unset ${key} (it contradicts the plan)`),
    ...Object.entries(env).map(([key, value]) => `${key}=${dotenvQuote(value)}`),
  ];
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

function dotenvQuote(value: string): string {
  if (/^[A-Za-z0-9_./:,=@%+-]*$/.test(value)) return value;
  const escaped = value
    .replaceAll('\\', '\\\\')
    .replaceAll('"', '\\"')
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r');
  return `"${escaped}"`;
}

/** Why a process's PYTHONPATH starts with headroom's bootstrap, as comment lines; none without it. */
export function bootstrapNotes(process: { env: Record<string, string>; capNote: string }): string[] {
  const actions = (process.env.HEADROOM_BOOT ?? '').split(',').filter(Boolean);
  if (actions.length === 0) return [];
  const first = (process.env.PYTHONPATH ?? '').split(':')[0];
  const isCapping = actions.includes('torch-cap') || actions.includes('tf-cap');
  const keys = (process.env.HEADROOM_TORCH_ALLOC_KEYS ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry) => entry.replace(/@(.+)$/, ' (torch >= $1)'));
  const does = [
    ...(isCapping ? [process.capNote] : []),
    ...(actions.includes('torch-alloc')
      ? [
          `at start-up it adds ${keys.join(', ')} to PYTORCH_CUDA_ALLOC_CONF where the installed torch is that new`,
        ]
      : []),
  ];
  return [
    `PYTHONPATH starts with headroom's bootstrap, ${first}: ${does.join('; ')}.`,
    'It acts only with HEADROOM_BOOT set, runs any sitecustomize you already had, never imports torch or',
    'tensorflow itself, and if it cannot do its job it prints one line naming headroom and the program goes on.',
    ...(isCapping ? ['To keep the cap out of this process, set enforce: warn for it in headroom.yaml.'] : []),
  ];
}
