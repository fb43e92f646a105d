// The observers `run` and `serve` start on a run directory: the live dashboard and /metrics.
// They read the record's files; this is the glue that parses their flags and says where they are.
import { hostname } from 'node:os';
import { EnvironmentError, UsageError } from '../../errors.js';
import { type ListenAddress, loopbackHost, parseListenAddress } from '../../metrics/listen-address.js';

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
  const code = (error as NodeJS.ErrnoException).code;
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

interface Observer {
  url: string;
  poll(): void;
  close(): Promise<void>;
}

/** Started observers, where they are (as shown), and `close`: a last read of the record, then stop. */
export interface Observers {
  dashboardUrl: string | null;
  metricsUrl: string | null;
  close(): Promise<void>;
}

/** Starts the dashboard and/or /metrics on `runDir`; `say` prints where they are (stderr). */
export async function startObservers(options: {
  runDir: string;
  dashboard?: ListenAddress;
  metrics?: ListenAddress;
  say: (line: string) => void;
}): Promise<Observers> {
  const started: Observer[] = [];
  let dashboardUrl: string | null = null;
  let metricsUrl: string | null = null;
  const bind = async <T extends Observer>(
    what: string,
    address: ListenAddress,
    start: () => Promise<T>,
  ): Promise<T> => {
    try {
      return await start();
    } catch (error) {
      await Promise.all(started.map((o) => o.close()));
      throw listenError(what, address, error);
    }
  };
  if (options.dashboard) {
    const address = options.dashboard;
    const { startDashboard } = await import('../../serve/dashboard.js');
    const dashboard = await bind('dashboard', address, () =>
      startDashboard({ runDir: options.runDir, address }),
    );
    started.push(dashboard);
    dashboardUrl = shownUrl(dashboard.url);
    options.say(
      `dashboard: ${shownUrl(dashboard.url)}${dashboard.token ? ' (the token is required: keep the URL private)' : ''}`,
    );
  }
  if (options.metrics) {
    const address = options.metrics;
    const { startRecordMetrics } = await import('../../metrics/record-metrics.js');
    const metrics = await bind('metrics', address, () =>
      startRecordMetrics({ runDir: options.runDir, address }),
    );
    started.push(metrics);
    metricsUrl = shownUrl(metrics.url);
    options.say(`metrics: ${shownUrl(metrics.url)}`);
  }
  return {
    dashboardUrl,
    metricsUrl,
    close: async () => {
      for (const observer of started) observer.poll();
      await Promise.all(started.map((o) => o.close()));
    },
  };
}
