// The cap a planned process's framework holds each of its GPU clients to from inside, in bytes and
// words: what the cause judge (src/verdict/cause.ts) weighs a GPU OOM against. The framework's profile
// knows how it caps (src/frameworks/). Pure.
import { profileOf } from '../frameworks/index.js';
import type { InProcessCap } from '../frameworks/types.js';

/** What of a planned process the cap depends on (plan.json carries all of it). */
export interface CappedProcess {
  framework?: string | undefined;
  capBy?: string | undefined;
  budgetBytes?: number | undefined;
  gpuClients?: number | undefined;
}

/** The cap a framework holds one GPU client to from inside, and what sets it (for sentences). */
export type GpuCap = InProcessCap;

/** The bytes one GPU client of `p` may hold in its framework's pool; null when nothing caps it in-process. */
export function inProcessCap(p: CappedProcess, totalBytes: number): GpuCap | null {
  const clients = Math.max(1, p.gpuClients ?? 1);
  const budgetBytes = (p.budgetBytes ?? 0) / clients;
  if (totalBytes <= 0 || budgetBytes <= 0) return null;
  return profileOf(p.framework).inProcessCap({ capBy: p.capBy, budgetBytes, totalBytes });
}
