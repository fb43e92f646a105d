// The guarded server on real sockets (127.0.0.1 only): connections over the cap get a 503 and are
// closed, idle ones are closed after their limit, a handler that throws is a 500, and it serves on.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { test } from 'node:test';
import { createGuardedServer } from './guarded-server.js';
import { closeServer, listen } from './serve-metrics.js';

async function until(isDone: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!isDone()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// A raw connection that sends nothing and keeps what it is sent.
async function idleConnection(
  port: number,
): Promise<{ socket: Socket; received: () => string; isClosed: () => boolean }> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let isClosed = false;
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    isClosed = true;
  });
  await once(socket, 'connect');
  return { socket, received: () => received, isClosed: () => isClosed };
}

test('over the cap: 503 and closed; idle: closed after its limit; a throwing handler: 500; it serves on', async () => {
  const problems: string[] = [];
  const { server, counts } = createGuardedServer({
    handle: (request, response) => {
      if (request.url === '/throw') throw new Error('a bug in a handler');
      response.end('ok\n');
    },
    limits: { maxConnections: 4, idleMs: 400, headersMs: 400, requestMs: 400, keepAliveMs: 200 },
    onProblem: (message) => problems.push(message),
  });
  await listen(server, { host: '127.0.0.1', port: 0 });
  const { port } = server.address() as AddressInfo;
  try {
    const held = await Promise.all(Array.from({ length: 4 }, () => idleConnection(port)));
    await until(() => counts().open === 4, 'four open connections');
    const over = await Promise.all(Array.from({ length: 6 }, () => idleConnection(port)));
    await until(() => over.every((c) => c.isClosed()), 'the connections over the cap to be closed');
    for (const c of over) assert.match(c.received(), /^HTTP\/1\.1 503 Service Unavailable\r\n/);
    assert.equal(counts().shed, 6);
    // The four that never sent a request are closed by the server, not kept.
    await until(() => held.every((c) => c.isClosed()), 'idle connections to be closed');
    assert.equal(counts().open, 0);
    const failed = await fetch(`http://127.0.0.1:${port}/throw`);
    assert.equal(failed.status, 500);
    assert.match(problems.join('\n'), /a request for \/throw failed: Error: a bug in a handler/);
    const ok = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(await ok.text(), 'ok\n');
  } finally {
    await closeServer(server);
  }
});
