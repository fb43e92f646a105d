// What `headroom run` shows: each process's lines behind its coloured name (like docker
// compose), headroom's own events, a status line on a TTY, and the summary table at the end.

import type { ProcessStatus, RunEvent, RunSummary, SuperviseUpdate } from '../../launch/types.js';
import { describeRank } from '../../ranks/rank.js';
import { describePeakSource, gpuPeakOf, hostPeakOf } from '../../run-record/peaks.js';
import type { PeakSource } from '../../run-record/schema.js';
import { formatBytes } from '../../units.js';
import { describeKill } from '../../verdict/judge.js';
import type { OutputStream } from '../io.js';
import { type Colors, colorsFor, renderTable } from '../output.js';
import { createLiveWriter } from './live-writer.js';

// Carriage return + erase line (ECMA-48 EL): only ever written to a TTY.
const clearLine = '\r\x1b[2K';

const palette = ['cyan', 'yellow', 'green', 'magenta', 'blue', 'red'] as const;

// Every event gets a line in the live view except a start, which the status line and the
// process's own output already show; all of them are in events.jsonl.
const isShownLive = (type: RunEvent['type']): boolean => type !== 'spawn';

const formatOptional = (bytes: number | null): string => (bytes === null ? '-' : formatBytes(bytes));

function countLines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
}

/** An event as the live view says it: the process it concerns first, unless the message names it already. */
export function formatEvent(event: RunEvent): string {
  const name = event.process;
  return name && !event.message.startsWith(name) ? `${name}: ${event.message}` : event.message;
}

// What else each process went through: OOM kills in its tree, its GPU budget overrun.
function processNotes(summary: RunSummary): string[] {
  return summary.processes.flatMap((p) => {
    const kills = p.oomKills
      .slice(0, 5)
      .map((kill) => `${p.name}: OOM kill in its tree: ${describeKill(kill)}`);
    if (p.oomKills.length > 5)
      kills.push(`${p.name}: and ${p.oomKills.length - 5} more OOM kills (events.jsonl)`);
    const over = p.budgetExceeded
      ? [
          `${p.name}: over its GPU budget: sampled peak ${formatBytes(p.budgetExceeded.peakGpuBytes)} against ${formatBytes(p.budgetExceeded.budgetBytes)}${p.budgetExceeded.contextBytes > 0 ? ` + ${formatBytes(p.budgetExceeded.contextBytes)} context` : ''}`,
        ]
      : [];
    return [...kills, ...over, ...rankNotes(p)];
  });
}

// `torchrun: rank 0 (LOCAL_RANK 0) pid 812 peak 612 MiB; rank 1 (LOCAL_RANK 1) pid 813 peak 1.1 GiB, OOM-killed`
function rankNotes(p: RunSummary['processes'][number]): string[] {
  if (!p.ranks || p.ranks.length === 0) return [];
  const ranks = p.ranks.map(
    (r) =>
      `${describeRank(r)} pid ${r.pid} peak ${formatBytes(r.peakHostBytes)} (Σ PSS)${r.isOomKilled ? ', OOM-killed' : ''}`,
  );
  return [`${p.name}: ${p.ranks.length} ranks: ${ranks.join('; ')}`];
}

// The tree's sampled figures, each named, beside a host peak from elsewhere (the cgroup) or under a
// limit; a GPU peak from an exact source beside what the samples saw.
function peakNotes(summary: RunSummary): string[] {
  return summary.processes.flatMap((p) => {
    const notes: string[] = [];
    const host = hostPeakOf(p);
    const sampled = p.sampledHost;
    if (sampled && (host.source !== 'sampled' || p.hostLimitBytes !== null)) {
      notes.push(
        `${p.name}: host peak ${formatBytes(host.bytes)} (${host.source}); sampled every ${sampled.intervalMs} ms: Σ RSS ${formatBytes(sampled.rssBytes)}, Σ PSS ${formatBytes(sampled.pssBytes)}, Σ PSS + swap ${formatBytes(sampled.hostBytes)} (RSS counts shared pages in every process, PSS splits them)`,
      );
    }
    const gpu = gpuPeakOf(p);
    if (gpu && gpu.source !== 'sampled' && p.peakSampledGpuBytes != null) {
      const clients = gpu.clients > 1 ? `, the sum of ${gpu.clients} GPU clients' own peaks` : '';
      notes.push(
        `${p.name}: GPU peak ${formatBytes(gpu.bytes)} from ${describePeakSource(gpu.source)}${clients}; samples saw at most ${formatBytes(p.peakSampledGpuBytes)} (CUDA context included)`,
      );
    }
    return notes;
  });
}

// One line naming each source the table's peaks came from.
function sourceLegend(summary: RunSummary): string | undefined {
  const used = new Set<PeakSource>();
  let intervalMs: number | undefined;
  for (const p of summary.processes) {
    used.add(hostPeakOf(p).source);
    const gpu = gpuPeakOf(p);
    if (gpu) used.add(gpu.source);
    intervalMs ??= p.sampledHost?.intervalMs;
  }
  const order: PeakSource[] = ['framework', 'simulated-card', 'cgroup', 'sampled'];
  const parts = order.filter((s) => used.has(s)).map((s) => `${s}: ${describePeakSource(s, intervalMs)}`);
  return parts.length > 0 ? `peaks: ${parts.join('; ')}` : undefined;
}

/** `learner 1.20 GiB/16.00 GiB gpu 3.1 GiB/4 GiB`: one process in the status line. */
export function formatStatus(status: ProcessStatus): string {
  if (status.state !== 'running') return `${status.name} ${status.state}`;
  const host = `${formatOptional(status.hostBytes)}${status.hostLimitBytes === null ? '' : `/${formatBytes(status.hostLimitBytes)}`}`;
  const gpu =
    status.gpuBytes === null
      ? ''
      : ` gpu ${formatBytes(status.gpuBytes)}${status.gpuBudgetBytes === null ? '' : `/${formatBytes(status.gpuBudgetBytes)}`}`;
  const ranks =
    status.ranks && status.ranks.length > 0
      ? ` (${status.ranks.map((r) => `rank ${r.rank} ${r.isGone ? 'gone' : formatBytes(r.hostBytes)}`).join(', ')})`
      : '';
  return `${status.name} ${host}${gpu}${ranks}`;
}

/** The summary table: process, reason, exit code, restarts, peaks against limits, log path; then why each non-clean end happened. */
export function renderSummaryTable(summary: RunSummary, colors: Colors): string {
  const rows = summary.processes.map((p) => [
    p.name,
    p.reason === 'exited' ? colors.green(p.reason) : colors.red(p.reason),
    p.exitCode === null ? (p.signal ?? '-') : String(p.exitCode),
    String(p.restarts),
    `${formatBytes(p.peakHostBytes)} (${hostPeakOf(p).source})`,
    formatOptional(p.hostLimitBytes),
    `${p.peakGpuBytes === null ? '-' : `${formatBytes(p.peakGpuBytes)} (${gpuPeakOf(p)?.source})`}${p.budgetExceeded ? ' !' : ''}`,
    formatOptional(p.gpuBudgetBytes),
    `${summary.runDir}/${p.log}`,
  ]);
  const headers = [
    'process',
    'reason',
    'exit',
    'restarts',
    'peak host',
    'host limit',
    'peak GPU',
    'GPU budget',
    'log',
  ];
  const columns = headers.map((header, i) => ({
    header,
    align: i >= 2 && i <= 7 ? ('right' as const) : ('left' as const),
  }));
  // A clean exit needs no explanation; everything else says how sure headroom is, and why.
  const reasons = summary.processes
    .filter((p) => p.reason !== 'exited')
    .map((p) => `${p.name}: ${p.reason} (${p.confidence}): ${p.because}`);
  reasons.push(...processNotes(summary), ...peakNotes(summary));
  const legend = sourceLegend(summary);
  if (legend) reasons.push(legend);
  return `${renderTable(columns, rows)}\n${reasons.length > 0 ? `\n${reasons.join('\n')}\n` : ''}`;
}

/**
 * A renderer for supervise()'s updates, writing to `stream`; `finish` clears the status line and
 * makes writes block again, before the summary table is printed.
 */
export function createRunRenderer(options: {
  stream: OutputStream;
  env: Record<string, string | undefined>;
  names: string[];
  /** Output waiting for a slow reader beyond this is dropped and counted (default 4 MiB). */
  maxQueuedBytes?: number;
}) {
  const { stream } = options;
  const colors = colorsFor(stream, options.env);
  const isTty = Boolean(stream.isTTY);
  const width = Math.max(8, ...options.names.map((name) => name.length));
  const prefixes = new Map(
    options.names.map((name, i) => [name, `${colors[palette[i % palette.length]!](name.padEnd(width))} | `]),
  );
  const headroomPrefix = `${colors.dim('headroom'.padEnd(width))} | `;
  let statusLine = '';
  const live = createLiveWriter(stream, {
    maxQueuedBytes: options.maxQueuedBytes,
    notice: (dropped) =>
      `${headroomPrefix}${colors.dim(`… ${dropped} line(s) of output not shown: the terminal was not reading (the logs have every byte)`)}\n`,
  });
  const send = (text: string, droppable?: { lines: number }): void =>
    live.write(text, droppable ? { droppable: true, lines: droppable.lines } : {});
  // The status line sits below the output; it is cleared before lines are written and drawn again after.
  const write = (text: string, droppable?: { lines: number }): void =>
    send(statusLine && isTty ? `${clearLine}${text}${statusLine}` : text, droppable);
  const drawStatus = (processes: ProcessStatus[]): void => {
    if (live.isBehind()) return;
    const columns = stream.columns || 80; // 0 when the terminal does not say
    statusLine = colors.dim(
      processes
        .map(formatStatus)
        .join(' · ')
        .slice(0, columns - 1),
    );
    send(`${clearLine}${statusLine}`);
  };
  return {
    update(update: SuperviseUpdate): void {
      if (update.kind === 'output') {
        const lines = countLines(update.text);
        if (live.isBehind()) {
          live.write('', { droppable: true, lines }); // counted, not built
          return;
        }
        const prefix = prefixes.get(update.name) ?? `${update.name} | `;
        write(`${prefix}${update.text.slice(0, -1).replaceAll('\n', `\n${prefix}`)}\n`, { lines });
      } else if (update.kind === 'event') {
        // A host OOM is already told by the exit line; a GPU OOM message is news while it runs.
        const isRepeat = update.event.type === 'oom' && update.event.kind === 'host';
        if (isShownLive(update.event.type) && !isRepeat)
          write(`${headroomPrefix}${colors.dim(formatEvent(update.event))}\n`);
      } else if (isTty) {
        drawStatus(update.processes);
      }
    },
    finish(): void {
      if (statusLine && isTty) send(clearLine);
      statusLine = '';
      live.finish();
    },
  };
}
