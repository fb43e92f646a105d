// The /metrics endpoint: a read-only HTTP server that answers GET /metrics with the registry's
// text exposition and 404 to everything else, on a guarded server (guarded-server.ts).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ConnectionLimits, createGuardedServer, type ServerProblem } from './guarded-server.js';
import { type ListenAddress, urlHost } from './listen-address.js';
import type { HeadroomMetrics } from './registry.js';

/** A listening metrics server; `url` has the port actually bound (port 0 picks one). */
export interface MetricsServer {
  url: string;
  close(): Promise<void>;
  /**
   * Resolves true once a scrape that came after this call has been answered, or false when none came
   * within `lastScrapeWaitMs` of the scrapes seen so far (at once when nobody has scraped).
   */
  nextScrape(maxWaitMs: number): Promise<boolean>;
}

/**
 * How long to wait for one more scrape, given when the scrapes so far came (ms, oldest first): two of the
 * scraper's own intervals (a scrape can come late on a loaded machine), at most `maxWaitMs`; the whole
 * `maxWaitMs` after a single scrape (its interval is not known yet); 0 when nobody scrapes.
 */
export function lastScrapeWaitMs(scrapeTimes: readonly number[], maxWaitMs: number): number {
  if (scrapeTimes.length === 0) return 0;
  if (scrapeTimes.length === 1) return maxWaitMs;
  const intervalMs = scrapeTimes[scrapeTimes.length - 1]! - scrapeTimes[scrapeTimes.length - 2]!;
  return Math.min(maxWaitMs, Math.max(0, 2 * intervalMs));
}

// Prometheus scrapes over one kept-alive connection; a few more for people and a second scraper.
const metricsLimits: Partial<ConnectionLimits> = { maxConnections: 16 };

/** Starts serving `metrics` on `address`; rejects when the address cannot be bound. */
export async function serveMetrics(
  metrics: HeadroomMetrics,
  address: ListenAddress,
  options: { limits?: Partial<ConnectionLimits>; onProblem?: ServerProblem } = {},
): Promise<MetricsServer> {
  // When the last two scrapes came, and who waits for the next one's answer (nextScrape).
  const scrapeTimes: number[] = [];
  const waiting = new Set<{ after: number; answered: () => void }>();
  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: headroom serves /metrics\n');
      return;
    }
    const arrived = Date.now();
    scrapeTimes.push(arrived);
    if (scrapeTimes.length > 2) scrapeTimes.shift();
    metrics.render().then(
      (body) =>
        response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body, () => {
          for (const waiter of waiting) if (arrived >= waiter.after) waiter.answered();
        }),
      (error: unknown) => response.writeHead(500).end(`${String(error)}\n`),
    );
  };
  const nextScrape = (maxWaitMs: number): Promise<boolean> => {
    const waitMs = lastScrapeWaitMs(scrapeTimes, maxWaitMs);
    if (waitMs === 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter = {
        after: Date.now(),
        answered: () => {
          clearTimeout(timer);
          waiting.delete(waiter);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        waiting.delete(waiter);
        resolve(false);
      }, waitMs);
      waiting.add(waiter);
    });
  };
  const { server } = createGuardedServer({
    handle,
    limits: { ...metricsLimits, ...options.limits },
    ...(options.onProblem ? { onProblem: options.onProblem } : {}),
  });
  await listen(server, address);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${urlHost(address.host)}:${port}/metrics`,
    close: () => closeServer(server),
    nextScrape,
  };
}

/** Listens, turning EADDRINUSE and the like into a rejected promise. */
export function listen(server: Server, address: ListenAddress): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Closes a server: idle connections at once, busy ones after their response (at most 2 s). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), 2000);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
