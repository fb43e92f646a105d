// A reader of headroom's output that stops reading (Ctrl-S, a frozen SSH session, `| (sleep; cat)`)
// must not stop supervision: samples go on, memory stays bounded, Ctrl-C is acted on — all while
// nothing is read. The logs keep every byte.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliPath } from './cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'headroom-slow-reader-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const lines = (path: string): string[] =>
  existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
const rssBytes = (pid: number): number =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const isAlive = (pid: number): boolean =>
  existsSync(`/proc/${pid}`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));

async function until(isDone: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!isDone()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a stalled reader: sampling goes on, memory stays bounded, and Ctrl-C stops the child', async () => {
  const runDir = join(scratch, 'run');
  const bytes = 150_000_000;
  const cli = spawn(
    process.execPath,
    [
      cliPath,
      'run',
      '--run-dir',
      runDir,
      '--',
      'sh',
      '-c',
      `yes 'step 1 loss 0.5' | head -c ${bytes}; sleep 60`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
  cli.stdout.pause(); // nothing is read from here until the end of the test
  let peakRss = 0;
  const watch = setInterval(() => {
    if (cli.pid && isAlive(cli.pid)) peakRss = Math.max(peakRss, rssBytes(cli.pid));
  }, 100);
  try {
    const log = join(runDir, 'logs', 'sh.log');
    await until(() => existsSync(log) && statSync(log).size >= bytes, 'the child to write its output');
    // Sampling goes on while the output waits: more samples arrive with nothing read.
    const before = lines(join(runDir, 'samples.jsonl')).length;
    await until(() => lines(join(runDir, 'samples.jsonl')).length >= before + 4, 'samples during the stall');
    const root = Number(
      lines(join(runDir, 'events.jsonl'))
        .map((l) => JSON.parse(l))
        .find((e) => e.type === 'spawn')?.pid,
    );
    cli.kill('SIGINT');
    await until(() => !isAlive(root), 'the child to be stopped while the reader is stalled');
    assert.ok(peakRss < 400 * 1024 ** 2, `headroom held ${(peakRss / 1024 ** 2).toFixed(0)} MiB`);
  } finally {
    clearInterval(watch);
    cli.stdout.resume();
    cli.stdout.on('data', () => {});
  }
  const code = await new Promise<number | null>((resolve) => cli.on('close', resolve));
  assert.equal(code, 130);
  assert.equal(statSync(join(runDir, 'logs', 'sh.log')).size, bytes, 'the log has every byte');
});
