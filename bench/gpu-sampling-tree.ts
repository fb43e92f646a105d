// The supervisor's side of bench/gpu-sampling.ts: one tree of N processes, started and held the way
// `headroom run` holds a process (its own process group, its own memory cgroup where one can be made),
// sampled by the real sampleOnce with a real run record, kernel log and clock.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { realClock } from '../src/launch/clock.js';
import { noGpuProbe } from '../src/probe/gpu/types.js';
import {
  createMemoryCgroup,
  type MemoryCgroup,
  readCgroupPids,
  removeCgroup,
} from '../src/probe/host/cgroup.js';
import { findOwnMemoryCgroup } from '../src/probe/host/cgroup-detect.js';
import { openKernelLog } from '../src/probe/host/kernel-log.js';
import { readProcessTable, selectDescendants } from '../src/probe/host/proc-table.js';
import { eventSink, openRunRecord } from '../src/run-record/writer.js';
import { newAttempt } from '../src/supervise/attempt.js';
import { simpleLaunchSpec } from '../src/supervise/launch-spec.js';
import { type LiveProcess, newLiveProcess, type RunContext } from '../src/supervise/run-context.js';
import { closeSamplerCache, openSamplerCache, sampleOnce } from '../src/supervise/sampler.js';
import { ReadinessBoard } from '../src/supervise/start-order.js';

/** A running tree: its root, every PID in it, and how to sample and end it. */
export interface SampledTree {
  pids: number[];
  cgroup: MemoryCgroup | null;
  /** One sample as `run` takes it (cache kept between calls, as startSampling keeps it). */
  sample: () => Promise<void>;
  /** smaps_rollup reads so far, from the sampler's cache. */
  smapsReads: () => number;
  stop: () => void;
}

/** Starts `count` processes as one tree (a shell that starts count - 1 sleepers, then becomes one). */
export async function startTree(count: number): Promise<SampledTree> {
  const parent = findOwnMemoryCgroup();
  const made = parent.ok
    ? createMemoryCgroup({ parent: parent.location, name: `headroom-bench-${process.pid}`, limitBytes: null })
    : undefined;
  const cgroup = made?.ok ? made.group : null;
  // As run's spawn does: the process joins its group before it execs, so no child is born outside.
  const joinGroup = cgroup ? `echo $$ > ${cgroup.dir}/cgroup.procs; ` : '';
  const script = `${joinGroup}i=1; while [ $i -lt ${count} ]; do sleep 600 & i=$((i+1)); done; exec sleep 600`;
  const root: ChildProcess = spawn('sh', ['-c', script], { stdio: 'ignore', detached: true });
  const rootPid = root.pid as number;
  while ([rootPid, ...selectDescendants(readProcessTable(), rootPid)].length < count) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const runDir = mkdtempSync(join(tmpdir(), 'headroom-bench-'));
  const context = runContext(runDir, rootPid, cgroup);
  const cache = openSamplerCache(context.procRoot);
  return {
    pids: [rootPid, ...selectDescendants(readProcessTable(), rootPid)],
    cgroup,
    sample: () => sampleOnce(context, noGpuProbe, cache),
    smapsReads: () => {
      const attempt = context.live.get('tree')?.attempt;
      return (attempt && cache.trees.get(attempt)?.readCount) ?? 0;
    },
    stop: () => {
      closeSamplerCache(cache);
      context.record.close();
      context.kernelLog?.close();
      process.kill(-rootPid, 'SIGKILL');
      rmSync(runDir, { recursive: true, force: true });
      if (cgroup) {
        const deadline = Date.now() + 2000;
        while (readCgroupPids(cgroup).length > 0 && Date.now() < deadline);
        removeCgroup(cgroup);
      }
    },
  };
}

function runContext(runDir: string, rootPid: number, cgroup: MemoryCgroup | null): RunContext {
  const attempt = newAttempt(rootPid, Date.now(), cgroup, null);
  const live: LiveProcess = {
    ...newLiveProcess(simpleLaunchSpec('tree', ['sh'])),
    state: 'running',
    group: cgroup,
    attempt,
    isReady: true,
  };
  const record = openRunRecord(join(runDir, 'run'), {
    runId: 'bench',
    startedAt: new Date().toISOString(),
    headroomPid: process.pid,
    headroomStartTicks: null,
    headroomVersion: 'bench',
    processes: ['tree'],
    origin: null,
  });
  return {
    runId: 'bench',
    clock: realClock,
    procRoot: '/proc',
    stopGraceMs: 1000,
    healthyRunMs: 600_000,
    outputPollMs: 50,
    sampleIntervalMs: 1000,
    backoffMs: () => 0,
    record,
    cgroupParent: findOwnMemoryCgroup(),
    kernelLog: openKernelLog(),
    attributedKills: new Set(),
    readiness: new ReadinessBoard(),
    live: new Map([['tree', live]]),
    stopSignal: new AbortController().signal,
    skipGraceSignal: new AbortController().signal,
    stopWith: () => 'SIGTERM',
    emit: () => {},
    event: eventSink({ record, clock: realClock, emit: () => {} }),
  };
}
