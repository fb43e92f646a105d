// `headroom serve RUN_DIR|--latest`: the live dashboard (and /metrics) of a run directory, running
// or finished, until interrupted.
import { once } from 'node:events';
import { ExitCode, UsageError } from '../../../errors.js';
import type { ListenAddress } from '../../../metrics/listen-address.js';
import type { ServeOutput } from '../../schemas/serve.js';
import { startObservers } from '../../shared/observers.js';
import { resolveRunDir } from '../../shared/run-dirs.js';

export interface ServeOptions {
  runDir?: string;
  isLatest: boolean;
  dashboard?: ListenAddress;
  metrics?: ListenAddress;
  cwd: string;
}

/** Where `serve` served what (the one JSON line of `serve --json`). */
export type ServeData = ServeOutput;

/** What `serve` talks through: a line sink (stderr), the moment it starts, and the signal that stops it. */
export interface ServeIo {
  say(line: string): void;
  onListening(data: ServeData): void;
  stop: AbortSignal;
}

/** Serves until `io.stop` aborts; exit 130 when it was a signal (DESIGN.md), 0 otherwise. */
export async function runServe(
  options: ServeOptions,
  io: ServeIo,
): Promise<{ data: ServeData; exitCode: number }> {
  if (options.isLatest === (options.runDir !== undefined))
    throw new UsageError('serve needs a run directory or --latest (one of them)');
  const runDir = resolveRunDir({
    ...(options.runDir === undefined ? {} : { runDir: options.runDir }),
    cwd: options.cwd,
  });
  const observers = await startObservers({
    runDir,
    ...(options.dashboard ? { dashboard: options.dashboard } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    say: io.say,
  });
  const data = { runDir, dashboardUrl: observers.dashboardUrl, metricsUrl: observers.metricsUrl };
  io.onListening(data);
  if (!io.stop.aborted) await once(io.stop, 'abort');
  await observers.close();
  const reason = io.stop.reason;
  return {
    data,
    exitCode: typeof reason === 'string' && reason.startsWith('SIG') ? ExitCode.interrupted : ExitCode.ok,
  };
}
