// summary.json's line for a process run as Slurm job steps: the verdict on its last attempt, its
// peak host memory from sacct's MaxRSS and sstat's samples, its limit (--mem), and where Slurm ran it.

import type { LaunchSpec, ProcessSummary } from '../launch/types.js';
import type { RunRecord } from '../run-record/writer.js';
import { causeRecordOf } from '../verdict/cause.js';
import type { JobEvents } from './job-events.js';
import type { SlurmStep } from './job-plan.js';
import { judgeStepEnd, slurmEndFacts } from './step-verdict.js';

/** What a Slurm run adds to a process's summary line. */
export interface SlurmProcessFacts {
  jobId: string;
  /** Every step that ran it (restarts included), `123.0`. */
  steps: string[];
  /** sacct's State and ExitCode of the last, as Slurm prints them; null without a record. */
  state: string | null;
  exitCode: string | null;
  nodes: string | null;
  /** Shards or a whole GPU, as the step asked for it. */
  gpu: SlurmStep['gpu'];
}

export type SlurmProcessSummary = ProcessSummary & { slurm: SlurmProcessFacts };

/** The summary line of one process, after the job has ended. */
export function summarizeProcess(options: {
  launch: LaunchSpec;
  step: SlurmStep | undefined;
  events: JobEvents;
  record: Pick<RunRecord, 'logEntry'>;
  fallbackEndedAt: string;
}): SlurmProcessSummary {
  const { launch, step, events } = options;
  const attempts = events.attempts(launch.name);
  const last = attempts.at(-1);
  const markers = events.markers.get(launch.name);
  const facts = events.stepFacts(launch.name, last);
  const attribution = judgeStepEnd(facts);
  // The exit code and signal the judge was told (0:125, Slurm's OOM mark, is a SIGKILL).
  const { exitCode, signal } = slurmEndFacts(facts);
  const peaks = attempts.flatMap((row) => (row.maxRssBytes === null ? [] : [row.maxRssBytes]));
  return {
    name: launch.name,
    ...attribution,
    exitCode,
    signal,
    restarts: attempts.length > 0 ? attempts.length - 1 : (markers?.restarts ?? 0),
    // sacct's MaxRSS: the largest resident set jobacct_gather sampled of the step's tasks (0 for a
    // step too short to be sampled), or more where sstat saw more while it ran. A cgroup OOM kill
    // means the step's memory reached its --mem.
    peakHostBytes: Math.max(
      0,
      ...peaks,
      events.sampledPeaks.get(launch.name) ?? 0,
      attribution.reason === 'oom-killed' && last?.state === 'OUT_OF_MEMORY'
        ? (launch.hostMemoryBytes ?? 0)
        : 0,
    ),
    peakGpuBytes: events.sampledGpuPeaks.get(launch.name) ?? null,
    peakCgroupBytes: null,
    hostLimitBytes: launch.hostMemoryBytes,
    hostEnforcement: launch.hostMemoryBytes === null ? 'none' : 'cgroup',
    gpuBudgetBytes: launch.gpuBudgetBytes,
    // What Slurm does not report: the tree's victims, processes outside the step's cgroup.
    oomKills: [],
    budgetExceeded: null,
    cgroupEscapes: [],
    hostLimitProblem: null,
    cause: causeRecordOf(attribution.cause),
    log: options.record.logEntry(launch.name),
    startedAt: attempts[0]?.startedAt ?? null,
    endedAt: last?.endedAt ?? options.fallbackEndedAt,
    slurm: {
      jobId: events.jobId,
      steps: attempts.map((row) => `${row.jobId}.${row.step}`),
      state: last ? [last.state, last.stateDetail].filter(Boolean).join(' ') : null,
      exitCode: last ? `${last.exitCode ?? ''}:${last.exitSignal ?? ''}` : null,
      nodes: last?.nodes ?? null,
      gpu: step?.gpu ?? null,
    },
  };
}
