// The state one run shares between its process runners, the sampler and the stop path.

import type { MemoryCgroup } from '../probe/host/cgroup.js';
import type { CgroupDetection } from '../probe/host/cgroup-detect.js';
import type { KernelLog } from '../probe/host/kernel-log.js';
import type { TreeHandle } from './process-tree.js';
import type { RunRecord } from './run-record.js';
import type { ReadinessBoard } from './start-order.js';
import type {
  Clock,
  EventType,
  HostEnforcement,
  LaunchSpec,
  ProcessState,
  ProcessStatus,
  SuperviseUpdate,
} from './types.js';

/** One running instance of a process. */
export interface Attempt extends TreeHandle {
  startedAtMs: number;
  oomKillsAtStart: number | null;
  /** Set when headroom kills it (watchdog, GPU enforcement): the sentence why. */
  headroomKill: string | null;
  /** The stop in progress (Ctrl-C, enforcement), if any. */
  stopping: Promise<{ signal: NodeJS.Signals; killedPids: number[] }> | null;
  gpuOomSignature: string | null;
  isExited: boolean;
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
  lastGpuBytes: number | null;
  peakSampledHostBytes: number;
  /** Samples taken of this process; 0 for one that ended before the first. */
  sampleCount: number;
  peakGpuBytes: number | null;
  isOverGpuBudget: boolean;
}

export interface RunContext {
  runId: string;
  clock: Clock;
  procRoot: string;
  stopGraceMs: number;
  outputPollMs: number;
  sampleIntervalMs: number;
  backoffMs: (restart: number) => number;
  record: RunRecord;
  cgroupParent: CgroupDetection;
  kernelLog: KernelLog | null;
  readiness: ReadinessBoard;
  live: Map<string, LiveProcess>;
  /** Aborted when the run is being stopped. */
  stopSignal: AbortSignal;
  /** What a stop sends first: the signal headroom received, or SIGTERM. */
  stopWith: () => NodeJS.Signals;
  emit: (update: SuperviseUpdate) => void;
  /** Appends to events.jsonl and tells the renderer. */
  event: (
    type: EventType,
    process: string | undefined,
    message: string,
    fields?: Record<string, unknown>,
  ) => void;
}

/** The status line's view of every process. */
export function statusOf(context: RunContext): ProcessStatus[] {
  return [...context.live.values()].map((live) => ({
    name: live.spec.name,
    state: live.state,
    pid: live.attempt && !live.attempt.isExited ? live.attempt.pid : null,
    restarts: live.restarts,
    hostBytes: live.lastHostBytes,
    hostLimitBytes: live.spec.hostMemoryBytes,
    gpuBytes: live.lastGpuBytes,
    gpuBudgetBytes: live.spec.gpuBudgetBytes,
  }));
}
