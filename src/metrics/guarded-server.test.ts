// The guarded server on real sockets (127.0.0.1 only): connections over the cap get a 503 and are
// closed, idle ones are closed after their limit, a handler that throws is a 500, and it serves on.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { test } from 'node:test';
import { createGuardedServer } from './guarded-server.js';
import { closeServer, listen } from './serve-metrics.js';

// Waits for a state of the sockets; the clock only ends a hang (a loaded CI is slow, never wrong).
async function until(isDone: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
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

// Limits long enough that a loaded machine never reaches them while the cap is tested.
const patient = { idleMs: 60_000, headersMs: 60_000, requestMs: 60_000, keepAliveMs: 60_000 };

test('over the cap: 503 and closed; a throwing handler: 500; it serves on', async () => {
  const problems: string[] = [];
  const { server, counts } = createGuardedServer({
    handle: (request, response) => {
      if (request.url === '/throw') throw new Error('a bug in a handler');
      response.end('ok\n');
    },
    limits: { maxConnections: 4, ...patient },
    onProblem: (message) => problems.push(message),
  });
  await listen(server, { host: '127.0.0.1', port: 0 });
  const { port } = server.address() as AddressInfo;
  const held = await Promise.all(Array.from({ length: 4 }, () => idleConnection(port)));
  try {
    await until(() => counts().open === 4, 'four open connections');
    const over = await Promise.all(Array.from({ length: 6 }, () => idleConnection(port)));
    await until(() => over.every((c) => c.isClosed()), 'the connections over the cap to be closed');
    for (const c of over) assert.match(c.received(), /^HTTP\/1\.1 503 Service Unavailable\r\n/);
    assert.equal(counts().shed, 6);
    for (const c of held) c.socket.destroy();
    await until(() => counts().open === 0, 'our connections to close');
    const failed = await fetch(`http://127.0.0.1:${port}/throw`);
    assert.equal(failed.status, 500);
    assert.match(problems.join('\n'), /a request for \/throw failed: Error: a bug in a handler/);
    const ok = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(await ok.text(), 'ok\n');
  } finally {
    for (const c of held) c.socket.destroy();
    await closeServer(server);
  }
});

test('a connection that sends nothing is closed by the server after its limit', async () => {
  const { server, counts } = createGuardedServer({
    handle: (_request, response) => void response.end('ok\n'),
    limits: { maxConnections: 4, idleMs: 300, headersMs: 300, requestMs: 300, keepAliveMs: 200 },
  });
  await listen(server, { host: '127.0.0.1', port: 0 });
  const { port } = server.address() as AddressInfo;
  try {
    const idle = await Promise.all(Array.from({ length: 3 }, () => idleConnection(port)));
    await until(() => idle.every((c) => c.isClosed()), 'idle connections to be closed');
    assert.equal(counts().open, 0);
  } finally {
    await closeServer(server);
  }
});
