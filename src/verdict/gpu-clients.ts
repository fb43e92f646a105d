// Several GPU clients inside one planned process (joblib or multiprocessing workers, a Ray local
// cluster, DataLoader workers touching CUDA): each is its own pool and context, and each reads the
// one fraction or cap the process was given. The sentence and the fix, said the same way live and by
// doctor. Pure.
import { profileOf } from '../frameworks/index.js';
import type { GpuCap } from '../plan/cap.js';
import { formatBytes } from '../units.js';

/** What was seen of one process's clients, and what it was planned with. */
export interface GpuClientsSeen {
  /** The config's process name (what headroom.yaml calls it). */
  process: string;
  framework: string;
  /** Processes of its tree seen holding GPU memory at once. */
  count: number;
  /** `gpu_clients` as planned (1 unless set). */
  plannedClients: number;
  /** The cap each client reads (per planned client); null when nothing caps it in-process. */
  cap: GpuCap | null;
  /** The card's total memory; null when unknown. */
  totalBytes: number | null;
  /** The process's whole budget; null when unplanned. */
  budgetBytes: number | null;
}

const percent = (share: number): string => `${Math.round(share * 1000) / 10}%`;

/** `3 JAX clients share one 90% fraction → 270% of the card`, and the config change that fixes it. */
export function describeGpuClients(seen: GpuClientsSeen): { sentence: string; fix: string } {
  const { count, cap, totalBytes } = seen;
  const words = profileOf(seen.framework).poolWords;
  const who = `${count} ${words.clients} clients`;
  let sentence: string;
  if (cap && totalBytes) {
    const share = cap.bytes / totalBytes;
    const what = words.share({ percent: percent(share), bytes: formatBytes(cap.bytes) });
    sentence = `${who} share ${what} → ${percent(share * count)} of the card`;
  } else if (seen.budgetBytes) {
    sentence = `${who} share one ${formatBytes(seen.budgetBytes)} budget, each with its own pool and CUDA context`;
  } else {
    sentence = `${who} in one process, each with its own pool and CUDA context`;
  }
  const each =
    seen.budgetBytes && totalBytes
      ? ` (each then gets ${percent(seen.budgetBytes / count / totalBytes)} of the card and its own context allowance)`
      : '';
  return {
    sentence,
    fix: `set gpu_clients: ${count} for ${seen.process} in headroom.yaml (--gpu-clients ${count} with run -- CMD)${each}, or run them as replicas: ${count}`,
  };
}
