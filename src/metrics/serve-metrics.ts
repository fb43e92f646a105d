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
}

// Prometheus scrapes over one kept-alive connection; a few more for people and a second scraper.
const metricsLimits: Partial<ConnectionLimits> = { maxConnections: 16 };

/** Starts serving `metrics` on `address`; rejects when the address cannot be bound. */
export async function serveMetrics(
  metrics: HeadroomMetrics,
  address: ListenAddress,
  options: { limits?: Partial<ConnectionLimits>; onProblem?: ServerProblem } = {},
): Promise<MetricsServer> {
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
    metrics.render().then(
      (body) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      (error: unknown) => response.writeHead(500).end(`${String(error)}\n`),
    );
  };
  const { server } = createGuardedServer({
    handle,
    limits: { ...metricsLimits, ...options.limits },
    ...(options.onProblem ? { onProblem: options.onProblem } : {}),
  });
  await listen(server, address);
  const { port } = server.address() as AddressInfo;
  return { url: `http://${urlHost(address.host)}:${port}/metrics`, close: () => closeServer(server) };
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
