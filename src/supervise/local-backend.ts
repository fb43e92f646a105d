// The local launch backend: each process a tree of its own on this machine, started after what it
// depends on, sampled (host, cgroup, GPU) and enforced, its end judged from what was seen; a keeper
// stops the trees if headroom dies. The one orchestration (src/launch/orchestrate.ts) drives it.
import { join } from 'node:path';
import type { LaunchBackend } from '../launch/backend.js';
import { backoffMs, healthyRunMs } from '../launch/restart-policy.js';
import { withRunMarkers } from '../launch/run-markers.js';
import type { Clock, ProcessSummary } from '../launch/types.js';
import { findOwnMemoryCgroup } from '../probe/host/cgroup-detect.js';
import { openKernelLog } from '../probe/host/kernel-log.js';
import { indexByPid, readBootTime, readProcessTable, startTimeOf } from '../probe/host/proc-table.js';
import { sweepStaleCgroups } from '../probe/host/stale-cgroups.js';
import { displayCommand } from '../verdict/judge.js';
import { startKeeper } from './keeper.js';
import { prepareOutputCopy } from './output-copier.js';
import { cgroupPrefix, runProcess } from './process-runner.js';
import { startReaping } from './reaper.js';
import { newLiveProcess, type RunContext } from './run-context.js';
import { startSampling } from './sampler.js';
import { ReadinessBoard } from './start-order.js';
import { requestStop } from './stop.js';
import { readCommandLine } from './tree-members.js';
import type { SuperviseOptions } from './types.js';

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

/** The local backend for `options.processes` (checked by checkLaunchSpecs first). */
export function localBackend(options: SuperviseOptions & { clock: Clock }): LaunchBackend {
  const { clock } = options;
  const stopper = new AbortController();
  let stopWith: NodeJS.Signals = 'SIGTERM';
  let context: RunContext | undefined;
  let keeper: ReturnType<typeof startKeeper> | undefined;
  let stopReaping: (() => number) | undefined;
  let running: Promise<PromiseSettledResult<ProcessSummary>[]> | undefined;
  const ended: ProcessSummary[] = [];
  const attached = (): RunContext => {
    if (!context) throw new Error('the local backend is used before attach');
    return context;
  };
  const stopAll = (): void => {
    if (stopper.signal.aborted || !context) return;
    stopper.abort();
    for (const live of context.live.values()) {
      if (live.attempt) requestStop(context, live.spec.name, live.attempt, { signal: context.stopWith() });
    }
  };
  return {
    attach({ record, emit, event }) {
      context = {
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
            // Every process of a tree inherits the run's markers: whatever leaves the tree can still be
            // told apart, and its GPU clients know where to append their exact peaks at exit.
            newLiveProcess(withRunMarkers(spec, { id: options.runId, peaksFile: record.peaksPath })),
          ]),
        ),
        stopSignal: stopper.signal,
        skipGraceSignal: options.killSignal ?? new AbortController().signal,
        stopWith: () => stopWith,
        emit,
        event,
      };
      reportStaleCgroups(context);
      // Stops the run's processes if headroom dies without ending the run (or says it kept them).
      keeper = startKeeper({
        runId: options.runId,
        eventsPath: join(record.runDir, 'events.jsonl'),
        headroomPid: process.pid,
        cgroupParentDir: context.cgroupParent.ok ? context.cgroupParent.location.dir : null,
        cgroupPrefix: cgroupPrefix(options.runId),
        keepOnCrash: options.keepOnCrash ?? false,
      });
    },
    sample: () => ({ stop: startSampling(attached(), options.gpuProbe) }),
    async start() {
      const run = attached();
      await prepareOutputCopy();
      stopReaping = startReaping();
      running = Promise.allSettled(
        [...run.live.values()].map(async (live) => {
          try {
            const summary = await runProcess(run, live);
            ended.push(summary);
            return summary;
          } catch (error) {
            stopAll(); // an internal failure must not leave the other processes running unwatched
            throw error;
          }
        }),
      );
    },
    async follow() {
      const settled = await (running ?? Promise.resolve([]));
      const failure = settled.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
      const processes = settled.map((result) => (result as PromiseFulfilledResult<ProcessSummary>).value);
      const reaped = stopReaping?.() ?? 0;
      if (reaped > 0) {
        const message = `reaped ${reaped} ended process${reaped === 1 ? '' : 'es'} that had left their tree (adopted by headroom as a subreaper)`;
        attached().event('reaped', undefined, message, { count: reaped });
      }
      return { processes, endOrder: ended, isStopped: stopper.signal.aborted, extra: {} };
    },
    stop(signal) {
      stopWith = signal;
      stopAll();
    },
    async close() {
      stopReaping?.();
      keeper?.release(); // every tree has ended (or an internal error stopped them all)
      context?.kernelLog?.close();
    },
  };
}
