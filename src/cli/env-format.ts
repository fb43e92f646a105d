// Writing a process's variables so that a shell, a .env reader or a program gets them back exactly.

/** POSIX single-quoting: everything literal, `'` written as `'\''`; newlines survive `eval`. */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./:,=@%+-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** `export K=V` lines (and `unset K`) for `eval "$(headroom env NAME)"`. */
export function formatSh(env: Record<string, string>, unset: string[]): string {
  const lines = [
    ...unset.map((key) => `unset ${key}`),
    ...Object.entries(env).map(([key, value]) => `export ${key}=${shellQuote(value)}`),
  ];
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** `K=V` lines; values with spaces, quotes or newlines are double-quoted with \\, \", \n escapes (dotenv style). */
export function formatDotenv(env: Record<string, string>, unset: string[]): string {
  const lines = [
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
