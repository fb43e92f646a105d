// What the dashboard serves and to whom: run files by pattern (never outside the run), tokens, hosts.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { isLoopbackHostHeader, isSameToken, newAccessToken } from './access.js';
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
});
