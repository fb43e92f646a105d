// The supervisor: starts every process in dependency order, samples and enforces memory, stops
// everything on abort, and returns the run's summary (also written to summary.json).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { HeadroomError } from '../errors.js';
import { compileLinearPattern } from '../linear-pattern.js';
import { buildChildEnv } from '../plan/child-env.js';
import { findOwnMemoryCgroup } from '../probe/host/cgroup-detect.js';
import { openKernelLog } from '../probe/host/kernel-log.js';
import { indexByPid, readBootTime, readProcessTable, startTimeOf } from '../probe/host/proc-table.js';
import { sweepStaleCgroups } from '../probe/host/stale-cgroups.js';
import { becomeChildSubreaper } from '../probe/host/subreaper.js';
import { eventSink, openRunRecord, supervisorMeta } from '../run-record/writer.js';
import { displayCommand } from '../verdict/judge.js';
import { realClock } from './clock.js';
import { startKeeper } from './keeper.js';
import { cgroupPrefix, runProcess } from './process-runner.js';
import { startReaping } from './reaper.js';
import { backoffMs, healthyRunMs } from './restart-policy.js';
import { newLiveProcess, type RunContext } from './run-context.js';
import { runExitCode } from './run-exit-code.js';
import { startSampling } from './sampler.js';
import { checkStartOrder, ReadinessBoard } from './start-order.js';
import { requestStop } from './stop.js';
import { readCommandLine } from './tree-members.js';
import type { LaunchSpec, ProcessSummary, RunSummary, SuperviseOptions, SuperviseUpdate } from './types.js';

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Rejects launch specs that cannot run: duplicate names, bad dependencies, invalid readyWhen. */
export function checkLaunchSpecs(specs: readonly LaunchSpec[]): void {
  const fail = (message: string): never => {
    throw new HeadroomError({ code: 'launch', message, hint: 'fix the processes in the config' });
  };
  if (specs.length === 0) fail('no process to run');
  const names = specs.map((spec) => spec.name);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate !== undefined) fail(`two processes are named ${duplicate}`);
  for (const spec of specs) {
    if (spec.command.length === 0) fail(`${spec.name} has no command`);
    // A cwd that is no directory would fail the spawn of one process while the others run on.
    if (spec.cwd !== undefined && !isDirectory(spec.cwd))
      fail(`${spec.name}: cwd ${spec.cwd} is not a directory`);
    try {
      if (spec.readyWhen !== undefined) compileLinearPattern(spec.readyWhen);
    } catch (error) {
      fail(`${spec.name}: ready_when ${(error as Error).message}`);
    }
  }
  const problem = checkStartOrder(specs);
  if (problem) fail(problem);
}

// Every process of a tree inherits these: whatever leaves the tree can still be told apart, and its
// GPU clients know where to append their exact peaks at exit (the bootstrap, the simulated card).
function withRunMarkers(spec: LaunchSpec, runId: string, peaksPath: string): LaunchSpec {
  return {
    ...spec,
    env: buildChildEnv({
      inherited: spec.env,
      planned: { name: spec.name, env: {}, unsetEnv: [] },
      run: { id: runId, peaksFile: peaksPath },
    }),
  };
}

const isSignalName = (value: unknown): value is NodeJS.Signals =>
  typeof value === 'string' && /^SIG[A-Z0-9]+$/.test(value);

// A headroom that was itself killed leaves its cgroups (and maybe processes): clear the empty
// ones, and say which processes lost their supervisor, without touching them.
function reportStaleCgroups(context: RunContext): void {
  if (!context.cgroupParent.ok) return;
  const table = readProcessTable(context.procRoot);
  const stale = sweepStaleCgroups(context.cgroupParent.location, table);
  if (stale.orphaned.length === 0) return;
  const stats = indexByPid(table);
  const bootTime = readBootTime(context.procRoot);
  for (const { dir, pids } of stale.orphaned) {
    // Named by PID, start time and command, and stopped through the group's own member list, so a
    // PID reused by then is never the one killed.
    const named = pids.map((pid) => {
      const stat = stats.get(pid);
      const started = stat && bootTime !== undefined ? startTimeOf(stat.startTicks, bootTime) : undefined;
      const command = readCommandLine(pid, context.procRoot) ?? stat?.comm ?? '?';
      return `PID ${pid} (started ${started?.toISOString() ?? 'at an unknown time'}: ${displayCommand(command).slice(0, 80)})`;
    });
    context.event(
      'warning',
      undefined,
      `${named.join(', ')} ${pids.length === 1 ? 'was' : 'were'} left running by an earlier headroom run that died (cgroup ${dir}); stop them with: kill -9 $(cat ${join(dir, 'cgroup.procs')})`,
      { pids, cgroup: dir },
    );
  }
}

/** Launches and watches `options.processes` until all have ended; returns what summary.json holds. */
export async function supervise(options: SuperviseOptions): Promise<RunSummary> {
  checkLaunchSpecs(options.processes);
  // What double-forks out of a tree comes back to headroom instead of init (best effort).
  becomeChildSubreaper();
  const clock = options.clock ?? realClock;
  const startedAtMs = clock.now();
  const record = openRunRecord(
    options.runDir,
    {
      runId: options.runId,
      startedAt: new Date(startedAtMs).toISOString(),
      ...supervisorMeta(options.procRoot),
      processes: options.processes.map((p) => p.name),
      origin: options.origin ?? null,
    },
    { clock },
  );
  if (options.plan !== undefined) record.writePlan(options.plan);
  const stopper = new AbortController();
  let isOutputBroken = false;
  // A renderer that throws must not take the supervisor (and so the children's supervision) down.
  const emit = (update: SuperviseUpdate): void => {
    if (isOutputBroken) return;
    try {
      options.output(update);
    } catch (error) {
      isOutputBroken = true;
      const message = `the output callback failed; live output stopped (${String(error)})`;
      record.appendEvent({ time: new Date(clock.now()).toISOString(), type: 'warning', message });
    }
  };
  const context: RunContext = {
    runId: options.runId,
    clock,
    procRoot: options.procRoot ?? '/proc',
    stopGraceMs: options.stopGraceMs ?? 10_000,
    outputPollMs: options.outputPollMs ?? 50,
    // Twice a second: short-lived processes (a crash at the first step) still get a GPU peak; a tick
    // costs ~0.025 ms per process of a quiet tree (bench gpu-sampling: 0.53% of a core for 200 at 1 Hz).
    sampleIntervalMs: options.sampleIntervalMs ?? 500,
    backoffMs: options.backoffMs ?? backoffMs,
    healthyRunMs: options.healthyRunMs ?? healthyRunMs,
    record,
    cgroupParent: findOwnMemoryCgroup({ procRoot: options.procRoot, cgroupRoot: options.cgroupRoot }),
    kernelLog: options.kmsgPath === null ? null : openKernelLog(options.kmsgPath),
    attributedKills: new Set(),
    readiness: new ReadinessBoard(),
    live: new Map(
      options.processes.map((spec) => [
        spec.name,
        newLiveProcess(withRunMarkers(spec, options.runId, record.peaksPath)),
      ]),
    ),
    stopSignal: stopper.signal,
    skipGraceSignal: options.killSignal ?? new AbortController().signal,
    stopWith: () => (isSignalName(options.signal?.reason) ? options.signal.reason : 'SIGTERM'),
    emit,
    event: eventSink({ record, clock, emit }),
  };
  options.onRecordOpened?.(context.event);
  const stopAll = (): void => {
    if (stopper.signal.aborted) return;
    stopper.abort();
    for (const live of context.live.values()) {
      if (live.attempt) requestStop(context, live.spec.name, live.attempt, { signal: context.stopWith() });
    }
  };
  // A full disk is a state of the run: said once per file, counted in summary.json, never thrown.
  record.onFirstLoss = (loss) => {
    const why = loss.error === 'ENOSPC' ? 'the disk is full' : loss.error;
    context.event(
      'write-lost',
      undefined,
      `could not write ${loss.file} (${why}); the run goes on, and summary.json counts the bytes lost`,
      { ...loss },
    );
  };
  reportStaleCgroups(context);
  // Stops the run's processes if headroom dies without ending the run (or says it kept them).
  const keeper = startKeeper({
    runId: options.runId,
    eventsPath: join(record.runDir, 'events.jsonl'),
    headroomPid: process.pid,
    cgroupParentDir: context.cgroupParent.ok ? context.cgroupParent.location.dir : null,
    cgroupPrefix: cgroupPrefix(options.runId),
    keepOnCrash: options.keepOnCrash ?? false,
  });
  options.signal?.addEventListener('abort', stopAll, { once: true });
  if (options.signal?.aborted) stopAll();
  const stopSampling = startSampling(context, options.gpuProbe);
  const stopReaping = startReaping();
  const ended: ProcessSummary[] = [];
  try {
    const settled = await Promise.allSettled(
      [...context.live.values()].map(async (live) => {
        try {
          const summary = await runProcess(context, live);
          ended.push(summary);
          return summary;
        } catch (error) {
          stopAll(); // an internal failure must not leave the other processes running unwatched
          throw error;
        }
      }),
    );
    const failure = settled.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    const processes = settled.map((result) => (result as PromiseFulfilledResult<ProcessSummary>).value);
    const reaped = stopReaping();
    if (reaped > 0) {
      const message = `reaped ${reaped} ended process${reaped === 1 ? '' : 'es'} that had left their tree (adopted by headroom as a subreaper)`;
      context.event('reaped', undefined, message, { count: reaped });
    }
    return record.writeSummary({
      runId: options.runId,
      runDir: options.runDir,
      startedAt: new Date(startedAtMs).toISOString(),
      endedAt: new Date(clock.now()).toISOString(),
      exitCode: runExitCode(ended, stopper.signal.aborted),
      processes,
    });
  } finally {
    options.signal?.removeEventListener('abort', stopAll);
    stopReaping();
    await stopSampling();
    keeper.release(); // every tree has ended (or an internal error stopped them all)
    record.close();
    context.kernelLog?.close();
  }
}
