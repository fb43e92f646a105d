// What a framework is to headroom: one profile object per framework (src/frameworks/<name>.ts), like one
// knip plugin. The plan, the config, fit, the checks and the bootstrap ask the profile; nothing outside
// src/frameworks/ switches on a framework's name. This folder imports nothing from plan/ (plan imports
// it), so the shapes a profile reads are declared here and plan's types satisfy them.
import type { EngineKnob } from './engine-knob.js';

/**
 * How a process's GPU budget is held: `cap` by its framework inside the process (JAX's fraction,
 * PyTorch's per-process fraction, TensorFlow's logical device limit), so it fails with its own OOM
 * at its budget; `warn` and `kill` by headroom watching it from outside.
 */
export type Enforcement = 'cap' | 'warn' | 'kill';

export const enforcements: readonly Enforcement[] = ['cap', 'warn', 'kill'];

/**
 * What holds a planned process to its budget: `env` JAX's fraction variable, `alloc-conf` PyTorch's
 * `per_process_memory_fraction` allocator key, `bootstrap` headroom's Python bootstrap
 * (python/headroom_boot), `flag` an inference engine's own memory flag in its command (filled into
 * `{gpu_memory_utilization}` and the like), `watch` nothing in-process (headroom samples it), `none` no GPU.
 */
export type CapMethod = 'env' | 'alloc-conf' | 'bootstrap' | 'flag' | 'watch' | 'none';

/** The device a process is planned on, as far as its environment depends on it. */
export interface EnvDevice {
  index: number;
  uuid?: string | undefined;
  totalBytes: number;
}

/** A process entry of the config as far as a profile reads it (plan's ProcessSpec satisfies it). */
export interface ProfiledProcess {
  name: string;
  preallocate: boolean;
  enforce: Enforcement;
  torchVersion?: string | undefined;
  sharesCudaTensors?: boolean | undefined;
  env: Record<string, string>;
}

/** What a profile is given to build one GPU client's environment. */
export interface BudgetEnvInput {
  process: ProfiledProcess;
  device: EnvDevice;
  /** The budget of one GPU client: the process's budget / gpuClients. */
  budgetBytes: number;
  /** The fraction as the child reads it (`0.3000`: floored to 4 decimals, formatFraction). */
  fraction: string;
  /** The bootstrap's directory, or null where it cannot be used. */
  bootstrapDir: string | null;
  inheritedEnv: Record<string, string | undefined>;
}

/** A profile's variables for one process: what it sets, what it removes, and what caps it. */
export interface FrameworkEnv {
  env: Record<string, string>;
  /** Inherited variables the child must not see (they would contradict `env`). */
  unset: string[];
  capNote: string;
  capBy: CapMethod;
}

/** The cap one GPU client is held to in-process, in bytes and in words (what the cause judge weighs). */
export interface InProcessCap {
  bytes: number;
  by: string;
}

/** A planned process as a plan check reads it (plan's PlannedProcess satisfies it). */
export interface CheckedProcess {
  name: string;
  process: string;
  framework: string;
  device: number | null;
  budgetBytes: number;
  env: Record<string, string>;
  unsetEnv: string[];
  capBy: CapMethod;
}

/** A finding as plan, run and doctor share it (plan's Finding is this shape). */
export interface ProfileFinding {
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  process?: string;
  device?: number;
  facts?: Record<string, string | number | boolean | null>;
  fixes?: string[];
}

/** What a plan check owned by a profile sees: the plan's processes, the config's, the inherited env. */
export interface ProfileCheckContext {
  processes: readonly CheckedProcess[];
  specProcesses: readonly (ProfiledProcess & { framework: string })[];
  inheritedEnv: Record<string, string | undefined>;
}

/** A small pure rule over the plan, owned by one framework. */
export type ProfileCheck = (context: ProfileCheckContext) => ProfileFinding[];

/** A setting only some releases of a framework accept, and the first one that does. */
export interface VersionGate {
  /** The setting (`per_process_memory_fraction in PYTORCH_CUDA_ALLOC_CONF`). */
  setting: string;
  distribution: string;
  from: string;
}

/** fit's trial environment for a framework, and the note that says why. */
export interface TrialEnv {
  env: Record<string, string>;
  note: string;
}

/** A variable a framework (or the CUDA runtime) reads. */
export interface KnownVariable {
  name: string;
  /** Where it is read, when not the list's own source. */
  source?: string;
  /** What is in effect when it is not set (so a misspelt one is ignored): "preallocation stays on". */
  unsetEffect?: string;
}

/** The environment variables one reader (a framework, CUDA, NCCL) reads, and the source they are read in. */
export interface KnownVariables {
  source: string;
  variables: readonly KnownVariable[];
}

/** Everything headroom knows about one framework. */
export interface FrameworkProfile<Name extends string = string> {
  /** As written in headroom.yaml (`framework: jax`) and in every --json output. */
  name: Name;
  /** Other names it goes by in logs and command lines (`pytorch`); profileOf finds it by them. The config writes `name`. */
  aliases: readonly string[];
  /** For people: `PyTorch`. */
  label: string;
  /** False for `none`: the process gets no GPU (CUDA_VISIBLE_DEVICES is empty). */
  usesGpu: boolean;
  /** Python distributions whose installed version decides its environment (read by the bootstrap). */
  distributions: readonly string[];
  /** What it needs which release for (`expandable_segments` from torch 2.1), each with its source. */
  versionGates: readonly VersionGate[];
  /** The share of the card its allocator takes by default when left alone (XLA's 75%); null: what it needs. */
  defaultPool: { fraction: number; allocator: string } | null;
  /** How `init` recognises it in a running process: shared libraries it loads, words in a command line. */
  detect: { libraries: RegExp | null; commandWords: RegExp | null };
  /** `enforce:` when the config says nothing. */
  defaultEnforcement: Enforcement;
  /** Whether `enforce: cap` can be met in-process at all. */
  canCap: boolean;
  /** Config keys only this framework accepts. */
  ownKeys: readonly string[];
  /** The variables for one GPU client's budget (CUDA_VISIBLE_DEVICES and headroom's own come from the plan). */
  budgetEnv: (input: BudgetEnvInput) => FrameworkEnv;
  /** Bytes the framework will really hold a client to (JAX's cap is floor4(fraction) × total). */
  enforcedBudgetBytes: (budgetBytes: number, totalBytes: number) => number;
  /** The cap one client is held to in-process under `capBy`; null when nothing caps it there. */
  inProcessCap: (input: {
    capBy: string | undefined;
    budgetBytes: number;
    totalBytes: number;
  }) => InProcessCap | null;
  /** What to tell the user when the plan could not cap a process that asked to be capped. */
  noCapAdvice: (p: CheckedProcess) => string;
  /** Inherited variables this framework reads, checked before a plan (env-checks.ts judges values). */
  envVariables: readonly string[];
  /** Every variable it reads, with where and what its absence means (doctor's near-miss names); null: none known. */
  knownVariables: KnownVariables | null;
  /** Checks this framework owns: of what the config's env: writes, of the plan, of the inherited env. */
  checks: {
    config: readonly ProfileCheck[];
    plan: readonly ProfileCheck[];
    inherited: readonly ProfileCheck[];
  };
  /** The doctor family (src/doctor/families/<name>/) that reads this framework's errors; null: none. */
  doctorFamily: string | null;
  /** How a GPU-clients verdict names its clients (`3 JAX clients`) and the cap they share (`one 30% fraction`). */
  poolWords: { clients: string; share: (cap: { percent: string; bytes: string }) => string };
  /** fit's trial environment, so a trial's peak is what the program needs; null: the plan's as is. */
  trialEnv: TrialEnv | null;
  /** What the bootstrap does for this framework's processes (python/headroom_boot), for people. */
  bootstrap: string;
  /**
   * An inference engine's memory flag (vLLM's --gpu-memory-utilization): the plan computes it from the
   * budget on the engine's own base and fills it into the command (engine-plan.ts). Absent for the others.
   */
  engineKnob?: EngineKnob;
}
