// How a step ended: Slurm's facts about it (sacct's State and ExitCode, srun's status when there is
// no accounting) turned into the process facts the one judge reads (src/verdict), with the step's
// log read by doctor's classifier. The judge decides the reason; this module only translates, and
// adds Slurm's own words to the evidence.
import { constants } from 'node:os';
import type { GpuCap } from '../plan/cap.js';
import { judgeEnd } from '../verdict/judge.js';
import type { EndFacts, LogVerdict, Verdict } from '../verdict/types.js';
import { oomExitSignal } from './states.js';

/** sacct's row for the step's last attempt. */
export interface StepAccounting {
  state: string;
  stateDetail: string;
  exitCode: number | null;
  exitSignal: number | null;
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
  /** What its log says, through doctor's classifier (doctor/stream/output-reader.ts). */
  log: LogVerdict | null;
  onOomKill: 'stop' | 'warn';
  /** The step's name, as sentences name it. */
  name: string;
  /** The cap its framework holds it to from inside (src/plan/cap.ts); null when nothing does. */
  gpuCap: GpuCap | null;
  gpuContextBytes: number;
  gpuClients: number;
}

/** A signal number as its name (`SIGTERM`), as the judge speaks of signals. */
export const signalName = (signal: number): string =>
  Object.entries(constants.signals).find(([, number]) => number === signal)?.[0] ?? `signal ${signal}`;

/** `sacct says OUT_OF_MEMORY, ExitCode 0:125`. */
export const describeAccounting = (row: StepAccounting): string =>
  `sacct says ${[row.state, row.stateDetail].filter(Boolean).join(' ')}, ExitCode ${row.exitCode ?? '?'}:${row.exitSignal ?? '?'}`;

/** The judge's facts for a step that ran. */
export function slurmEndFacts(facts: StepEndFacts): EndFacts {
  const row = facts.accounting;
  const signalNumber = row?.exitSignal ?? 0;
  // OUT_OF_MEMORY (0:125): slurmstepd counted OOM kills in the step's memory cgroup, and the kernel's
  // OOM killer ends a process with SIGKILL; who in the step it killed, Slurm does not say.
  const isOomKilled = row !== null && (row.state === 'OUT_OF_MEMORY' || signalNumber === oomExitSignal);
  const signal = isOomKilled ? 'SIGKILL' : signalNumber !== 0 ? signalName(signalNumber) : null;
  const isCompleted = row?.state === 'COMPLETED';
  return {
    pid: null,
    exitCode: signal !== null ? null : row ? row.exitCode : facts.srunExitCode,
    signal,
    spawnError: null,
    headroomKill: null,
    isInterrupted: facts.isInterrupted && !isCompleted && !isOomKilled,
    // scancel: Slurm sends SIGCONT and SIGTERM, then SIGKILL after KillWait (scancel(1)).
    stopSignal: 'SIGTERM',
    wasKilledAfterGrace: false,
    cgroupOomKills: isOomKilled ? 1 : row !== null && facts.hostLimitBytes !== null ? 0 : null,
    hostLimitBytes: facts.hostLimitBytes,
    oomKills: [],
    // The nodes' kernel logs are out of headroom's reach.
    isKernelLogReadable: false,
    wasStoppedForOomKill: false,
    onOomKill: facts.onOomKill,
    log: facts.log,
    name: facts.name,
    gpuCap: facts.gpuCap,
    gpuContextBytes: facts.gpuContextBytes,
    gpuClients: facts.gpuClients,
    // GPU memory is not sampled on the nodes (or only as Slurm's coarse gres/gpumem).
    sampleAtFailure: null,
  };
}

/** The reason, confidence and evidence for one step (one process of the plan). */
export function judgeStepEnd(facts: StepEndFacts): Verdict {
  if (facts.notStarted !== null) {
    // Like a local run's process whose dependency never became ready (process-runner.ts).
    const reason = facts.isInterrupted ? 'interrupted' : 'failed';
    return { reason, confidence: 'certain', because: `not started: ${facts.notStarted}` };
  }
  if (facts.accounting === null && facts.srunExitCode === null) {
    const reason = facts.isInterrupted ? 'interrupted' : 'failed';
    return {
      reason,
      confidence: 'possible',
      because: 'Slurm has no record of the step and srun reported no status',
    };
  }
  const verdict = judgeEnd(slurmEndFacts(facts));
  const slurmSays = facts.accounting
    ? describeAccounting(facts.accounting)
    : `srun exited with code ${facts.srunExitCode} (no sacct record)`;
  return verdict.reason === 'exited' && facts.accounting?.state === 'COMPLETED'
    ? verdict
    : { ...verdict, because: `${verdict.because}; ${slurmSays}` };
}
