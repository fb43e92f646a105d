// The local supervisor's inputs; what every backend shares (LaunchSpec, the updates, the summary) is
// src/launch/types.ts.

import type { Clock, LaunchSpec, SuperviseUpdate } from '../launch/types.js';
import type { GpuProbe } from '../probe/gpu/types.js';
import type { RunOrigin } from '../run-record/schema.js';
import type { EventSink } from '../run-record/writer.js';

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
