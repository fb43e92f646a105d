// The trial runner, fit's one adapter: runs the command for one value as a fresh process under the
// supervisor (plan environment, cgroup limit, GPU probe), stops it once --until-line matches or
// --trial-seconds pass, and classifies how it ended from the one verdict, the memory kills headroom
// made, and the memory samples taken while it ran (was it still rising?). Ctrl-C aborts the trial
// through the supervisor, which stops the whole process tree.
import { join } from 'node:path';
import type { LaunchSpec, SuperviseUpdate } from '../../launch/types.js';
import type { GpuProbe } from '../../probe/gpu/types.js';
import { supervise } from '../../supervise/supervise.js';
import { memoryKillOf } from '../../verdict/memory-kill.js';
import { classifyTrial } from '../classify.js';
import { describeFailedRank, findFailedRank } from '../launcher.js';
import { findLeak, findRisingMemory, type MemorySample } from '../memory-trend.js';
import { substituteValue } from '../template.js';
import { type EarlyStop, judgeRunningTrial, type TrialHints } from '../trial-stop.js';
import { hostNeedBytes, type Resource, type ResourceLimit, type TrialRecord } from '../types.js';

/** Everything a trial needs besides its value. */
export interface TrialRunnerOptions {
  /** The process to launch, with `{VAR}` placeholders in its argv. */
  launch: LaunchSpec & { command: string[] };
  variable: string;
  gpuProbe: GpuProbe;
  /** Each trial's run record goes to runsDir/trial-NN-VAR-VALUE. */
  runsDir: string;
  runIdPrefix: string;
  untilLine?: RegExp;
  trialMs?: number;
  /** Full limits, for the margin check. */
  limits: readonly ResourceLimit[];
  marginFraction: number;
  stopGraceMs?: number;
  sampleIntervalMs?: number;
  /** Aborted on Ctrl-C; its reason (a signal name) is forwarded to the trial. */
  signal?: AbortSignal;
  onUpdate?: (update: SuperviseUpdate) => void;
  /** Run every trial until it ends, --until-line or --trial-seconds, even once its answer is known. */
  isFullTrials?: boolean;
}

const tailLineCount = 12;
const summaryLineCount = 80;

const oomKillOf = (event: Record<string, unknown>) => ({
  pid: typeof event.pid === 'number' ? event.pid : null,
  ...(typeof event.rank === 'number' ? { rank: event.rank } : {}),
  ...(typeof event.localRank === 'number' ? { localRank: event.localRank } : {}),
});

/** A function that runs one trial per call. */
export function createTrialRunner(
  options: TrialRunnerOptions,
): (value: number, index: number, hints?: TrialHints) => Promise<TrialRecord> {
  return async (value, index, hints) => {
    const trialStop = new AbortController();
    let stoppedBy: 'until-line' | 'time-limit' | null = null;
    let earlyStop: EarlyStop | null = null;
    let memoryKill: Resource | null = null;
    const samples: MemorySample[] = [];
    const stop = (why: 'until-line' | 'time-limit'): void => {
      if (trialStop.signal.aborted) return;
      stoppedBy = why;
      trialStop.abort('SIGTERM');
    };
    const onInterrupt = (): void => {
      if (!trialStop.signal.aborted) trialStop.abort(options.signal?.reason ?? 'SIGTERM');
    };
    options.signal?.addEventListener('abort', onInterrupt, { once: true });
    if (options.signal?.aborted) onInterrupt();
    const timer =
      options.trialMs === undefined ? undefined : setTimeout(() => stop('time-limit'), options.trialMs);
    const tail: string[] = [];
    // torchrun prints its failure summary (about 20 lines) last; the OOM kills name a rank's PID.
    const lastLines: string[] = [];
    const oomKills: { pid: number | null; rank?: number; localRank?: number | null }[] = [];
    const output = (update: SuperviseUpdate): void => {
      options.onUpdate?.(update);
      if (update.kind === 'event') memoryKill ??= memoryKillOf(update.event);
      if (update.kind === 'event' && update.event.type === 'oom-kill') oomKills.push(oomKillOf(update.event));
      const status = update.kind === 'status' ? update.processes[0] : undefined;
      // Samples up to the stop only: what the memory did while the trial was left to run.
      if (status?.state === 'running' && !trialStop.signal.aborted) {
        samples.push({ atMs: performance.now(), hostBytes: status.hostBytes, gpuBytes: status.gpuBytes });
        const judged =
          hints && !options.isFullTrials
            ? judgeRunningTrial({ samples, hints, limits: options.limits })
            : null;
        if (judged) {
          earlyStop = judged;
          trialStop.abort('SIGTERM');
        }
      }
      if (update.kind !== 'output') return;
      const lines = update.text.split('\n').slice(0, -1);
      tail.push(...lines);
      tail.splice(0, Math.max(0, tail.length - tailLineCount));
      lastLines.push(...lines);
      lastLines.splice(0, Math.max(0, lastLines.length - summaryLineCount));
      if (options.untilLine && lines.some((line) => options.untilLine?.test(line))) stop('until-line');
    };
    const runDir = join(
      options.runsDir,
      `trial-${String(index).padStart(2, '0')}-${options.variable}-${value}`,
    );
    const startedMs = performance.now();
    try {
      const summary = await supervise({
        runDir,
        runId: `${options.runIdPrefix}-t${index}`,
        processes: [
          { ...options.launch, command: substituteValue(options.launch.command, options.variable, value) },
        ],
        gpuProbe: options.gpuProbe,
        origin: { kind: 'fit-trial', variable: options.variable, value },
        sampleIntervalMs: options.sampleIntervalMs ?? 200,
        stopGraceMs: options.stopGraceMs ?? 5000,
        outputPollMs: 50,
        output,
        signal: trialStop.signal,
      });
      const ended = summary.processes[0];
      if (!ended) throw new Error('the supervisor returned no process for the trial');
      // The need is read from the samples and the cgroup's peak, whichever the summary presents as the peak.
      const hostNeed = hostNeedBytes({
        peakHostBytes: ended.sampledHost?.hostBytes ?? ended.peakHostBytes,
        peakCgroupBytes: ended.peakCgroupBytes,
      });
      const peakBytes = { host: hostNeed, gpu: ended.peakGpuBytes };
      const rising = stoppedBy ? findRisingMemory(samples) : null;
      const leak = findLeak(samples);
      const verdict = classifyTrial({
        reason: ended.reason,
        because: ended.because,
        stoppedBy,
        earlyStop,
        memoryKill,
        rising,
        leak,
        peakBytes,
        limits: options.limits,
        marginFraction: options.marginFraction,
      });
      // A multi-rank job's failure is one rank's: name it (torchrun's summary, the OOM kill's victim).
      const failedRank = verdict.ok ? null : findFailedRank({ oomKills, outputLines: lastLines });
      return {
        value,
        ok: verdict.ok,
        reason: verdict.reason,
        peakHostBytes: ended.peakHostBytes,
        peakGpuBytes: ended.peakGpuBytes,
        seconds: Math.round((performance.now() - startedMs) / 10) / 100,
        peakCgroupBytes: ended.peakCgroupBytes,
        outcome: verdict.outcome,
        because: failedRank ? `${describeFailedRank(failedRank)}: ${verdict.because}` : verdict.because,
        ...(failedRank ? { failedRank } : {}),
        isSettled: verdict.isSettled,
        rising: verdict.isSettled ? null : (verdict.rising ?? null),
        leak,
        stoppedEarly: earlyStop,
        runDir,
        ...(verdict.ok ? {} : { outputTail: [...tail] }),
      };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onInterrupt);
    }
  };
}
