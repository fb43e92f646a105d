// One frame of `headroom watch`, as lines of text: a pure function of numbers already computed, so it is
// tested without a terminal. Bars for memory against capacity or budget, sparklines for recent history.
import type { GpuSource } from '../probe/gpu/types.js';
import { formatBytes, formatPercent } from '../units.js';
import { visibleWidth } from './output.js';

/** A device row: its capacity, use now, and the used fraction of recent samples (oldest first). */
export interface WatchDevice {
  index: number;
  name: string;
  totalBytes: number;
  usedBytes: number | null;
  usedFractionHistory: number[];
}

/** A process row; `budgetBytes` comes from a plan when one is given. */
export interface WatchProcess {
  pid: number;
  device: number;
  usedBytes: number | null;
  hostBytes: number | null;
  command: string | null;
  budgetBytes?: number | null;
  usedBytesHistory: number[];
}

/** Everything one frame shows. */
export interface WatchModel {
  source: GpuSource;
  simulated: boolean;
  intervalMs: number;
  clock: string;
  devices: WatchDevice[];
  processes: WatchProcess[];
  warnings: string[];
}

type Paint = (text: string) => string;
/** The colours a frame uses; identity functions when colour is off. */
export interface FrameColors {
  bold: Paint;
  dim: Paint;
  red: Paint;
  yellow: Paint;
  green: Paint;
}

const sparkTicks = '▁▂▃▄▅▆▇█';

/** `[██████░░░░]` filled to a fraction (clamped to 0..1) over `width` cells. */
export function renderBar(fraction: number, width: number): string {
  const cells = Math.round(Math.min(1, Math.max(0, fraction)) * width);
  return `[${'█'.repeat(cells)}${'░'.repeat(width - cells)}]`;
}

/** The last `width` values as a sparkline scaled to `maxValue` (default: their maximum). */
export function renderSparkline(values: readonly number[], width: number, maxValue?: number): string {
  const shown = values.slice(-width);
  const top = maxValue ?? Math.max(0, ...shown);
  return shown
    .map((value) => sparkTicks[top <= 0 ? 0 : Math.min(7, Math.floor((value / top) * 7.999))])
    .join('');
}

/** The frame's lines, each at most `width` columns, at most `height` lines. */
export function renderWatchFrame(
  model: WatchModel,
  options: { width: number; height: number; colors: FrameColors },
): string[] {
  const { width, height, colors: c } = options;
  const kind = model.simulated ? `${model.source} (simulated)` : model.source;
  const lines = [
    c.bold(`headroom watch · ${kind} · every ${model.intervalMs} ms · ${model.clock} · q quits`),
    '',
  ];
  const size = (bytes: number | null | undefined): string =>
    bytes === null || bytes === undefined ? 'n/a' : formatBytes(bytes);
  const nameWidth = Math.max(4, ...model.devices.map((d) => d.name.length));
  for (const device of model.devices) {
    const fraction = device.usedBytes === null ? 0 : device.usedBytes / device.totalBytes;
    const paint = fraction >= 0.95 ? c.red : fraction >= 0.8 ? c.yellow : c.green;
    lines.push(
      `GPU ${device.index}  ${device.name.padEnd(nameWidth)}  ${paint(renderBar(fraction, 20))}  ${size(device.usedBytes).padStart(10)} / ${size(device.totalBytes).padEnd(10)} ${(device.usedBytes === null ? 'n/a' : formatPercent(fraction)).padStart(6)}  ${c.dim(renderSparkline(device.usedFractionHistory, 20, 1))}`,
    );
  }
  lines.push(
    '',
    c.bold(
      `${'GPU'.padStart(3)}  ${'PID'.padStart(8)}  ${'GPU MEM'.padStart(10)}  ${'BUDGET'.padEnd(23)}  ${'HOST MEM'.padStart(10)}  ${'HISTORY'.padEnd(12)}  COMMAND`,
    ),
  );
  if (model.processes.length === 0) lines.push(c.dim('  no processes on the GPUs'));
  for (const process of model.processes) {
    const budget = process.budgetBytes ?? null;
    const isOver = budget !== null && process.usedBytes !== null && process.usedBytes > budget;
    const budgetCell =
      budget === null
        ? 'no budget'.padEnd(23)
        : `${(isOver ? c.red : c.green)(renderBar((process.usedBytes ?? 0) / budget, 10))} ${size(budget).padStart(10)}`;
    lines.push(
      `${String(process.device).padStart(3)}  ${String(process.pid).padStart(8)}  ${(isOver ? c.red : (s: string) => s)(size(process.usedBytes).padStart(10))}  ${budgetCell}  ${size(process.hostBytes).padStart(10)}  ${c.dim(renderSparkline(process.usedBytesHistory, 12).padEnd(12))}  ${process.command ?? '?'}`,
    );
  }
  for (const warning of model.warnings) lines.push(c.yellow(`note: ${warning}`));
  const clipped = lines.map((line) => clip(line, width));
  if (clipped.length <= height) return clipped;
  return [
    ...clipped.slice(0, Math.max(0, height - 1)),
    c.dim(`… ${clipped.length - height + 1} more lines (enlarge the terminal)`),
  ];
}

// Cuts a line to `width` visible columns, keeping ANSI colour codes intact and closing them.
function clip(line: string, width: number): string {
  if (visibleWidth(line) <= width) return line;
  let visible = 0;
  let out = '';
  for (const part of line.split(/(\u001b\[[0-9;]*m)/)) {
    if (part.startsWith('\u001b[')) {
      out += part;
      continue;
    }
    for (const char of part) {
      if (visible >= width - 1) return `${out}…${line.includes('\u001b[') ? '\u001b[0m' : ''}`;
      out += char;
      visible++;
    }
  }
  return out;
}
