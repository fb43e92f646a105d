// The Slurm launch backend: the plan's processes as one batch job of steps, followed to its end by the
// one orchestration (src/launch/orchestrate.ts), written to the same run record as a local run
// (plan.json, events.jsonl, logs/, summary.json) plus slurm/job.sbatch (what was submitted) and slurm/batch.log (the batch script's own output). The
// steps write their logs straight into logs/, so the run directory must be on a filesystem the
// nodes share (as a job's working directory is).
import { closeSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type LogTail, tailLog } from '../files/log-tail.js';
import { openAppendNoFollow, writeFileAtomic } from '../files/write-file.js';
import type { LaunchBackend } from '../launch/backend.js';
import { realClock } from '../launch/clock.js';
import { orchestrate } from '../launch/orchestrate.js';
import { withRunMarkers } from '../launch/run-markers.js';
import type { Clock, LaunchSpec, RunSummary, SuperviseUpdate } from '../launch/types.js';
import type { EventSink } from '../run-record/writer.js';
import type { SlurmCommands } from './commands.js';
import { followJob, type PollTimes } from './follow-job.js';
import { JobEvents } from './job-events.js';
import type { SlurmJobPlan } from './job-plan.js';
import { buildScript, type ScriptOptions } from './script.js';
import { isFinalState } from './states.js';
import { startStepSampling } from './step-sampler.js';
import { type SlurmProcessSummary, summarizeProcess } from './step-summary.js';

export interface SlurmRunOptions {
  runDir: string;
  runId: string;
  job: SlurmJobPlan;
  /** From launchSpecsFromPlan with the plan's variables only (the job inherits the submitter's). */
  launches: LaunchSpec[];
  script: Omit<ScriptOptions, 'logDir' | 'batchOutput'>;
  commands: SlurmCommands;
  output: (update: SuperviseUpdate) => void;
  /** Told the job ID as soon as sbatch gives it. */
  onSubmitted?: (jobId: string) => void;
  /** Aborting cancels the job (scancel). */
  signal?: AbortSignal;
  clock?: Clock;
  poll?: PollTimes;
  /** How long to wait for sacct to record the job's end (default 60 s). */
  accountingWaitMs?: number;
  /** How often sstat's reading of the running steps becomes a sample (default 2 s). */
  sampleMs?: number;
  /** Called once the record is open with its event sink: what runs beside (the observers) records through it. */
  onRecordOpened?: (event: EventSink) => void;
}

export type SlurmRunSummary = RunSummary & { slurm: { jobId: string }; processes: SlurmProcessSummary[] };

/** The Slurm backend: the job script and its logs at attach, sbatch to start, squeue/sacct to follow, scancel to stop. */
export function slurmBackend(
  options: SlurmRunOptions,
): LaunchBackend<SlurmProcessSummary, { slurm: { jobId: string } }> {
  const { runDir, job, launches, commands } = options;
  const clock = options.clock ?? realClock;
  const canceller = new AbortController();
  const tails: LogTail[] = [];
  const batchLogPath = join(runDir, 'slurm', 'batch.log');
  const scriptPath = join(runDir, 'slurm', 'job.sbatch');
  let events: JobEvents | undefined;
  let sampler: { stop(): Promise<void> } | undefined;
  let jobId = '';
  const attached = (): JobEvents => {
    if (!events) throw new Error('the Slurm backend is used before attach');
    return events;
  };
  return {
    attach({ record, emit }) {
      mkdirSync(join(runDir, 'slurm'), { recursive: true });
      // Each step gets the run's markers as a local child does (the run directory is on a shared filesystem).
      const run = { id: options.runId, peaksFile: record.peaksPath };
      const text = buildScript({
        job,
        launches: launches.map((launch) => withRunMarkers(launch, run)),
        script: { ...options.script, logDir: join(runDir, 'logs'), batchOutput: batchLogPath },
      });
      writeFileAtomic(scriptPath, text);
      for (const launch of launches) {
        closeSync(openAppendNoFollow(record.logPath(launch.name)));
        const onLines = (lines: Buffer) =>
          emit({ kind: 'output', name: launch.name, text: lines.toString('utf8') });
        tails.push(tailLog({ path: record.logPath(launch.name), fromBytes: 0, pollMs: 200, onLines }));
      }
      events = new JobEvents({ launches, record, batchLogPath, commands, clock, emit });
    },
    sample({ record }) {
      sampler = startStepSampling({ commands, events: attached(), record, clock, everyMs: options.sampleMs });
      return sampler;
    },
    async start() {
      // sbatch --parsable prints `jobid` or `jobid;cluster`.
      jobId = (await commands.run('sbatch', ['--parsable', scriptPath])).trim().split(';')[0] ?? '';
      attached().jobId = jobId;
      options.onSubmitted?.(jobId);
    },
    async follow({ record }) {
      const events = attached();
      const { isCancelled } = await followJob({
        jobId,
        commands,
        events,
        clock,
        signal: canceller.signal,
        poll: options.poll,
      });
      await sampler?.stop(); // the job has left the queue: nothing is left to sample
      await waitForAccounting(events, clock, options.accountingWaitMs ?? 60_000);
      events.readBatchOutput();
      for (const tail of tails.splice(0)) tail.close();
      await events.accountEndedSteps();
      for (const launch of launches) events.recordDiagnoses(launch.name);
      const endedAt = new Date(clock.now()).toISOString();
      const processes = launches.map((launch) =>
        summarizeProcess({
          launch,
          step: job.steps.find((s) => s.name === launch.name),
          events,
          record,
          fallbackEndedAt: endedAt,
        }),
      );
      const endOrder = [...processes].sort((a, b) => a.endedAt.localeCompare(b.endedAt));
      return { processes, endOrder, isStopped: isCancelled, extra: { slurm: { jobId } } };
    },
    stop: () => canceller.abort(),
    async close() {
      for (const tail of tails) tail.close();
    },
  };
}

/** Submits the job, follows it to its end, and returns what summary.json holds. */
export function runOnSlurm(options: SlurmRunOptions): Promise<SlurmRunSummary> {
  const { job } = options;
  return orchestrate({
    backend: slurmBackend(options),
    runDir: options.runDir,
    runId: options.runId,
    names: options.launches.map((launch) => launch.name),
    origin: null,
    plan: {
      ...job.plan,
      slurm: { nodeType: job.nodeType, nodeCount: job.nodeCount, steps: job.steps, perNode: job.perNode },
    },
    clock: options.clock ?? realClock,
    output: options.output,
    signal: options.signal,
    onRecordOpened: options.onRecordOpened,
  });
}

/** Waits (with a backoff) until sacct has the job's end and every step's, or gives up. */
async function waitForAccounting(events: JobEvents, clock: Clock, timeoutMs: number): Promise<void> {
  const deadline = clock.monotonicMs() + timeoutMs;
  for (let delayMs = 100; ; delayMs = Math.min(2000, delayMs * 2)) {
    if (!(await events.readAccounting())) return;
    const rows = events.rows ?? [];
    const jobRow = rows.find((row) => row.step === null);
    const isDone =
      jobRow !== undefined && isFinalState(jobRow.state) && rows.every((row) => isFinalState(row.state));
    if (isDone) return;
    if (clock.monotonicMs() >= deadline) {
      events.event(
        'warning',
        undefined,
        `sacct has not recorded the end of job ${events.jobId} after ${timeoutMs / 1000} s; the summary uses what it has`,
      );
      return;
    }
    await clock.sleep(delayMs);
  }
}
