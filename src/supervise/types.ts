// The supervisor's inputs, the updates it reports while running, and the result it returns.

import type { Enforcement, RestartPolicy } from '../plan/types.js';
import type { GpuProbe } from '../probe/gpu/types.js';
import type { RunEvent, RunOrigin } from '../run-record/schema.js';
import type { EventSink } from '../run-record/writer.js';
import type { FailureCause, GpuCap } from '../verdict/cause.js';
import type { Confidence, ExitReason } from '../vocabulary.js';
import type { RankSeen } from './ranks.js';

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

export interface SuperviseOptions {
  runDir: string;
  runId: string;
  processes: LaunchSpec[];
  /** Written to plan.json when given. */
  plan?: unknown;
  /** What started the run (run.json), so later advice names the right knob. */
  origin?: RunOrigin;
  gpuProbe: GpuProbe;
  /** Time between samples of host and GPU memory (default 500 ms). */
  sampleIntervalMs?: number;
  /** How long a process has between SIGTERM and SIGKILL when stopping (default 10 s). */
  stopGraceMs?: number;
  /** Unused: output is copied as it comes (output-copier.ts). Kept so that callers passing it still compile. */
  outputPollMs?: number;
  /** Delay before restart number `restart` (1-based); default 1 s, 2 s, 4 s, … capped at 30 s. */
  backoffMs?: (restart: number) => number;
  /** An attempt that ran at least this long resets the back-off (default 10 min, the kubelet's rule). */
  healthyRunMs?: number;
  /** The renderer: every output chunk, status update and event, as they happen. */
  output: (update: SuperviseUpdate) => void;
  /** Aborting stops the run (the Ctrl-C path); a signal name as reason is forwarded instead of SIGTERM. */
  signal?: AbortSignal;
  /** Aborting skips what is left of every grace period: the trees are SIGKILLed at once (a second Ctrl-C). */
  killSignal?: AbortSignal;
  clock?: Clock;
  procRoot?: string;
  cgroupRoot?: string;
  /** If headroom dies without ending the run, leave its processes running (the keeper says so) instead of stopping them. */
  keepOnCrash?: boolean;
  /** Where to read the kernel's OOM-killer lines; null to not read it. */
  kmsgPath?: string | null;
  /** Called once the record is open with its event sink: what runs beside the supervisor (the observers) records through it. */
  onRecordOpened?: (event: EventSink) => void;
}

/** How a process's host memory limit is enforced. */
export type HostEnforcement = 'cgroup' | 'watchdog' | 'none';
