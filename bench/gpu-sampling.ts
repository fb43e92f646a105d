// What sampling host memory costs: one tree of 200 sleeping processes in its own cgroup, sampled at 1 Hz
// (a /proc pass for the tree, then RSS/PSS/swap of each member) four ways, one after another in this run:
// headroom's probe readers as the supervisor uses them (stat files held open, smaps_rollup reread only
// where the tree moved), the same readers reading every smaps_rollup every tick (psutil's work), the real
// supervisor's sampleOnce (what `run` pays: cgroup, members, run record, OOM checks), and psutil doing the
// same work (bench/gpu-sampling-psutil.py). Goal (issue #11): at most 0.5x psutil's CPU and 1% of one core.
//   node --import tsx bench/index.ts gpu-sampling [--seconds 60] [--processes 200] [--interval-ms 1000]
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProcScanner } from '../src/probe/host/proc-scan.js';
import { indexByPid, readProcessTable, selectDescendants } from '../src/probe/host/proc-table.js';
import { readTreeMemory } from '../src/probe/host/tree-memory.js';
import { TreeMemoryCache } from '../src/probe/host/tree-memory-cache.js';
import { startTree } from './gpu-sampling-tree.js';

const budgetPercent = 1;
const goalRatio = 0.5;
const settleMs = 10_000;

interface Measured {
  ticks: number;
  cpuSeconds: number;
  wallSeconds: number;
  /** smaps_rollup reads over the timed ticks, where the side counts them. */
  smapsReads?: number;
}

/** Runs the benchmark and prints its figures. */
export async function main(argv: string[] = []): Promise<void> {
  // 60 s by default: a sampler runs for hours, a short window mostly measures JIT compilation, and
  // a window holds the rereads of a quiet tree that TreeMemoryCache makes every 30 s.
  const seconds = Number(flag(argv, '--seconds') ?? 60);
  const count = Number(flag(argv, '--processes') ?? 200);
  const intervalMs = Number(flag(argv, '--interval-ms') ?? 1000);
  const tree = await startTree(count);
  try {
    const rootPid = tree.pids[0] as number;
    const treePids = (table: ReturnType<typeof readProcessTable>) => [
      rootPid,
      ...selectDescendants(table, rootPid),
    ];
    const scanner = new ProcScanner();
    const cache = new TreeMemoryCache();
    let watched = new Set<number>();
    // Node under tsx spends its first ~10 s compiling in the background (~5 ms of CPU a second, with
    // nothing to do): let that pass before the first side is timed.
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const cached = await measure(seconds, intervalMs, () => {
      const table = scanner.scan(watched);
      const pids = treePids(table);
      cache.read(pids, indexByPid(table), Date.now());
      watched = new Set(pids);
      return cache.readCount;
    });
    scanner.close();
    const uncached = await measure(seconds, intervalMs, () => {
      readTreeMemory(treePids(readProcessTable()));
    });
    const sampler = await measure(seconds, intervalMs, tree.sample, tree.smapsReads);
    const python = findPsutilPython();
    const psutil = python ? samplePsutil(python, tree.pids, seconds, intervalMs) : undefined;
    const hz = 1000 / intervalMs;
    console.log(
      `gpu-sampling: one tree of ${tree.pids.length} processes (${tree.cgroup ? 'in its own cgroup' : 'no cgroup could be made'}), ${hz} Hz, ${seconds} s per side`,
    );
    const line = (label: string, m: Measured): void => {
      const reads =
        m.smapsReads === undefined
          ? ''
          : `, ${(m.smapsReads / m.ticks).toFixed(1)} smaps_rollup reads per tick`;
      console.log(
        `  ${label.padEnd(44)} ${percentOf(m).toFixed(2).padStart(5)}% of one core, ${msPerTick(m).toFixed(1).padStart(5)} ms CPU per tick${reads}`,
      );
    };
    line('headroom probes, cached (as run samples):', cached);
    line('headroom probes, every smaps_rollup:', uncached);
    line('headroom sampleOnce (what run pays):', sampler);
    if (psutil) {
      line(`psutil ${psutil.psutil} (python), same work:`, psutil);
      const ratio = (m: Measured): string => `${(percentOf(m) / percentOf(psutil)).toFixed(2)}x`;
      console.log(
        `  ratio headroom / psutil: sampleOnce ${ratio(sampler)}, probes cached ${ratio(cached)}, every smaps_rollup ${ratio(uncached)} (goal ≤ ${goalRatio}x)`,
      );
    } else {
      console.log('  psutil side skipped: no python3 with psutil (Debian: apt-get install python3-psutil)');
    }
    const percent = percentOf(sampler);
    console.log(
      `  budget: sampleOnce ≤ ${budgetPercent}% of one core: ${percent <= budgetPercent ? 'met' : 'NOT met'} (${percent.toFixed(2)}%)`,
    );
  } finally {
    tree.stop();
  }
}

const percentOf = (m: Measured): number => (100 * m.cpuSeconds) / m.wallSeconds;
const msPerTick = (m: Measured): number => (1000 * m.cpuSeconds) / m.ticks;

// CPU from process.cpuUsage() over the whole paced loop, as the psutil side takes os.times(). One
// untimed tick first on every side: steady state. `tick` may return a running count of smaps reads.
async function measure(
  seconds: number,
  intervalMs: number,
  tick: () => unknown,
  readsSoFar?: () => number,
): Promise<Measured> {
  const first = await tick();
  const count = (value: unknown): number | undefined =>
    readsSoFar ? readsSoFar() : typeof value === 'number' ? value : undefined;
  const readsBefore = count(first);
  let readsAfter = readsBefore;
  const startCpu = process.cpuUsage();
  const startMs = performance.now();
  let ticks = 0;
  let nextMs = startMs;
  while (performance.now() - startMs < seconds * 1000) {
    readsAfter = count(await tick());
    ticks++;
    nextMs += intervalMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextMs - performance.now())));
  }
  const cpu = process.cpuUsage(startCpu);
  return {
    ticks,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    wallSeconds: (performance.now() - startMs) / 1000,
    ...(readsBefore === undefined || readsAfter === undefined
      ? {}
      : { smapsReads: readsAfter - readsBefore }),
  };
}

function samplePsutil(python: string, pids: number[], seconds: number, intervalMs: number) {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gpu-sampling-psutil.py');
  const args = [script, String(seconds), String(intervalMs / 1000), ...pids.map(String)];
  const output = execFileSync(python, args, { encoding: 'utf8' });
  return JSON.parse(output) as Measured & { psutil: string };
}

function findPsutilPython(): string | undefined {
  return ['python3', '/usr/bin/python3'].find((python) => {
    try {
      execFileSync(python, ['-c', 'import psutil'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
}

function flag(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at === -1 ? undefined : argv[at + 1];
}
