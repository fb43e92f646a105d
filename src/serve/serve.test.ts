// What the dashboard serves and to whom: run files by pattern (never outside the run), tokens, hosts.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { isLoopback } from '../metrics/listen-address.js';
import { isLoopbackHostHeader, isSameToken, newAccessToken } from './access.js';
import { startDashboardServer } from './dashboard-server.js';
import { resolveRunFile } from './run-files.js';

const runDir = mkdtempSync(join(tmpdir(), 'headroom-serve-'));
after(() => rmSync(runDir, { recursive: true, force: true }));

test('only the record’s files and its logs, never a directory, a path out, or a link out', () => {
  mkdirSync(join(runDir, 'logs'));
  for (const file of ['plan.json', 'summary.json', 'logs/actor.1.log', 'report.html', 'secret.txt'])
    writeFileSync(join(runDir, file), 'x');
  symlinkSync('/etc/passwd', join(runDir, 'logs', 'out.log'));
  assert.equal(resolveRunFile(runDir, 'plan.json'), join(runDir, 'plan.json'));
  assert.equal(resolveRunFile(runDir, 'logs/actor.1.log'), join(runDir, 'logs/actor.1.log'));
  for (const path of [
    'report.html',
    'secret.txt',
    'logs',
    'logs/',
    '../plan.json',
    'logs/../plan.json',
    '/etc/passwd',
    'logs/out.log',
    'events.jsonl',
  ])
    assert.equal(resolveRunFile(runDir, path), null, path);
});

test('tokens are random and compared whole; loopback Host headers', () => {
  const token = newAccessToken();
  assert.notEqual(token, newAccessToken());
  assert.ok(token.length >= 24);
  assert.equal(isSameToken(token, token), true);
  assert.equal(isSameToken(token.slice(1), token), false);
  assert.equal(isSameToken(null, token), false);
  for (const host of ['127.0.0.1:7477', 'localhost:1', '[::1]:7477', 'localhost'])
    assert.equal(isLoopbackHostHeader(host), true, host);
  for (const host of ['evil.example:7477', '127.0.0.1.evil.example', undefined])
    assert.equal(isLoopbackHostHeader(host), false, String(host));
  for (const host of ['127.1.2.3:80', '[::1]']) assert.equal(isLoopbackHostHeader(host), true, host);
  for (const host of ['127.x.example:7477', '127.x.example', '[127.0.0.1]:80', '[localhost]:80'])
    assert.equal(isLoopbackHostHeader(host), false, host);
});

test('loopback is localhost, ::1 or an IPv4 literal in 127.0.0.0/8, never a name DNS resolves', async () => {
  for (const host of ['localhost', '::1', '127.0.0.1', '127.1.2.3', '127.255.255.255'])
    assert.equal(isLoopback(host), true, host);
  for (const host of ['127.x.example', '127.0.0.1.evil.example', '127.0.0.256', '0.0.0.0', '10.0.0.1', '::'])
    assert.equal(isLoopback(host), false, host);
  // Such a name gets no dashboard without a token (refused before anything binds or resolves).
  await assert.rejects(
    startDashboardServer({
      content: { runDir, renderPage: () => '', subscribe: () => () => undefined },
      address: { host: '127.x.example', port: 0 },
      token: null,
    }),
    /a dashboard on 127\.x\.example needs an access token/,
  );
});

test('a run file deleted, made a FIFO or a link between the check and the open: 404 or 403, and the server stays up', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'headroom-serve-race-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'logs'));
  const server = await startDashboardServer({
    content: { runDir: dir, renderPage: () => 'page', subscribe: () => () => undefined },
    address: { host: '127.0.0.1', port: 0 },
    token: null,
  });
  // Another process swaps logs/x.log as fast as it can: a file, nothing, a FIFO, a link to /dev/zero.
  const swapper = spawn(
    'sh',
    [
      '-c',
      'cd "$1/logs"; while :; do echo line > x.log; rm -f x.log; mkfifo x.log; rm -f x.log; ln -s /dev/zero x.log; rm -f x.log; done',
      'sh',
      dir,
    ],
    { stdio: 'ignore' },
  );
  try {
    const statuses = new Map<number, number>();
    for (let i = 0; i < 300; i++) {
      const response = await fetch(new URL('/run/logs/x.log', server.url));
      const body = await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      assert.ok([200, 403, 404].includes(response.status), `status ${response.status}`);
      if (response.status === 200) assert.ok(body === 'line\n' || body === '', body);
    }
    // Up, and still serving the page.
    assert.equal(await (await fetch(server.url)).text(), 'page');
    assert.ok((statuses.get(404) ?? 0) > 0, JSON.stringify([...statuses]));
  } finally {
    swapper.kill('SIGKILL');
    await server.close();
  }
});
