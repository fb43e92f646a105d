// Does supervision slow a process that writes 200 MB to stdout at full speed? Times the writer
// (a) with stdout redirected to a file, (b) under supervise() with a renderer doing the CLI's
// prefixing, (c) under the built CLI (`node bin/headroom.js run`, output to /dev/null). The writer's
// own time is spawn → exit (for b and c, the exit event's durationMs); medians over repetitions.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { renderTable, toJson } from '../src/cli/output.js';
import { noGpuProbe } from '../src/probe/gpu/types.js';
import { simpleLaunchSpec } from '../src/supervise/launch-spec.js';
import { supervise } from '../src/supervise/supervise.js';

const repo = fileURLToPath(new URL('../', import.meta.url));
const writer = [join(repo, 'test/programs/print-mb.mjs'), '200'];

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function exitDurationMs(eventsPath: string): number {
  const exit = readFileSync(eventsPath, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .find((e) => e.type === 'exit');
  return exit.durationMs;
}

// Every way runs the writer with the same environment (NODE_EXTRA_CA_CERTS alone costs Node ~30 ms at start).
const inheritedEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));

async function timeToFile(dir: string): Promise<{ childMs: number; wallMs: number }> {
  const fd = openSync(join(dir, 'direct.log'), 'w');
  const startMs = performance.now();
  const child = spawn(process.execPath, writer, { stdio: ['ignore', fd, fd] });
  closeSync(fd);
  await new Promise((resolve) => child.once('exit', resolve));
  const childMs = performance.now() - startMs;
  return { childMs, wallMs: childMs };
}

async function timeLibrary(dir: string): Promise<{ childMs: number; wallMs: number }> {
  const runDir = join(dir, 'library');
  let renderedChars = 0;
  const startMs = performance.now();
  await supervise({
    runDir,
    runId: `bench-${process.pid}`,
    gpuProbe: noGpuProbe,
    processes: [simpleLaunchSpec('writer', [process.execPath, ...writer], { env: inheritedEnv() })],
    // What the CLI renderer does with every chunk: prefix each line.
    output: (u) => {
      if (u.kind === 'output')
        renderedChars += `writer | ${u.text.slice(0, -1).replaceAll('\n', '\nwriter | ')}\n`.length;
    },
  });
  const wallMs = performance.now() - startMs;
  if (renderedChars < 200e6) throw new Error('the renderer did not see all output');
  return { childMs: exitDurationMs(join(runDir, 'events.jsonl')), wallMs };
}

async function timeCli(dir: string): Promise<{ childMs: number; wallMs: number }> {
  const runDir = join(dir, 'cli');
  const devNull = openSync('/dev/null', 'w');
  const startMs = performance.now();
  const cli = spawn(
    process.execPath,
    [join(repo, 'bin/headroom.js'), 'run', '--run-dir', runDir, '--', process.execPath, ...writer],
    {
      stdio: ['ignore', devNull, 'inherit'],
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  closeSync(devNull);
  await new Promise((resolve) => cli.once('exit', resolve));
  return { childMs: exitDurationMs(join(runDir, 'events.jsonl')), wallMs: performance.now() - startMs };
}

/** Runs each way `repetitions` times, interleaved, and prints medians and ratios. */
export async function main(args: string[]): Promise<void> {
  const repetitions = Number(args[0] ?? 9);
  const ways = { file: timeToFile, library: timeLibrary, cli: timeCli };
  const times: Record<string, { childMs: number[]; wallMs: number[] }> = {};
  for (let i = 0; i < repetitions; i++) {
    for (const [way, time] of Object.entries(ways)) {
      const dir = mkdtempSync(join(tmpdir(), 'headroom-bench-'));
      try {
        const { childMs, wallMs } = await time(dir);
        times[way] ??= { childMs: [], wallMs: [] };
        times[way].childMs.push(childMs);
        times[way].wallMs.push(wallMs);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      // Lets the kernel finish freeing the last run's 200 MB of page cache before the next starts.
      await setTimeout(500);
    }
  }
  // Each way is compared with the file run of the same repetition, so load drifting over the
  // bench (a shared machine) cancels out; the ratio is the median of those paired ratios.
  const fileMs = times.file!.childMs;
  const result = Object.entries(times).map(([way, t]) => ({
    way,
    medianChildMs: Math.round(median(t.childMs)),
    medianWallMs: Math.round(median(t.wallMs)),
    ratio: Number(median(t.childMs.map((ms, i) => ms / fileMs[i]!)).toFixed(3)),
  }));
  const rows = result.map((r) => [
    r.way,
    String(r.medianChildMs),
    String(r.medianWallMs),
    r.ratio.toFixed(3),
  ]);
  const headers = ['writer ms (median)', 'wall ms (median)', 'writer vs file (median of paired ratios)'];
  const columns = [
    { header: 'stdout goes to' },
    ...headers.map((header) => ({ header, align: 'right' as const })),
  ];
  process.stdout.write(`${renderTable(columns, rows)}\n\n`);
  process.stdout.write(toJson({ bench: 'run-output', megabytes: 200, repetitions, results: result }));
}
