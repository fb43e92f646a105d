// The cap a planned process's framework holds each of its GPU clients to from inside, in bytes and
// words: what the cause judge (src/verdict/cause.ts) weighs a GPU OOM against. Pure.
import { floorFraction, formatFraction } from './framework-env.js';

/** What of a planned process the cap depends on (plan.json carries all of it). */
export interface CappedProcess {
  framework?: string | undefined;
  capBy?: string | undefined;
  budgetBytes?: number | undefined;
  gpuClients?: number | undefined;
}

/** The cap a framework holds one GPU client to from inside, and what sets it (for sentences). */
export interface GpuCap {
  bytes: number;
  /** `XLA_PYTHON_CLIENT_MEM_FRACTION=0.3000`, `PyTorch's per-process fraction 0.2500`, ... */
  by: string;
}

const MiB = 1024 ** 2;

/** The bytes one GPU client of `p` may hold in its framework's pool; null when nothing caps it in-process. */
export function inProcessCap(p: CappedProcess, totalBytes: number): GpuCap | null {
  const clients = Math.max(1, p.gpuClients ?? 1);
  const budgetBytes = (p.budgetBytes ?? 0) / clients;
  if (totalBytes <= 0 || budgetBytes <= 0) return null;
  const fraction = formatFraction(budgetBytes / totalBytes);
  switch (p.capBy) {
    case 'env':
      // JAX: XLA_PYTHON_CLIENT_MEM_FRACTION of total caps the pool (FACTS Q2).
      return p.framework === 'jax'
        ? {
            bytes: Math.floor(floorFraction(budgetBytes / totalBytes) * totalBytes),
            by: `XLA_PYTHON_CLIENT_MEM_FRACTION=${fraction}`,
          }
        : null;
    case 'alloc-conf':
    case 'bootstrap':
      if (p.framework === 'torch')
        return {
          bytes: Math.floor(floorFraction(budgetBytes / totalBytes) * totalBytes),
          by: `PyTorch's per-process memory fraction ${fraction}`,
        };
      if (p.framework === 'tensorflow') {
        const limitMiB = Math.floor(budgetBytes / MiB);
        return { bytes: limitMiB * MiB, by: `TensorFlow's ${limitMiB} MiB device limit` };
      }
      return null;
    default:
      return null;
  }
}
