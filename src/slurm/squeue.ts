// A job and its running steps as squeue shows them while Slurm still holds the job.
import { numberedLines, splitFields } from './output-error.js';

export interface QueuedJob {
  jobId: string;
  /** PENDING, RUNNING, COMPLETING, ... */
  state: string;
  /** Why it waits (`Resources`, `Priority`) or `None`. */
  reason: string;
}

export interface RunningStep {
  /** `123.0`, `123.batch`. */
  stepId: string;
  name: string;
  nodes: string;
}

/** squeue's arguments for one job's state (the job ID goes after -j). */
export const squeueJobArgs = (jobId: string): string[] => ['-h', '-j', jobId, '-o', '%i|%T|%r'];

/** squeue's arguments for one job's running steps. */
export const squeueStepArgs = (jobId: string): string[] => ['-h', '-s', '-j', jobId, '-o', '%i|%j|%N'];

/** Parses `squeue -h -j ID -o '%i|%T|%r'`; empty once the job has left the queue. */
export function parseQueuedJobs(text: string): QueuedJob[] {
  return numberedLines(text).map(({ line, text: record }) => {
    const fields = splitFields({ command: 'squeue', line, text: record, names: ['%i', '%T', '%r'] });
    return { jobId: fields['%i'] ?? '', state: fields['%T'] ?? '', reason: fields['%r'] ?? '' };
  });
}

/** Parses `squeue -h -s -j ID -o '%i|%j|%N'`. */
export function parseRunningSteps(text: string): RunningStep[] {
  return numberedLines(text).map(({ line, text: record }) => {
    const fields = splitFields({ command: 'squeue -s', line, text: record, names: ['%i', '%j', '%N'] });
    return { stepId: fields['%i'] ?? '', name: fields['%j'] ?? '', nodes: fields['%N'] ?? '' };
  });
}
