// What `headroom fit` shows: one line per trial on stderr (animated with a memory bar on a TTY,
// plain lines otherwise), then the answer on stdout.
import { hostNeedBytes, type ResourceLimit, type TrialRecord } from '../../../fit/types.js';
import type { SuperviseUpdate } from '../../../launch/types.js';
import { formatBytes } from '../../../units.js';
import type { OutputStream } from '../../io.js';
import { colorsFor } from '../../output.js';

// Carriage return + erase line (ECMA-48 EL): only ever written to a TTY.
const clearLine = '\r\x1b[2K';
const barCells = 12;

/** Progress of the search, fed by the search loop and the supervisor's updates. */
export interface FitProgress {
  start(value: number, index: number): void;
  update(update: SuperviseUpdate): void;
  end(trial: TrialRecord, index: number): void;
}

const formatPeak = (bytes: number | null): string => (bytes === null ? '-' : formatBytes(bytes));

const verdicts = {
  pass: 'fits',
  'over-margin': 'over margin',
  memory: 'too big',
  other: 'failed',
  interrupted: 'interrupted',
} as const;

/** `#3  batch=312   fits    exited       host 812 MiB   gpu -        4.2 s`: one finished trial. */
export function formatTrialLine(trial: TrialRecord, index: number, variable: string): string {
  const notes = [
    trial.isRepeat ? 'repeat' : null,
    trial.stoppedEarly ? `stopped: levelled off at ${formatBytes(trial.stoppedEarly.levelBytes)}` : null,
    trial.crossedLimit
      ? `stopped: need ${formatBytes(trial.crossedLimit.needBytes)} past ${formatBytes(trial.crossedLimit.limitBytes)}`
      : null,
    trial.isSettled === false && trial.leak
      ? `not settled: ${trial.leak.resource} memory climbing ${formatBytes(trial.leak.bytesPerSecond)}/s, a leak`
      : trial.isSettled === false
        ? `not settled: ${trial.rising ? `${trial.rising.resource} memory ` : ''}still rising when stopped`
        : null,
  ].filter(Boolean);
  return [
    `#${index}`.padEnd(4),
    `${variable}=${trial.value}`.padEnd(variable.length + 8),
    verdicts[trial.outcome].padEnd(12),
    trial.reason.padEnd(19),
    `host ${formatPeak(hostNeedBytes(trial))}`.padEnd(16),
    `gpu ${formatPeak(trial.peakGpuBytes)}`.padEnd(15),
    `${trial.seconds.toFixed(1)} s`,
    ...(notes.length > 0 ? [`(${notes.join('; ')})`] : []),
  ].join(' ');
}

function formatBar(usedBytes: number | null, limitBytes: number | undefined): string {
  if (usedBytes === null || limitBytes === undefined || limitBytes <= 0) return '';
  const filled = Math.min(barCells, Math.round((usedBytes / limitBytes) * barCells));
  return ` ${'█'.repeat(filled)}${'░'.repeat(barCells - filled)} ${formatBytes(usedBytes)}/${formatBytes(limitBytes)}`;
}

/** Progress on `stream`: redrawn in place on a TTY, one line per finished trial elsewhere. */
export function createFitProgress(options: {
  stream: OutputStream;
  env: Record<string, string | undefined>;
  variable: string;
  limits: readonly ResourceLimit[];
}): FitProgress {
  const { stream, variable } = options;
  const colors = colorsFor(stream, options.env);
  const isTty = Boolean(stream.isTTY);
  const limitOf = (resource: 'host' | 'gpu') =>
    options.limits.find((l) => l.resource === resource)?.limitBytes;
  let running: { value: number; index: number; startedMs: number } | null = null;
  const draw = (hostBytes: number | null, gpuBytes: number | null): void => {
    if (!isTty || !running) return;
    const seconds = ((performance.now() - running.startedMs) / 1000).toFixed(1);
    const usage =
      gpuBytes !== null && limitOf('gpu')
        ? formatBar(gpuBytes, limitOf('gpu'))
        : formatBar(hostBytes, limitOf('host'));
    stream.write(
      `${clearLine}#${running.index}  ${variable}=${running.value}  ${colors.dim('running')} ${seconds} s${usage}`,
    );
  };
  return {
    start(value, index) {
      running = { value, index, startedMs: performance.now() };
      draw(null, null);
    },
    update(update) {
      if (update.kind !== 'status') return;
      const status = update.processes[0];
      draw(status?.hostBytes ?? null, status?.gpuBytes ?? null);
    },
    end(trial, index) {
      running = null;
      const line = formatTrialLine(trial, index, variable);
      const painted =
        trial.ok && trial.isSettled !== false
          ? colors.green(line)
          : trial.ok || trial.outcome === 'memory' || trial.outcome === 'over-margin'
            ? colors.yellow(line)
            : colors.red(line);
      stream.write(`${isTty ? clearLine : ''}${painted}\n`);
    },
  };
}
