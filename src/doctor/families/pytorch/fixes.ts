// PyTorch fixes, each chosen by what the message's generation supports and by the numbers: the
// allocator setting, the batch cut, moving off a shared card (FACTS Q7, Q9).
import type { Draft } from '../../candidates.js';
import { commaOrList, lighterStepClause, type ShownTechniques } from '../../shown.js';
import type { FixDetail } from '../../types.js';
import { fix, size } from '../explain-types.js';
import { batchCutPercent, contextMaxBytes, type TorchNumbers } from './numbers.js';

/**
 * The one fix for a card too small for the work (device_too_small), for a bare CUDA OOM and a torch
 * OOM alike (cuda/explain.ts, explain.ts): the context, the weights and the activations share it,
 * and no setting makes the fixed part smaller. `contextShare`, where the figures give it, is the
 * share of the card outside PyTorch.
 */
export function largerCardFix(cardBytes: number, contextShare?: number): FixDetail {
  const context =
    contextShare === undefined
      ? 'the context'
      : `the context (${Math.round(contextShare * 100)}% of it here)`;
  return fix(
    'run on a GPU with more memory (or on the CPU for a model this size)',
    `a ${size(cardBytes)} card holds ${context}, the weights and the activations at once; no setting makes the fixed part smaller`,
  );
}

/** Why a card the log states under 4 GiB is too small (numbers.ts smallCardBytes), in one sentence's tail. */
export const smallCardReason =
  'the CUDA context (0.25–1.5 GiB) and the weights leave little of it for activations';

/**
 * A batch of one shown in the log (log/evidence.ts batchSizeOne) with no figure of what the process
 * holds (a message with only the request, or none): the batch cannot get smaller, but the step's
 * other dimensions can, and they are what most often outgrew the card: the longest sequence seen
 * (activations grow with it; a length-sorted or bucketed loader meets its longest batch late) or the
 * input's resolution. PyTorch FAQ "out of memory" (https://pytorch.org/docs/stable/notes/faq.html:
 * "the sequence length ... the maximum memory is dictated by the longest sequence"); the spent
 * corpus's threads on such logs (session 17: SpeechBrain's "with batch size 1 an OOM comes from very
 * long utterances"). Where the figures show this process's tensors fill the card, the model's state
 * is read instead (explain.ts modelState 'batchOfOne').
 */
export const batchOfOneStepText =
  "the log shows a batch of one, so the batch cannot get smaller; with no figure of what this process holds, the most likely is the step's other dimensions outgrowing the card: the longest sequence (or the input's resolution) it met";

/** The fix for batchOfOneStepText: shorten the step, not the batch (it is already one). */
export const batchOfOneStepFix: FixDetail = fix(
  'cap the longest input the step sees: a maximum sequence length (truncate, or split or drop the longest utterances or documents, sort or bucket by length to meet them early), or a lower input resolution; if even short inputs fail, the model itself or another process fills the card (see the alternatives)',
  "the batch is already one: activations grow with the sequence length and the resolution, and the longest one decides the peak (PyTorch FAQ, 'out of memory')",
);

/** Which allocator options the process's PyTorch has, judged from its message's wording. */
export type TorchGeneration = 'cached' | 'reserved' | 'reserved-hint' | 'modern';

/** The generation of a PyTorch OOM message (FACTS Q9). */
export function generationOf(text: string): TorchGeneration {
  if (/reserved by PyTorch but unallocated|has a total capac/.test(text)) return 'modern';
  if (/max_split_size_mb/.test(text)) return 'reserved-hint';
  if (/reserved in total by PyTorch/.test(text)) return 'reserved';
  return 'cached';
}

const isHip = (draft: Draft): boolean =>
  draft.facts.allocConfVariable === 'PYTORCH_HIP_ALLOC_CONF' ||
  /\bHIP out of memory/.test(draft.evidence.text);

/** The allocator fix for stranded cache, in the form this PyTorch reads. */
export function allocatorFix(draft: Draft, n: TorchNumbers): FixDetail {
  const stranded = size(n.unallocatedBytes ?? 0);
  switch (generationOf(draft.evidence.text)) {
    case 'modern':
      // 2.9.1 ignores PYTORCH_ALLOC_CONF for expandable_segments on CUDA (pytorch/pytorch#183387): the
      // old name works everywhere. ROCm builds read PYTORCH_HIP_ALLOC_CONF, which their message names.
      return fix(
        `export ${isHip(draft) ? 'PYTORCH_HIP_ALLOC_CONF' : 'PYTORCH_CUDA_ALLOC_CONF'}=expandable_segments:True (not for processes that share CUDA tensors between processes)`,
        `PyTorch 2.1+ prints this message; expandable segments let the allocator grow and reuse segments instead of leaving ${stranded} stranded in split blocks; segments it maps this way cannot be shared over CUDA IPC (pytorch c10/cuda/CUDAAllocatorConfig.h)`,
      );
    case 'reserved-hint':
      return fix(
        'export PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:128 (on PyTorch ≥ 2.1, expandable_segments:True instead)',
        `this PyTorch's message names max_split_size_mb, so it reads the option: blocks above 128 MiB are then never split, which keeps large cached blocks whole for large requests (minimum 20, pytorch c10/cuda/CUDAAllocatorConfig.h); ${stranded} is stranded now`,
      );
    default:
      return fix(
        'upgrade PyTorch (≥ 2.1) and export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True',
        `this message predates the allocator options (it does not name max_split_size_mb), so this PyTorch has no setting that returns the ${stranded} stranded in split blocks`,
      );
  }
}

// "0.3%" below one percent, whole percents above.
const share = (ratio: number): string =>
  ratio < 0.01 ? `${(ratio * 100).toFixed(1)}%` : `${Math.ceil(ratio * 100)}%`;

// How the batch fixes name PyTorch's checkpointing, after the cut: " or use activation checkpointing
// (torch.utils.checkpoint) and mixed precision", less what the log shows on (shown.ts).
const torchCheckpointing = 'activation checkpointing (torch.utils.checkpoint)';

/**
 * The fix that makes a training model's own state smaller or spreads it, none of it what the log
 * shows done: no adapters where the run is an adapter run, no 8/4-bit load where the weights are in
 * 4-bit, no bf16 where it runs in mixed precision, and where ZeRO-3 is on, its CPU offload instead.
 */
export function modelStateFix(shown: ShownTechniques): FixDetail {
  const levers = [
    ...(shown.isAdapters ? [] : ['train adapters only (LoRA, or freeze the backbone)']),
    ...(shown.isFourBit ? [] : [`load the weights in ${shown.isMixedPrecision ? '' : 'bf16 or '}8/4-bit`]),
    shown.isZeroThree
      ? 'with ZeRO-3 on already, offload its optimizer states and parameters to the CPU (zero_optimization.offload_optimizer and offload_param, device cpu)'
      : 'shard them over several GPUs (FSDP, DeepSpeed ZeRO-3, or ZeRO with the optimizer offloaded to the CPU)',
  ];
  return fix(
    `make the model state smaller or spread it: ${commaOrList(levers)}`,
    'training with Adam in mixed precision holds about 16 bytes per parameter (weights, gradients, two moments, fp32 master copy), whatever the batch',
  );
}

/**
 * The batch cut that frees the shortfall, or the one allocation to look at when it dwarfs the rest;
 * with the step's lighter-memory techniques the log does not show on (shown.ts lighterStepClause).
 */
export function batchFix(n: TorchNumbers, shown: ShownTechniques): FixDetail {
  const { requestedBytes, shortfallBytes, allocatedBytes } = n;
  if (allocatedBytes !== undefined && requestedBytes > allocatedBytes) {
    return fix(
      `look at the operation on the failing line (an attention matrix, a concatenation, a large activation) and halve the batch size or sequence length that feeds its ${size(requestedBytes)} tensor`,
      `one request of ${size(requestedBytes)} is more than all of PyTorch's other tensors together (${size(allocatedBytes)}): that one tensor, not the rest of the step, ran out`,
    );
  }
  if (allocatedBytes === undefined || allocatedBytes === 0 || shortfallBytes === 0) {
    return fix(
      `lower the batch size (halve it)${lighterStepClause(shown, { lead: ' or use ', checkpointing: torchCheckpointing })}`,
      'activations grow with the batch; the message gives no numbers to size the cut',
    );
  }
  const percent = batchCutPercent(shortfallBytes, allocatedBytes);
  return fix(
    `lower the batch size by at least ${percent}%${lighterStepClause(shown, { lead: ', or use ', checkpointing: torchCheckpointing })}`,
    `the request lacked ${size(shortfallBytes)} beyond free memory, ${share(shortfallBytes / allocatedBytes)} of the ${size(allocatedBytes)} PyTorch had allocated (shortfall ÷ allocated); parameters and optimizer state do not shrink with the batch, so the cut needed is at least this`,
  );
}

/** Stop or move away from the other processes; set_device when they are other ranks' contexts. */
export function coTenantFixes(n: TorchNumbers, device: number | string, isDistributed: boolean): FixDetail[] {
  const contextSized = n.others.length > 0 && n.others.every((h) => h.bytes <= contextMaxBytes);
  const pids = n.others.map((h) => h.pid);
  const fixes: FixDetail[] = [];
  if (contextSized && (isDistributed || n.others.length >= 2)) {
    fixes.push(
      fix(
        'call torch.cuda.set_device(local_rank) before any CUDA call (or start each rank with its own CUDA_VISIBLE_DEVICES), so no rank creates a context on this GPU',
        `PID ${pids.join(', ')} hold${pids.length === 1 ? 's' : ''} ${n.others.map((h) => size(h.bytes)).join(', ')} on GPU ${device}, the size of a bare CUDA context: other ranks created contexts here; together ${size(n.otherBytes)}, more than the ${size(n.shortfallBytes)} this request lacked`,
      ),
    );
  }
  const who = pids.length > 0 ? `PID ${pids.join(', ')}` : 'the other processes';
  fixes.push(
    fix(
      `stop ${who} or run on another GPU (CUDA_VISIBLE_DEVICES=<a free GPU>); to share GPU ${device} on purpose, give every process a budget with headroom plan`,
      `other processes hold ${size(n.otherBytes)} of GPU ${device}, more than the ${size(n.shortfallBytes)} this request lacked`,
    ),
  );
  return fixes;
}
