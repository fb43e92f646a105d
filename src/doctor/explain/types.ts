// What an explainer gets and gives: a draft diagnosis and its context in, a cause and fixes out.
import { formatBytes } from '../../units.js';
import type { Draft } from '../candidates.js';
import type { Cause, Facts, Layer } from '../types.js';

/** Facts about the whole log (command lines, worker pools) and the other drafts. */
export interface ExplainContext {
  context: Facts;
  drafts: readonly Draft[];
}

/** The likely cause in a sentence, and fixes a user can apply as written. */
export interface Explanation {
  cause: Cause;
  causeText: string;
  fixes: string[];
  /** A more exact layer than the first matching line gave (a memory cgroup rather than the kernel). */
  framework?: Layer;
}

/** A number fact, or undefined. */
export function num(facts: Facts, key: string): number | undefined {
  const value = facts[key];
  return typeof value === 'number' ? value : undefined;
}

/** "9.35 GiB" style, for sentences. */
export const size = (bytes: number): string => formatBytes(bytes);

/** A fraction of total memory for JAX, floored to two decimals so N processes fit (FACTS Q2). */
export function fractionFor(processCount: number): string {
  // Leave ~10% of the card for CUDA contexts and libraries, which no fraction covers (FACTS Q5).
  return (Math.floor((0.9 / processCount) * 100) / 100).toFixed(2);
}
