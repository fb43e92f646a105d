// Why PyTorch's caching allocator failed, decided by rules with numeric preconditions over the
// message's own numbers, in order: numbers that contradict, a fraction cap, a request larger than
// the card, other processes, a card too small, fragmentation, and the process's own work.
import type { Draft } from '../../candidates.js';
import {
  isRequestPastCommonCard,
  isRequestPastStatedCard,
  requestShapeFix,
} from '../../cause-alternatives.js';
import { type ShownTechniques, shownTechniquesOf } from '../../shown.js';
import type { CauseAlternative, FixDetail } from '../../types.js';
import { type ExplainContext, type Explanation, fix, num, seeHolders, size } from '../explain-types.js';
import {
  allocatorFix,
  batchFix,
  batchOfOneStepFix,
  batchOfOneStepText,
  coTenantFixes,
  generationOf,
  largerCardFix,
  modelStateFix,
  smallCardReason,
} from './fixes.js';
import {
  contradictionOf,
  isCoTenant,
  isDeviceTooSmall,
  isFragmentation,
  lastBlocksShareOfCard,
  smallCardBytes,
  type TorchNumbers,
  torchNumbers,
} from './numbers.js';

function selfNote(n: TorchNumbers): string {
  if (!n.self) return '';
  if (n.reservedBytes === 0)
    return ` (PID ${n.self.pid} is this process: the only one listed, its ${size(n.self.bytes)} is all the memory in use)`;
  return ` (PID ${n.self.pid} is this process: the listed processes account for all used memory and only its ${size(n.self.bytes)} can hold PyTorch's ${size(n.reservedBytes)})`;
}

// What this process holds by the message's own figures: PyTorch's reserved and allocated where the
// message gives them, else NVML's "this process has", else that the message does not say (a message
// cut short, or a vendor's that gives only the request and the total): never a 0 B it did not print.
function ownHeldText(n: TorchNumbers, verb: 'holds' | 'held' = 'holds'): string {
  if (n.reservedBytes > 0 || n.allocatedBytes !== undefined)
    return `PyTorch ${verb} ${size(n.reservedBytes)} (${size(n.allocatedBytes ?? n.reservedBytes)} in tensors)`;
  if (n.processBytes !== undefined) return `this process ${verb} ${size(n.processBytes)}`;
  return 'the message does not give what PyTorch holds';
}

function capExplanation(
  n: TorchNumbers,
  allowedBytes: number,
  total: number,
  shown: ShownTechniques,
): Explanation {
  // Never the fraction it has now: at least a step above the allowed share, and what the request needs.
  const needed = Math.ceil(((n.reservedBytes + n.requestedBytes) / total) * 100) / 100;
  const above = Math.ceil((allowedBytes / total) * 100 + 5) / 100;
  const fraction = Math.min(1, Math.max(needed, above));
  const roomNote =
    n.freeBytes !== undefined && n.freeBytes >= n.requestedBytes
      ? `; the card itself has ${size(n.freeBytes)} free, so the cap is the only limit the figures show refusing it`
      : '';
  return {
    cause: 'memory_cap',
    causeText: `the per-process fraction allows ${size(allowedBytes)}; PyTorch holds ${size(n.reservedBytes)} and needs ${size(n.requestedBytes)} more${roomNote}`,
    fixes: [
      fix(
        `raise the cap if the GPU's other budgets allow it: torch.cuda.set_per_process_memory_fraction(${fraction.toFixed(2)})`,
        `PyTorch's ${size(n.reservedBytes)} plus the ${size(n.requestedBytes)} request is ${fraction.toFixed(2)} of the ${size(total)} card; the fraction caps reserved memory (pytorch c10/cuda/CUDACachingAllocator.cpp)`,
      ),
      batchFix(n, shown),
    ],
  };
}

function tooSmall(n: TorchNumbers, shown: ShownTechniques): Explanation {
  const total = n.totalBytes!;
  const outside = n.outsideBytes!;
  return {
    cause: 'device_too_small',
    causeText: `the card is too small: of its ${size(total)}, ${size(outside)} is outside PyTorch (this process's CUDA context and the display, 0.25–1.5 GiB on any card), which leaves PyTorch about ${size(total - outside)}${n.freeBytes !== undefined && n.freeBytes >= n.requestedBytes ? `; the ${size(n.freeBytes)} free beside the ${size(n.requestedBytes)} request are the card's last blocks, which the driver does not hand out whole` : ''}`,
    fixes: [largerCardFix(total, outside / total), batchFix(n, shown)],
  };
}

// The message's own figures show the request fits in what is free: whatever failed, it is not the
// card being full, and neither a smaller batch nor stopping other processes follows from them.
function noShortage(n: TorchNumbers, device: number | string): Explanation {
  const free = n.freeBytes!;
  return {
    cause: 'unknown',
    causeText: `the message shows ${size(free)} free on GPU ${device} for a ${size(n.requestedBytes)} request: its figures show no shortage; the free memory may not be one block that large (the driver's own fragmentation), a limit on single allocations may apply (Intel GPUs refuse one allocation above 4 GiB without relaxed allocation limits), or the figures were read at another moment than the failure`,
    fixes: [
      fix(
        'measure at the failing step: print torch.cuda.mem_get_info() and torch.cuda.memory_summary() just before the failing call, with nvidia-smi (rocm-smi, xpu-smi) beside it',
        `${size(free)} free ≥ the ${size(n.requestedBytes)} requested, so the message alone cannot say what refused it`,
      ),
      fix(
        'if one allocation is very large, split it (a smaller batch or sequence for that operation, or chunked computation)',
        `a single request of ${size(n.requestedBytes)} needs one contiguous block`,
      ),
    ],
  };
}

// The failing step placed or loaded the model's state, or gathered it to save (evidence.ts
// modelStateStep): no batch is in memory then, so the model's own state is what did not fit.
function modelState(
  n: TorchNumbers,
  step: 'place' | 'gather' | 'batchOfOne' | 'full' | 'optimizer' | 'offloadOff',
  total: number,
  shown: ShownTechniques,
): Explanation {
  const held = `${ownHeldText(n, 'held')}${total > 0 ? ` of ${size(total)}` : ''} when ${size(n.requestedBytes)} more was refused`;
  if (step === 'gather')
    return {
      cause: 'model_state',
      causeText: `the model's full state dict was being gathered onto the GPU to save it (FSDP clones every parameter there): ${held}; the batch is not in memory at this step`,
      fixes: [
        fix(
          'gather the state dict on the CPU, on rank 0 only: FSDP.state_dict_type(model, StateDictType.FULL_STATE_DICT, FullStateDictConfig(offload_to_cpu=True, rank0_only=True))',
          "FSDP's full state dict otherwise assembles every unsharded parameter on each GPU (torch/distributed/fsdp/_state_dict_utils.py)",
        ),
      ],
    };
  return {
    cause: 'model_state',
    causeText:
      step === 'batchOfOne'
        ? `the log shows a batch of one, so the batch cannot get smaller: the model's own state (its weights, and for training its gradients and optimizer state) is what fills the card: ${held}`
        : step === 'optimizer'
          ? `the failing step is the optimizer's (torch.optim in the traceback): it allocates state for every trained parameter (Adam's two moments, 8 bytes a parameter in fp32, created at the first step()), and backward has already freed the batch's activations: ${held}`
          : step === 'offloadOff'
            ? `the log shows the model's CPU offload turned off, so all its weights sit on the card: ${held}`
            : step === 'full'
              ? `the log shows a full fine-tune: every parameter's weights, gradients and optimizer moments are on the card (about 16 bytes a parameter with Adam in mixed precision), where an adapter run trains a fraction of a percent of them: ${held}`
              : `the failing step placed or loaded the model itself (its weights, and for training its gradients and optimizer state), before any batch: ${held}`,
    fixes: [
      ...(step === 'optimizer'
        ? [
            fix(
              "an optimizer with less state: 8-bit Adam (bitsandbytes.optim.AdamW8bit), Adafactor, or the optimizer's state offloaded to the CPU (DeepSpeed ZeRO offload_optimizer)",
              '8-bit Adam keeps its two moments in 2 bytes a parameter instead of 8 (bitsandbytes docs); Adafactor factors the second moment',
            ),
          ]
        : []),
      ...(step === 'offloadOff'
        ? [
            fix(
              "turn the model's CPU offload back on (diffusers: pipe.enable_model_cpu_offload(), or enable_sequential_cpu_offload() for the least GPU memory; ComfyUI/nunchaku: cpu_offload on, fewer blocks on the GPU)",
              'offloading keeps the weights on the CPU and moves each part to the GPU only while it runs (huggingface.co/docs/diffusers/optimization/memory)',
            ),
          ]
        : []),
      modelStateFix(shown),
      fix(
        'or run on a GPU with more memory',
        step === 'batchOfOne'
          ? 'the batch is already one'
          : step === 'optimizer'
            ? "the optimizer's state grows with the parameters, not the batch"
            : step === 'offloadOff'
              ? 'with the offload off, the weights stay on the card whatever the batch'
              : step === 'full'
                ? "a full fine-tune's state grows with the parameters, not the batch"
                : 'the step that failed holds no batch, so a smaller batch does not change it',
      ),
    ],
  };
}

/** Share of reserved memory that, stranded (non-releasable, or cached unused), is fragmentation by the table alone. */
export const summaryFragmentedShare = 0.2;

// Only torch.cuda.memory_summary()'s table, no message: no request to compare with, so the table's
// own split of reserved memory decides (Non-releasable = inactive split blocks, FACTS Q10).
function explainFromSummary(draft: Draft, n: TorchNumbers, shown: ShownTechniques): Explanation {
  const reserved = n.reservedBytes;
  const allocated = n.allocatedBytes ?? 0;
  const stranded = num(draft.facts, 'summaryNonReleasableBytes') ?? Math.max(0, reserved - allocated);
  const counts = `${draft.facts.oomCount ?? 'an'} OOM${draft.facts.oomCount === 1 ? '' : 's'} counted`;
  if (reserved > 0 && stranded >= summaryFragmentedShare * reserved) {
    return {
      cause: 'fragmentation',
      causeText: `PyTorch's memory summary (${counts}) shows ${size(stranded)} of its ${size(reserved)} reserved stranded in split blocks (non-releasable) beside ${size(allocated)} allocated: fragmentation`,
      fixes: [
        allocatorFix(draft, { ...n, unallocatedBytes: stranded }),
        batchFix({ ...n, allocatedBytes: undefined }, shown),
      ],
    };
  }
  return {
    cause: 'batch_too_large',
    causeText: `PyTorch's memory summary (${counts}) shows ${size(allocated)} allocated of ${size(reserved)} reserved: the tensors themselves fill the pool, not fragmentation`,
    fixes: [batchFix({ ...n, allocatedBytes: undefined }, shown)],
  };
}

/**
 * The most memory one GPU holds: 288 GB of HBM3E (NVIDIA B300, nvidia.com DGX B300 "2.3 TB" over 8
 * GPUs; AMD Instinct MI355X, amd.com/en/products/accelerators/instinct/mi350/mi355x.html).
 */
const largestGpuBytes = 288e9;

/**
 * A request at least this many times the largest GPU made (288 TB) is no tensor a program means to
 * allocate: the spent corpus's three such requests (67,109,892 GiB, just past 2^56 bytes; 538,976,288 GiB,
 * 0x20202020 GiB, four ASCII blanks; 4.6e18 bytes) were sizes computed wrong, one fixed by building the
 * CUDA extension with another CUDA toolkit (graphdeco-inria/gaussian-splatting#587).
 */
const corruptSizeTimesLargestGpu = 1000;

// The fix for a size no device holds by orders of magnitude: the size, not the data.
function corruptSizeFixes(requested: number): FixDetail[] {
  if (requested < corruptSizeTimesLargestGpu * largestGpuBytes) return [];
  return [
    fix(
      "treat the size itself as the bug: an overflowed or uninitialised size, most often in a custom CUDA op or extension built against another CUDA or PyTorch version; rebuild or update that extension against the installed torch and CUDA (pip install --no-build-isolation --force-reinstall --no-cache-dir <it>), and report it to the op's project if it persists",
      `${size(requested)} is over ${corruptSizeTimesLargestGpu}× the largest GPU made (${size(largestGpuBytes)}): no input's shape makes a request like it by intent`,
    ),
  ];
}

/**
 * Picks among contradiction, cap, impossible request, co-tenant, small card, fragmentation and batch;
 * where unlisted memory past this process's own was left out of co-tenancy (numbers.ts
 * unlistedDominates), another process stays an alternative of the process's own causes.
 */
export function explainTorch(draft: Draft, explainContext: ExplainContext): Explanation {
  const n = torchNumbers(draft);
  const explanation = withLastBlocksNote(pickTorchCause(draft, explainContext, n), n);
  const total = n.totalBytes ?? 0;
  const alternatives: CauseAlternative[] = [...(explanation.alternatives ?? [])];
  const unshown = n.unlistedUnshownBytes;
  // Free memory past the request within the card's last blocks (numbers.ts lastBlocksShareOfCard):
  // the figures show no shortage, but the card is as good as full, so whose memory fills it is open.
  const lastBlocks =
    explanation.cause === 'unknown' &&
    total > 0 &&
    n.freeBytes !== undefined &&
    n.requestedBytes > 0 &&
    n.freeBytes >= n.requestedBytes &&
    n.freeBytes - n.requestedBytes < lastBlocksShareOfCard * total;
  if (unshown !== undefined && (ownCauses.has(explanation.cause) || lastBlocks))
    alternatives.push({
      cause: 'co_tenant',
      decidedBy: `${size(unshown)} of the card is neither free, nor PyTorch's, nor what this process's context and libraries usually take, and no process is listed: run nvidia-smi --query-compute-apps=pid,used_memory --format=csv when it fails; another process holding it makes it the other process (the desktop and a browser take a few GiB on Windows)`,
    });
  if (lastBlocks && n.otherBytes > 0)
    alternatives.push({
      cause: 'co_tenant',
      decidedBy: `the ${size(n.freeBytes! - n.requestedBytes)} free past the request are the card's last blocks, and ${size(n.otherBytes)} of it is neither free nor this process's: nvidia-smi --query-compute-apps=pid,used_memory --format=csv when it fails shows who holds it`,
    });
  if (lastBlocks && n.reservedBytes > n.otherBytes)
    alternatives.push({
      cause: 'batch_too_large',
      decidedBy: `the ${size(n.freeBytes! - n.requestedBytes)} free past the request are the card's last blocks and PyTorch's own ${size(n.reservedBytes)} is most of the card: if a smaller batch, sequence or resolution fits, it was the batch`,
    });
  // Fragmentation read from the figures says the cache, returned, would serve this request; whether
  // the work fits once it is returned (PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True) is a run.
  if (explanation.cause === 'fragmentation')
    alternatives.push({
      cause: 'batch_too_large',
      decidedBy:
        "run with PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: if it still fails, the tensors themselves outgrew the card, not the cache's split blocks",
    });
  const unique = alternatives.filter((a, i) => alternatives.findIndex((b) => b.cause === a.cause) === i);
  return unique.length === 0 ? explanation : { ...explanation, alternatives: unique };
}

// Where the free covered the request only within the card's last blocks, the cause says so (the
// small card's own sentence already does, tooSmall).
function withLastBlocksNote(explanation: Explanation, n: TorchNumbers): Explanation {
  if (!n.isFullToLastBlocks || explanation.cause === 'device_too_small') return explanation;
  const past = (n.freeBytes ?? 0) - n.requestedBytes;
  return {
    ...explanation,
    causeText: `${explanation.causeText}; the ${size(past)} free past the ${size(n.requestedBytes)} request are the card's last blocks, which the driver and PyTorch's rounding (a 20 MiB segment for a request of 1-10 MiB) do not hand out, so the card is full`,
  };
}

const ownCauses: ReadonlySet<string> = new Set([
  'batch_too_large',
  'fragmentation',
  'model_state',
  'device_too_small',
]);

function pickTorchCause(draft: Draft, { context }: ExplainContext, n: TorchNumbers): Explanation {
  // What the log shows done already: the fixes below never propose it (shown.ts).
  const shown = shownTechniquesOf(context);
  // Accelerate halved the batch to zero (rules.ts torch-oom-caught-by-app): a batch of 1 failed too, so
  // a smaller batch is no fix, and what fills the device is the model's own state, as with a batch of one
  // shown in the log (modelState's batchOfOne); another process, which the log cannot show, stays open.
  if (draft.facts.batchExhausted === true)
    return {
      cause: 'model_state',
      causeText:
        "Accelerate's find_executable_batch_size halved the batch to zero: every batch size down to 1 failed with a memory error, so the batch is not what fills the device; the model's own state (weights, and for training its gradients and optimizer state) is the most likely",
      fixes: [
        fix(
          "shrink the model's own state: mixed precision, gradient checkpointing, an adapter (LoRA) instead of a full fine-tune, or optimizer/parameter offload (DeepSpeed ZeRO, FSDP)",
          'a batch of 1 did not fit, so what remains is the state every step keeps',
        ),
      ],
      alternatives: [
        {
          cause: 'co_tenant',
          decidedBy:
            'nvidia-smi --query-compute-apps=pid,used_memory --format=csv when it fails, showing another process',
        },
      ],
    };
  if (
    num(draft.facts, 'requestedBytes') === undefined &&
    num(draft.facts, 'summaryReservedBytes') !== undefined
  )
    return explainFromSummary(draft, n, shown);
  const device = draft.facts.device ?? draft.facts.summaryDevice ?? 0;
  const total = n.totalBytes ?? 0;
  // The cap the message states ("N allowed"), or the one the log sets with
  // torch.cuda.set_per_process_memory_fraction (log/evidence.ts poolShareShown) times the card.
  const shownShare =
    context.poolShareSetting === 'set_per_process_memory_fraction'
      ? num(context, 'poolShareShown')
      : undefined;
  const allowedBytes =
    num(draft.facts, 'allowedBytes') ??
    (shownShare !== undefined && total > 0 ? Math.floor(shownShare * total) : undefined);
  const holders = n.self
    ? { holders: (draft.holders ?? []).map((h) => ({ ...h, isSelf: h === n.self })) }
    : {};
  const exceedsCard = (): Explanation => ({
    cause: 'request_exceeds_device',
    causeText: `a single allocation of ${size(n.requestedBytes)} is ${n.requestedBytes > total ? 'larger than' : 'as large as'} the whole GPU (${size(total)}): a shape or configuration problem, not a tuning one${selfNote(n)}`,
    fixes: [
      ...corruptSizeFixes(n.requestedBytes),
      fix(
        `find the tensor of ${size(n.requestedBytes)} at the failing line and check its shape (batch × sequence length × hidden size); no allocator setting can fit it`,
        `${size(n.requestedBytes)} is ${n.requestedBytes > total ? 'more than' : 'all of'} the card's ${size(total)} total, and its own context always holds part of it`,
      ),
    ],
    ...holders,
  });
  // PyTorch's own tensors past the card's whole memory, with nothing free: not a misreading but the
  // driver backing the overflow with system memory (NVIDIA's Windows driver since 536.40, "CUDA -
  // Sysmem Fallback Policy", nvidia.custhelp.com answer 5490; WDDM's shared GPU memory; an integrated
  // GPU's unified memory). The tensors of this process are what outgrew the card.
  if (
    total > 0 &&
    n.allocatedBytes !== undefined &&
    n.allocatedBytes > 1.01 * total &&
    n.freeBytes !== undefined &&
    n.freeBytes < n.requestedBytes
  ) {
    // One request larger than the whole card is its shape's, spill or none: the driver's fallback
    // lets tensors outgrow the card, but no one allocation that size fits the card's memory.
    if (n.requestedBytes >= total) return exceedsCard();
    // On a nominal 4 GB card or smaller the spill is the card's (numbers.ts smallCardBytes: the
    // context and the weights leave little of it for activations): what the work needs is past the
    // whole card, the batch an alternative (round 19; segment-anything-edge-detection#7, 4.60 GiB of
    // tensors on a 2 GiB card, the maintainer: a GPU with more memory).
    if (total < smallCardBytes)
      return {
        cause: 'device_too_small',
        causeText: `the card is too small: PyTorch holds ${size(n.allocatedBytes)} in tensors on a GPU of ${size(total)}, more than the whole card, which only the driver's spill into system memory (Windows' shared GPU memory, NVIDIA's sysmem fallback) allowed before it too ran out; ${smallCardReason}`,
        fixes: [largerCardFix(total), batchFix({ ...n, allocatedBytes: undefined }, shown)],
        alternatives: [
          {
            cause: 'batch_too_large',
            decidedBy:
              'run with the smallest batch, sequence or resolution the task allows: if that fits the card, it was the batch',
          },
        ],
      };
    return {
      cause: 'batch_too_large',
      causeText: `this process's own tensors outgrew the card: PyTorch holds ${size(n.allocatedBytes)} in tensors on a GPU of ${size(total)}, ${size(n.freeBytes)} free, ${size(n.requestedBytes)} requested; more than the card can hold only because the driver spilled the rest into system memory (Windows' shared GPU memory, NVIDIA's sysmem fallback), which is much slower and also ran out`,
      fixes: [
        batchFix({ ...n, allocatedBytes: undefined }, shown),
        fix(
          'to see the spill: print torch.cuda.mem_get_info() and torch.cuda.memory_summary() at the failing step, beside the shared GPU memory in Task Manager (Performance → GPU)',
          `PyTorch's ${size(n.allocatedBytes)} past the card's ${size(total)} can only be memory the driver lent from the host`,
        ),
      ],
    };
  }
  const contradiction = contradictionOf(n);
  if (contradiction) {
    return {
      cause: 'inconsistent_numbers',
      causeText: `the numbers contradict each other: ${contradiction}; no cause can be read from them`,
      fixes: [
        fix(
          'measure instead: print torch.cuda.mem_get_info() and torch.cuda.memory_summary() at the failing step, and nvidia-smi beside it',
          `${contradiction}, so at least one of the message's figures is not what the card holds`,
        ),
      ],
    };
  }
  // A cap below the card (PyTorch prints "N allowed" only when set_per_process_memory_fraction is)
  // refused it when the request passes the cap, or when the card had room for it: then nothing
  // else the figures state could have (the allocator checks the cap with its own rounding).
  const hasRoom = n.freeBytes !== undefined && n.requestedBytes > 0 && n.freeBytes >= n.requestedBytes;
  if (
    allowedBytes !== undefined &&
    total > 0 &&
    allowedBytes < total * 0.98 &&
    (n.reservedBytes + n.requestedBytes > allowedBytes || hasRoom)
  )
    return capExplanation(n, allowedBytes, total, shown);
  // Free past the request by more than the card's last blocks: the figures show no shortage. Within
  // them the card is full (numbers.ts isFullToLastBlocks), and whose memory fills it decides below.
  if (
    n.freeBytes !== undefined &&
    n.requestedBytes > 0 &&
    n.freeBytes >= n.requestedBytes &&
    !n.isFullToLastBlocks
  )
    return noShortage(n, device as number);
  // A request of the card's whole total (the two figures equal as the message rounds them) cannot fit
  // either: the CUDA context and the driver hold part of every card before any tensor (0.25-1.5 GiB).
  if (total > 0 && n.requestedBytes >= total) return exceedsCard();
  // No total in the message (a shortened paste): a request larger than any one GPU made cannot fit
  // whatever card it was, so it is the request's shape, not the card's fill.
  if (total === 0 && n.requestedBytes > largestGpuBytes) {
    return {
      cause: 'request_exceeds_device',
      causeText: `a single allocation of ${size(n.requestedBytes)} is larger than any one GPU made (the largest hold ${size(largestGpuBytes)}): a shape or configuration problem, not a tuning one${selfNote(n)}`,
      fixes: [
        ...corruptSizeFixes(n.requestedBytes),
        fix(
          `find the tensor of ${size(n.requestedBytes)} at the failing line and check its shape (batch × sequence length × hidden size, or an attention computed without its memory-efficient kernel); no allocator setting can fit it`,
          `${size(n.requestedBytes)} is more than any single GPU holds (${size(largestGpuBytes)})`,
        ),
      ],
      ...holders,
    };
  }
  // No total in the message, but the log states the card's size (log/evidence.ts statedCardBytes): a
  // request larger than that card cannot fit it whatever else holds it.
  const statedCard = num(context, 'statedCardBytes');
  if (total === 0 && isRequestPastStatedCard(n.requestedBytes, statedCard)) {
    const past =
      n.requestedBytes > statedCard!
        ? 'larger than the card the log states'
        : 'past what the card the log states gives one allocation (a card reports less than its nominal size, and its CUDA context takes part of that)';
    return {
      cause: 'request_exceeds_device',
      causeText: `a single allocation of ${size(n.requestedBytes)} is ${past} (${size(statedCard!)}): a shape or configuration problem (an input far larger than the model expects, a batch or resolution several times too big), not a tuning one`,
      fixes: [
        fix(
          `find the tensor of ${size(n.requestedBytes)} at the failing line and check its shape (batch × sequence length × hidden size, or an image's resolution); no allocator setting can fit it`,
          `${size(n.requestedBytes)} is more than the ${size(statedCard!)} card gives one allocation`,
        ),
      ],
      ...holders,
    };
  }
  if (isCoTenant(n)) {
    const pids = n.others.map((h) => h.pid);
    const who = pids.length > 0 ? `PID ${pids.join(', ')}` : 'other processes';
    const isDistributed = draft.facts.rank !== undefined || context.torchDistributed === true;
    // No process listed and no figure of this process's own use: the message is PyTorch's before 2.1
    // (2.1 added "Process N has X memory in use" from NVML, or "Including non-PyTorch memory, this
    // process has X memory in use" without it; c10/cuda/CUDACachingAllocator.cpp v2.1.0
    // reportProcessMemoryInfo), so whose the memory outside PyTorch's pool is, another process's or this
    // one's (a library that allocates outside PyTorch's caching allocator), the figures cannot say.
    // Then the list decides first, and the process's own work stays open (issue 23: "stop the other
    // processes" where another library in the same process held the memory was a wrong fix).
    if (pids.length === 0 && n.processBytes === undefined)
      return {
        cause: 'co_tenant',
        causeText: `${size(n.otherBytes)} of GPU ${device}'s ${size(total)} is neither free, nor PyTorch's, nor one CUDA context, more than the ${size(n.shortfallBytes)} this request lacked (${size(n.requestedBytes)} requested, ${size(n.freeBytes ?? 0)} free): most often another process; the message lists no processes, so it may also be this process's own memory outside PyTorch's pool${selfNote(n)}`,
        fixes: [
          seeHolders(device as number),
          fix(
            `if it lists other processes: stop them or run on another GPU (CUDA_VISIBLE_DEVICES=<a free GPU>); to share GPU ${device} on purpose, give every process a budget with headroom plan`,
            `${size(n.otherBytes)} of GPU ${device} is held outside PyTorch's pool, more than the ${size(n.shortfallBytes)} this request lacked`,
          ),
        ],
        alternatives: [
          {
            cause: 'batch_too_large',
            decidedBy: `nvidia-smi --query-compute-apps=pid,used_memory --format=csv when it fails: if it lists only this process, the ${size(n.otherBytes)} outside PyTorch's pool is its own (a library allocating outside PyTorch's caching allocator: tiny-cuda-nn, CuPy, TensorRT, a second framework), which grows with the input: then a smaller batch, sequence or resolution is the lever`,
          },
        ],
        ...holders,
      };
    return {
      cause: 'co_tenant',
      causeText: `${who} hold${pids.length === 1 ? 's' : ''} ${size(n.otherBytes)} of GPU ${device}'s ${size(total)}, more than the ${size(n.shortfallBytes)} this request lacked (${size(n.requestedBytes)} requested, ${size(n.freeBytes ?? 0)} free)${pids.length === 0 ? "; the message lists no processes, so this is what is neither free, nor PyTorch's, nor one CUDA context" : ''}${selfNote(n)}`,
      fixes: [...coTenantFixes(n, device as number, isDistributed), seeHolders(device as number)],
      ...holders,
    };
  }
  if (isDeviceTooSmall(n)) return tooSmall(n, shown);
  if (isFragmentation(n)) {
    return {
      cause: 'fragmentation',
      causeText: `PyTorch has ${size(n.unallocatedBytes!)} reserved but unallocated${total > 0 ? ` (of ${size(total)})` : ''}, at least twice the ${size(n.requestedBytes)} request, in blocks too small for it; returned, it would fit (${size(n.freeBytes ?? 0)} free + ${size(n.unallocatedBytes!)} ≥ ${size(n.requestedBytes)}): fragmentation${selfNote(n)}`,
      fixes: [allocatorFix(draft, n), batchFix(n, shown)],
      ...holders,
    };
  }
  const step = context.modelStateStep;
  if (step === 'place' || step === 'gather') return modelState(n, step, total, shown);
  // The failing step is the optimizer's (log/evidence.ts optimizerStateStep): its states grow with the
  // parameters, and backward has freed the batch's activations by then.
  if (context.optimizerStateStep === true) return modelState(n, 'optimizer', total, shown);
  // A batch of one shown in the log (log/evidence.ts batchSizeOne): the batch is as small as it
  // goes, so what fills the card is the model's own state (weights, gradients, optimizer moments).
  // Not where the user says the batch of one runs (log/evidence.ts batchOneRuns): then it failed larger.
  // Only where the message gives a figure of the card's fill: with only the request, the step's other
  // dimensions are read (below, fixes.ts batchOfOneStepText).
  // No figure beside the request (no total, free or PyTorch's own).
  const isRequestOnly =
    total === 0 && n.freeBytes === undefined && n.reservedBytes === 0 && n.allocatedBytes === undefined;
  if (context.batchSizeOne === true && context.batchOneRuns !== true && !isRequestOnly)
    return modelState(n, 'batchOfOne', total, shown);
  // A full fine-tune shown in the log (log/evidence.ts fullFineTune): every parameter's training state
  // is on the card, which is what an adapter run avoids (ZeRO, SC'20, §3.1).
  if (context.fullFineTune === true) return modelState(n, 'full', total, shown);
  // The model's CPU offload turned off in the log (log/evidence.ts cpuOffloadOff): its weights are what
  // sit on the card, and offloading them is the lever (round 16).
  if (context.cpuOffloadOff === true) return modelState(n, 'offloadOff', total, shown);
  const fixes: FixDetail[] = [batchFix(n, shown)];
  // Returning the stranded cache would have served this request, though not with room to spare;
  // offered only where this PyTorch has the option (an upgrade is not a fix for this step).
  const hasOption =
    generationOf(draft.evidence.text) === 'modern' || generationOf(draft.evidence.text) === 'reserved-hint';
  if (hasOption && (n.unallocatedBytes ?? 0) >= n.shortfallBytes && n.shortfallBytes > 0)
    fixes.push(allocatorFix(draft, n));
  const stranded = n.unallocatedBytes ?? 0;
  const cannotDefrag =
    stranded > 0 && n.requestedBytes > (n.freeBytes ?? 0) + stranded
      ? `; even returning the ${size(stranded)} reserved but unallocated would leave it short (${size(n.freeBytes ?? 0)} free + ${size(stranded)} < ${size(n.requestedBytes)}), so this is not fragmentation`
      : '';
  const outside =
    n.outsideBytes === undefined
      ? ''
      : `, ${size(n.outsideBytes)} outside PyTorch (its CUDA context and anything not listed)`;
  const nvmlNote =
    draft.facts.processBytes !== undefined && n.processBytes === undefined
      ? `; the message's "this process has ${size(num(draft.facts, 'processBytes')!)}" is NVML failing to match the process (containers), not its usage`
      : '';
  // The card's total and free, PyTorch's own cut off (a message cut after "of which N is free").
  const isOwnCutOff =
    total > 0 && n.freeBytes !== undefined && n.reservedBytes === 0 && n.allocatedBytes === undefined;
  const cutOffFigures = `the message gives the card's total (${size(total)}), ${size(n.freeBytes ?? 0)} free and the request (${size(n.requestedBytes)}), but not what PyTorch holds`;
  // Where no figure says whose memory filled the card, the most likely holder and what would show it.
  const ownTensorsLikely =
    "most often the step's own tensors (the batch, the sequence or the resolution) outgrew the card; the full message (or torch.cuda.memory_summary()) would show whether another process held it";
  // No figure at all (a message cut after its first words, "MPS backend out of memory"): the same
  // bare status as CUDA's "out of memory", whose cause the log cannot tell (CORPUS-FORMAT settled
  // rule 9; cuda/explain.ts explainBareCudaOom).
  if (isRequestOnly && n.requestedBytes === 0)
    return {
      cause: 'unknown',
      causeText:
        "the message gives no figures (no request, total, free or PyTorch's own): the log cannot say whether this process's tensors or another process filled the device",
      fixes: [
        fix(
          'print torch.cuda.memory_summary() (torch.mps.current_allocated_memory() on a Mac) when it fails, beside the vendor tool (nvidia-smi, rocm-smi, xpu-smi, Activity Monitor)',
          'the summary gives what this process holds, which the message lacks',
        ),
        batchFix(n, shown),
      ],
      ...holders,
    };
  // Only the request, on a card the log states under 4 GiB: the card, as for a bare CUDA OOM on one
  // (cuda/explain.ts explainBareCudaOom; numbers.ts smallCardBytes).
  if (isRequestOnly && statedCard !== undefined && statedCard < smallCardBytes)
    return {
      cause: 'device_too_small',
      causeText: `the message gives only the request (${size(n.requestedBytes)}) on a card the log states has ${size(statedCard)}: ${smallCardReason}`,
      fixes: [largerCardFix(statedCard), batchFix(n, shown)],
    };
  // The message's own total under 4 GiB, the card full (the request above what is free), and no
  // figure of PyTorch's own (a message cut after "of which N is free"): the same card the user could
  // have named, so the same reading as above (numbers.ts smallCardBytes).
  if (isOwnCutOff && total < smallCardBytes && n.requestedBytes > 0 && (n.freeBytes ?? 0) < n.requestedBytes)
    return {
      cause: 'device_too_small',
      causeText: `${cutOffFigures}: ${smallCardReason}`,
      fixes: [largerCardFix(total), batchFix(n, shown)],
    };
  // The card's total and free, but PyTorch's own cut off (no allocated, reserved or "this process"
  // figure): the card is full, and by whom the message does not say; the step's own tensors are the
  // most likely, as for a message with only the request (diagnose.ts mostLikelyOfFigureless).
  if (isOwnCutOff && n.processBytes === undefined && n.others.length === 0)
    return {
      cause: 'batch_too_large',
      causeText: `${cutOffFigures}: ${ownTensorsLikely}${nvmlNote}`,
      fixes: [...fixes, seeHolders(device as number)],
      ...holders,
    };
  // Only the request, past the whole of a common card, on a card the log does not size: its shape
  // (cause-alternatives.ts requestPastCommonCardBytes), the batch the alternative.
  if (isRequestOnly && isRequestPastCommonCard(n.requestedBytes, statedCard))
    return {
      cause: 'request_exceeds_device',
      causeText: `the message gives only the request, and one allocation of ${size(n.requestedBytes)} is past the whole memory of most cards (a nominal 16 GB card holds 14.5-16 GiB): most likely its tensor's shape, not the card's fill`,
      fixes: [requestShapeFix(n.requestedBytes), ...fixes],
      ...holders,
    };
  // Only the request, and a batch of one in the log: the sequence or the resolution (fixes.ts
  // batchOfOneStepText), the model's state and another process as the alternatives.
  if (isRequestOnly && context.batchSizeOne === true && context.batchOneRuns !== true)
    return {
      cause: 'batch_too_large',
      causeText: `the message gives only the request (${size(n.requestedBytes)}), no total, free or PyTorch figures; ${batchOfOneStepText}`,
      fixes: [batchOfOneStepFix, seeHolders(device as number)],
      ...holders,
    };
  if (isRequestOnly)
    return {
      cause: 'batch_too_large',
      causeText: `the message gives only the request (${size(n.requestedBytes)}), no total, free or PyTorch figures: ${ownTensorsLikely}`,
      fixes,
      ...holders,
    };
  return {
    cause: 'batch_too_large',
    causeText: `the GPU is full with this process's own work: ${ownHeldText(n)}${total > 0 ? ` of ${size(total)}` : ''}${outside}, ${n.freeBytes !== undefined ? `${size(n.freeBytes)} free, ` : ''}${size(n.requestedBytes)} requested${cannotDefrag}${nvmlNote}${selfNote(n)}`,
    fixes,
    ...holders,
  };
}
