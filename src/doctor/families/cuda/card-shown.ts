// The card's fill as nvidia-smi shows it, pasted beside a library that could not start (issue 23 item 4:
// "a cuBLAS/cuDNN failure with figures showing the card full"). nvidia-smi's table prints each GPU's
// Memory-Usage cell as "<used>MiB / <total>MiB" (NVIDIA nvidia-smi(1), "Memory Usage"; the table's
// "|  9772MiB /  9995MiB |"), and users retell that cell in words ("nvidia-smi shows 9772MiB / 9995MiB
// allocated"). A library's handle needs free memory to start (cublasCreate and cudnnCreate allocate on
// the device: docs.nvidia.com/cuda/cublas "cublasCreate()"; resolve.ts libraryInitFreeBytes), so a
// card shown full beside CUBLAS/CUDNN_STATUS_NOT_INITIALIZED decides it as memory.
// Only that direction: a card shown with room proves nothing, since nvidia-smi is often run after the
// crash, when the failed process's memory is already gone.
import type { FactRule, Facts } from '../../types.js';

// "<used>MiB / <total>MiB" with the MiB unit on both, as nvidia-smi prints it, on a line that is a
// table row ("|") or says it is nvidia-smi's or the GPU's memory in use (not a download's progress).
const usageCell = /\b(\d+) ?MiB *\/ *(\d+) ?MiB\b/;
const usageContext = /\||nvidia-smi|\b(?:memory|VRAM|allocated|used|usage|in use|occupied)\b/i;
const MiB = 1024 ** 2;

/** The most free any card is shown with (the largest total - used): every card is at least this full. */
export const cardShownFactRule: FactRule = {
  family: 'context',
  keywords: ['mib /', 'mib/'],
  pattern: usageCell,
  source:
    'NVIDIA nvidia-smi(1) Memory-Usage column ("%dMiB / %dMiB"); docs.nvidia.com/cuda/cublas cublasCreate',
  keep: 'max',
  extract: (m): Facts => {
    const used = Number(m[1]);
    const total = Number(m[2]);
    if (!usageContext.test(m.input) || total <= 0 || used > total) return {};
    return { cardShownMostFreeBytes: (total - used) * MiB };
  },
};
