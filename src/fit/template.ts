// The command template: `{batch}` (or `{VAR}` for --var VAR) in the arguments becomes each trial's value.

/** The placeholder for a variable name: `batch` → `{batch}`. */
export const placeholderFor = (variable: string): string => `{${variable}}`;

/** Variable names a placeholder may use: letters, digits and underscores, not starting with a digit. */
export const variablePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether some argument holds the placeholder (possibly inside a longer argument, `--bs={batch}`). */
export function hasPlaceholder(argv: readonly string[], variable: string): boolean {
  const placeholder = placeholderFor(variable);
  return argv.some((arg) => arg.includes(placeholder));
}

/** The argv for one trial: every occurrence of the placeholder replaced by the value. */
export function substituteValue(argv: readonly string[], variable: string, value: number): string[] {
  const placeholder = placeholderFor(variable);
  return argv.map((arg) => arg.split(placeholder).join(String(value)));
}
