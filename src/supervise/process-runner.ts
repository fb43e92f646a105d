// One process from first start to last end: wait for its dependencies, set up its cgroup or
// watchdog, run attempts under its restart policy, and sum it up.

import { waitUntil } from '../launch/clock.js';
import { nextBackoffStep, shouldRestart } from '../launch/restart-policy.js';
import type { Attribution, ProcessSummary } from '../launch/types.js';
import { createMemoryCgroup, readCgroupPeakBytes, removeCgroup } from '../probe/host/cgroup.js';
import { formatBytes } from '../units.js';
import { causeRecordOf } from '../verdict/cause.js';
import { type AttemptResult, runAttempt } from './attempt.js';
import { foldExactPeaks, summarizePeaks } from './exact-peaks.js';
import { formatDuration } from './format.js';
import { listRanks } from './ranks.js';
import type { LiveProcess, RunContext } from './run-context.js';

/** The start of every cgroup name of a run: the supervisor's PID first, so a later run can tell a group whose headroom died (stale-cgroups.ts). */
export const cgroupPrefix = (runId: string): string =>
  `headroom-${process.pid}-${runId}-`.replace(/[^\w.-]/g, '_');

function setUpHostLimit(context: RunContext, live: LiveProcess): void {
  const { spec } = live;
  const limitBytes = spec.hostMemoryBytes;
  const parent = context.cgroupParent;
  const name = `${cgroupPrefix(context.runId)}${spec.name}`.replace(/[^\w.-]/g, '_');
  const made = parent.ok ? createMemoryCgroup({ parent: parent.location, name, limitBytes }) : parent;
  if (made.ok) {
    live.group = made.group;
    live.hostEnforcement = limitBytes === null ? 'none' : 'cgroup';
  } else {
    live.hostEnforcement = limitBytes === null ? 'none' : 'watchdog';
    if (limitBytes !== null)
      live.hostLimitProblem = `no cgroup limit (${made.reason}); a watchdog stops the tree instead`;
  }
  if (limitBytes === null) return;
  const message = made.ok
    ? `host_memory ${formatBytes(limitBytes)} enforced by cgroup ${made.group.dir}`
    : `host_memory ${formatBytes(limitBytes)} enforced by a watchdog sampling every ${formatDuration(context.sampleIntervalMs)}: ${made.reason}`;
  context.event('limit', spec.name, message, {
    limitBytes,
    enforcement: live.hostEnforcement,
    cgroup: live.group?.dir ?? null,
  });
}

async function tearDownCgroup(context: RunContext, live: LiveProcess): Promise<number | null> {
  const group = live.group;
  if (!group) return null;
  const peakBytes = readCgroupPeakBytes(group);
  // rmdir fails with EBUSY until the last killed member has fully exited.
  let problem: string | undefined;
  await waitUntil({
    isDone: () => {
      problem = removeCgroup(group);
      return problem === undefined;
    },
    timeoutMs: 2000,
    pollMs: 50,
    clock: context.clock,
  });
  if (problem) context.event('warning', live.spec.name, `could not remove cgroup ${group.dir} (${problem})`);
  live.group = null;
  return peakBytes;
}

function summarizeRanks(live: LiveProcess) {
  return listRanks(live.ranks).map(({ rank, localRank, pid, peakHostBytes }) => ({
    rank,
    localRank,
    pid,
    peakHostBytes,
    isOomKilled: live.oomKills.some((kill) => kill.pid === pid || kill.rank === rank),
  }));
}

function summarize(options: {
  context: RunContext;
  live: LiveProcess;
  outcome: Attribution & Partial<AttemptResult>;
  firstStartedAtMs: number | null;
  peakCgroupBytes: number | null;
}): ProcessSummary {
  const { context, live, outcome, firstStartedAtMs, peakCgroupBytes } = options;
  const { spec } = live;
  const peaks = summarizePeaks({
    live,
    peakCgroupBytes,
    isOomKilled: outcome.reason === 'oom-killed',
    sampleIntervalMs: context.sampleIntervalMs,
  });
  return {
    name: spec.name,
    reason: outcome.reason,
    confidence: outcome.confidence,
    because: outcome.because,
    exitCode: outcome.exitCode ?? null,
    signal: outcome.signal ?? null,
    restarts: live.restarts,
    ...peaks,
    peakCgroupBytes,
    hostLimitBytes: spec.hostMemoryBytes,
    hostEnforcement: live.hostEnforcement,
    gpuBudgetBytes: spec.gpuBudgetBytes,
    oomKills: live.oomKills.map((kill) => ({ ...kill })),
    // A multi-rank job's ranks, each with its peak and whether the OOM killer took it.
    ...(live.ranks.size > 0 ? { ranks: summarizeRanks(live) } : {}),
    // The overrun is seen by samples: its peak says so (the exact peak, if any, is peakGpuBytes).
    budgetExceeded: live.budgetExceeded
      ? { ...live.budgetExceeded, peakGpuSource: 'sampled' as const }
      : null,
    cgroupEscapes: live.cgroupEscapes.map((escaped) => ({ ...escaped })),
    hostLimitProblem: live.hostLimitProblem,
    cause: causeRecordOf(outcome.cause),
    log: context.record.logEntry(spec.name),
    startedAt: firstStartedAtMs === null ? null : new Date(firstStartedAtMs).toISOString(),
    endedAt: new Date(outcome.endedAtMs ?? context.clock.now()).toISOString(),
  };
}

async function waitToStart(context: RunContext, live: LiveProcess): Promise<Attribution | null> {
  const gate = await context.readiness.waitFor(live.spec.dependsOn, context.stopSignal);
  if (gate.kind === 'go') return null;
  const because =
    gate.kind === 'stopped'
      ? 'not started: headroom was interrupted first'
      : `not started: dependency ${gate.because}`;
  context.event('not-started', live.spec.name, because);
  return { reason: gate.kind === 'stopped' ? 'interrupted' : 'failed', confidence: 'certain', because };
}

/** Runs one process to its final end (restarts included) and returns its summary line. */
export async function runProcess(context: RunContext, live: LiveProcess): Promise<ProcessSummary> {
  const { spec } = live;
  let outcome: (Attribution & Partial<AttemptResult>) | null = null;
  let firstStartedAtMs: number | null = null;
  let peakCgroupBytes: number | null = null;
  try {
    outcome = await waitToStart(context, live);
    if (outcome) return summarize({ context, live, outcome, firstStartedAtMs, peakCgroupBytes });
    setUpHostLimit(context, live);
    let backoffStep = 0;
    for (;;) {
      const last = await runAttempt(context, live);
      await foldExactPeaks(context, live);
      outcome = last;
      firstStartedAtMs ??= last.startedAtMs;
      const policy = {
        policy: spec.restart,
        reason: last.reason,
        restarts: live.restarts,
        maxRestarts: spec.maxRestarts,
      };
      if (context.stopSignal.aborted || !shouldRestart(policy)) break;
      const restart = live.restarts + 1;
      live.state = 'restarting';
      backoffStep = nextBackoffStep(backoffStep, last.durationMs, context.healthyRunMs);
      const delayMs = context.backoffMs(backoffStep);
      const message = `restart ${restart} of ${spec.maxRestarts} in ${formatDuration(delayMs)}`;
      context.event('restart', spec.name, message, { restart, delayMs });
      await context.clock.sleep(delayMs, context.stopSignal);
      // Interrupted during the back-off: that restart never happened.
      if (context.stopSignal.aborted) break;
      live.restarts = restart;
    }
    peakCgroupBytes = await tearDownCgroup(context, live);
    return summarize({ context, live, outcome, firstStartedAtMs, peakCgroupBytes });
  } finally {
    if (live.group) await tearDownCgroup(context, live); // after an unexpected error
    live.state = 'ended';
    context.readiness.markEnded(spec.name, `ended (${outcome?.reason ?? 'failed'}) before it was ready`);
  }
}
