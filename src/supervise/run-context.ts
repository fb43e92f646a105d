// The state one run shares between its process runners, the sampler and the stop path.

import type { OutputReader } from '../doctor/stream/output-reader.js';
import type { Clock, LaunchSpec, ProcessState, ProcessStatus, SuperviseUpdate } from '../launch/types.js';
import type { MemoryCgroup } from '../probe/host/cgroup.js';
import type { CgroupDetection } from '../probe/host/cgroup-detect.js';
import type { KernelLog } from '../probe/host/kernel-log.js';
import type { GpuPeak } from '../run-record/peaks.js';
import type { ExactPeak } from '../run-record/schema.js';
import type { EventSink, RunRecord } from '../run-record/writer.js';
import type { HeadroomMemoryKill } from '../verdict/memory-kill.js';
import type { TreeOomKill } from '../verdict/types.js';
import type { TreeHandle } from './process-tree.js';
import { listRanks, type RanksSeen } from './ranks.js';
import type { ReadinessBoard } from './start-order.js';
import type { TreeMembers } from './tree-members.js';
import type { HostEnforcement } from './types.js';

/** Why headroom began stopping an attempt. */
export type StopCause = 'interrupt' | 'headroom' | 'oom-kill';

/** One running instance of a process. */
export interface Attempt extends TreeHandle {
  startedAtMs: number;
  /** The cgroup's OOM-kill counter when last read (at start, then every sample). */
  oomKillCounter: number | null;
  /** Kills the cgroup counted during this attempt. */
  countedOomKills: number;
  /** Counted kills not yet matched to a victim, and since when. */
  unnamedOomKills: number;
  unnamedSinceMs: number | null;
  /** Victims found in its tree during this attempt. */
  oomKills: TreeOomKill[];
  /** Set when headroom kills it (watchdog, GPU enforcement): the sentence why. */
  headroomKill: string | null;
  /** The memory headroom killed it over. */
  headroomKillOver: HeadroomMemoryKill | null;
  /** The most processes of its tree seen on a card at once, once said (0 until then). */
  reportedGpuClients: number;
  /** The last samples that saw it, each with the lines of output read by then (bounded). */
  sampleTrail: { lines: number; seen: SeenSample }[];
  /** The stop in progress (Ctrl-C, enforcement, an OOM kill in the tree), if any, and why. */
  stopping: Promise<{ signal: NodeJS.Signals; killedPids: number[] }> | null;
  stopCause: StopCause | null;
  /** Its output, read by doctor's line classifier as it is written. */
  output: OutputReader;
  /** Every process seen in its tree, for naming OOM-kill victims. */
  members: TreeMembers;
  isExited: boolean;
}

/** When a process first went over its GPU budget, and the highest it reached while over. */
export interface BudgetExceeded {
  peakGpuBytes: number;
  budgetBytes: number;
  /** The context allowance it was allowed beside the budget. */
  contextBytes: number;
  atMs: number;
}

/** The last sample that saw a process running: every process's GPU bytes then, and the cards. */
export interface SeenSample {
  /** On the monotonic clock (ages are measured against the exit's). */
  atMs: number;
  gpuBytes: Record<string, number | null>;
  /** Each process's processes on the cards (its GPU clients). */
  gpuClients: Record<string, number>;
  cards: { index: number; totalBytes: number; usedBytes: number | null }[] | null;
}

/** A process across its attempts: what the status line and the summary show. */
export interface LiveProcess {
  spec: LaunchSpec;
  state: ProcessState;
  restarts: number;
  group: MemoryCgroup | null;
  hostEnforcement: HostEnforcement;
  attempt: Attempt | null;
  isReady: boolean;
  lastHostBytes: number | null;
  /** The last sample's own memory of the tree (tree-memory.ts ownBytes): what fit judges a level on. */
  lastOwnHostBytes: number | null;
  lastGpuBytes: number | null;
  peakSampledHostBytes: number;
  /** Highest Σ RSS and Σ PSS of the tree over the samples (labelled apart in the summary). */
  peakSampledRssBytes: number;
  peakSampledPssBytes: number;
  /** Samples taken of this process; 0 for one that ended before the first. */
  sampleCount: number;
  peakGpuBytes: number | null;
  /** The highest attempt's exact GPU peak from peaks.jsonl, and every line its clients wrote. */
  exactGpuPeak: GpuPeak | null;
  exactPeaks: ExactPeak[];
  isOverGpuBudget: boolean;
  budgetExceeded: BudgetExceeded | null;
  /** What the last sample that saw it running held (the cause judge's view of its failure). */
  lastSeenSample: SeenSample | null;
  /** Processes of its tree seen outside its cgroup. */
  cgroupEscapes: { pid: number; command: string | null; atMs: number }[];
  /** Why its host limit is not enforced as asked, or null. */
  hostLimitProblem: string | null;
  /** OOM kills in its tree over every attempt. */
  oomKills: TreeOomKill[];
  /** The ranks of a multi-rank job in its tree (RANK in their environment), by rank; empty otherwise. */
  ranks: RanksSeen;
}

export interface RunContext {
  runId: string;
  clock: Clock;
  procRoot: string;
  stopGraceMs: number;
  outputPollMs: number;
  sampleIntervalMs: number;
  backoffMs: (restart: number) => number;
  /** An attempt that ran this long resets the back-off to its first step. */
  healthyRunMs: number;
  record: RunRecord;
  cgroupParent: CgroupDetection;
  kernelLog: KernelLog | null;
  /** Kernel-log victims already attributed to some process (`pid:line`), so none is counted twice. */
  attributedKills: Set<string>;
  readiness: ReadinessBoard;
  live: Map<string, LiveProcess>;
  /** Aborted when the run is being stopped. */
  stopSignal: AbortSignal;
  /** Aborted when the stop must not wait any more (a second Ctrl-C): SIGKILL at once. */
  skipGraceSignal: AbortSignal;
  /** What a stop sends first: the signal headroom received, or SIGTERM. */
  stopWith: () => NodeJS.Signals;
  emit: (update: SuperviseUpdate) => void;
  /** Appends to events.jsonl and tells the renderer. */
  event: EventSink;
}

/** The status line's view of every process. */
export function statusOf(context: RunContext): ProcessStatus[] {
  return [...context.live.values()].map((live) => ({
    name: live.spec.name,
    state: live.state,
    pid: live.attempt && !live.attempt.isExited ? live.attempt.pid : null,
    restarts: live.restarts,
    hostBytes: live.lastHostBytes,
    ownHostBytes: live.lastOwnHostBytes,
    hostLimitBytes: live.spec.hostMemoryBytes,
    gpuBytes: live.lastGpuBytes,
    gpuBudgetBytes: live.spec.gpuBudgetBytes,
    ...(live.ranks.size > 0 ? { ranks: listRanks(live.ranks) } : {}),
  }));
}

/** A process before its first start. */
export function newLiveProcess(spec: LaunchSpec): LiveProcess {
  return {
    spec,
    state: 'waiting',
    restarts: 0,
    group: null,
    hostEnforcement: 'none',
    attempt: null,
    isReady: false,
    lastHostBytes: null,
    lastOwnHostBytes: null,
    lastGpuBytes: null,
    peakSampledHostBytes: 0,
    peakSampledRssBytes: 0,
    peakSampledPssBytes: 0,
    sampleCount: 0,
    peakGpuBytes: null,
    exactGpuPeak: null,
    exactPeaks: [],
    isOverGpuBudget: false,
    budgetExceeded: null,
    lastSeenSample: null,
    oomKills: [],
    ranks: new Map(),
    cgroupEscapes: [],
    hostLimitProblem: null,
  };
}
