// A terminal that stops reading must not stop supervision (issue #12): a child writes 500 MB and
// keeps running while the reader of headroom's stdout stalls for 20 s; Ctrl-C comes during the
// stall. Reports headroom's peak RSS, the largest gap between samples, and how long after SIGINT the
// child was stopped. Goals: RSS ≤ 200 MiB, no gap over 2 s, the stop within the grace period.
//   npm run bench -- slow-reader [--megabytes 500] [--stall-seconds 20]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function flag(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

function rssBytes(pid: number): number {
  try {
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? 0 : Number(kib) * 1024;
  } catch {
    return 0;
  }
}

/** Runs the benchmark and prints its figures. */
export async function main(argv: string[] = []): Promise<void> {
  const megabytes = Number(flag(argv, '--megabytes') ?? 500);
  const stallMs = Number(flag(argv, '--stall-seconds') ?? 20) * 1000;
  const graceMs = 10_000;
  const scratch = mkdtempSync(path.join(tmpdir(), 'headroom-bench-slow-'));
  const runDir = path.join(scratch, 'run');
  try {
    const child = spawn(
      process.execPath,
      [
        path.join(repoRoot, 'bin', 'headroom.js'),
        'run',
        '--run-dir',
        runDir,
        '--stop-grace',
        `${graceMs}ms`,
        '--',
        'sh',
        '-c',
        `yes 'a line of training output, epoch 3 step 1200 loss 0.123' | head -c ${megabytes * 1_000_000}; sleep 120`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NO_COLOR: '1' } },
    );
    const pid = child.pid as number;
    child.stdout.pause(); // the stalled reader: nothing is read until the stall ends
    let peakRss = 0;
    const watcher = setInterval(() => {
      peakRss = Math.max(peakRss, rssBytes(pid));
    }, 100);
    const startedMs = Date.now();
    const interruptAtMs = Math.floor(stallMs / 2);
    await new Promise((resolve) => setTimeout(resolve, interruptAtMs));
    const interruptedMs = Date.now();
    child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, stallMs - (Date.now() - startedMs))));
    child.stdout.resume();
    child.stdout.on('data', () => {});
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearInterval(watcher);
    const events = readFileSync(path.join(runDir, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const exit = events.find((e: { type: string }) => e.type === 'exit');
    const times = readFileSync(path.join(runDir, 'samples.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => Date.parse(JSON.parse(l).time));
    let gapMs = 0;
    for (let i = 1; i < times.length; i++) gapMs = Math.max(gapMs, times[i]! - times[i - 1]!);
    const stoppedAfterMs = exit ? Date.parse(exit.time) - interruptedMs : Number.NaN;
    const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
    console.log(
      `slow-reader: child writes ${megabytes} MB, stdout reader stalls ${stallMs / 1000} s, SIGINT at ${interruptAtMs / 1000} s`,
    );
    console.log(`  headroom peak RSS:      ${mib(peakRss)} (goal ≤ 200 MiB)`);
    console.log(
      `  largest sampling gap:   ${(gapMs / 1000).toFixed(2)} s over ${times.length} samples (goal ≤ 2 s)`,
    );
    console.log(
      `  child stopped after:    ${(stoppedAfterMs / 1000).toFixed(2)} s of SIGINT (grace ${graceMs / 1000} s)`,
    );
    console.log(`  exit code:              ${code} (130: interrupted)`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
