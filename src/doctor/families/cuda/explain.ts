// Library-level GPU failures (cuBLAS, cuDNN, NCCL, the CUDA runtime) and the near misses. A
// library allocates outside the framework's pool, so the fix follows the framework the log shows.
import type { Draft } from '../../candidates.js';
import type { FixDetail } from '../../types.js';
import { type ExplainContext, type Explanation, fix, num, seeHolders, size } from '../explain-types.js';
import {
  genericPoolFixes,
  isJaxFrontEnd,
  jaxOutsidePoolFixes,
  jaxPoolWords,
  tensorflowPoolFixes,
} from '../outside-pool.js';
import { largerCardFix, smallCardReason } from '../pytorch/fixes.js';
import { smallCardBytes } from '../pytorch/numbers.js';

const layerNames: Record<string, string> = {
  cublas: 'cuBLAS',
  cudnn: 'cuDNN',
  nccl: 'NCCL',
  cuda: 'a CUDA call',
};

function ncclFixes(draft: Draft, ctx: ExplainContext): FixDetail[] {
  const fixes: FixDetail[] = [seeHolders(draft.facts.device as number | undefined)];
  if (ctx.frameworks.torch)
    fixes.push(
      fix(
        'give every rank its own GPU: torch.cuda.set_device(local_rank) before init_process_group (ranks that share device 0 fill it)',
        'a rank that never sets its device creates its context and NCCL buffers on GPU 0',
      ),
    );
  fixes.push(
    fix(
      "leave NCCL room outside the framework's pool (a smaller batch, or a smaller preallocated pool)",
      "NCCL allocates its buffers with cudaMalloc, outside the framework's allocator (NVML per-process usage; pytorch#86509)",
    ),
  );
  return fixes;
}

function torchLibraryFixes(): FixDetail[] {
  return [
    seeHolders(),
    fix(
      "stop the other processes on this GPU, or lower the batch size so PyTorch's cache leaves room for library handles and workspaces",
      "PyTorch's caching allocator keeps freed memory reserved; a library handle allocated outside it finds the card full",
    ),
  ];
}

/** A CUDA library or runtime allocation failed: the GPU was full when it needed its own memory. */
export function explainLibrary(draft: Draft, ctx: ExplainContext): Explanation {
  const layer =
    typeof draft.facts.library === 'string'
      ? draft.facts.library
      : (layerNames[draft.framework] ?? 'a library');
  const free = num(draft.facts, 'freeBytes');
  const freeText = free !== undefined ? ` (${size(free)} was free)` : '';
  if (draft.framework === 'nccl')
    return {
      cause: 'co_tenant',
      causeText: `NCCL could not allocate its buffers: the GPU was already full (the framework's pool, another rank, or another process)${freeText}`,
      fixes: ncclFixes(draft, ctx),
    };
  if (isJaxFrontEnd(ctx))
    return {
      cause: 'outside_pool',
      causeText: `${layer} could not allocate its own memory outside JAX's pool: ${jaxPoolWords(ctx)}, and the rest was taken (another JAX process, TensorFlow in the same process, or another process)${freeText}`,
      fixes: jaxOutsidePoolFixes(ctx, layer),
    };
  if (ctx.frameworks.tensorflow)
    return {
      cause: 'outside_pool',
      causeText: `${layer} could not allocate its own memory: TensorFlow took the GPU's free memory at start${freeText}`,
      fixes: tensorflowPoolFixes(layer),
    };
  if (ctx.frameworks.torch)
    return {
      cause: 'co_tenant',
      causeText: `${layer} could not allocate its own memory: the GPU was already full (PyTorch's own cache, or another process)${freeText}`,
      fixes: torchLibraryFixes(),
    };
  return {
    cause: 'co_tenant',
    causeText: `${layer} could not allocate its own memory: the GPU was already full (a framework's pool or another process)${freeText}`,
    fixes: genericPoolFixes(layer),
  };
}

// A bare OOM gives no figures to size the cut.
const halveBatch = fix('lower the batch size (halve it)', 'activations scale with the batch');

/** A generic "CUDA error: out of memory" with no numbers: what can and cannot be said. */
export function explainBareCudaOom(draft: Draft, ctx: ExplainContext): Explanation {
  if (isJaxFrontEnd(ctx) || ctx.frameworks.tensorflow) return explainLibrary(draft, ctx);
  const phase = draft.facts.phase === 'backward' ? ' (in backward, where activations peak)' : '';
  // The card named with its size in the user's words (log/evidence.ts statedCardBytes), below 4 GiB:
  // the CUDA context (0.25–1.5 GiB) and the weights leave little for activations, and the threads on
  // 2–3 GiB cards are answered "use a larger GPU" (pytorch/numbers.ts smallCardBytes, FACTS Q5).
  const card = num(ctx.context, 'statedCardBytes');
  if (card !== undefined && card < smallCardBytes)
    return {
      cause: 'device_too_small',
      causeText: `a CUDA call failed with out of memory${phase} on a card the log states has ${size(card)}: ${smallCardReason}`,
      fixes: [largerCardFix(card), halveBatch],
    };
  return {
    cause: 'unknown',
    causeText: `a CUDA call failed with out of memory${phase} and the message gives no numbers (an old PyTorch, a C++ extension, or a CUDA call outside the caching allocator): the log cannot say whether this process's tensors or another process filled the GPU`,
    fixes: [
      seeHolders(),
      fix(
        'print torch.cuda.memory_summary() when it fails (catch the error) to see what this process holds; if memory rises from step to step, look for tensors kept alive across steps (losses summed without .item(), lists of outputs)',
        'the summary gives allocated and reserved memory, which this message lacks',
      ),
      halveBatch,
    ],
  };
}
