// What the cause judge (cause.ts) decides from and what it decides: the facts of one failure, the sample
// nearest it, and the decision with its numbers. Types and words only; cause.ts judges.
import type { LogNumbers } from '../doctor/stream/output-reader.js';
import type { GpuCap } from '../plan/cap.js';
import type { Confidence, ExitReason } from '../vocabulary.js';

/** What a memory failure ran into. */
export type CauseKind = 'own-cap' | 'card-full' | 'host-limit' | 'unknown';

export const causeKinds: readonly CauseKind[] = ['own-cap', 'card-full', 'host-limit', 'unknown'];

/** The words for each kind, as every output starts its sentence. */
export const causeLabels: Record<CauseKind, string> = {
  'own-cap': 'own cap',
  'card-full': 'card full',
  'host-limit': 'host limit',
  unknown: "can't tell",
};

/** Another process on the card when this one failed. */
export interface Neighbour {
  name: string;
  gpuBytes: number | null;
  /** Its planned GPU budget; null when the plan gave it none on this card. */
  budgetBytes: number | null;
  /** The context allowance the plan keeps beside its budget. */
  contextBytes: number;
}

/** The sample nearest a failure (the last one that still saw the failing process). */
export interface SampleAtFailure {
  /** How long before the failure it was taken. */
  ageMs: number;
  /** The failing process's tree on the card then. */
  selfGpuBytes: number | null;
  /** Processes of its tree on the card then (its GPU clients); absent when not counted. */
  selfClients?: number | undefined;
  card: { index: number; totalBytes: number; usedBytes: number | null } | null;
  neighbours: Neighbour[];
}

/** Everything the cause is decided from. */
export interface CauseFacts {
  name: string;
  reason: ExitReason;
  /** The memory headroom killed it over, when `reason` is killed-by-headroom. */
  headroomKill: 'host' | 'gpu' | null;
  /** Null when nothing caps it in-process (`framework: other`, `enforce: warn` for torch). */
  cap: GpuCap | null;
  /** The context allowance beside its budget (NVML's per-process bytes include the context). */
  contextBytes: number;
  /** Several GPU clients share the budget (`gpu_clients`): the cap is per client. */
  gpuClients: number;
  /** Its own whole GPU budget (every client's), to tell when its own tree filled the card. */
  budgetBytes?: number | null | undefined;
  log: LogNumbers;
  sample: SampleAtFailure | null;
  hostLimitBytes: number | null;
  /** Who killed it for its node's memory, not for its own limit (Ray's memory monitor); absent otherwise. */
  nodeMemoryKiller?: string | undefined;
}

/** Someone who held more GPU memory than planned when the process failed. */
export interface OverBudget {
  name: string;
  gpuBytes: number;
  /** Budget plus context allowance; 0 for a process the plan gave nothing on this card. */
  allowedBytes: number;
  overBytes: number;
}

/** The decision: what the failure ran into, how sure, and the numbers behind it. */
export interface FailureCause {
  kind: CauseKind;
  confidence: Confidence;
  /** The kind in words (`own cap`, `card full`, ...) followed by the numbers, one sentence. */
  text: string;
  requestedBytes: number | null;
  capBytes: number | null;
  /** What its own pool held when it asked. */
  inUseBytes: number | null;
  cardFreeBytes: number | null;
  /** card-full: who held more than planned at that moment, largest overrun first. */
  overBudget: OverBudget[];
  /** unknown: what would decide it. */
  wouldDecide: string | null;
  /** Where the numbers came from: the framework's own message, headroom's samples, or both. */
  source: 'framework' | 'sample' | 'both' | 'none';
}
