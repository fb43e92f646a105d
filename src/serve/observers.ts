// Starts the observers of a run directory in this process: the live dashboard and /metrics, each
// following the record on disk. `serve` runs them here; `run` runs them in a process of their own
// (isolated-observers.ts), which runs this.

import { type ServerProblem, throttleProblems } from '../metrics/guarded-server.js';
import type { ListenAddress } from '../metrics/listen-address.js';

/** What to observe and where to serve it (plain data: it crosses to the observer process as JSON). */
export interface ObserverRequest {
  runDir: string;
  dashboard?: ListenAddress;
  metrics?: ListenAddress;
  /** A run's /metrics: closing waits up to this for one more scrape, so the last counts are seen. */
  lastScrapeMaxWaitMs?: number;
}

/** How long a run's end may wait for its scraper to read the last counts (record-metrics.ts). */
export const runLastScrapeMaxWaitMs = 5000;

/** Where the started observers listen; `close` reads the record once more, then stops them. */
export interface StartedObservers {
  dashboard: { url: string; token: string | null } | null;
  metrics: { url: string } | null;
  close(): Promise<void>;
}

/** An observer that could not listen on its address (in use, a privileged port, a bad host). */
export class ObserverBindError extends Error {
  constructor(
    readonly what: 'dashboard' | 'metrics',
    readonly address: ListenAddress,
    readonly errorCode: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ObserverBindError';
  }
}

interface Running {
  poll(): void;
  close(): Promise<void>;
}

/** Starts what `request` asks for here; `onProblem` hears what the servers and followers survived. */
export async function startObserversHere(
  request: ObserverRequest,
  onAnyProblem: ServerProblem,
): Promise<StartedObservers> {
  // A record that fails at every poll is said once a minute, not four times a second.
  const onProblem = throttleProblems(onAnyProblem);
  const running: Running[] = [];
  const bind = async <T extends Running>(
    what: 'dashboard' | 'metrics',
    address: ListenAddress,
    start: () => Promise<T>,
  ): Promise<T> => {
    try {
      const started = await start();
      running.push(started);
      return started;
    } catch (error) {
      await Promise.all(running.map((o) => o.close()));
      const code = (error as NodeJS.ErrnoException).code;
      throw new ObserverBindError(what, address, code, (error as Error).message);
    }
  };
  let dashboard: StartedObservers['dashboard'] = null;
  let metrics: StartedObservers['metrics'] = null;
  const { runDir } = request;
  if (request.dashboard) {
    const address = request.dashboard;
    const { startDashboard } = await import('./dashboard.js');
    const started = await bind('dashboard', address, () => startDashboard({ runDir, address, onProblem }));
    dashboard = { url: started.url, token: started.token };
  }
  if (request.metrics) {
    const address = request.metrics;
    const { startRecordMetrics } = await import('../metrics/record-metrics.js');
    const started = await bind('metrics', address, () =>
      startRecordMetrics({
        runDir,
        address,
        onProblem,
        ...(request.lastScrapeMaxWaitMs ? { lastScrapeMaxWaitMs: request.lastScrapeMaxWaitMs } : {}),
      }),
    );
    metrics = { url: started.url };
  }
  return {
    dashboard,
    metrics,
    close: async () => {
      for (const observer of running) observer.poll();
      await Promise.all(running.map((o) => o.close()));
    },
  };
}
