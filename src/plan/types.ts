// The data that flows between config loading, planning, supervision and rendering.
import type { SourceLocation } from '../errors.js';
import type { PlannedEngineFlag } from '../frameworks/engine-plan.js';

// What a framework is lives in src/frameworks/ (one profile per framework); these names are its.
import type { CapMethod, Enforcement, ProfileFinding } from '../frameworks/types.js';

export type { Framework } from '../frameworks/index.js';
export { frameworks } from '../frameworks/index.js';
export type { CapMethod, Enforcement } from '../frameworks/types.js';
export { enforcements } from '../frameworks/types.js';

import type { Framework } from '../frameworks/index.js';

/** A budget as written: bytes, a fraction of the device's total, or an equal share of what remains. */
export type BudgetSpec =
  | { kind: 'bytes'; bytes: number }
  | { kind: 'fraction'; fraction: number }
  | { kind: 'rest' };

export type RestartPolicy = 'no' | 'on-failure' | 'always';

/** A GPU as known to the planner: declared in the config or on the command line, or probed. */
export interface DeviceSpec {
  index: number;
  name: string;
  uuid?: string;
  totalBytes: number;
  simulated: boolean;
  /** A model named by the user (`a100-40gb`, src/plan/cards.ts), whose recorded total this is. */
  model?: string;
}

/** One process entry of headroom.yaml after validation. */
export interface ProcessSpec {
  name: string;
  /** A string is run by `/bin/sh -c`; a list is an argv. */
  command: string | string[] | undefined;
  framework: Framework;
  gpuMemory: BudgetSpec | undefined;
  hostMemoryBytes: number | undefined;
  replicas: number | undefined;
  /**
   * GPU clients inside one process (joblib or multiprocessing workers, a Ray local cluster, DataLoader
   * workers touching CUDA), each with its own pool and context: each gets budget / N. Undefined: 1.
   */
  gpuClients?: number | undefined;
  /** Device index this process is pinned to; undefined means placed by the planner. */
  gpu: number | undefined;
  /** Extra variables for the child, as written; checked against the plan. */
  env: Record<string, string>;
  /** JAX only: keep XLA's preallocation (the pool is grabbed at the first allocation). */
  preallocate: boolean;
  restart: RestartPolicy;
  maxRestarts: number;
  dependsOn: string[];
  /** A regular expression; the process counts as ready when a line of its output matches. */
  readyWhen: string | undefined;
  enforce: Enforcement;
  /** When the OOM killer kills a process of its tree: stop the whole process, or warn and go on. */
  onOomKill: 'stop' | 'warn';
  /** PyTorch only: the release the process runs (`2.1.0`), as written; decides which allocator keys are safe. */
  torchVersion?: string;
  /** PyTorch only: the process shares CUDA tensors with others (CUDA IPC), so no expandable segments. */
  sharesCudaTensors?: boolean;
  /** Absolute working directory: the config's directory unless `cwd:` says otherwise. */
  cwd: string;
  /** Where the process is declared, for errors found after loading (a missing command at `run`). */
  location?: SourceLocation;
}

/** A size the config wrote in decimal units (GB = 10^9 B), to say what it was read as. */
export interface SizeNote {
  /** Dotted field path: `gpus[0].memory`, `processes.learner.host_memory`. */
  field: string;
  /** As written: `24GB`. */
  text: string;
  bytes: number;
}

/** One Ray node declared in the config's `ray: nodes:` (to plan on a cluster that is not running). */
export interface DeclaredRayNode {
  name: string;
  address: string;
  cpus: number;
  memoryBytes: number;
  gpuCount: number;
  /** Each card's memory; undefined takes the top-level `gpus:` (or --gpu). */
  gpuMemoryBytes: number | undefined;
  resources: Record<string, number>;
}

/** The config's `ray:`: the cluster `plan --on ray` reads (address), or one declared (nodes). */
export interface RaySpec {
  address: string | undefined;
  nodes: DeclaredRayNode[];
}

/** headroom.yaml after validation: every default filled in. */
export interface Spec {
  /** The file it came from, for messages; undefined when built from flags. */
  file: string | undefined;
  gpus: DeviceSpec[];
  reserveBytes: number;
  contextOverheadBytes: number;
  stopGraceMs: number;
  processes: ProcessSpec[];
  /** Sizes written in decimal units, with what they were read as. */
  sizeNotes?: SizeNote[];
  /** The config's `ray:`, when it has one. */
  ray?: RaySpec;
}

export type Severity = 'error' | 'warning' | 'info';

/** One finding or diagnosis; plan, run and doctor share this shape and its stable codes (the profiles' checks give it too). */
export type Finding = ProfileFinding;

/** A device with the planner's totals. */
export interface PlannedDevice {
  index: number;
  name: string;
  uuid?: string;
  simulated: boolean;
  totalBytes: number;
  /** The model named by the user (`a100-40gb`), when the total came from src/plan/cards.ts. */
  model?: string;
  /** totalBytes − reserve. */
  usableBytes: number;
  /** Σ (budget + overhead) of the processes placed here. */
  plannedBytes: number;
}

/** One running instance: a process, or one replica of it (`actor.1`). */
export interface PlannedProcess {
  name: string;
  process: string;
  replica: number | null;
  framework: Framework;
  /** Device index, or null for a process that does not touch a GPU. */
  device: number | null;
  budgetBytes: number;
  overheadBytes: number;
  /** budgetBytes / totalBytes of its device (0 without a device). */
  fraction: number;
  /** GPU clients sharing the budget (`gpu_clients`): each is told budget / N; overheadBytes counts N contexts. */
  gpuClients: number;
  /** Variables headroom sets for this process (the config's `env:` included). */
  env: Record<string, string>;
  /** Inherited variables removed from the child, because they would contradict `env`. */
  unsetEnv: string[];
  /** How the GPU cap is applied, in a sentence for people. */
  capNote: string;
  /** What holds it to its budget; `env`, `alloc-conf` and `bootstrap` make it fail with its own OOM there. */
  capBy: CapMethod;
  hostMemoryBytes: number | null;
  /**
   * What the plan fills into the command's placeholders (`{budget_bytes}`, an engine's
   * `{gpu_memory_utilization}`); only for an engine or a command that writes one.
   */
  placeholders?: Record<string, string>;
  /** An inference engine's memory flag as planned: its value, its base, who it starts after. */
  engineFlag?: PlannedEngineFlag;
}

export interface Plan {
  devices: PlannedDevice[];
  processes: PlannedProcess[];
  findings: Finding[];
}
