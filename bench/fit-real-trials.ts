// Real trials for the fit bench: examples/fit/grow.mjs as fresh supervised processes, (a) under a
// real cgroup limit (host memory, kernel OOM kills) and (b) on a simulated 24 GiB card. Each
// true limit is known: the card's is exact; the host one is calibrated (node's own memory at batch
// 0, measured in a cgroup) and then checked with a trial at L and L+1.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTable } from '../src/cli/output.js';
import { findBoundary, isBoundarySettled } from '../src/fit/history.js';
import { createTrialRunner } from '../src/fit/io/run-trial.js';
import { observe, runSearch } from '../src/fit/search.js';
import type { ResourceLimit, Strategy } from '../src/fit/types.js';
import type { LaunchSpec } from '../src/launch/types.js';
import { createSimProbe } from '../src/probe/gpu/sim-backend.js';
import { type GpuProbe, noGpuProbe } from '../src/probe/gpu/types.js';
import { createMemoryCgroup, removeCgroup } from '../src/probe/host/cgroup.js';
import { findOwnMemoryCgroup } from '../src/probe/host/cgroup-detect.js';
import { simpleLaunchSpec } from '../src/supervise/launch-spec.js';

const grow = fileURLToPath(new URL('../examples/fit/grow.mjs', import.meta.url));
const MiB = 2 ** 20;
const GiB = 2 ** 30;
let scratch = '';
let runCount = 0;

interface Setup {
  args: string[];
  hostMemoryBytes: number | null;
  limits: ResourceLimit[];
  probe: GpuProbe;
  env: Record<string, string>;
}

function trialRunner(setup: Setup) {
  const command = [
    process.execPath,
    grow,
    '--batch',
    '{batch}',
    '--steps',
    '1',
    '--step-ms',
    '250',
    ...setup.args,
  ];
  const launch = simpleLaunchSpec('grow', command, {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...setup.env },
    hostMemoryBytes: setup.hostMemoryBytes,
  }) as LaunchSpec & { command: string[] };
  const id = ++runCount;
  return createTrialRunner({
    launch,
    variable: 'batch',
    gpuProbe: setup.probe,
    runsDir: join(scratch, `fit-${id}`),
    runIdPrefix: `bench${process.pid}-${id}`,
    limits: setup.limits,
    marginFraction: 0,
    stopGraceMs: 1000,
    sampleIntervalMs: 100,
  });
}

function cgroupProblem(): string | undefined {
  const own = findOwnMemoryCgroup();
  if (!own.ok) return own.reason;
  const made = createMemoryCgroup({
    parent: own.location,
    name: `headroom-bench-${process.pid}`,
    limitBytes: 64 * MiB,
  });
  if (!made.ok) return made.reason;
  removeCgroup(made.group);
  return undefined;
}

/** A host setup whose true limit is about L: calibrated, then settled with trials at L and L+1. */
async function hostSetup(limit: number): Promise<{ setup: Setup; trueLimit: number }> {
  const perItemBytes = Math.floor((384 * MiB) / limit);
  const args = ['--base', String(16 * MiB), '--per-item', String(perItemBytes)];
  const probeRun = trialRunner({ args, hostMemoryBytes: 2 * GiB, limits: [], probe: noGpuProbe, env: {} });
  const charged = [await probeRun(0, 1), await probeRun(0, 2)].map((t) => t.peakCgroupBytes ?? 0);
  const limitBytes = Math.max(...charged) + Math.round(perItemBytes * (limit + 0.5));
  const setup = {
    args,
    hostMemoryBytes: limitBytes,
    limits: [{ resource: 'host' as const, limitBytes }],
    probe: noGpuProbe,
    env: {},
  };
  const runCheck = trialRunner(setup);
  let checks = 0;
  // Each check is its own trial record (run directories are never reused).
  const check = (value: number) => runCheck(value, ++checks);
  let trueLimit = limit;
  const maxSteps = Math.max(20, Math.ceil(limit * 0.05));
  for (let steps = 0; trueLimit > 1 && !(await check(trueLimit)).ok; steps++) {
    if (steps > maxSteps)
      throw new Error(`host calibration for ${limit} failed: ${trueLimit} still does not fit`);
    trueLimit -= 1;
  }
  for (let steps = 0; (await check(trueLimit + 1)).ok; steps++) {
    if (steps > maxSteps)
      throw new Error(`host calibration for ${limit} failed: ${trueLimit + 1} still fits`);
    trueLimit += 1;
  }
  return { setup, trueLimit };
}

/** A simulated 24 GiB card and a workload of 1 GiB + perItem × batch whose true limit is exactly L. */
function simSetup(limit: number): { setup: Setup; trueLimit: number } {
  const probe = createSimProbe({
    spec: 'sim:24GiB',
    env: { HEADROOM_SIM_DIR: join(scratch, `sim-${limit}`) },
  });
  const perItemBytes = Math.floor((23 * GiB) / (limit + 0.5));
  const args = ['--on', 'gpu', '--base', String(GiB), '--per-item', String(perItemBytes)];
  const limits = [{ resource: 'gpu' as const, limitBytes: 24 * GiB }];
  return {
    setup: { args, hostMemoryBytes: null, limits, probe, env: { ...probe.childEnv } },
    trueLimit: limit,
  };
}

/** Runs every strategy on both kinds of real trials at each limit; prints rows and averages. */
export async function runRealTrials(limits: number[], compared: [string, Strategy][]): Promise<void> {
  scratch = mkdtempSync(join(tmpdir(), 'headroom-bench-fit-'));
  const noCgroup = cgroupProblem();
  const rows: string[][] = [];
  const totals = new Map<
    string,
    {
      mode: string;
      name: string;
      trials: number;
      found: number;
      settled: number;
      seconds: number;
      runs: number;
    }
  >();
  try {
    for (const mode of ['host', 'sim'] as const) {
      if (mode === 'host' && noCgroup) {
        process.stdout.write(`real host trials skipped: no cgroup can be made here (${noCgroup})\n`);
        continue;
      }
      for (const limit of limits) {
        const { setup, trueLimit } = mode === 'host' ? await hostSetup(limit) : simSetup(limit);
        for (const [name, strategy] of compared) {
          const startMs = performance.now();
          const bounds = { minValue: 1, maxValue: 8192, limits: setup.limits, marginFraction: 0 };
          const { trials } = await runSearch({ strategy, bounds, runTrial: trialRunner(setup) });
          const seconds = (performance.now() - startMs) / 1000;
          const boundary = findBoundary(trials.filter((t) => t.outcome !== 'other').map(observe));
          const found = (boundary.largestPass ?? 0) / trueLimit;
          const settled = isBoundarySettled(boundary, bounds);
          rows.push([
            mode,
            String(trueLimit),
            name,
            String(trials.length),
            `${boundary.largestPass ?? '-'} | ${boundary.smallestFail ?? '-'}`,
            found.toFixed(3),
            settled ? 'yes' : 'no',
            seconds.toFixed(1),
          ]);
          const key = `${mode} ${name}`;
          const total = totals.get(key) ?? {
            mode,
            name,
            trials: 0,
            found: 0,
            settled: 0,
            seconds: 0,
            runs: 0,
          };
          totals.set(key, {
            ...total,
            trials: total.trials + trials.length,
            found: total.found + found,
            settled: total.settled + (settled ? 1 : 0),
            seconds: total.seconds + seconds,
            runs: total.runs + 1,
          });
        }
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const headers = [
    'trials on',
    'true limit',
    'strategy',
    'trials',
    'ran | failed',
    'found/true',
    'settled',
    'wall s',
  ];
  const columns = headers.map((header, i) => ({
    header,
    align: i === 0 || i === 2 ? ('left' as const) : ('right' as const),
  }));
  process.stdout.write(
    `real trials (grow.mjs, --min 1 --max 8192, margin 0; found: largest that ran ÷ true limit):\n${renderTable(columns, rows)}\n\n`,
  );
  const averages = [...totals.values()].map((t) => [
    t.mode,
    t.name,
    (t.trials / t.runs).toFixed(2),
    (t.found / t.runs).toFixed(3),
    `${Math.round((100 * t.settled) / t.runs)}%`,
    (t.seconds / t.runs).toFixed(1),
  ]);
  const averageHeaders = ['trials on', 'strategy', 'trials', 'found/true', 'settled', 'wall s'];
  const averageColumns = averageHeaders.map((header, i) => ({
    header,
    align: i < 2 ? ('left' as const) : ('right' as const),
  }));
  process.stdout.write(
    `real-trial averages over L = ${limits.join(', ')}:\n${renderTable(averageColumns, averages)}\n`,
  );
}
