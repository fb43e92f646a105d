// Does headroom keep up with a child writing to stdout as fast as it can? The child's stdout and
// stderr go through one pipe that headroom copies to the log (src/supervise/output-copier.ts), so
// the yardstick is the same pipe copied by `cat`: `writer | cat > file`. Times 200 MB written
// (a) `writer | cat > file`, (b) `writer > file` (no copy at all, for reference), (c) under
// supervise() with a renderer doing the CLI's prefixing, (d) under the built CLI (`node
// bin/headroom.js run`, output to /dev/null). The writer's time is spawn → exit (for c and d, the
// exit event's durationMs: through the pipe's back-pressure the writer cannot end before headroom has
// copied all but the pipe's last MiB). Speed is `cat`'s time over each way's, the median of ratios
// paired by repetition. Sampling gaps: the longest time between two samples (samples.jsonl) in
// runs of c and d. Last, once: the CLI given Ctrl-C just after its child wrote 1 GB, from SIGINT to exit.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { renderTable, toJson } from '../src/cli/output.js';
import { noGpuProbe } from '../src/probe/gpu/types.js';
import { simpleLaunchSpec } from '../src/supervise/launch-spec.js';
import { supervise } from '../src/supervise/supervise.js';
import { median } from './median.js';

const repo = fileURLToPath(new URL('../', import.meta.url));
const writerFor = (megabytes: number): string[] => [
  process.execPath,
  join(repo, 'test/programs/print-mb.mjs'),
  String(megabytes),
];
const writer = writerFor(200);
const quote = (argv: string[]): string => argv.map((a) => `'${a}'`).join(' ');

const readJsonLines = (path: string): Record<string, unknown>[] =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });

function exitDurationMs(runDir: string): number {
  const exit = readJsonLines(join(runDir, 'events.jsonl')).find((e) => e.type === 'exit');
  return exit?.durationMs as number;
}

/** The longest time between two consecutive samples of the run, in ms (null with fewer than two). */
function longestSampleGapMs(runDir: string): number | null {
  const times = readJsonLines(join(runDir, 'samples.jsonl')).map((s) => Date.parse(s.time as string));
  if (times.length < 2) return null;
  let gapMs = 0;
  for (let i = 1; i < times.length; i++) gapMs = Math.max(gapMs, times[i]! - times[i - 1]!);
  return gapMs;
}

// Every way runs the writer with the same environment (NODE_EXTRA_CA_CERTS alone costs Node ~30 ms at start).
const inheritedEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));

interface Timing {
  childMs: number;
  wallMs: number;
  sampleGapMs: number | null;
}

async function timeShell(command: string): Promise<Timing> {
  const startMs = performance.now();
  const child = spawn('/bin/sh', ['-c', command], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  const childMs = performance.now() - startMs;
  return { childMs, wallMs: childMs, sampleGapMs: null };
}

const timeCat = (dir: string): Promise<Timing> =>
  timeShell(`${quote(writer)} 2>&1 | cat > '${join(dir, 'cat.log')}'`);
const timeFile = (dir: string): Promise<Timing> =>
  timeShell(`${quote(writer)} > '${join(dir, 'direct.log')}' 2>&1`);

async function timeLibrary(dir: string): Promise<Timing> {
  const runDir = join(dir, 'library');
  let renderedChars = 0;
  const startMs = performance.now();
  await supervise({
    runDir,
    runId: `bench-${process.pid}`,
    gpuProbe: noGpuProbe,
    processes: [simpleLaunchSpec('writer', writer, { env: inheritedEnv() })],
    // What the CLI renderer does with every chunk: prefix each line.
    output: (u) => {
      if (u.kind === 'output')
        renderedChars += `writer | ${u.text.slice(0, -1).replaceAll('\n', '\nwriter | ')}\n`.length;
    },
  });
  const wallMs = performance.now() - startMs;
  if (renderedChars === 0) throw new Error('the renderer saw no output');
  return { childMs: exitDurationMs(runDir), wallMs, sampleGapMs: longestSampleGapMs(runDir) };
}

function startCli(runDir: string, argv: string[]) {
  const devNull = openSync('/dev/null', 'w');
  const cli = spawn(
    process.execPath,
    [join(repo, 'bin/headroom.js'), 'run', '--run-dir', runDir, '--', ...argv],
    { stdio: ['ignore', devNull, 'inherit'], env: { ...process.env, NO_COLOR: '1' } },
  );
  closeSync(devNull);
  return { cli, exited: new Promise((resolve) => cli.once('exit', resolve)) };
}

async function timeCli(dir: string): Promise<Timing> {
  const runDir = join(dir, 'cli');
  const startMs = performance.now();
  await startCli(runDir, writer).exited;
  const wallMs = performance.now() - startMs;
  return { childMs: exitDurationMs(runDir), wallMs, sampleGapMs: longestSampleGapMs(runDir) };
}

/** The CLI's child writes 1 GB then waits; Ctrl-C (SIGINT) as the last byte is logged: ms to exit. */
async function ctrlCAfterGigabyte(dir: string): Promise<{ exitMs: number; sampleGapMs: number | null }> {
  const runDir = join(dir, 'ctrl-c');
  const { cli, exited } = startCli(runDir, ['/bin/sh', '-c', `${quote(writerFor(1000))}; sleep 60`]);
  const logPath = join(runDir, 'logs', 'sh.log'); // an ad-hoc process is named after its program
  const logBytes = (): number => {
    try {
      return statSync(logPath).size;
    } catch {
      return 0;
    }
  };
  while (logBytes() < 1e9) await setTimeout(20);
  const sentMs = performance.now();
  cli.kill('SIGINT');
  await exited;
  return { exitMs: performance.now() - sentMs, sampleGapMs: longestSampleGapMs(runDir) };
}

/** Runs each way `repetitions` times, interleaved, and prints medians and ratios. */
export async function main(args: string[]): Promise<void> {
  const repetitions = Number(args[0] ?? 5);
  const ways = { cat: timeCat, file: timeFile, library: timeLibrary, cli: timeCli };
  const times: Record<string, Timing[]> = {};
  for (let i = 0; i < repetitions; i++) {
    for (const [way, time] of Object.entries(ways)) {
      const dir = mkdtempSync(join(tmpdir(), 'headroom-bench-'));
      try {
        const timing = await time(dir);
        times[way] ??= [];
        times[way].push(timing);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      // Lets the kernel finish freeing the last run's 200 MB of page cache before the next starts.
      await setTimeout(500);
    }
  }
  // Each way is compared with the cat run of the same repetition, so load drifting over the
  // bench (a shared machine) cancels out.
  const catMs = times.cat!.map((t) => t.childMs);
  const result = Object.entries(times).map(([way, t]) => {
    const gaps = t.flatMap((x) => (x.sampleGapMs === null ? [] : [x.sampleGapMs]));
    return {
      way,
      medianChildMs: Math.round(median(t.map((x) => x.childMs))),
      medianWallMs: Math.round(median(t.map((x) => x.wallMs))),
      speedVsCat: Number(median(t.map((x, j) => catMs[j]! / x.childMs)).toFixed(3)),
      longestSampleGapMs: gaps.length > 0 ? Math.max(...gaps) : null,
    };
  });
  const dir = mkdtempSync(join(tmpdir(), 'headroom-bench-'));
  let ctrlC: { exitMs: number; sampleGapMs: number | null };
  try {
    ctrlC = await ctrlCAfterGigabyte(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const rows = result.map((r) => [
    r.way,
    String(r.medianChildMs),
    String(r.medianWallMs),
    r.speedVsCat.toFixed(3),
    r.longestSampleGapMs === null ? '-' : String(r.longestSampleGapMs),
  ]);
  const headers = [
    'writer ms (median)',
    'wall ms (median)',
    'speed vs `| cat > file`',
    'longest sample gap ms',
  ];
  const columns = [{ header: 'way' }, ...headers.map((header) => ({ header, align: 'right' as const }))];
  process.stdout.write(`${renderTable(columns, rows)}\n\n`);
  process.stdout.write(
    `Ctrl-C just after a 1 GB write: headroom exited ${Math.round(ctrlC.exitMs)} ms after SIGINT; longest sample gap ${ctrlC.sampleGapMs ?? '-'} ms\n\n`,
  );
  process.stdout.write(
    toJson({
      bench: 'run-output',
      megabytes: 200,
      repetitions,
      results: result,
      ctrlCAfterGigabyte: { exitMs: Math.round(ctrlC.exitMs), longestSampleGapMs: ctrlC.sampleGapMs },
    }),
  );
}
