// Terminal output helpers: colour only on a TTY (and never under NO_COLOR), aligned tables.
import { randomUUID } from 'node:crypto';
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

/**
 * Stable, indented JSON with a trailing newline. A number of 1e21 or more (an absurd size a log printed,
 * "Tried to allocate 99999999999999999999 GiB") is written as its integer digits, not JSON.stringify's
 * exponent form ("1.073741824e+29"), which a reader of byte counts as integers refuses: every double that
 * large is a whole number, and RFC 8259 §6 puts no bound on an integer's digits.
 */
export function toJson(value: unknown): string {
  const token = `big-integer-${randomUUID()}:`;
  let hasBig = false;
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) < 1e21) return v;
      hasBig = true;
      return `${token}${BigInt(v)}`;
    },
    2,
  );
  return `${hasBig ? text.replaceAll(new RegExp(`"${token}(-?\\d+)"`, 'g'), '$1') : text}\n`;
}
