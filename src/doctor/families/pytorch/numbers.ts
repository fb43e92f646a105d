// The numbers of a PyTorch OOM message, with what it leaves implicit worked out, and the checks
// that decide whether they can be trusted (FACTS Q9). Pure arithmetic; each rule is exported so its
// boundary can be tested.
import type { Draft } from '../../candidates.js';
import type { Facts, GpuHolder } from '../../types.js';
import { num, size } from '../explain-types.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/** The most a process's own CUDA context (and loaded modules) takes outside PyTorch (FACTS Q5: 0.25–1.5 GiB). */
export const contextMaxBytes = 1.5 * GiB;

/**
 * Unlisted memory beyond what this process may hold counts as other processes' only past this
 * margin: the context's size is known only within its range (FACTS Q5) and a display server or
 * Windows' WDDM keeps more beside it, so a few hundred MiB more is within the estimate's error.
 */
export const unlistedMarginBytes = 0.5 * GiB;

/**
 * Share of the card that libraries in the same process may hold outside PyTorch's figures besides
 * the context: NCCL's buffers, cuBLAS/cuDNN workspaces, CUDA graphs' pools, all growing with the
 * job and the card (an 80 GB card's 2.5 GiB outside PyTorch is no other process: gpt-4-llm#16).
 */
export const inProcessLibraryShare = 0.05;

/** The numbers of one PyTorch OOM, in bytes. */
export interface TorchNumbers {
  requestedBytes: number;
  totalBytes?: number;
  freeBytes?: number;
  allocatedBytes?: number;
  unallocatedBytes?: number;
  /** Allocated plus reserved-but-unallocated: the caching allocator's segments. */
  reservedBytes: number;
  /** "this process has N memory in use", when the message says so and it is plausible. */
  processBytes?: number;
  /** The listed process that must be this one, by the message's own arithmetic. */
  self?: GpuHolder;
  /** Listed processes other than this one. */
  others: GpuHolder[];
  /** Memory that can only be other processes': listed ones, or (old messages) what no context explains. */
  otherBytes: number;
  /** What the request lacked beyond free memory (all of it where the free is the card's last blocks). */
  shortfallBytes: number;
  /**
   * The free memory covers the request only by less than the card's last blocks (isFullToLastBlocks):
   * the card is full, and the figures are read as for a request above what is free.
   */
  isFullToLastBlocks: boolean;
  /** Memory on the card that is neither free nor PyTorch's segments (contexts, displays, others). */
  outsideBytes?: number;
  /**
   * Unlisted memory past this process's own outside PyTorch that the figures leave to other
   * processes but do not show held by one (no list): smaller than PyTorch's own segments, it is
   * not counted in `otherBytes` (unlistedDominates), only offered as an alternative cause.
   */
  unlistedUnshownBytes?: number;
}

/**
 * With no process listed, unlisted memory names other processes as the cause only where it is more
 * than PyTorch's own segments. The unlisted figure is an estimate: the desktop and browser (a few
 * GiB under Windows' WDDM), the context and the process's own libraries all sit in it, while
 * PyTorch's segments are this process's by the allocator's own count (c10/cuda/CUDACachingAllocator.cpp
 * "reserved in total by PyTorch"). A few GiB beside many GiB of PyTorch's own do not show another
 * process; what does is a list (PyTorch 2.1+ "Process N has", nvidia-smi) or others holding more than
 * this process. Spent threads: 2.2-4.1 GiB unlisted beside 10-21 GiB of PyTorch's, the batch was cut
 * (4 threads) and once the desktop was blamed (ComfyUI#3278); 7.8-56 GiB unlisted beside 0.1-5 GiB of
 * PyTorch's, another process held the card (3 threads).
 */
export function unlistedDominates(unlistedBytes: number, reservedBytes: number): boolean {
  return unlistedBytes > reservedBytes;
}

/**
 * The listed process that must be this one: when the list accounts for all used memory (NVML
 * lists every process, host PIDs even in containers, FACTS Q13) and exactly one entry is large
 * enough to hold PyTorch's reserved segments. Undefined when the message does not settle it.
 */
export function selfByArithmetic(
  holders: readonly GpuHolder[],
  numbers: { totalBytes?: number; freeBytes?: number; reservedBytes: number },
): GpuHolder | undefined {
  const { totalBytes, freeBytes, reservedBytes } = numbers;
  if (holders.length === 0 || totalBytes === undefined || freeBytes === undefined) return undefined;
  const usedBytes = totalBytes - freeBytes;
  const listedBytes = holders.reduce((sum, h) => sum + h.bytes, 0);
  const toleranceBytes = Math.max(256 * MiB, 0.02 * usedBytes);
  if (Math.abs(listedBytes - usedBytes) > toleranceBytes) return undefined;
  // One process listed for all used memory, PyTorch's own figures cut off: this process holds at
  // least its CUDA context by the time its allocator fails, so NVML lists it, and it is the only one.
  if (reservedBytes === 0) return holders.length === 1 ? holders[0] : undefined;
  const large = holders.filter((h) => h.bytes >= reservedBytes);
  return large.length === 1 ? large[0] : undefined;
}

/** Why the numbers cannot all be true, or undefined when they agree (1% slack for rounding). */
export function contradictionOf(n: {
  totalBytes?: number;
  freeBytes?: number;
  allocatedBytes?: number;
  reservedBytes: number;
}): string | undefined {
  const total = n.totalBytes;
  if (total === undefined || total === 0) return undefined;
  const slack = 1.01 * total;
  if (n.allocatedBytes !== undefined && n.allocatedBytes > slack)
    return `PyTorch reports ${size(n.allocatedBytes)} allocated on a GPU of ${size(total)} total`;
  if (n.reservedBytes > slack)
    return `PyTorch reports ${size(n.reservedBytes)} reserved on a GPU of ${size(total)} total`;
  if (n.freeBytes !== undefined && n.freeBytes + n.reservedBytes > slack)
    return `${size(n.freeBytes)} free plus PyTorch's ${size(n.reservedBytes)} is more than the GPU's ${size(total)}`;
  return undefined;
}

/** PyTorch's allocated memory as the message (or its memory_summary) states it. */
const allocatedOf = (facts: Facts): number | undefined =>
  num(facts, 'allocatedBytes') ?? num(facts, 'summaryAllocatedBytes');
/** PyTorch's reserved memory as the message (or its memory_summary) states it. */
const reservedOf = (facts: Facts): number | undefined =>
  num(facts, 'reservedBytes') ?? num(facts, 'summaryReservedBytes');

/**
 * What PyTorch reserved but has not handed out: the message's own figure (2.1+ "reserved by PyTorch
 * but unallocated"), else reserved less allocated (c10/cuda/CUDACachingAllocator.cpp: the reserve is
 * the allocated blocks plus the cached free ones). The one reading of it, for the explainer
 * (torchNumbers) and the alternatives (cause-alternatives.ts).
 */
export function reservedUnallocatedOf(facts: Facts): number | undefined {
  const allocated = allocatedOf(facts);
  const reserved = reservedOf(facts);
  return (
    num(facts, 'reservedUnallocatedBytes') ??
    (reserved !== undefined && allocated !== undefined ? reserved - allocated : undefined)
  );
}

/** The numbers of a PyTorch OOM draft. */
export function torchNumbers(draft: Draft): TorchNumbers {
  const { facts } = draft;
  const allocatedBytes = allocatedOf(facts);
  const statedReserved = reservedOf(facts);
  const unallocatedBytes = reservedUnallocatedOf(facts);
  const reservedBytes = statedReserved ?? (allocatedBytes ?? 0) + (unallocatedBytes ?? 0);
  const totalBytes = num(facts, 'totalBytes');
  const freeBytes = num(facts, 'freeBytes');
  const requestedBytes = num(facts, 'requestedBytes') ?? 0;
  const stated = num(facts, 'processBytes');
  // NVML can fail to match the process (containers: "this process has 0 bytes"); a figure below
  // what PyTorch itself reserved cannot be this process's usage.
  const processBytes = stated !== undefined && stated + 64 * MiB >= reservedBytes ? stated : undefined;
  const holders = draft.holders ?? [];
  const self =
    processBytes === undefined
      ? selfByArithmetic(holders, { totalBytes, freeBytes, reservedBytes })
      : undefined;
  const others = holders.filter((h) => h !== self && !h.isSelf);
  const listedBytes = others.reduce((sum, h) => sum + h.bytes, 0);
  const outsideBytes =
    totalBytes !== undefined && freeBytes !== undefined
      ? Math.max(0, totalBytes - freeBytes - reservedBytes)
      : undefined;
  // With no list and no "this process" figure, what is neither free nor PyTorch's beyond what
  // this process itself may hold outside PyTorch (its context, and on a large card the libraries
  // beside it) can only be other processes.
  const inProcessBytes = Math.max(contextMaxBytes, inProcessLibraryShare * (totalBytes ?? 0));
  // Only where the message states PyTorch's own (allocated or reserved): a message cut before them
  // ("... of which 3.14 GiB is free. Process 126936 has 36.29 GiB memor") leaves PyTorch's share
  // unknown, not zero, so the memory it does not account for is nobody's in particular
  // (unlistedDominates compares with PyTorch's own segments).
  const ownStated = statedReserved !== undefined || allocatedBytes !== undefined;
  const beyondProcessBytes =
    holders.length === 0 && processBytes === undefined && outsideBytes !== undefined && ownStated
      ? outsideBytes - inProcessBytes
      : 0;
  const unlisted = beyondProcessBytes >= unlistedMarginBytes ? beyondProcessBytes : 0;
  const unlistedOtherBytes = unlistedDominates(unlisted, reservedBytes) ? unlisted : 0;
  const fullToLastBlocks = isFullToLastBlocks({ requestedBytes, freeBytes, totalBytes });
  return {
    requestedBytes,
    totalBytes,
    freeBytes,
    allocatedBytes,
    unallocatedBytes,
    reservedBytes,
    processBytes,
    self,
    others,
    otherBytes: listedBytes + unlistedOtherBytes,
    shortfallBytes: fullToLastBlocks ? requestedBytes : Math.max(0, requestedBytes - (freeBytes ?? 0)),
    isFullToLastBlocks: fullToLastBlocks,
    outsideBytes,
    ...(unlisted > 0 && unlistedOtherBytes === 0 ? { unlistedUnshownBytes: unlisted } : {}),
  };
}

/** Co-tenant: other processes hold more than the request lacked (issue 17). */
export function isCoTenant(n: Pick<TorchNumbers, 'otherBytes' | 'shortfallBytes'>): boolean {
  return n.shortfallBytes > 0 && n.otherBytes > n.shortfallBytes;
}

/** How much more than the request the stranded cache must hold to count as fragmentation. */
export const fragmentationFactor = 2;

/**
 * The least share of the card the stranded cache must be for fragmentation to be the cause: PyTorch's
 * own hint is "if reserved but unallocated memory is LARGE" (c10/cuda/CUDACachingAllocator.cpp). Below
 * a tenth, the process's tensors hold nine tenths of the card and the step's growth fills it whatever
 * the allocator does; the threads of every such message in the corpus (13 of 13) concluded "lower the
 * batch size", none "fragmentation".
 */
export const fragmentationShareOfCard = 0.1;

/**
 * Fragmentation: the cache holds the request's size several times over in pieces, returning them
 * would fit it (request ≤ free + reserved-unallocated), and they are a large share of the card.
 */
export function isFragmentation(n: {
  requestedBytes: number;
  freeBytes?: number;
  unallocatedBytes?: number;
  totalBytes?: number;
}): boolean {
  const unallocated = n.unallocatedBytes ?? 0;
  return (
    unallocated > 0 &&
    unallocated >= fragmentationFactor * n.requestedBytes &&
    n.requestedBytes <= (n.freeBytes ?? 0) + unallocated &&
    (n.totalBytes === undefined || unallocated >= fragmentationShareOfCard * n.totalBytes)
  );
}

/**
 * A card at or under this size is too small for the work whatever the batch: a CUDA context (0.25–1.5
 * GiB, FACTS Q5) and the weights leave little for activations (PyTorch's own FAQ: weights, gradients,
 * optimizer state and activations are held at once). The size is a nominal 4 GB card's, whatever it
 * reports (round 16): a GTX 1050 Ti or 1650 reports 3.8–4.0 GiB, a laptop's Quadro 3.95, so one bound
 * at exactly 4 GiB split one class of card in two (3.81–3.95 read as the card, 4.00 as the batch).
 * The maintainers of threads on 1–4 GB cards mostly answer "use a larger GPU" (the spent corpus: 21 of
 * 29 such threads, e.g. Kyubyong/bert_ner#10, rbbrdckybk/ai-art-generator#19); where one request is a
 * large share of the card (requestShareOfCard) the step's own input is what grew (a large image).
 */
export const smallCardBytes = 4.1 * GiB;

/**
 * One request at least this share of the card is the step's own input (a large image, a long
 * sequence), not the card's fixed part: on a small card the batch or input decides it first.
 */
export const requestShareOfCard = 0.2;

/**
 * Card too small: a nominal 4 GB card or smaller, with nothing outside PyTorch but a context's worth,
 * no other process, and no one request a large share of it.
 */
export function isDeviceTooSmall(
  n: Pick<TorchNumbers, 'totalBytes' | 'outsideBytes' | 'otherBytes' | 'requestedBytes'>,
): boolean {
  if (n.totalBytes === undefined || n.outsideBytes === undefined || n.otherBytes > 0) return false;
  return (
    n.outsideBytes <= contextMaxBytes &&
    n.totalBytes < smallCardBytes &&
    n.requestedBytes < requestShareOfCard * n.totalBytes
  );
}

/**
 * Free memory this close to the request (a share of the card) is the card full to its last blocks,
 * not room: the driver keeps pages for its own use and hands out device memory in 2 MiB pages (CUDA
 * C Programming Guide, virtual memory management: allocation granularity), so what cudaMemGetInfo
 * calls free past a request by a few tens of MiB is not a block the request gets.
 */
export const lastBlocksShareOfCard = 0.02;

/**
 * The free memory the message reports covers the request by less than the card's last blocks
 * (lastBlocksShareOfCard of its total): no room. Besides the driver's own pages, PyTorch's caching
 * allocator asks cudaMalloc for more than the request: a whole 20 MiB segment for requests of 1-10 MiB
 * and 2 MiB multiples above (c10/cuda/CUDACachingAllocator.cpp v2.1.0 get_allocation_size:
 * kLargeBuffer, kRoundLarge), so "2.00 MiB requested, 4.90 MiB free" is a 20 MiB cudaMalloc refused.
 * The card's fill then decides the cause as for a request above what is free (explain.ts).
 */
export function isFullToLastBlocks(n: {
  requestedBytes: number;
  freeBytes?: number;
  totalBytes?: number;
}): boolean {
  const { requestedBytes, freeBytes, totalBytes } = n;
  if (freeBytes === undefined || totalBytes === undefined || totalBytes <= 0 || requestedBytes <= 0)
    return false;
  return freeBytes >= requestedBytes && freeBytes - requestedBytes < lastBlocksShareOfCard * totalBytes;
}

/** The least batch cut that frees the shortfall: shortfall ÷ allocated, in whole percent. */
export function batchCutPercent(shortfallBytes: number, allocatedBytes: number): number {
  return Math.max(1, Math.ceil((shortfallBytes / allocatedBytes) * 100));
}
