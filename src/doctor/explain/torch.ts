// Why PyTorch's caching allocator failed, from the numbers in its message (FACTS Q7-Q9).
import type { Draft } from '../candidates.js';
import { type Explanation, num, size } from './types.js';

const GiB = 1024 ** 3;

/** The numbers of a PyTorch OOM, with what the message leaves implicit worked out. */
export function torchNumbers(draft: Draft) {
  const { facts } = draft;
  const allocatedBytes = num(facts, 'allocatedBytes');
  const unallocatedBytes =
    num(facts, 'reservedUnallocatedBytes') ??
    (num(facts, 'reservedBytes') !== undefined && allocatedBytes !== undefined
      ? num(facts, 'reservedBytes')! - allocatedBytes
      : undefined);
  const reservedBytes = num(facts, 'reservedBytes') ?? (allocatedBytes ?? 0) + (unallocatedBytes ?? 0);
  const others = (draft.holders ?? []).filter((h) => !h.isSelf);
  const totalBytes = num(facts, 'totalBytes');
  const freeBytes = num(facts, 'freeBytes');
  // Old messages list no processes: what is neither free nor PyTorch's is other processes plus
  // this process's CUDA context (~0.3-1.5 GiB, FACTS Q5); only count what exceeds 1.5 GiB.
  const unexplainedBytes =
    others.length === 0 && totalBytes !== undefined && freeBytes !== undefined && draft.holders === undefined
      ? Math.max(0, totalBytes - freeBytes - reservedBytes - 1.5 * GiB)
      : 0;
  const otherBytes = others.reduce((sum, h) => sum + h.bytes, 0) + unexplainedBytes;
  return { allocatedBytes, unallocatedBytes, reservedBytes, others, otherBytes, totalBytes, freeBytes };
}

function confVariable(draft: Draft): string {
  const named = draft.facts.allocConfVariable;
  return typeof named === 'string' ? named : 'PYTORCH_CUDA_ALLOC_CONF';
}

/** Picks among memory cap, impossible request, co-tenant, fragmentation and a too-large batch. */
export function explainTorch(draft: Draft): Explanation {
  const n = torchNumbers(draft);
  const requestedBytes = num(draft.facts, 'requestedBytes') ?? 0;
  const allowedBytes = num(draft.facts, 'allowedBytes');
  const device = draft.facts.device ?? 0;
  const total = n.totalBytes ?? 0;
  const shortfallBytes = Math.max(0, requestedBytes - (n.freeBytes ?? 0));
  const batchFix = batchAdvice(requestedBytes, shortfallBytes, n.allocatedBytes);

  if (
    allowedBytes !== undefined &&
    total > 0 &&
    allowedBytes < total * 0.98 &&
    n.reservedBytes + requestedBytes > allowedBytes
  ) {
    const fraction = Math.min(1, Math.ceil(((n.reservedBytes + requestedBytes) / total) * 100) / 100);
    return {
      cause: 'memory_cap',
      causeText: `the per-process fraction allows ${size(allowedBytes)}; PyTorch holds ${size(n.reservedBytes)} and needs ${size(requestedBytes)} more`,
      fixes: [
        `raise the cap if the GPU's other budgets allow it: torch.cuda.set_per_process_memory_fraction(${fraction.toFixed(2)})`,
        batchFix,
      ],
    };
  }
  if (total > 0 && requestedBytes > total) {
    return {
      cause: 'request_exceeds_device',
      causeText: `a single allocation of ${size(requestedBytes)} is larger than the whole GPU (${size(total)}): a shape or configuration problem, not a tuning one`,
      fixes: [
        `find the tensor of ${size(requestedBytes)} at the failing line and check its shape (batch × sequence length × hidden size); no allocator setting can fit it`,
      ],
    };
  }
  if (total > 0 && n.otherBytes >= Math.max(0.25 * total, shortfallBytes) && n.otherBytes > 0) {
    const pids = n.others.map((h) => h.pid);
    const who = pids.length > 0 ? `PID ${pids.join(', ')}` : 'other processes (or a display)';
    return {
      cause: 'co_tenant',
      causeText: `${who} hold${pids.length === 1 ? 's' : ''} ${size(n.otherBytes)} of GPU ${device}'s ${size(total)}; this process needed ${size(requestedBytes)} with ${size(n.freeBytes ?? 0)} free`,
      fixes: [
        `see who holds GPU ${device}: nvidia-smi --query-compute-apps=pid,used_memory --format=csv`,
        `stop ${who} or run on another GPU (CUDA_VISIBLE_DEVICES=<a free GPU>); to share GPU ${device} on purpose, give every process a budget with headroom plan`,
      ],
    };
  }
  const unallocatedBytes = n.unallocatedBytes ?? 0;
  // Cached blocks the allocator could not free (split, partly in use) that would hold the request,
  // or a fifth of the card stranded that way: fragmentation either way.
  // The cache held more than the request but in pieces too small: that is fragmentation by
  // definition (PyTorch's own hint), once the stranded amount is not a rounding crumb.
  if (
    unallocatedBytes > 0 &&
    (unallocatedBytes >= Math.max(requestedBytes, 0.01 * total) || unallocatedBytes >= 0.2 * total)
  ) {
    return {
      cause: 'fragmentation',
      causeText: `PyTorch has ${size(unallocatedBytes)} reserved but unallocated${total > 0 ? ` (of ${size(total)})` : ''} that it could not use for the ${size(requestedBytes)} request: fragmentation`,
      fixes: [fragmentationFix(draft), batchFix],
    };
  }
  // Say where the whole card went: PyTorch's pool, what lies outside it (the context, other
  // processes), and what was free; the batch is what is left to cut.
  const outsideBytes =
    total > 0 && n.freeBytes !== undefined ? Math.max(0, total - n.freeBytes - n.reservedBytes) : undefined;
  const outside =
    outsideBytes === undefined
      ? ''
      : `, ${size(outsideBytes)} outside PyTorch (this process's CUDA context, ~0.3-1.5 GiB, and any other process)`;
  return {
    cause: 'batch_too_large',
    causeText: `the GPU is full with this process's own work: PyTorch holds ${size(n.reservedBytes)} (${size(n.allocatedBytes ?? n.reservedBytes)} in tensors)${total > 0 ? ` of ${size(total)}` : ''}${outside}, ${size(n.freeBytes ?? 0)} free, ${size(requestedBytes)} more requested`,
    fixes: [batchFix],
  };
}

function fragmentationFix(draft: Draft): string {
  const text = draft.evidence.text;
  if (/reserved in total by PyTorch/.test(text)) {
    // 1.x messages predate expandable segments; max_split_size_mb exists since 1.10 (min 20, FACTS Q7).
    return `export PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:128 (or, on PyTorch ≥ 2.1, export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True)`;
  }
  if (/cached\)/.test(text))
    return 'upgrade PyTorch (≥ 2.1) and export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True';
  return `export ${confVariable(draft)}=expandable_segments:True`;
}

function batchAdvice(
  requestedBytes: number,
  shortfallBytes: number,
  allocatedBytes: number | undefined,
): string {
  if (allocatedBytes !== undefined && requestedBytes > allocatedBytes) {
    return `one allocation of ${size(requestedBytes)} is larger than all of PyTorch's other tensors together (${size(allocatedBytes)}): look at the operation on the failing line (an attention matrix, a concatenation) and halve the batch size or sequence length that feeds it`;
  }
  if (allocatedBytes === undefined || allocatedBytes === 0 || shortfallBytes === 0) {
    return 'lower the batch size (halve it) or use activation checkpointing (torch.utils.checkpoint) and mixed precision';
  }
  // Activations grow with the batch; cutting by the missing share (plus the request) is the least that helps.
  const percent = Math.min(
    90,
    Math.max(10, Math.ceil(((shortfallBytes + requestedBytes) / allocatedBytes) * 100)),
  );
  return `lower the batch size by at least ${percent}% (${size(shortfallBytes)} short of the ${size(requestedBytes)} request), or use activation checkpointing (torch.utils.checkpoint) and mixed precision`;
}
