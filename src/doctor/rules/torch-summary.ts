// torch.cuda.memory_summary(): the table a training loop (or fairseq's OOM handler) prints after
// an OOM. Its "CUDA OOMs" counter is the allocator's own count; its rows give allocated, reserved
// and non-releasable (fragmented) memory, to judge reserved against allocated without the message.
import type { FactRule, LogRule } from '../types.js';
import { definedFacts, intOf } from './extract.js';

// torch/cuda/memory.py memory_summary `_format_size`: integer division by 1024 per step, printed
// "B/KB/MB/GB" in old releases and "B/KiB/MiB/GiB" in new ones; both mean powers of 1024.
const tableUnits: Record<string, number> = {
  b: 1,
  kb: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
  tb: 1024 ** 4,
  tib: 1024 ** 4,
};

/** Bytes of a memory_summary cell ("15046 MB", "512 B", "14324 MiB"); undefined if it is not one. */
export function summaryCellBytes(cell: string): number | undefined {
  const match = /^\s*(\d+)\s*([KMGT]?i?B)\s*$/i.exec(cell);
  const unit = match ? tableUnits[match[2]!.toLowerCase()] : undefined;
  return match && unit !== undefined ? Number(match[1]) * unit : undefined;
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
