// What a launch backend supplies to the one orchestration (orchestrate.ts): how its processes start,
// are sampled, followed to their end and stopped. `local` is src/supervise/, `slurm` src/slurm/.
import type { EventSink, RunRecord } from '../run-record/writer.js';
import type { Clock, ProcessSummary, SuperviseUpdate } from './types.js';

/** What a backend is given once the run record is open. */
export interface LaunchRun {
  record: RunRecord;
  /** Appends to events.jsonl and tells the live view. */
  event: EventSink;
  /** The live view: output, status and events as they happen (a failing renderer is cut off, not thrown). */
  emit: (update: SuperviseUpdate) => void;
  clock: Clock;
}

/** How a run ended, as the backend saw it. */
export interface FollowResult<
  Process extends ProcessSummary = ProcessSummary,
  Extra extends object = object,
> {
  /** One summary line per process (the verdict on its end), in the order they were launched. */
  processes: Process[];
  /** The same lines in the order the processes ended: the first failure gives the run's exit code. */
  endOrder: readonly Pick<ProcessSummary, 'reason' | 'exitCode' | 'signal'>[];
  /** Whether the run was stopped (interrupted) before its processes ended by themselves. */
  isStopped: boolean;
  /** What the backend adds to summary.json after the processes (slurm: the job's ID). */
  extra: Extra;
}

/** One way of launching a run's processes: a plain object, like a GPU probe. */
export interface LaunchBackend<
  Process extends ProcessSummary = ProcessSummary,
  Extra extends object = object,
> {
  /** The record is open: get ready (local: cgroups and the keeper; slurm: the job script, the logs). */
  attach(run: LaunchRun): void;
  /** Samples the processes' memory into samples.jsonl until stopped. */
  sample(run: LaunchRun): { stop(): Promise<void> };
  /** Starts the processes, each after what it depends on (local: spawned; slurm: one batch job of steps). */
  start(run: LaunchRun): Promise<void>;
  /** Resolves once every process has ended, with the verdict on each. */
  follow(run: LaunchRun): Promise<FollowResult<Process, Extra>>;
  /** Stops every process: `signal` is forwarded where the backend can (local), else it cancels (slurm). */
  stop(signal: NodeJS.Signals): void;
  /** Releases what `attach` took; called once, whether the run ended or failed. */
  close(): Promise<void>;
}
