// How a step ended, from Slurm's facts about it: sacct's State and ExitCode, srun's status when
// there is no accounting, and what `doctor`'s classifier read in the step's log. This is the Slurm
// backend's only judge of exit reasons; it becomes a feed into src/verdict when that lands.

import type { Attribution } from '../supervise/types.js';
import { formatBytes } from '../units.js';
import { type Confidence, type MemoryKind, reasonForKind } from '../vocabulary.js';
import { oomExitSignal } from './states.js';

/** sacct's row for the step's last attempt. */
export interface StepAccounting {
  state: string;
  stateDetail: string;
  exitCode: number | null;
  exitSignal: number | null;
}

/** The primary diagnosis of the step's log (doctor's `diagnoseText`). */
export interface StepLogDiagnosis {
  kind: MemoryKind;
  summary: string;
  line: number;
}

/** Everything known about a step when it is over. */
export interface StepEndFacts {
  /** null when sacct has no row for it (never started, or no accounting on the cluster). */
  accounting: StepAccounting | null;
  /** srun's exit status, as the batch script recorded it; null when it never ran. */
  srunExitCode: number | null;
  hostLimitBytes: number | null;
  /** headroom cancelled the job (Ctrl-C, SIGTERM). */
  isInterrupted: boolean;
  /** Why the batch script did not start it, if it did not. */
  notStarted: string | null;
  diagnosis: StepLogDiagnosis | null;
}

const describeExit = (row: StepAccounting): string =>
  `sacct says ${[row.state, row.stateDetail].filter(Boolean).join(' ')}, ExitCode ${row.exitCode ?? '?'}:${row.exitSignal ?? '?'}`;

function fromLog(facts: StepEndFacts, ended: string, isKilled: boolean): Attribution | null {
  const diagnosis = facts.diagnosis;
  const reason = diagnosis && reasonForKind(diagnosis.kind, { isKilled });
  if (!diagnosis || !reason) return null;
  const confidence: Confidence = 'likely';
  return {
    reason,
    confidence,
    because: `its log says ${diagnosis.summary} (line ${diagnosis.line}), and ${ended}`,
  };
}

/** The reason, confidence and evidence for one step (one process of the plan). */
export function judgeStepEnd(facts: StepEndFacts): Attribution {
  const row = facts.accounting;
  if (facts.notStarted !== null) {
    const reason = facts.isInterrupted ? 'interrupted' : 'failed';
    return { reason, confidence: 'certain', because: `not started: ${facts.notStarted}` };
  }
  if (row === null) return judgeWithoutAccounting(facts);
  const ended = describeExit(row);
  if (row.state === 'COMPLETED' && row.exitCode === 0)
    return { reason: 'exited', confidence: 'certain', because: 'exited with code 0' };
  if (row.state === 'OUT_OF_MEMORY' || row.exitSignal === oomExitSignal) {
    const limit = facts.hostLimitBytes === null ? '' : ` (--mem ${formatBytes(facts.hostLimitBytes)})`;
    const because = `Slurm counted an OOM kill in the step's memory cgroup${limit}: ${ended}`;
    return { reason: 'oom-killed', confidence: 'certain', because };
  }
  if (facts.isInterrupted && ['CANCELLED', 'FAILED'].includes(row.state))
    return {
      reason: 'interrupted',
      confidence: 'certain',
      because: `headroom cancelled the job (scancel); ${ended}`,
    };
  const logged = fromLog(facts, ended, (row.exitSignal ?? 0) !== 0);
  if (logged) return logged;
  switch (row.state) {
    case 'TIMEOUT':
      return { reason: 'signal', confidence: 'certain', because: `the job's time limit ran out: ${ended}` };
    case 'CANCELLED':
      return {
        reason: 'signal',
        confidence: 'certain',
        because: `cancelled from outside headroom: ${ended}`,
      };
    case 'PREEMPTED':
      return { reason: 'signal', confidence: 'certain', because: `preempted by another job: ${ended}` };
    case 'NODE_FAIL':
    case 'BOOT_FAIL':
      return { reason: 'failed', confidence: 'certain', because: `its node failed: ${ended}` };
    default:
      if ((row.exitSignal ?? 0) !== 0)
        return {
          reason: 'signal',
          confidence: 'certain',
          because: `killed by signal ${row.exitSignal}: ${ended}`,
        };
      return {
        reason: 'failed',
        confidence: 'certain',
        because: `exited with code ${row.exitCode ?? '?'}: ${ended}`,
      };
  }
}

function judgeWithoutAccounting(facts: StepEndFacts): Attribution {
  const code = facts.srunExitCode;
  if (code === null) {
    const reason = facts.isInterrupted ? 'interrupted' : 'failed';
    return {
      reason,
      confidence: 'possible',
      because: 'Slurm has no record of the step and srun reported no status',
    };
  }
  if (code === 0) return { reason: 'exited', confidence: 'certain', because: 'srun exited with code 0' };
  const ended = `srun exited with code ${code} (no sacct record to say more)`;
  if (facts.isInterrupted)
    return { reason: 'interrupted', confidence: 'likely', because: `headroom cancelled the job; ${ended}` };
  return fromLog(facts, ended, false) ?? { reason: 'failed', confidence: 'likely', because: ended };
}
