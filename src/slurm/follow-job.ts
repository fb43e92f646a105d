// Following a submitted job: squeue for the job and its running steps, polled with a backoff (fast
// while things change, up to every 10 s while they do not); the batch output's marker lines as
// events; sacct for each step once it has left the queue. Ctrl-C cancels the job with scancel and
// keeps following until Slurm has let go of it.

import type { Clock } from '../launch/types.js';
import { SlurmCommandError, type SlurmCommands } from './commands.js';
import type { JobEvents } from './job-events.js';
import {
  parseQueuedJobs,
  parseRunningSteps,
  type QueuedJob,
  squeueJobArgs,
  squeueStepArgs,
} from './squeue.js';
import { isFinalState } from './states.js';

export interface PollTimes {
  firstMs: number;
  maxMs: number;
}

/** 250 ms while steps start and end, doubling to 10 s while nothing changes. */
export const defaultPollTimes: PollTimes = { firstMs: 250, maxMs: 10_000 };

/** Polls until the job has left the queue; cancels it (once) when `signal` aborts. */
export async function followJob(options: {
  jobId: string;
  commands: SlurmCommands;
  events: JobEvents;
  clock: Clock;
  signal?: AbortSignal;
  poll?: PollTimes;
}): Promise<{ isCancelled: boolean }> {
  const { jobId, commands, events, clock, signal } = options;
  const poll = options.poll ?? defaultPollTimes;
  let delayMs = poll.firstMs;
  let isCancelled = false;
  let running = new Set<string>();
  for (;;) {
    if (signal?.aborted && !isCancelled) {
      isCancelled = true;
      await commands.run('scancel', [jobId]);
      events.cancelled(jobId);
    }
    const job = await readQueuedJob(commands, jobId);
    events.readBatchOutput();
    if (!job || isFinalState(job.state)) {
      events.setRunning([]);
      return { isCancelled };
    }
    const steps = parseRunningSteps(await commands.run('squeue', squeueStepArgs(jobId)));
    const now = new Set(steps.map((step) => step.stepId));
    for (const step of steps) if (!running.has(step.stepId)) events.stepSeen(step);
    const hasStepLeft = [...running].some((id) => !now.has(id));
    const isChanged = steps.length !== running.size || hasStepLeft;
    // A step that left the queue has ended: its accounting tells how, while the others run on.
    if (hasStepLeft) await events.accountEndedSteps();
    running = now;
    events.setRunning(steps);
    events.jobState(job);
    delayMs = isChanged ? poll.firstMs : Math.min(poll.maxMs, delayMs * 2);
    await clock.sleep(delayMs, isCancelled ? undefined : signal);
  }
}

/** The job as squeue lists it; undefined once Slurm has let go of it. */
async function readQueuedJob(commands: SlurmCommands, jobId: string): Promise<QueuedJob | undefined> {
  try {
    return parseQueuedJobs(await commands.run('squeue', squeueJobArgs(jobId))).find((j) => j.jobId === jobId);
  } catch (error) {
    // After MinJobAge (slurm.conf, 300 s by default) squeue no longer knows the job at all.
    if (error instanceof SlurmCommandError && /Invalid job id/i.test(error.stderr)) return undefined;
    throw error;
  }
}
