// What sampling host memory costs: 200 sleeping processes, sampled at 1 Hz (one /proc pass for the tree,
// then smaps_rollup RSS/PSS/swap of each) by headroom's own readers and, side by side, by psutil doing the
// same work. Reports % of one core for each and the ratio. Budget (issue #5): under 2% of one core.
//   node --import tsx bench/index.ts gpu-sampling [--seconds 30] [--processes 200]
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readProcessTable, selectDescendants } from '../src/probe/host/proc-table.js';
import { readTreeMemory } from '../src/probe/host/tree-memory.js';

const budgetPercent = 2;

/** Runs the benchmark and prints its figures. */
export async function main(argv: string[] = []): Promise<void> {
  // 30 s by default: a sampler runs for hours, and a short window mostly measures JIT compilation.
  const seconds = Number(flag(argv, '--seconds') ?? 30);
  const count = Number(flag(argv, '--processes') ?? 200);
  const children = startSleepers(count);
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pids = children.map((child) => child.pid as number);
    const node = await sampleWithHeadroom(pids, seconds);
    const python = findPsutilPython();
    const psutil = python ? samplePsutil(python, pids, seconds) : undefined;
    const percent = (cpuSeconds: number, wallSeconds: number): number => (100 * cpuSeconds) / wallSeconds;
    const nodePercent = percent(node.cpuSeconds, node.wallSeconds);
    console.log(`gpu-sampling: ${count} processes at 1 Hz for ${seconds} s (${node.ticks} ticks)`);
    console.log(
      `  headroom (node, /proc): ${nodePercent.toFixed(2)}% of one core, ${((1000 * node.cpuSeconds) / node.ticks).toFixed(1)} ms CPU per tick`,
    );
    if (psutil) {
      const psutilPercent = percent(psutil.cpuSeconds, psutil.wallSeconds);
      console.log(
        `  psutil ${psutil.psutil} (python):  ${psutilPercent.toFixed(2)}% of one core, ${((1000 * psutil.cpuSeconds) / psutil.ticks).toFixed(1)} ms CPU per tick`,
      );
      console.log(`  ratio psutil / headroom: ${(psutilPercent / nodePercent).toFixed(2)}x`);
    } else {
      console.log('  psutil side skipped: no python3 with psutil (Debian: apt-get install python3-psutil)');
    }
    console.log(
      `  budget: under ${budgetPercent}% of one core: ${nodePercent < budgetPercent ? 'met' : 'NOT met'}`,
    );
  } finally {
    for (const child of children) child.kill('SIGKILL');
  }
}

function startSleepers(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn('sleep', ['600'], { stdio: 'ignore' }));
}

// Each tick: one pass over /proc for parents, then each PID's tree memory (what src/supervise/sampler.ts
// does per sample); CPU from process.cpuUsage(). One untimed tick first on both sides: steady state.
function sampleTick(pids: number[]): void {
  const table = readProcessTable();
  for (const pid of pids) readTreeMemory([pid, ...selectDescendants(table, pid)]);
}

async function sampleWithHeadroom(pids: number[], seconds: number) {
  sampleTick(pids);
  const startCpu = process.cpuUsage();
  const startMs = performance.now();
  let ticks = 0;
  let nextMs = startMs;
  while (performance.now() - startMs < seconds * 1000) {
    sampleTick(pids);
    ticks++;
    nextMs += 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextMs - performance.now())));
  }
  const cpu = process.cpuUsage(startCpu);
  return {
    ticks,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    wallSeconds: (performance.now() - startMs) / 1000,
  };
}

function samplePsutil(python: string, pids: number[], seconds: number) {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gpu-sampling-psutil.py');
  const output = execFileSync(python, [script, String(seconds), ...pids.map(String)], { encoding: 'utf8' });
  return JSON.parse(output) as { ticks: number; cpuSeconds: number; wallSeconds: number; psutil: string };
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
