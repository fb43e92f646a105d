// The HTTP server under the dashboard and /metrics, built so that no client can take it (or the
// process it runs in) down: a cap on open connections with 503 beyond it, time limits on idle
// connections, headers and requests, and every socket, stream and handler error caught and counted.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How many connections a server keeps open and for how long. */
export interface ConnectionLimits {
  /** Open connections kept; one more is answered 503 and closed (default 64). */
  maxConnections: number;
  /** A connection with no byte read or written for this long is closed (default 20 s). */
  idleMs: number;
  /** Time a client has to send its request headers (default 10 s). */
  headersMs: number;
  /** Time a client has to send its whole request (default 15 s). */
  requestMs: number;
  /** Time an idle keep-alive connection is kept between requests (default 5 s). */
  keepAliveMs: number;
}

export const defaultConnectionLimits: ConnectionLimits = {
  maxConnections: 64,
  idleMs: 20_000,
  headersMs: 10_000,
  requestMs: 15_000,
  keepAliveMs: 5_000,
};

/** A problem the server survived (a handler that threw, accept failing for want of descriptors). */
export type ServerProblem = (message: string) => void;

// Written on the raw socket: the connection is over the cap, so no request of it is parsed.
const busyResponse =
  'HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\nretry-after: 5\r\n' +
  'connection: close\r\ncontent-length: 40\r\n\r\nbusy: too many connections; retry later\n';

/** The connections a guarded server holds now, and how many it turned away. */
export interface ConnectionCounts {
  open: number;
  shed: number;
}

/** A server that survives its clients: see the file's comment. */
export interface GuardedServer {
  server: Server;
  counts(): ConnectionCounts;
}

// A repeated problem (accept failing in a loop) is said once a minute, not once per connection, and
// at most 10 problems a minute in all: what a client provokes cannot flood the run's record.
export function throttleProblems(onProblem: ServerProblem): ServerProblem {
  const lastSaidMs = new Map<string, number>();
  let windowStartMs = -Infinity;
  let saidInWindow = 0;
  return (message) => {
    const key = message.slice(0, 40);
    const now = performance.now();
    if (now - (lastSaidMs.get(key) ?? -Infinity) < 60_000) return;
    if (now - windowStartMs >= 60_000) {
      windowStartMs = now;
      saidInWindow = 0;
    }
    if (saidInWindow >= 10) return;
    saidInWindow += 1;
    if (lastSaidMs.size > 100) lastSaidMs.clear();
    lastSaidMs.set(key, now);
    onProblem(message);
  };
}

/** Creates an HTTP server for `handle` with `limits`; `onProblem` hears what it survived. */
export function createGuardedServer(options: {
  handle: (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;
  limits?: Partial<ConnectionLimits>;
  onProblem?: ServerProblem;
}): GuardedServer {
  const limits = { ...defaultConnectionLimits, ...options.limits };
  const onProblem = throttleProblems(options.onProblem ?? (() => undefined));
  const sockets = new Set<Socket>();
  let shed = 0;
  const server = createServer(
    {
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      keepAliveTimeout: limits.keepAliveMs,
      // How often the limits above are checked (Node's default is 30 s).
      connectionsCheckingInterval: Math.min(1000, limits.headersMs),
    },
    (request, response) => {
      response.on('error', () => response.destroy());
      const fail = (error: unknown): void => {
        onProblem(`a request for ${request.url ?? '?'} failed: ${String(error)}`);
        if (!response.headersSent)
          response.writeHead(500, { 'content-type': 'text/plain' }).end('internal error\n');
        else response.destroy();
      };
      try {
        const done = options.handle(request, response);
        if (done) done.catch(fail);
      } catch (error) {
        fail(error);
      }
    },
  );
  // Inactivity on a socket, read or write: the connection is closed (the event stream sends more often).
  server.timeout = limits.idleMs;
  server.on('timeout', (socket: Socket) => socket.destroy());
  server.on('connection', (socket: Socket) => {
    socket.on('error', () => socket.destroy());
    if (sockets.size >= limits.maxConnections) {
      shed += 1;
      socket.end(busyResponse);
      // A client that never reads its 503 does not keep the descriptor.
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    if (socket.writable && error.code !== 'ECONNRESET')
      socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    socket.destroy();
  });
  // After listening, an error is accept() failing (EMFILE: descriptors ran out): say it, keep serving.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (server.listening)
      onProblem(`the server could not accept a connection: ${error.code ?? error.message}`);
  });
  return { server, counts: () => ({ open: sockets.size, shed }) };
}
