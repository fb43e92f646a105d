// Terminal output helpers: colour only on a TTY (and never under NO_COLOR), aligned tables.
import pc from 'picocolors';

/** The colour functions a renderer takes. */
export type Colors = ReturnType<typeof pc.createColors>;

/** Colours that are identity functions unless `stream` is a TTY and `env` has no NO_COLOR (nor TERM=dumb). */
export function colorsFor(
  stream: { isTTY?: boolean } = process.stdout,
  env: Record<string, string | undefined> = process.env,
): Colors {
  const isEnabled = Boolean(stream.isTTY) && !('NO_COLOR' in env) && env.TERM !== 'dumb';
  return pc.createColors(isEnabled);
}

const ansiPattern = /\u001b\[[0-9;]*m/g;

/** Printable width of a string, ignoring ANSI colour codes. */
export function visibleWidth(text: string): number {
  return [...text.replace(ansiPattern, '')].length;
}

export type Align = 'left' | 'right';

export interface Column {
  header: string;
  align?: Align;
}

/** Renders rows under headers, each column padded to its widest cell; numbers align right. */
export function renderTable(columns: Column[], rows: string[][]): string {
  const widths = columns.map((column, i) =>
    Math.max(visibleWidth(column.header), ...rows.map((row) => visibleWidth(row[i] ?? ''))),
  );
  const renderRow = (cells: string[]): string =>
    columns
      .map((column, i) => pad(cells[i] ?? '', widths[i] ?? 0, column.align ?? 'left'))
      .join('  ')
      .trimEnd();
  return [renderRow(columns.map((c) => c.header)), ...rows.map(renderRow)].join('\n');
}

function pad(text: string, width: number, align: Align): string {
  const fill = ' '.repeat(Math.max(0, width - visibleWidth(text)));
  return align === 'right' ? fill + text : text + fill;
}

/** Stable, indented JSON with a trailing newline. */
export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
