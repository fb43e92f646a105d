// torch.cuda.memory_summary(): the table a training loop (or fairseq's OOM handler) prints after
// an OOM. Its "CUDA OOMs" counter is the allocator's own count; its rows give allocated, reserved
// and non-releasable (fragmented) memory, to judge reserved against allocated without the message.
import { parseLogSize } from '../../sizes.js';
import type { FactRule, LogRule } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';

/**
 * Bytes of a memory_summary cell ("15046 MB", "512 B", "14324 MiB"); undefined if it is not one.
 * torch/cuda/memory.py `_format_size` divides by 1024 per step and prints "B/KB/MB/GB" in old
 * releases, "B/KiB/MiB/GiB" in new ones: both are powers of 1024, so each is read in its binary form (MiB)
 * (parseLogSize takes an upper-case "MB" as SI).
 */
export function summaryCellBytes(cell: string): number | undefined {
  const match = /^\s*(\d+)\s*(?:([KMGT])i?)?B\s*$/i.exec(cell);
  if (!match) return undefined;
  const prefix = match[2]?.toUpperCase();
  return parseLogSize(`${match[1]} ${prefix === undefined ? 'B' : `${prefix}iB`}`);
}

// Row names of memory_summary's metrics_to_display (allocated_bytes, reserved_bytes, inactive_split_bytes).
const rowFacts: Record<string, [current: string, peak: string]> = {
  'Allocated memory': ['summaryAllocatedBytes', 'summaryPeakAllocatedBytes'],
  'GPU reserved memory': ['summaryReservedBytes', 'summaryPeakReservedBytes'],
  'Non-releasable memory': ['summaryNonReleasableBytes', 'summaryPeakNonReleasableBytes'],
};

const source = 'pytorch torch/cuda/memory.py memory_summary';

/** The summary's OOM counter: one or more OOMs means this process's allocator failed. */
export const torchSummaryRules: LogRule[] = [
  {
    code: 'torch-memory-summary-oom',
    kind: 'gpu_oom',
    framework: 'torch',
    weight: 3,
    keywords: ['cuda ooms:'],
    pattern: /CUDA OOMs: (\d+)\s*\|\s*cudaMalloc retries: (\d+)/,
    source,
    summary: "PyTorch's memory summary counts CUDA out-of-memory errors in this process",
    extract: ({ match }) => {
      const ooms = intOf(match[1]) ?? 0;
      return ooms > 0
        ? { facts: definedFacts({ oomCount: ooms, mallocRetries: intOf(match[2]) }) }
        : undefined;
    },
  },
];

/** Rows of the table, as facts of the torch family (current and peak). */
export const torchSummaryFactRules: FactRule[] = [
  {
    family: 'torch',
    keywords: ['allocated memory', 'gpu reserved memory', 'non-releasable memory'],
    pattern: /^\W*(Allocated memory|GPU reserved memory|Non-releasable memory)\s*\|\s*([^|]+)\|\s*([^|]+)\|/,
    source,
    extract: (m) => {
      const [current, peak] = rowFacts[m[1]!]!;
      return definedFacts({ [current]: summaryCellBytes(m[2]!), [peak]: summaryCellBytes(m[3]!) });
    },
  },
  {
    family: 'torch',
    keywords: ['pytorch cuda memory summary, device id'],
    pattern: /PyTorch CUDA memory summary, device ID (\d+)/,
    source,
    extract: (m) => definedFacts({ summaryDevice: intOf(m[1]) }),
  },
];
