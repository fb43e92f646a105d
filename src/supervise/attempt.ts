// One attempt of one process: spawn into its cgroup, follow its output, wait for it to end,
// clear away what is left of its tree, and say why it ended.

import { OutputReader } from '../doctor/stream/output-reader.js';
import { waitUntil } from '../launch/clock.js';
import { gpuFactsOf } from '../launch/gpu-facts.js';
import type { Attribution } from '../launch/types.js';
import {
  addCgroupPid,
  cgroupProcsPath,
  type MemoryCgroup,
  readCgroupOomKills,
} from '../probe/host/cgroup.js';
import { readArgv, readProcessTable } from '../probe/host/proc-table.js';
import { formatBytes } from '../units.js';
import type { SampleAtFailure } from '../verdict/cause.js';
import { judgeEnd } from '../verdict/judge.js';
import type { EndFacts } from '../verdict/types.js';
import { handleOutput, markReady } from './attempt-output.js';
import { checkOomKills } from './oom-kills.js';
import { OutputCopier, openChildOutput } from './output-copier.js';
import type { Attempt, LiveProcess, RunContext } from './run-context.js';
import { buildArgv, commandArgv, type ExitStatus, isCgroupJoinShell, spawnChild } from './spawn.js';
import { requestStop } from './stop.js';
import { killTreeAndWait, readTreePids } from './terminate.js';
import { adoptOrphans } from './tree-leavers.js';

export interface AttemptResult extends Attribution {
  exitCode: number | null;
  signal: string | null;
  /** Wall-clock start and end (the record's timestamps). */
  startedAtMs: number;
  endedAtMs: number;
  /** From spawn to the root's exit, on the monotonic clock. */
  durationMs: number;
}

function joinCgroup(context: RunContext, live: LiveProcess, pid: number): void {
  if (!live.group) return;
  // Once the shell has exec'd, its own write has run: writing again would pull back a program that
  // has since left the group on purpose (the sampler names that escape), so only the shell is moved.
  const argv = readArgv(pid);
  if (argv === undefined || !isCgroupJoinShell(argv)) return;
  try {
    addCgroupPid(live.group, pid); // the shell may not have run its echo yet; a second write is harmless
  } catch (error) {
    const fallback = live.spec.hostMemoryBytes === null ? 'none' : 'watchdog';
    context.event(
      'warning',
      live.spec.name,
      `could not join cgroup ${live.group.dir} (${String(error)}); ${fallback}`,
    );
    live.group = null;
    live.hostEnforcement = fallback;
  }
}

/** One start of a process, before anything about it is known. */
export function newAttempt(
  pid: number,
  startedAtMs: number,
  cgroup: MemoryCgroup | null,
  oomKillCounter: number | null,
  output = new OutputReader(),
): Attempt {
  return {
    pid,
    cgroup,
    seenPids: new Map(),
    startedAtMs,
    oomKillCounter,
    countedOomKills: 0,
    unnamedOomKills: 0,
    unnamedSinceMs: null,
    oomKills: [],
    headroomKill: null,
    headroomKillOver: null,
    reportedGpuClients: 0,
    sampleTrail: [],
    stopping: null,
    stopCause: null,
    output,
    members: new Map(),
    isExited: false,
  };
}

function start(
  context: RunContext,
  live: LiveProcess,
  started: { pid: number; oomKillCounter: number | null; classifier: OutputReader },
): Attempt {
  const { pid } = started;
  const startedAtMs = context.clock.now();
  joinCgroup(context, live, pid);
  const attempt = newAttempt(pid, startedAtMs, live.group, started.oomKillCounter, started.classifier);
  live.attempt = attempt;
  live.state = 'running';
  context.event('spawn', live.spec.name, `started ${live.spec.name} (pid ${pid})`, {
    pid,
    argv: commandArgv(live.spec.command),
  });
  if (live.spec.readyWhen === undefined) markReady(context, live);
  // A stop that came while this was being started missed it: apply it now.
  if (context.stopSignal.aborted)
    requestStop(context, live.spec.name, attempt, { signal: context.stopWith() });
  return attempt;
}

/** After the root has exited: waits for a stop in progress, then kills what is left of the tree. */
async function clearTree(context: RunContext, name: string, attempt: Attempt) {
  const { clock, procRoot } = context;
  attempt.isExited = true;
  // What double-forked away before any sample saw it came back to headroom (a subreaper): take it too.
  adoptOrphans(context, readProcessTable(procRoot));
  const stopped = await attempt.stopping;
  // Children the process killed just before it exited may still be dying: give them a moment.
  await waitUntil({
    isDone: () => readTreePids(attempt, procRoot).length === 0,
    timeoutMs: 200,
    pollMs: 20,
    clock,
  });
  const leftovers = await killTreeAndWait({ tree: attempt, clock, procRoot });
  if (leftovers.length > 0) {
    context.event('leftover-killed', name, `killed what its tree left running: pid ${leftovers.join(', ')}`, {
      pids: leftovers,
    });
  }
  return { stopSignal: stopped?.signal ?? null, wasKilledAfterGrace: (stopped?.killedPids.length ?? 0) > 0 };
}

// The kernel logs a victim as it kills it; give a counted kill a moment to be named there (the
// first check is at once: nothing unnamed, no wait).
async function settleOomKills(context: RunContext, live: LiveProcess, attempt: Attempt): Promise<void> {
  await waitUntil({
    isDone: () => {
      checkOomKills(context, live, attempt, { isFinal: false });
      return attempt.unnamedOomKills === 0;
    },
    timeoutMs: 500,
    pollMs: 50,
    clock: context.clock,
  });
  checkOomKills(context, live, attempt, { isFinal: true });
}

// The sample nearest a failure, as the cause judge reads it: the last one taken before the failure's
// line was read (a worker's OOM may come long before the main process ends), else the last one that
// saw it running; with its card, its own bytes and every other process planned on that card.
function sampleAtFailure(
  context: RunContext,
  live: LiveProcess,
  attempt: Attempt,
  failureLine: number,
  exitedAtMs: number,
): SampleAtFailure | null {
  const device = live.spec.gpuDevice ?? null;
  const trail = attempt.sampleTrail;
  const before = failureLine > 0 ? trail.findLastIndex((entry) => entry.lines < failureLine) : -1;
  const seen = before >= 0 ? trail[before]!.seen : live.lastSeenSample;
  if (!seen || device === null) return null;
  // The failure came after this sample and before the next one (or the exit).
  const failedAtMs = before >= 0 ? (trail[before + 1]?.seen.atMs ?? exitedAtMs) : exitedAtMs;
  const neighbours = [...context.live.values()]
    .filter((other) => other !== live && other.spec.gpuDevice === device)
    .map((other) => ({
      name: other.spec.name,
      gpuBytes: seen.gpuBytes[other.spec.name] ?? null,
      budgetBytes: other.spec.gpuBudgetBytes,
      contextBytes: other.spec.gpuContextBytes ?? 0,
    }));
  return {
    ageMs: Math.max(0, failedAtMs - seen.atMs),
    selfGpuBytes: seen.gpuBytes[live.spec.name] ?? null,
    selfClients: seen.gpuClients[live.spec.name],
    card: seen.cards?.find((card) => card.index === device) ?? null,
    neighbours,
  };
}

function gatherFacts(
  context: RunContext,
  live: LiveProcess,
  attempt: Attempt | null,
  status: ExitStatus,
  exitedAtMs: number,
): EndFacts {
  const log = attempt ? attempt.output.verdict() : null;
  // Name the victims the process's own output names (PyTorch's DataLoader message).
  for (const kill of attempt?.oomKills ?? []) {
    if (kill.pid !== null && log?.killedPids.includes(kill.pid) && kill.role === 'worker')
      kill.roleText = 'DataLoader worker';
  }
  return {
    name: live.spec.name,
    pid: attempt?.pid ?? null,
    exitCode: status.exitCode,
    signal: status.signal,
    spawnError: status.spawnError,
    headroomKill: attempt?.headroomKill ?? null,
    headroomKillOver: attempt?.headroomKillOver ?? null,
    isInterrupted: attempt?.stopCause === 'interrupt',
    stopSignal: null,
    wasKilledAfterGrace: false,
    cgroupOomKills: live.group && attempt?.oomKillCounter != null ? attempt.countedOomKills : null,
    hostLimitBytes: live.spec.hostMemoryBytes,
    oomKills: attempt?.oomKills ?? [],
    isKernelLogReadable: context.kernelLog !== null,
    wasStoppedForOomKill: attempt?.stopCause === 'oom-kill',
    onOomKill: live.spec.onOomKill ?? 'stop',
    log,
    ...gpuFactsOf(live.spec),
    gpuBudgetBytes: live.spec.gpuBudgetBytes,
    sampleAtFailure: attempt ? sampleAtFailure(context, live, attempt, log?.line ?? 0, exitedAtMs) : null,
  };
}

// What doctor's classifier made of the attempt's output, in the record: `doctor RUN_DIR` reads it
// instead of classifying the log again.
function recordDiagnoses(context: RunContext, live: LiveProcess, attempt: Attempt, skippedBytes: number) {
  context.record.appendDiagnoses({
    time: new Date(context.clock.now()).toISOString(),
    process: live.spec.name,
    attempt: live.restarts + 1,
    lineCount: attempt.output.lineCount,
    skippedBytes,
    // Plain copies: the record's schema is loose (a newer headroom's fields still read).
    diagnoses: attempt.output.finish().map((d) => ({ ...d })),
  });
}

/** Runs the process once, to its end and its tree's; returns how and why it ended. */
export async function runAttempt(context: RunContext, live: LiveProcess): Promise<AttemptResult> {
  const { spec } = live;
  const oomKillCounter = live.group ? readCgroupOomKills(live.group) : null;
  // Opened by headroom and held: whatever the child does to the path, the copy goes on.
  const log = context.record.openLog(spec.name);
  const output = openChildOutput();
  // Built before the spawn: doctor's tables cost a fresh headroom ~60 ms, not to be taken from the child.
  const classifier = new OutputReader();
  const startedAtMs = context.clock.now();
  const startedAtMonotonicMs = context.clock.monotonicMs();
  const argv = buildArgv(spec.command, live.group ? cgroupProcsPath(live.group) : null);
  const spawned = spawnChild({ spec, argv, output });
  const pid = spawned.child?.pid;
  const attempt = pid === undefined ? null : start(context, live, { pid, oomKillCounter, classifier });
  const onLines = attempt ? handleOutput(context, live, attempt) : () => {};
  const copier = OutputCopier.follow(output, spawned.child ?? { stdout: null, stderr: null }, log, onLines);
  const status = await spawned.exited;
  const exitedAtMs = context.clock.monotonicMs();
  const durationMs = exitedAtMs - startedAtMonotonicMs;
  const afterStop = attempt ? await clearTree(context, spec.name, attempt) : {};
  await copier.finish({ waitMs: 1000, isStopping: context.stopSignal.aborted });
  if (copier.skippedBytes > 0) {
    const skipped = formatBytes(copier.skippedBytes);
    context.event(
      'warning',
      spec.name,
      `${spec.name} wrote faster than headroom could show: the live view skipped ${skipped} of its output (its log has all of it)`,
      { skippedBytes: copier.skippedBytes },
    );
  }
  if (attempt) await settleOomKills(context, live, attempt);
  const attribution = judgeEnd({ ...gatherFacts(context, live, attempt, status, exitedAtMs), ...afterStop });
  const endedAtMs = context.clock.now();
  const { exitCode, signal } = status;
  if (attempt) recordDiagnoses(context, live, attempt, copier.skippedBytes);
  const fields = { pid: pid ?? null, exitCode, signal, ...attribution, durationMs };
  context.event(
    'exit',
    spec.name,
    `${spec.name} ended: ${attribution.reason} (${attribution.because})`,
    fields,
  );
  return { ...attribution, exitCode, signal, startedAtMs, endedAtMs, durationMs };
}
