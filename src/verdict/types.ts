// What the one judge of a process's end looks at: the process facts (exit status, signals, what
// headroom did, the kernel's OOM victims) and the verdict its own output gave.
import type { LogVerdict } from '../doctor/stream/output-reader.js';
import type { GpuCap } from '../plan/cap.js';
import type { Confidence, ExitReason } from '../vocabulary.js';
import type { FailureCause, SampleAtFailure } from './cause.js';
import type { HeadroomMemoryKill } from './memory-kill.js';

/** What doctor's classifier made of a process's output (doctor owns the reader and its verdict). */
export type { LogVerdict };

/** Who a killed process was in the supervised tree. */
export type TreeRole = 'main' | 'worker';

/**
 * One OOM kill of a process in a supervised tree, as the record keeps it (summary.json `oomKills[]`,
 * event `oom-kill`); src/run-record/schema.ts holds its schema to this type.
 */
export type TreeOomKill = {
  /** null when the cgroup counted a kill that neither the kernel log nor the tree could name. */
  pid: number | null;
  /** Its command line as sampled (or the kernel's command name), null when unknown. */
  command: string | null;
  /** Its RSS when killed: the kernel's anon + file + shmem RSS, else the last sample; 0 when unknown. */
  rssBytes: number;
  /** Milliseconds since the epoch when headroom saw the kill. */
  atMs: number;
  role: TreeRole;
  /** `DataLoader worker`, `multiprocessing worker`, `forked child of the main process`, ... */
  roleText: string;
  /** kernel-log: the kernel named it; tree: a member vanished as the cgroup counted a kill. */
  source: 'kernel-log' | 'tree';
  /** Its RANK and LOCAL_RANK when it was a rank of a multi-rank job (torchrun, accelerate). */
  rank?: number;
  localRank?: number | null;
};

/** A launcher's own account of an end: whether it was for memory, and its words. */
export interface LauncherEnd {
  /** The launcher killed it because its node ran low on host memory (Ray's memory monitor). */
  isMemory: boolean;
  /** Who, as a sentence's subject: `Ray's memory monitor`. */
  killer: string;
  /** One sentence naming who said it: `Ray's memory monitor killed its actor: "…"`. */
  because: string;
}

/** Everything known about one ended attempt of one process. */
export interface EndFacts {
  /** The process's name, as sentences name it. */
  name: string;
  pid: number | null;
  exitCode: number | null;
  signal: string | null;
  /** Why it could not be started (spawn error), if so. */
  spawnError: string | null;
  /** Set when headroom itself killed it (watchdog, GPU enforcement): the sentence why. */
  headroomKill: string | null;
  /** The memory that kill was over: its host limit (watchdog) or its GPU budget (enforce: kill). */
  headroomKillOver?: HeadroomMemoryKill | null;
  /**
   * What the launcher itself says ended it, in its own words (Ray: its memory monitor killed the actor's
   * worker, the actor's worker or node died); null or absent when it says nothing.
   */
  launcherEnd?: LauncherEnd | null;
  /** The run was being stopped (Ctrl-C, SIGTERM) when it ended. */
  isInterrupted: boolean;
  /** The signal a stop sent first (SIGTERM, or the one headroom received). */
  stopSignal: string | null;
  /** Stopping it needed SIGKILL after the grace period. */
  wasKilledAfterGrace: boolean;
  /** OOM kills its cgroup counted during this attempt; null without a cgroup. */
  cgroupOomKills: number | null;
  hostLimitBytes: number | null;
  /** The OOM killer's victims in its tree during this attempt. */
  oomKills: readonly TreeOomKill[];
  /** Whether the kernel log could be read (so a SIGKILL with no victim there is not an OOM kill). */
  isKernelLogReadable: boolean;
  /** headroom stopped it because of an OOM kill in its tree (`on_oom_kill: stop`). */
  wasStoppedForOomKill: boolean;
  /** `stop` (the default): any OOM kill in the tree fails the process; `warn`: a clean exit after one is clean. */
  onOomKill: 'stop' | 'warn';
  /** What its output says, through doctor's classifier; null when it printed nothing it knows. */
  log: LogVerdict | null;
  /** The cap its framework holds each GPU client to from inside; null when nothing does. */
  gpuCap: GpuCap | null;
  /** The CUDA context allowance beside its budget, per client. */
  gpuContextBytes: number;
  /** GPU clients sharing its budget (`gpu_clients`). */
  gpuClients: number;
  /** Its whole GPU budget (every client's); null or absent when unplanned. */
  gpuBudgetBytes?: number | null;
  /** What the last sample that saw it running held; null when none did (or on Slurm). */
  sampleAtFailure: SampleAtFailure | null;
}

/** The verdict: why it ended, how sure, the evidence in one sentence. */
export interface Verdict {
  reason: ExitReason;
  confidence: Confidence;
  because: string;
  /** What a memory failure ran into (own cap, card full, host limit, can't tell); absent otherwise. */
  cause?: FailureCause;
}
