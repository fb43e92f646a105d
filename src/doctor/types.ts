// The vocabulary of `doctor`: what a diagnosis says, and the shape of the rules that find them.
import type { Finding, Severity } from '../plan/types.js';
import type { Confidence, MemoryKind } from '../vocabulary.js';

/** What ran out: GPU memory, host RAM, /dev/shm, a simulator's fixed buffer; `none` for near misses. */
export type DiagnosisKind = MemoryKind;

/** The framework or layer that raised the failure. */
export type Layer =
  | 'jax'
  | 'torch'
  | 'tensorflow'
  | 'cuda'
  | 'cudnn'
  | 'cublas'
  | 'nccl'
  | 'physx'
  | 'kernel'
  | 'cgroup'
  | 'slurm'
  | 'kubernetes'
  | 'ray'
  | 'mujoco'
  | 'warp'
  /** Inference engines (src/doctor/families/<engine>/). */
  | 'vllm'
  | 'sglang'
  | 'tensorrt-llm'
  | 'tgi'
  | 'other';

/** The likely cause, chosen by rules with numeric preconditions over the log's own numbers. */
export type Cause =
  | 'fragmentation'
  | 'co_tenant'
  | 'preallocation'
  /** A framework's or program's cap on its own pool or use (a memory fraction, a KV-cache share, a setting). */
  | 'memory_cap'
  | 'batch_too_large'
  | 'request_exceeds_device'
  /** The program's own need (remat, BufferAssignment) is several times the pool. */
  | 'program_too_large'
  /** The card is so small that the CUDA context alone takes a large share of it. */
  | 'device_too_small'
  /** Memory outside a preallocated pool (library handles, a simulator) ran out. */
  | 'outside_pool'
  /** Parameters and optimizer state, not the batch, failed to fit. */
  | 'model_state'
  /** Models built in a loop pile up in one graph/session. */
  | 'models_accumulated'
  /** A whole host array copied to the GPU as one tensor. */
  | 'input_copy'
  /** The framework's pool was small from the start (little was free when it began). */
  | 'small_pool'
  /** The numbers in the message contradict each other; no cause is picked. */
  | 'inconsistent_numbers'
  | 'host_ram'
  /** A host allocation failed inside a live process (MemoryError, ENOMEM). */
  | 'host_allocation'
  | 'dataloader_workers'
  /**
   * A limit put on the process's memory as a whole: a container's, pod's or Slurm job's (cgroup or Slurm
   * accounting), or its runtime's maximum heap (the JVM's -Xmx, V8's old space, Android's per-app heap).
   */
  | 'memory_limit'
  /** A user-space monitor killed it at its threshold (Ray's memory monitor, systemd-oomd, earlyoom's own kill). */
  | 'memory_monitor'
  | 'shm_too_small'
  | 'sim_buffer_capacity'
  /** A simulator asked for an absurd capacity: its state blew up (NaN), no buffer size fixes it. */
  | 'physics_blowup'
  | 'renderer_memory'
  | 'not_memory'
  | 'unknown';

/** A fix and the fact it rests on (shown under `doctor --verbose`, and in `--json`). */
export interface FixDetail {
  fix: string;
  because: string;
}

/** A cause the log's evidence cannot rule out beside the one picked, and what would decide it. */
export interface CauseAlternative {
  cause: Cause;
  /** What the user can check or run to tell this cause from the one picked. */
  decidedBy: string;
}

/** The failure line a diagnosis lacks (missing-failure-line.ts): what stands in its place, and what decides. */
export interface MissingFailureLine {
  /** What the log shows where the failure line would be (an allocator's dump, a cut traceback, a bare kill). */
  saw: string;
  /** What to paste or run to decide what failed. */
  toDecide: string;
}

/** A number or a word the text states; sizes are whole bytes and their names end in `Bytes`. */
export type FactValue = number | string | boolean;
/** Facts a diagnosis states, by name. */
export type Facts = Record<string, FactValue>;

/** Another process the failure message lists as holding GPU memory. */
export interface GpuHolder {
  pid: number;
  bytes: number;
  /** The message says this is the failing process itself. */
  isSelf: boolean;
}

/** The line a diagnosis rests on (1-based), trimmed to a readable length. */
export interface Evidence {
  line: number;
  text: string;
}

/** One diagnosis: a Finding (shared codes and severities) plus what `doctor` adds. */
export interface Diagnosis extends Finding {
  kind: DiagnosisKind;
  framework: Layer;
  summary: string;
  cause: Cause;
  /** The cause in a sentence, with the numbers behind it. */
  causeText: string;
  facts: Facts;
  fixes: string[];
  /** The same fixes, in the same order, each with the fact it rests on. */
  fixDetails: FixDetail[];
  evidence: Evidence;
  /** certain: a framework's own OOM report; likely: strong but generic (exit 137); possible: a hint. */
  confidence: Confidence;
  /** How many lines matched this diagnosis's signatures. */
  occurrences: number;
  /** GPU processes the message lists (PyTorch 2.1+), when it lists them. */
  holders?: GpuHolder[];
  /**
   * Other causes the log cannot rule out (cause-alternatives.ts), each with what would decide it;
   * absent when the evidence decided. `cause` is still the one the rules pick.
   */
  causeAlternatives?: CauseAlternative[];
  /**
   * Present when the line that reports the failure is not in the log: the reading rests on what a
   * program prints only beside a failure (an allocator's dump, a stack through the allocator, a bare
   * kill), or nothing could be read and the log ends inside a traceback ("can't tell").
   */
  failureLineMissing?: MissingFailureLine;
}

/** What a signature's extractor gets: the matched text (wrapped lines rejoined) and the match. */
export interface RuleInput {
  text: string;
  match: RegExpExecArray;
  /** Up to a few dozen lines before the hit, oldest first, for context (traceback, ranks). */
  before: readonly string[];
  /** The hit's own line, without the continuation lines `text` may have rejoined. */
  firstText?: string;
}

/** What a rule contributes on a hit. */
export interface RuleHit {
  facts?: Facts;
  holders?: GpuHolder[];
  /** Overrides the rule's framework (e.g. XLA vs TensorFlow decided by the file path). */
  framework?: Layer;
  /** Overrides the rule's kind (e.g. a cuDNN failure with plenty of memory free is a near miss). */
  kind?: DiagnosisKind;
  /** Merge key beyond kind; hits with the same group merge into one diagnosis. */
  group?: string;
  /** Overrides the rule's weight (a grammar whose spellings differ in strength). */
  weight?: 1 | 2 | 3;
}

/** A signature: a small pure rule over one log line (or two rejoined wrapped lines). */
export interface LogRule {
  code: string;
  kind: DiagnosisKind;
  framework: Layer;
  /** 3: a framework's own OOM report; 2: strong but generic (exit 137, bare Killed); 1: a weak hint. */
  weight: 1 | 2 | 3;
  /** Lower-case substrings; a line is only tested when one occurs (the streaming prefilter). */
  keywords: readonly string[];
  pattern: RegExp;
  /** Where the text comes from in the framework's source, for people checking the rule. */
  source: string;
  /** Following lines to append before extracting (messages that users' terminals wrap). */
  continuationLines?: number;
  /**
   * A line that continues the message even after a sentence's end (a paste that broke PyTorch's
   * "CUDA out of memory." from its "Tried to allocate ..."): read only with `continuationLines`.
   */
  continuesWith?: RegExp;
  summary: string;
  /** Merge key beyond kind (default: the framework; host_oom and shm merge across layers). */
  group?: string;
  /** A generic echo (a CUDA error code, an exception class): dropped when a specific diagnosis of its kind exists. */
  isGeneric?: boolean;
  /** A last-resort reading (allocation/generic.ts): dropped wherever any other signature read the log. */
  isLastResort?: boolean;
  extract?: (input: RuleInput) => RuleHit | undefined;
  /**
   * The rule reads evidence a program prints beside a failure, not the failure line itself (an
   * allocator's dump, a stack through the allocator, a bare kill): what its diagnosis says is missing.
   */
  withoutFailureLine?: MissingFailureLine;
}

/** A rule that only adds facts to diagnoses of a family (allocator dumps, stats blocks). */
export interface FactRule {
  family: string;
  keywords: readonly string[];
  pattern: RegExp;
  source: string;
  extract: (match: RegExpExecArray) => Facts;
  /** Which value a fact keeps when several lines state it: the first (default), the last, or the largest. */
  keep?: 'first' | 'last' | 'max';
  /** A flag that cannot change once set (a framework seen): the rule is not tested again. */
  once?: boolean;
}

/** Everything `doctor` found, for one target or several. */
export interface DoctorReport {
  diagnoses: Diagnosis[];
  findings: DoctorFinding[];
}

/** A static finding (environment, Python source) with where it is. */
export interface DoctorFinding extends Finding {
  file?: string;
  line?: number;
}

export type { Severity };
