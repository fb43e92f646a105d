// The words every command uses for how a process ended and how sure headroom is: the CLI,
// summary.json, events.jsonl, `fit --json` and `doctor --json` all take them from here.

/** Why a process (or a trial) ended. summary.json's original words are kept as they were. */
export type ExitReason =
  /** Exited with code 0. */
  | 'exited'
  /** Failed for a reason that is not memory (non-zero exit, could not start, dependency never ready). */
  | 'failed'
  /** The kernel's (or a cgroup's) OOM killer killed it, or a process of its tree. */
  | 'oom-killed'
  /** A device (GPU) allocation failed: any framework's OOM, cuDNN/cuBLAS out of memory. */
  | 'gpu-oom'
  /** A host allocation failed inside the process (Python MemoryError, ENOMEM, std::bad_alloc). */
  | 'host-oom'
  /** /dev/shm was full (DataLoader bus error, NCCL shm segment). */
  | 'shm-full'
  /** A simulator's fixed-size GPU buffer overflowed (PhysX capacities). */
  | 'sim-capacity'
  /** headroom stopped it: its watchdog, `enforce: kill`, an OOM kill in its tree under `on_oom_kill: stop`. */
  | 'killed-by-headroom'
  /** Killed by a signal from outside, not attributable to memory. */
  | 'signal'
  /** headroom was interrupted (Ctrl-C, SIGTERM) and stopped it. */
  | 'interrupted';

export const exitReasons: readonly ExitReason[] = [
  'exited',
  'failed',
  'oom-killed',
  'gpu-oom',
  'host-oom',
  'shm-full',
  'sim-capacity',
  'killed-by-headroom',
  'signal',
  'interrupted',
];

// The one reason → kind table: kindForReason reads it, memoryReasons are the reasons of a memory kind.
const kindOfReason: Record<ExitReason, MemoryKind> = {
  exited: 'none',
  failed: 'none',
  'oom-killed': 'host_oom',
  'gpu-oom': 'gpu_oom',
  'host-oom': 'host_oom',
  'shm-full': 'shm',
  'sim-capacity': 'sim_capacity',
  'killed-by-headroom': 'none',
  signal: 'none',
  interrupted: 'none',
};

/** The reasons that mean "ran out of memory", whatever the memory: those of a memory kind. */
export const memoryReasons: readonly ExitReason[] = exitReasons.filter((r) => kindOfReason[r] !== 'none');

/** True when `reason` is a memory failure of any kind. */
export function isMemoryReason(reason: string): boolean {
  return (memoryReasons as readonly string[]).includes(reason);
}

/**
 * How sure a verdict is. certain: the kernel, a cgroup counter or the framework's own message says
 * so; likely: strong but indirect evidence (exit 137, a kill counted in the tree); possible: a
 * hint; unknown: nothing rules it in or out.
 */
export type Confidence = 'certain' | 'likely' | 'possible' | 'unknown';

export const confidences: readonly Confidence[] = ['certain', 'likely', 'possible', 'unknown'];

/** What ran out, as `doctor` names it (DESIGN "Data for tests": the corpus labels map to these). */
export type MemoryKind = 'gpu_oom' | 'host_oom' | 'shm' | 'sim_capacity' | 'none';

/** Every memory kind, for schemas (`doctor --json`). */
export const memoryKinds: readonly MemoryKind[] = ['gpu_oom', 'host_oom', 'shm', 'sim_capacity', 'none'];

/**
 * The exit reason a memory kind stands for. `host_oom` is `oom-killed` when the process (or its
 * tree) was killed for it, and `host-oom` when an allocation failed inside a process that lived on.
 */
export function reasonForKind(kind: MemoryKind, options: { isKilled: boolean }): ExitReason | null {
  switch (kind) {
    case 'gpu_oom':
      return 'gpu-oom';
    case 'host_oom':
      return options.isKilled ? 'oom-killed' : 'host-oom';
    case 'shm':
      return 'shm-full';
    case 'sim_capacity':
      return 'sim-capacity';
    default:
      return null;
  }
}

/** The memory kind an exit reason reports (`none` for every reason that is not a memory failure). */
export function kindForReason(reason: string): MemoryKind {
  return (exitReasons as readonly string[]).includes(reason) ? kindOfReason[reason as ExitReason] : 'none';
}
