// Why a device allocation failed, from the figures the allocation-failure grammar read
// (rules/alloc.ts), whatever framework or vendor printed them: a request larger than the device,
// figures that show no shortage at all, a KV cache that does not fit what vLLM may use, or the
// process's own work filling the device.
import type { Draft } from '../../candidates.js';
import { settingFact } from '../../settings.js';
import {
  acrossMoreGpus,
  commaOrList,
  lighterStepClause,
  quantizedAlready,
  type ShownTechniques,
  shownTechniquesOf,
} from '../../shown.js';
import type { FixDetail } from '../../types.js';
import { type ExplainContext, type Explanation, fix, num, seeHolders, size } from '../explain-types.js';
import { largerCardFix, smallCardReason } from '../pytorch/fixes.js';
import { smallCardBytes } from '../pytorch/numbers.js';

const vendorNames: Record<string, string> = {
  amd: 'the AMD GPU',
  intel: 'the Intel GPU',
  apple: 'the Apple GPU',
  tpu: 'the TPU',
  nvidia: 'the GPU',
};

/**
 * Who else holds the device, by the vendor's own tool: NVML's nvidia-smi for NVIDIA (seeHolders),
 * rocm-smi --showpids for AMD (ROCm SMI docs), xpu-smi ps for Intel (xpu-smi docs), Activity Monitor
 * for Apple (its GPU shares the Mac's unified memory with every app). A TPU is opened by one process
 * at a time (libtpu refuses a second with "TPU ... already in use"), so no other process holds it.
 */
function holdersFix(vendor: unknown): FixDetail[] {
  if (vendor === 'tpu') return [];
  if (vendor === 'amd')
    return [
      fix(
        'see who holds the GPU: rocm-smi --showpids',
        'ROCm SMI lists the processes using each GPU and their VRAM',
      ),
    ];
  if (vendor === 'intel')
    return [
      fix(
        'see who holds the GPU: xpu-smi ps',
        'xpu-smi lists the processes using each Intel GPU and their memory',
      ),
    ];
  if (vendor === 'apple')
    return [
      fix(
        "see what else holds memory: Activity Monitor → Memory (the GPU shares the Mac's unified memory with every app)",
        "Apple silicon's GPU allocates from the same RAM as the CPU, so other apps' memory is what it lacks",
      ),
    ];
  return [seeHolders()];
}

/** vLLM's largest sensible share of a card it has to itself (its own docs' upper examples). */
const maxUtilization = 0.95;

/**
 * An engine's lever on its weights per GPU, none of it what the log shows done: sharding past the N
 * GPUs it uses already, a quantized checkpoint where it is not one, CUDA graphs freed where it does not
 * run eager already.
 */
function engineWeightsFix(shown: ShownTechniques): FixDetail {
  const smaller =
    shown.quantizedMethod === undefined
      ? 'a quantized checkpoint, or a smaller model'
      : `or a smaller model ${quantizedAlready(shown.quantizedMethod)}`;
  return fix(
    `or make the weights smaller per GPU: tensor_parallel_size ${acrossMoreGpus(shown)}, ${smaller}${shown.isEager ? '' : '; enforce_eager=True also frees the memory CUDA graphs take'}`,
    'what the weights and graphs take is not left for the KV cache',
  );
}

function kvCacheExplanation(draft: Draft, ctx: ExplainContext): Explanation {
  const shown = shownTechniquesOf(ctx.context);
  const seqs = num(draft.facts, 'maxNumSeqs');
  const blocks = num(draft.facts, 'stateBlocks');
  // More sequences at once than the state blocks that fit (rules.ts): the concurrency, not a length.
  if (seqs !== undefined && blocks !== undefined)
    return {
      cause: 'batch_too_large',
      causeText: `vLLM was asked to run ${seqs} sequences at once (max_num_seqs), but the model keeps one Mamba state block per running sequence and only ${blocks} fit in the memory left after the weights`,
      fixes: [
        fix(
          `lower max_num_seqs to at most ${blocks} (--max-num-seqs ${blocks}, or LLM(..., max_num_seqs=${blocks}))`,
          `each decode sequence needs one Mamba cache block and ${blocks} are available (vllm/config/compilation.py)`,
        ),
        fix(
          `or give the state more room: ${commaOrList(['a larger gpu_memory_utilization', 'the weights sharded over more GPUs (a larger tensor_parallel_size)', ...(shown.quantizedMethod === undefined ? ['a quantized checkpoint'] : [])])}`,
          'the blocks are sized from what gpu_memory_utilization leaves after the weights',
        ),
      ],
    };
  const tokens = num(draft.facts, 'kvCacheTokens');
  const wanted = num(draft.facts, 'maxModelLen');
  const utilization = num(ctx.context, 'gpuMemoryUtilization');
  const shownMaxModelLen =
    Number(String(ctx.context[settingFact('max_model_len')]).split(',')[0]) || undefined;
  const share = utilization !== undefined ? String(utilization) : 'its default 0.9';
  const fixes: FixDetail[] = [
    tokens !== undefined
      ? fix(
          `lower max_model_len to at most ${tokens} (LLM(..., max_model_len=${tokens}) or --max-model-len ${tokens})`,
          `the KV cache holds ${tokens} tokens, fewer than max_model_len ${wanted}; one sequence must fit whole`,
        )
      : shownMaxModelLen !== undefined && shownMaxModelLen >= 2
        ? // The log gives max_model_len already: name a value below it, never the one it has.
          fix(
            `lower max_model_len below the ${shownMaxModelLen} it is now (e.g. --max-model-len ${Math.floor(shownMaxModelLen / 2)}) so that one whole sequence fits the KV cache`,
            'vLLM refuses to start when the KV cache cannot hold one sequence of max_model_len tokens',
          )
        : fix(
            'lower max_model_len (--max-model-len) so that one whole sequence fits the KV cache',
            'vLLM refuses to start when the KV cache cannot hold one sequence of max_model_len tokens',
          ),
  ];
  if (utilization === undefined || utilization < maxUtilization)
    fixes.push(
      fix(
        `let vLLM use more of the GPU: gpu_memory_utilization=${maxUtilization} (now ${share}), with nothing else on the card`,
        'vLLM sizes the KV cache from gpu_memory_utilization × the card, minus the weights and the activations it profiled at start',
      ),
    );
  fixes.push(engineWeightsFix(shown), seeHolders());
  return {
    cause: 'memory_cap',
    causeText: `vLLM may use gpu_memory_utilization (${share}) of the GPU, and after the weights and activations what is left for the KV cache${tokens !== undefined ? ` holds ${tokens} tokens, fewer than max_model_len ${wanted}` : ' cannot hold one sequence'}`,
    fixes,
  };
}

/** PaddlePaddle's default FLAGS_fraction_of_gpu_memory_to_use on Linux (paddle/fluid/platform/gpu_info.cc, v1.x). */
export const paddleDefaultFraction = 0.92;

/** A device allocation failed; the figures decide what can be said. */
export function explainAllocation(draft: Draft, ctx: ExplainContext): Explanation {
  if (draft.facts.kvCache === true) return kvCacheExplanation(draft, ctx);
  if (draft.facts.taichiPool === true)
    return {
      cause: 'memory_cap',
      causeText:
        'Taichi took one pool of GPU memory at ti.init and every field and runtime list is cut from it; the pool is used up, whatever else the card has free',
      fixes: [
        fix(
          'give the pool more of the card at start: ti.init(arch=ti.cuda, device_memory_fraction=0.9) or ti.init(arch=ti.cuda, device_memory_GB=N)',
          "Taichi's own message names these two settings (taichi runtime.cpp allocate_from_buffer)",
        ),
        fix(
          'or need less of it: fewer or smaller fields, fewer environments or particles per step',
          'the pool holds every field the program places',
        ),
      ],
    };
  if (draft.facts.quantizedOffload === true)
    return {
      cause: 'model_state',
      causeText:
        "the quantized model's weights do not fit the GPU's memory: device_map placed some of its modules on the CPU or the disk, and transformers refuses to run them there",
      fixes: [
        fix(
          // Where the log shows a 4-bit load already, a smaller model and the card are what is left.
          `${shownTechniquesOf(ctx.context).isFourBit ? 'load a smaller model' : 'load it in 4-bit (BitsAndBytesConfig(load_in_4bit=True)) or load a smaller model'}, or use a GPU with more memory, with nothing else holding it`,
          'the weights of the whole model must fit on the GPU for bitsandbytes to run it',
        ),
        fix(
          'or keep the offloaded modules in 32-bit on the CPU (slow): BitsAndBytesConfig(llm_int8_enable_fp32_cpu_offload=True) with a device_map that names them',
          "transformers' own message names this way",
        ),
        seeHolders(),
      ],
    };
  const requested = num(draft.facts, 'requestedBytes');
  const free = num(draft.facts, 'freeBytes');
  const total = num(draft.facts, 'totalBytes');
  const allocated = num(draft.facts, 'allocatedBytes');
  const device = vendorNames[String(draft.facts.vendor)] ?? 'the device';
  const isTpu = draft.facts.vendor === 'tpu';
  const maxBuffer = num(draft.facts, 'maxBufferBytes');
  if (requested !== undefined && maxBuffer !== undefined && requested > maxBuffer)
    return {
      cause: 'request_exceeds_device',
      causeText: `one buffer of ${size(requested)} is larger than the largest single buffer ${device} allows (${size(maxBuffer)}, ${draft.facts.vendor === 'apple' ? "Metal's maxBufferLength" : "the runtime's single-allocation limit"}): no amount of free memory serves it in one piece`,
      fixes: [
        fix(
          `make the largest array smaller than ${size(maxBuffer)}: a shorter context or prompt batch, or the computation split into chunks`,
          `${draft.facts.vendor === 'apple' ? 'Metal' : 'the runtime'} refuses any one buffer above ${size(maxBuffer)}, whatever memory is free`,
        ),
        // The relaxed limit is the oneAPI Level Zero adapter's: only where the message is from that
        // stack (IPEX's XPU allocator, SYCL/UR/PI errors), not OpenVINO's own check or Metal.
        ...(draft.facts.vendor === 'apple' ||
        !/NOT allocate memory block|\bXPU\b|\bUR_|PI_ERROR|Level.?Zero|\bSYCL\b/i.test(draft.evidence.text)
          ? []
          : [
              fix(
                'on an Intel GPU, allow allocations above 4 GB: export UR_L0_ENABLE_RELAXED_ALLOCATION_LIMITS=1 (oneAPI Level Zero adapter), where the runtime reads it',
                'Intel GPUs refuse one allocation above 4 GB unless relaxed allocation limits are on (intel/llvm unified-runtime Level Zero adapter)',
              ),
            ]),
      ],
    };
  // At the device's whole total too: its runtime's context holds part of every device before any buffer.
  if (requested !== undefined && total !== undefined && requested >= total)
    return {
      cause: 'request_exceeds_device',
      causeText: `one allocation of ${size(requested)} is ${requested > total ? 'larger than' : 'as large as'} all of ${device} (${size(total)}): a shape or configuration problem`,
      fixes: [
        fix(
          `find the tensor of ${size(requested)} at the failing line and check its shape; no setting makes it fit`,
          `${size(requested)} is more than the ${size(total)} the device has`,
        ),
      ],
    };
  const largestFree = num(draft.facts, 'largestFreeBlockBytes');
  // The allocator's own count of its largest free block (the TPU runtime prints it): enough free in
  // all but no one piece as large as the request is fragmentation, by the allocator's word.
  if (requested !== undefined && largestFree !== undefined && largestFree < requested)
    return {
      cause: 'fragmentation',
      causeText: `${device} had ${free !== undefined ? `${size(free)} free` : 'memory free'}, but its largest free block was ${size(largestFree)}, smaller than the ${size(requested)} requested: the free memory is in pieces`,
      fixes: [
        fix(
          isTpu
            ? 'allocate the large buffers first and keep their shapes fixed between steps (pad to a few bucket sizes), or restart the process between phases that leave many buffers alive'
            : 'allocate the large buffers first and keep shapes fixed between steps, or free what the previous phase left before this one',
          `the largest free block (${size(largestFree)}) is below the request (${size(requested)}) though more is free in all`,
        ),
        fix(
          'or lower the size of this request (a smaller batch or sequence) so it fits a block that is free',
          `a request of at most ${size(largestFree)} fits the largest free block now`,
        ),
      ],
    };
  if (requested !== undefined && free !== undefined && free >= requested)
    return {
      cause: 'unknown',
      causeText: `the message shows ${size(free)} free for a ${size(requested)} request: its figures show no shortage (the free memory may be in pieces, in another pool, or above a cap the process runs under), so the log cannot say what filled ${device}`,
      fixes: [
        fix(
          'measure at the failing step: the framework memory stats (torch.cuda.memory_summary(), jax device memory_stats()) and the vendor tool (nvidia-smi, rocm-smi, xpu-smi) side by side',
          `${size(free)} free ≥ the ${size(requested)} requested, so the failure is not the device being full`,
        ),
        ...holdersFix(draft.facts.vendor),
      ],
    };
  const fraction = num(ctx.context, 'paddleGpuFraction');
  // A fraction at or above PaddlePaddle's own default (0.92 on Linux: paddle/fluid/platform/gpu_info.cc,
  // v1.x, "Default use 92% of GPU memory for PaddlePaddle, reserve the rest for page tables") is the
  // share every run has, not a cap the user set: raising it gains at most the last 8% of the card, so
  // what did not fit is the work (round 16; the cap stays an alternative, cause-alternatives.ts).
  if (requested !== undefined && fraction !== undefined && fraction < paddleDefaultFraction)
    return {
      cause: 'memory_cap',
      causeText: `PaddlePaddle's pool may take FLAGS_fraction_of_gpu_memory_to_use = ${fraction} of the card (the message reports it), and ${size(requested)} more did not fit in that share${free !== undefined ? ` (${size(free)} left in it)` : ''}`,
      fixes: [
        fix(
          'raise FLAGS_fraction_of_gpu_memory_to_use (below 1.0) in the shell or the launcher, before paddle is imported: the value the message reports is the one in force, whatever a script set later (PaddleOCR: its gpu_mem option sets it too)',
          `the message reports the fraction as ${fraction}; it is read once, when paddle initialises its allocator`,
        ),
        ...holdersFix(draft.facts.vendor),
      ],
    };
  const figures =
    requested !== undefined
      ? `${size(requested)} requested${free !== undefined ? `, ${size(free)} free` : ''}${allocated !== undefined ? `, ${size(allocated)} already allocated by this process` : ''}`
      : '';
  if (figures === '' || (allocated === undefined && free === undefined))
    return {
      cause: 'unknown',
      causeText: `a device allocation failed on ${device}${figures ? ` (${figures})` : ''} and the message gives no figures on who holds the memory: this process's own work and another process fill it alike`,
      fixes: [
        ...holdersFix(draft.facts.vendor),
        fix(
          'if nothing else holds it, lower the batch size (halve it) or the model/sequence size',
          'activations grow with the batch; the message does not say how much this process holds',
        ),
      ],
    };
  // A card under 4 GiB by the message's own total, full, with no figure of what this process holds:
  // the card, as PyTorch's and a bare CUDA OOM's small cards (pytorch/numbers.ts smallCardBytes).
  if (
    total !== undefined &&
    total > 0 &&
    total < smallCardBytes &&
    allocated === undefined &&
    requested !== undefined &&
    free !== undefined &&
    free < requested &&
    !isTpu
  )
    return {
      cause: 'device_too_small',
      causeText: `${device} has ${size(total)} in all (${figures}): ${smallCardReason}`,
      fixes: [
        largerCardFix(total),
        fix(
          'or lower the batch size or the input size (halve it)',
          'activations scale with the batch and the input',
        ),
      ],
    };
  return {
    cause: 'batch_too_large',
    causeText: `${device} is full with this process's work: ${figures}`,
    fixes: [
      fix(
        isTpu
          ? 'lower the per-core batch size (halve it), or shard the model and optimizer state (SPMD/FSDP) across cores'
          : `lower the batch size (halve it)${lighterStepClause(shownTechniquesOf(ctx.context), { lead: ', or use ', checkpointing: 'activation checkpointing' })}`,
        `the request did not fit in what was left (${figures})`,
      ),
      ...holdersFix(draft.facts.vendor),
    ],
  };
}
