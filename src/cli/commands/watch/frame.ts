// One frame of `headroom watch`, as lines of text: a pure function of numbers already computed, so it is
// tested without a terminal. Bars for memory against capacity or budget, sparklines for recent history.
import type { GpuSource } from '../../../probe/gpu/types.js';
import type { SampledProcess } from '../../../probe/readings/watch-sample.js';
import { formatBytes, formatPercent } from '../../../units.js';
import { visibleWidth } from '../../output.js';

/** A device row: its capacity, use now, and the used fraction of recent samples (oldest first). */
export interface WatchDevice {
  index: number;
  name: string;
  totalBytes: number;
  usedBytes: number | null;
  usedFractionHistory: number[];
}

/** A process row: a sampled process (`budgetBytes` from a plan when one is given) with its history. */
export interface WatchProcess extends Omit<SampledProcess, 'budgetBytes'> {
  budgetBytes?: number | null;
  usedBytesHistory: number[];
  hostBytesHistory: number[];
}

/** The machine's memory and its recent used fractions. */
export interface WatchHost {
  totalBytes: number;
  usedBytes: number;
  usedFractionHistory: number[];
}

/** Everything one frame shows. */
export interface WatchModel {
  source: GpuSource;
  simulated: boolean;
  /** No GPU backend: the host and its largest process trees only. */
  isHostOnly: boolean;
  intervalMs: number;
  clock: string;
  sortKey: string;
  host: WatchHost | null;
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
  const kind = model.isHostOnly
    ? 'host only (no GPU backend)'
    : model.simulated
      ? `${model.source} (simulated)`
      : model.source;
  const lines = [
    c.bold(
      `headroom watch · ${kind} · every ${model.intervalMs} ms · ${model.clock} · sort: ${model.sortKey} (s) · q quits`,
    ),
    '',
  ];
  const nameWidth = Math.max(4, ...model.devices.map((d) => d.name.length));
  if (model.host) lines.push(meterLine(`host   ${'RAM'.padEnd(nameWidth)}`, model.host, c));
  for (const device of model.devices)
    lines.push(meterLine(`GPU ${device.index}  ${device.name.padEnd(nameWidth)}`, device, c));
  lines.push('', c.bold(processHeader(model.isHostOnly)));
  if (model.processes.length === 0)
    lines.push(c.dim(model.isHostOnly ? '  no processes readable' : '  no processes on the GPUs'));
  for (const process of model.processes) lines.push(processLine(process, model.isHostOnly, c));
  for (const warning of model.warnings) lines.push(c.yellow(`note: ${warning}`));
  const clipped = lines.map((line) => clip(line, width));
  if (clipped.length <= height) return clipped;
  return [
    ...clipped.slice(0, Math.max(0, height - 1)),
    c.dim(`… ${clipped.length - height + 1} more lines (enlarge the terminal)`),
  ];
}

const size = (bytes: number | null | undefined): string =>
  bytes === null || bytes === undefined ? 'n/a' : formatBytes(bytes);

// `GPU 0  name  [bar]  used / total  pct  sparkline`, for a card or the host's RAM.
function meterLine(
  label: string,
  meter: { totalBytes: number; usedBytes: number | null; usedFractionHistory: number[] },
  c: FrameColors,
): string {
  const fraction = meter.usedBytes === null ? 0 : meter.usedBytes / meter.totalBytes;
  const paint = fraction >= 0.95 ? c.red : fraction >= 0.8 ? c.yellow : c.green;
  const percent = meter.usedBytes === null ? 'n/a' : formatPercent(fraction);
  return `${label}  ${paint(renderBar(fraction, 20))}  ${size(meter.usedBytes).padStart(10)} / ${size(meter.totalBytes).padEnd(10)} ${percent.padStart(6)}  ${c.dim(renderSparkline(meter.usedFractionHistory, 20, 1))}`;
}

function processHeader(isHostOnly: boolean): string {
  const host = `${'HOST MEM'.padStart(10)}  ${'HOST HIST'.padEnd(10)}`;
  const front = `${'PID'.padStart(8)}  ${'NAME'.padEnd(14)}`;
  return isHostOnly
    ? `${front}  ${host}  COMMAND`
    : `${'GPU'.padStart(3)}  ${front}  ${'GPU MEM'.padStart(10)}  ${'BUDGET'.padEnd(23)}  ${'GPU HIST'.padEnd(10)}  ${host}  COMMAND`;
}

function processLine(process: WatchProcess, isHostOnly: boolean, c: FrameColors): string {
  const name = process.name.length > 14 ? `${process.name.slice(0, 13)}…` : process.name.padEnd(14);
  const front = `${String(process.pid).padStart(8)}  ${name}`;
  const host = `${size(process.hostBytes).padStart(10)}  ${c.dim(renderSparkline(process.hostBytesHistory, 10).padEnd(10))}`;
  const command = process.command ?? '?';
  if (isHostOnly) return `${front}  ${host}  ${command}`;
  const budget = process.budgetBytes ?? null;
  const isOver = budget !== null && process.usedBytes !== null && process.usedBytes > budget;
  const budgetCell =
    budget === null
      ? 'no budget'.padEnd(23)
      : `${(isOver ? c.red : c.green)(renderBar((process.usedBytes ?? 0) / budget, 10))} ${size(budget).padStart(10)}`;
  const used = (isOver ? c.red : (text: string) => text)(size(process.usedBytes).padStart(10));
  const gpuHistory = c.dim(renderSparkline(process.usedBytesHistory, 10).padEnd(10));
  return `${String(process.device ?? '-').padStart(3)}  ${front}  ${used}  ${budgetCell}  ${gpuHistory}  ${host}  ${command}`;
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
