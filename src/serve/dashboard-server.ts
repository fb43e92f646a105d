// The live dashboard's HTTP server: the page at /, its server-sent events at /events, the run's
// own files under /run/. Read-only (GET and HEAD), no directory listing; a token when not on loopback.
// On a guarded server (src/metrics/guarded-server.ts): capped connections, idle limits, no error escapes.
import { closeSync, createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openRecordFile, RecordFileError } from '../files/read-file.js';
import { type ConnectionLimits, createGuardedServer, type ServerProblem } from '../metrics/guarded-server.js';
import { isLoopback, type ListenAddress, urlHost } from '../metrics/listen-address.js';
import { closeServer, listen } from '../metrics/serve-metrics.js';
import { isLoopbackHostHeader, isSameToken, tokenOf } from './access.js';
import { contentTypeOf, resolveRunFile } from './run-files.js';

/** What the server shows; the dashboard (dashboard.ts) supplies it. */
export interface DashboardContent {
  runDir: string;
  /** The page (its links and stream carry the dashboard's token, when it has one). */
  renderPage(): string;
  /** Registers an event-stream client; returns the function that unregisters it. */
  subscribe(send: (data: string) => void): () => void;
}

/** A listening dashboard. */
export interface DashboardServer {
  /** The URL to open, with the token when one is needed. */
  url: string;
  token: string | null;
  close(): Promise<void>;
}

// What a page may have unread on its event stream before it is dropped.
const maxStreamBacklogBytes = 8 * 1024 * 1024;

const securityHeaders = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

function refuse(response: ServerResponse, status: number, text: string): void {
  response
    .writeHead(status, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' })
    .end(`${text}\n`);
}

function streamEvents(
  request: IncomingMessage,
  response: ServerResponse,
  options: { content: DashboardContent; streams: Set<ServerResponse> },
): void {
  const { content, streams } = options;
  streams.add(response);
  response.writeHead(200, {
    ...securityHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    connection: 'keep-alive',
  });
  // A page that stops reading is dropped rather than buffered without bound (it reconnects and gets the model).
  const write = (text: string): void => {
    if (response.writableLength > maxStreamBacklogBytes) response.destroy();
    else if (!response.destroyed) response.write(text);
  };
  const send = (data: string): void => write(`data: ${data}\n\n`);
  const unsubscribe = content.subscribe(send);
  // A comment line now and then keeps proxies from closing an idle stream.
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), 15_000);
  keepAlive.unref();
  request.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
    streams.delete(response);
  });
}

function handle(
  request: IncomingMessage,
  response: ServerResponse,
  options: { content: DashboardContent; token: string | null; streams: Set<ServerResponse> },
): void {
  const { content, token } = options;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { ...securityHeaders, allow: 'GET, HEAD' }).end();
    return;
  }
  const url = new URL(request.url ?? '/', 'http://dashboard');
  if (
    token === null ? !isLoopbackHostHeader(request.headers.host) : !isSameToken(tokenOf(request, url), token)
  ) {
    refuse(
      response,
      token === null ? 403 : 401,
      token === null ? 'forbidden host' : 'unauthorized: the URL headroom printed carries the token',
    );
    return;
  }
  if (url.pathname === '/') {
    response
      .writeHead(200, { ...securityHeaders, 'content-type': 'text/html; charset=utf-8' })
      .end(content.renderPage());
    return;
  }
  if (url.pathname === '/events') streamEvents(request, response, options);
  else if (url.pathname.startsWith('/run/')) serveRunFile(request, response, content.runDir, url.pathname);
  else refuse(response, 404, 'not found');
}

// /run/<file>: a file of the run that run-files.ts allows, else 404 (malformed escapes included). It is
// opened as every record file is (no link, regular, non-blocking) and sent as long as it was when opened;
// one deleted or made unreadable since the check is a 404 or a 403, never an error that escapes.
function serveRunFile(
  request: IncomingMessage,
  response: ServerResponse,
  runDir: string,
  pathname: string,
): void {
  let file: string | null = null;
  try {
    file = resolveRunFile(runDir, decodeURIComponent(pathname.slice('/run/'.length)));
  } catch {
    file = null;
  }
  if (file === null) {
    refuse(response, 404, 'not found');
    return;
  }
  let opened: ReturnType<typeof openRecordFile>;
  try {
    opened = openRecordFile(file);
  } catch (error) {
    refuse(
      response,
      403,
      error instanceof RecordFileError ? 'forbidden: not a readable regular file' : 'forbidden',
    );
    return;
  }
  if (opened === null) {
    refuse(response, 404, 'not found');
    return;
  }
  const { fd, sizeBytes } = opened;
  response.writeHead(200, {
    ...securityHeaders,
    'content-type': contentTypeOf(file),
    'content-length': String(sizeBytes),
  });
  if (request.method === 'HEAD' || sizeBytes === 0) {
    closeSync(fd);
    response.end();
    return;
  }
  const stream = createReadStream('', { fd, start: 0, end: sizeBytes - 1 });
  // A read that fails midway (the disk, a file truncated under it) ends this response, nothing else.
  stream.on('error', () => response.destroy());
  response.on('close', () => stream.destroy());
  stream.pipe(response);
}

/** Starts the dashboard on `address`; binding anywhere but loopback requires `token`. */
export async function startDashboardServer(options: {
  content: DashboardContent;
  address: ListenAddress;
  token: string | null;
  limits?: Partial<ConnectionLimits>;
  onProblem?: ServerProblem;
}): Promise<DashboardServer> {
  const { address, token } = options;
  if (token === null && !isLoopback(address.host))
    throw new Error(`a dashboard on ${address.host} needs an access token`);
  const streams = new Set<ServerResponse>();
  const { server } = createGuardedServer({
    handle: (request, response) => handle(request, response, { ...options, streams }),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.onProblem ? { onProblem: options.onProblem } : {}),
  });
  await listen(server, address);
  const { port } = server.address() as AddressInfo;
  const query = token === null ? '' : `?token=${token}`;
  const close = async (): Promise<void> => {
    // End the event streams first, so what was last sent (the run's summary) reaches the pages.
    for (const response of streams) response.end();
    await closeServer(server);
  };
  return { url: `http://${urlHost(address.host)}:${port}/${query}`, token, close };
}
