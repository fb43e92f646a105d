// What every launch backend shares (local, slurm): the process to launch, the clock, the updates the
// live view is given while a run goes, and the verdict on one ended process.

import type { GpuCap } from '../plan/cap.js';
import type { Enforcement, RestartPolicy } from '../plan/types.js';
import type { RankSeen } from '../ranks/rank.js';
import type { RunEvent } from '../run-record/schema.js';
import type { FailureCause } from '../verdict/cause.js';
import type { Confidence, ExitReason } from '../vocabulary.js';

/** One process to launch, with everything decided: command, full environment, limits. */
export interface LaunchSpec {
  name: string;
  /** A string is run by `/bin/sh -c`; a list is an argv. */
  command: string | string[];
  /** The child's complete environment (nothing is inherited on top of it). */
  env: Record<string, string>;
  cwd?: string;
  hostMemoryBytes: number | null;
  gpuBudgetBytes: number | null;
  /** The CUDA context allowance the plan keeps beside the budget: NVML's per-process figure counts it too. */
  gpuContextBytes?: number;
  /** The card it is planned on (null or absent: none). */
  gpuDevice?: number | null;
  /** The cap its framework holds each GPU client to from inside (src/plan/cap.ts); null or absent: none. */
  gpuCap?: GpuCap | null;
  /** GPU clients sharing its budget (`gpu_clients`, default 1). */
  gpuClients?: number;
  /** The config's process name (replicas share it) and its framework, for advice. */
  process?: string;
  framework?: string;
  restart: RestartPolicy;
  maxRestarts: number;
  dependsOn: string[];
  /** A regular expression; the process is ready when a line of its output matches. */
  readyWhen?: string;
  enforce: Enforcement;
  /** What to do when the OOM killer kills a process of its tree: stop the whole tree (default) or warn. */
  onOomKill?: OnOomKill;
}

/** `on_oom_kill`: stop the process (a pool whose worker died may hang forever), or warn and go on. */
export type OnOomKill = 'stop' | 'warn';

/** Time, for timestamps and waits; tests pass their own (a stepped wall clock, a fast one). */
export interface Clock {
  /** Wall-clock milliseconds since the epoch: timestamps in the record only, never a wait. */
  now(): number;
  /**
   * Milliseconds on a clock that never steps (CLOCK_MONOTONIC): every timeout, grace period,
   * back-off and interval is measured on it, so setting the system time cannot delay a SIGKILL.
   */
  monotonicMs(): number;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export type { Confidence, ExitReason } from '../vocabulary.js';

/** Why a process ended, how sure headroom is, and the evidence in one sentence. */
export interface Attribution {
  reason: ExitReason;
  confidence: Confidence;
  because: string;
  /** What a memory failure ran into (src/verdict/cause.ts). */
  cause?: FailureCause;
}

export type { EventType, ProcessSummary, RunEvent, RunSummary } from '../run-record/schema.js';

/** Whole lines a process wrote (stdout and stderr share the log), each ending in `\n`. */
export interface OutputChunk {
  kind: 'output';
  name: string;
  text: string;
}

export type ProcessState = 'waiting' | 'running' | 'restarting' | 'ended';

/** One process in the live status line. */
export interface ProcessStatus {
  name: string;
  state: ProcessState;
  pid: number | null;
  restarts: number;
  hostBytes: number | null;
  /**
   * The tree's own memory (anonymous + shmem + swap, no share of file-backed pages: tree-memory.ts
   * ownBytes) at the same sample; absent where the backend does not read it.
   */
  ownHostBytes?: number | null;
  hostLimitBytes: number | null;
  gpuBytes: number | null;
  gpuBudgetBytes: number | null;
  /** The ranks of a multi-rank job in its tree (torchrun's workers), each with its memory; absent for none. */
  ranks?: RankSeen[];
}

export interface StatusUpdate {
  kind: 'status';
  processes: ProcessStatus[];
}

export interface EventUpdate {
  kind: 'event';
  event: RunEvent;
}

export type SuperviseUpdate = OutputChunk | StatusUpdate | EventUpdate;
