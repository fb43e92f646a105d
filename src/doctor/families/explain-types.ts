// What an explainer gets and gives: a draft diagnosis and its context in, a cause and fixes out.
// Every fix carries the fact it rests on (`because`), so a reader can check it against the log.
import { formatBytes } from '../../units.js';
import type { Draft } from '../candidates.js';
import type { Cause, CauseAlternative, Facts, FixDetail, GpuHolder, Layer } from '../types.js';

/** The frameworks the log shows (paths, exception classes, library names), each judged once. */
export interface Frameworks {
  jax: boolean;
  torch: boolean;
  tensorflow: boolean;
  /** Reactant.jl: an XLA front end with its own XLA_REACTANT_GPU_MEM_FRACTION. */
  reactant: boolean;
}

/** Facts about the whole log (command lines, worker pools, frameworks) and the other drafts. */
export interface ExplainContext {
  context: Facts;
  drafts: readonly Draft[];
  frameworks: Frameworks;
}

/** The likely cause in a sentence, and fixes a user can apply as written, each with its reason. */
export interface Explanation {
  cause: Cause;
  causeText: string;
  fixes: FixDetail[];
  /** A more exact layer than the first matching line gave (a memory cgroup rather than the kernel). */
  framework?: Layer;
  /** The listed GPU processes, with the one the message's arithmetic shows to be this process marked. */
  holders?: GpuHolder[];
  /** Other causes the family's own figures leave open (cause-alternatives.ts adds the general ones). */
  alternatives?: CauseAlternative[];
}

/** A fix and the fact it rests on. */
export function fix(text: string, because: string): FixDetail {
  return { fix: text, because };
}

/** A diagnosis's `fixes` and `fixDetails`: the same fixes in the same order, alone and with their reasons. */
export function fixFields(details: readonly FixDetail[]): { fixes: string[]; fixDetails: FixDetail[] } {
  return { fixes: details.map((f) => f.fix), fixDetails: [...details] };
}

/** A number fact, or undefined. */
export function num(facts: Facts, key: string): number | undefined {
  const value = facts[key];
  return typeof value === 'number' ? value : undefined;
}

/** "9.35 GiB" style, for sentences. */
export const size = (bytes: number): string => formatBytes(bytes);

/**
 * The most of a card that JAX pools may take, together: the rest is for CUDA contexts and
 * libraries, which no fraction covers (FACTS Q5). Above it a fraction leaves too little room.
 */
export const maxJaxPoolFraction = 0.9;

/** A fraction of total memory for JAX, floored to two decimals so N processes fit (FACTS Q2). */
export function fractionFor(processCount: number): string {
  return (Math.floor((maxJaxPoolFraction / processCount) * 100) / 100).toFixed(2);
}

/** The one command that lists who holds a GPU, with the fact behind it. */
export function seeHolders(device?: number | string): FixDetail {
  const which = device === undefined ? 'the GPU' : `GPU ${device}`;
  return fix(
    `see who holds ${which}: nvidia-smi --query-compute-apps=pid,used_memory --format=csv`,
    'NVML lists every process with a context on the card and its memory, host PIDs even inside containers (NVML docs, nvmlMemory_v2_t)',
  );
}
