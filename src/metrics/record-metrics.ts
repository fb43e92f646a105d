// /metrics for a run record: follows the record as it is written and serves what it says.
import { followRecord } from '../observe/follow-record.js';
import { feedRecordMetrics } from './from-record.js';
import type { ServerProblem } from './guarded-server.js';
import type { ListenAddress } from './listen-address.js';
import { createMetrics } from './registry.js';
import { type MetricsServer, serveMetrics } from './serve-metrics.js';

/** A running exporter; `poll` reads the record once more now, `close` stops it. */
export interface RecordMetrics extends MetricsServer {
  poll(): void;
}

/**
 * Serves /metrics on `address` for the run being written to `runDir`. With `lastScrapeMaxWaitMs` (a run),
 * `close` first waits for one more scrape (two of the scraper's intervals, at most that): a run that ends
 * right after a failure would otherwise take the counters' last increments with it, unseen by Prometheus.
 */
export async function startRecordMetrics(options: {
  runDir: string;
  address: ListenAddress;
  onProblem?: ServerProblem;
  lastScrapeMaxWaitMs?: number;
}): Promise<RecordMetrics> {
  const metrics = createMetrics();
  const { onProblem } = options;
  const server = await serveMetrics(metrics, options.address, onProblem ? { onProblem } : {});
  const follower = followRecord({
    runDir: options.runDir,
    onUpdate: feedRecordMetrics(metrics),
    ...(onProblem ? { onProblem } : {}),
  });
  return {
    ...server,
    poll: follower.poll,
    close: async () => {
      follower.stop();
      if (options.lastScrapeMaxWaitMs) await server.nextScrape(options.lastScrapeMaxWaitMs);
      await server.close();
    },
  };
}
