// The observers `run` and `serve` start on a run directory: the live dashboard and /metrics.
// They read the record's files; this is the glue that parses their flags and says where they are.
import { hostname } from 'node:os';
import { EnvironmentError, UsageError } from '../../errors.js';
import { type ListenAddress, loopbackHost, parseListenAddress } from '../../metrics/listen-address.js';
import type { EventSink } from '../../run-record/writer.js';
import { ObserverBindError, runLastScrapeMaxWaitMs, type StartedObservers } from '../../serve/observers.js';

/** Ports used when `--dashboard` or `--metrics` is given without one. */
export const defaultDashboardPort = 7477;
export const defaultMetricsPort = 9477;

/** Where the dashboard listens: `--dashboard [PORT]` (or `serve --port`) on `--host` (default loopback). */
export function dashboardAddress(
  port: number | true | undefined,
  host: string | undefined,
): ListenAddress | undefined {
  if (port === undefined) {
    if (host !== undefined) throw new UsageError('--host applies to the dashboard: add --dashboard [PORT]');
    return undefined;
  }
  return { host: host ?? loopbackHost, port: port === true ? defaultDashboardPort : port };
}

/** Where /metrics listens: `--metrics [ADDR]`. */
export function metricsAddress(value: string | true | undefined): ListenAddress | undefined {
  if (value === undefined) return undefined;
  return parseListenAddress(value === true ? String(defaultMetricsPort) : value, '--metrics');
}

/** The error for a server that could not listen: the address in use, a privileged port, a bad host. */
export function listenError(what: string, address: ListenAddress, error: unknown): EnvironmentError {
  const code = error instanceof ObserverBindError ? error.errorCode : (error as NodeJS.ErrnoException).code;
  const why =
    code === 'EADDRINUSE'
      ? 'the address is in use'
      : code === 'EACCES'
        ? 'permission denied'
        : (error as Error).message;
  return new EnvironmentError(
    `cannot serve the ${what} on ${address.host}:${address.port}: ${why}`,
    'pick another port',
  );
}

/** A URL for people: a wildcard bind is reached through this machine's name. */
export function shownUrl(url: string): string {
  return url.replace(/^http:\/\/(0\.0\.0\.0|\[::\])/, `http://${hostname()}`);
}

/**
 * What the observers of a supervised run survive or die of: said at once (`say`) and written to the
 * run's events.jsonl as warnings (`observer: true`), held until the supervisor opens the record.
 */
function recordedObserverEvents(say: (line: string) => void): {
  onEvent(message: string): void;
  onRecordOpened(event: EventSink): void;
} {
  const held: string[] = [];
  let sink: EventSink | null = null;
  const write = (message: string): void => sink?.('warning', undefined, message, { observer: true });
  return {
    onEvent: (message) => {
      say(`headroom: ${message}`);
      if (sink) write(message);
      else held.push(message);
    },
    onRecordOpened: (event) => {
      sink = event;
      for (const message of held.splice(0)) write(message);
    },
  };
}

/**
 * A run's observers (`run`, locally or on Slurm): in a process of their own, what happens to them
 * printed at once and written to the record once it is open (pass `onRecordOpened` to the backend).
 */
export async function startRunObservers(options: {
  runDir: string;
  dashboard?: ListenAddress;
  metrics?: ListenAddress;
  say: (line: string) => void;
}): Promise<{ observers: Observers; onRecordOpened(event: EventSink): void }> {
  const events = recordedObserverEvents(options.say);
  const observers = await startObservers({ ...options, isIsolated: true, onEvent: events.onEvent });
  return { observers, onRecordOpened: events.onRecordOpened };
}

/** Started observers, where they are (as shown), and `close`: a last read of the record, then stop. */
export interface Observers {
  dashboardUrl: string | null;
  metricsUrl: string | null;
  close(): Promise<void>;
}

/**
 * Starts the dashboard and/or /metrics on `runDir`; `say` prints where they are (stderr). With
 * `isIsolated` (run: a supervisor) they run in a process of their own and `onEvent` hears what they
 * survived and whether they stopped; without (serve: nothing else runs there) they run here.
 */
export async function startObservers(options: {
  runDir: string;
  dashboard?: ListenAddress;
  metrics?: ListenAddress;
  say: (line: string) => void;
  isIsolated?: boolean;
  onEvent?: (message: string) => void;
}): Promise<Observers> {
  if (!options.dashboard && !options.metrics)
    return { dashboardUrl: null, metricsUrl: null, close: () => Promise.resolve() };
  const request = {
    runDir: options.runDir,
    ...(options.dashboard ? { dashboard: options.dashboard } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    // A run's end waits for its scraper's last read; serve's Ctrl-C does not.
    ...(options.isIsolated ? { lastScrapeMaxWaitMs: runLastScrapeMaxWaitMs } : {}),
  };
  const onEvent = options.onEvent ?? ((message: string) => options.say(`headroom: ${message}`));
  let started: StartedObservers;
  try {
    if (options.isIsolated) {
      const { startObserversIsolated } = await import('../../serve/isolated-observers.js');
      started = await startObserversIsolated(request, onEvent);
    } else {
      const { startObserversHere } = await import('../../serve/observers.js');
      started = await startObserversHere(request, onEvent);
    }
  } catch (error) {
    if (error instanceof ObserverBindError) throw listenError(error.what, error.address, error);
    throw new EnvironmentError(`cannot start the dashboard or /metrics: ${(error as Error).message}`);
  }
  const { dashboard, metrics } = started;
  if (dashboard)
    options.say(
      `dashboard: ${shownUrl(dashboard.url)}${dashboard.token ? ' (the token is required: keep the URL private)' : ''}`,
    );
  if (metrics) options.say(`metrics: ${shownUrl(metrics.url)}`);
  return {
    dashboardUrl: dashboard ? shownUrl(dashboard.url) : null,
    metricsUrl: metrics ? shownUrl(metrics.url) : null,
    close: () => started.close(),
  };
}
