// The other causes a GPU OOM's evidence cannot rule out, each with what would decide it (issue 23,
// round 14). `cause` keeps its meaning: the one the rules pick. Many logs hold only the allocator's
// figures, and from those alone "this process's batch", "the model's own state" and "a card too small
// for the work" are the same picture: a card full of this process's tensors. What separates them is a
// run the log does not show (batch size 1), the model's size against the card, or the card's size
// against what the project asks for. Pure: no I/O.
import { fix, num, size } from './families/explain-types.js';
import { lastBlocksShareOfCard, reservedUnallocatedOf } from './families/pytorch/numbers.js';
import type { Cause, CauseAlternative, DiagnosisKind, Facts, FixDetail } from './types.js';

const GiB = 1024 ** 3;

/**
 * A card at or under 8 GiB: the entry size of current consumer GPUs (GeForce RTX 4060 and RTX 5060,
 * 8 GB; nvidia.com/en-us/geforce/graphics-cards/40-series/rtx-4060-4060ti/), below the minimum many
 * published models and tools state for themselves. On such a card (or one the log does not size) a
 * full card can be the card's size, not the batch: the project's stated minimum decides.
 */
export const smallForWorkBytes = 8 * GiB;

/**
 * One request at least the whole of a nominal 16 GB card, the most common size of data-centre and
 * mid-range cards (a T4 reports 14.75 GiB, a V100-16GB 15.78 GiB, nvidia-smi): where the log gives no
 * card's size, a single tensor that large does not fit most cards whatever else holds them, so its
 * shape (an input far larger than expected, a whole dataset or index moved at once, attention without
 * its memory-efficient kernel) is the most likely cause, the batch the alternative. The spent corpus:
 * every request-only allocator message at or above it (7 of 7) was concluded the request's shape.
 */
export const requestPastCommonCardBytes = 14.5 * GiB;

/** One request past a common card's whole memory, on a card the log does not size (requestPastCommonCardBytes). */
export function isRequestPastCommonCard(requested: number | undefined, card: number | undefined): boolean {
  return card === undefined && requested !== undefined && requested >= requestPastCommonCardBytes;
}

/**
 * The share of a card's stated size that one request cannot get: a card sold as N GB reports less
 * than N GiB (a "16 GB" T4 14.75 GiB, a V100-16GB 15.78 GiB, nvidia-smi) and its CUDA context takes
 * 0.25-1.5 GiB of that before any tensor (pytorch/numbers.ts contextMaxBytes), so a request of this
 * share of the stated size (requestPastCommonCardBytes of a nominal 16 GB card) does not fit it.
 */
export const requestPastStatedCardShare = requestPastCommonCardBytes / (16 * GiB);

/** One request past what the card the log states can give it (requestPastStatedCardShare). */
export function isRequestPastStatedCard(
  requested: number | undefined,
  statedCard: number | undefined,
): boolean {
  return (
    statedCard !== undefined &&
    requested !== undefined &&
    requested >= requestPastStatedCardShare * statedCard
  );
}

/** The fix for a request past a common card: its tensor's shape (isRequestPastCommonCard). */
export function requestShapeFix(requested: number): FixDetail {
  return fix(
    `find the tensor of ${size(requested)} at the failing line and check its shape (batch × sequence × hidden size, an image's resolution, a whole dataset or index moved at once); if it must be that large, only a card larger than it holds it`,
    `one allocation of ${size(requested)} is at least the whole memory of a nominal 16 GB card, and the log does not size the card`,
  );
}

/** A single request at least this share of the card leaves its shape open beside the batch (cause-alternatives.ts). */
export const requestHalfOfCard = 0.5;

const decides = {
  model_state:
    "run it once with batch size 1 (and the shortest input): if it still fails, the model's own state (weights, and for training gradients and optimizer moments) does not fit; if it runs, the batch is the lever",
  batch_too_large:
    'run it with a smaller batch, sequence or resolution: if that fits, the batch was the lever, not the model or the card',
  co_tenant:
    'run nvidia-smi --query-compute-apps=pid,used_memory --format=csv when it fails: another process holding the memory outside PyTorch makes it the other process',
} as const;

/** What decides another process where a figure-less message was read as the card's size instead
 * (diagnose.ts mostLikelyOfFigureless keeps the family's guess open beside it). */
export const coTenantOfCardDecides =
  'run nvidia-smi --query-compute-apps=pid,used_memory --format=csv when it fails: another process holding most of the card makes it the other process';

function deviceDecides(card: number | undefined): string {
  return card === undefined
    ? "compare the card's size (nvidia-smi) with the memory the project states it needs: a card under that minimum is the card, which no batch setting fixes"
    : `compare this ${size(card)} card with the memory the project states it needs: a card under that minimum is the card, which no batch setting fixes`;
}

/** What a diagnosis needs for its alternatives: its kind, cause, facts and the log's context. */
export interface AlternativesInput {
  kind: DiagnosisKind;
  cause: Cause;
  facts: Facts;
  context: Facts;
  /** Alternatives the family's explainer found in its own figures (pytorch/explain.ts: co_tenant). */
  proposed?: readonly CauseAlternative[];
  /** The diagnosis's signature code (a family's own reading, e.g. TensorFlow's pool refused). */
  code?: string;
  /** The message lists the processes holding the card. */
  holdersListed?: boolean;
}

/**
 * The facts that say what this process itself holds of the card (PyTorch's allocated or reserved, a
 * pool's in-use, NVML's "this process has"); with the free and total figures, what a message gives of
 * the card's fill (diagnose.ts: a message with none of them names its most likely cause).
 */
export const ownHoldingFacts = [
  'allocatedBytes',
  'reservedBytes',
  'processBytes',
  'summaryReservedBytes',
  'inUseBytes',
] as const;

/**
 * A kill the log does not name a killer for (a bare "Killed", exit 137, a DataLoader worker killed;
 * CORPUS-FORMAT settled rules 2 and 7): the kernel's OOM killer is the usual sender, and its own line
 * in the kernel log says which memory ran out, the host's or a cgroup's (linux mm/oom_kill.c,
 * v5.x-v6.x: out_of_memory() prints "Out of memory: Killed process N" for the host and, when
 * is_memcg_oom(), "Memory cgroup out of memory: Killed process N" for a container's or job's limit). Both stay open, each with the line that decides it; a worker's death
 * also leaves the workers' own copies open (torch.utils.data docs, "multi-process data loading").
 */
function killAlternatives(code: string | undefined): CauseAlternative[] {
  const found: CauseAlternative[] = [
    {
      cause: 'host_ram',
      decidedBy:
        'dmesg -T (or journalctl -k) showing "Out of memory: Killed process <pid>" without "Memory cgroup": the whole host ran out of RAM',
    },
    {
      cause: 'memory_limit',
      decidedBy:
        "dmesg -T showing \"Memory cgroup out of memory\", or the container's OOMKilled / the job's memory limit reached: a container's or job's limit, not the host",
    },
  ];
  if (code === 'dataloader-worker-killed' || code === 'dataloader-worker-exited')
    found.push({
      cause: 'dataloader_workers',
      decidedBy:
        "run once with DataLoader(num_workers=0): if it then fits, the workers' own copies (the dataset each one holds, prefetched batches) were what filled memory",
    });
  return found;
}

/** The other causes the log cannot rule out, none when the evidence decided (or for other kinds). */
export function causeAlternatives(input: AlternativesInput): CauseAlternative[] {
  const { kind, cause, facts, context } = input;
  if (kind === 'host_oom' && cause === 'unknown') return killAlternatives(input.code);
  // A host reading the family left open itself (host/explain.ts: an out-of-memory told only in words).
  if (kind === 'host_oom') return (input.proposed ?? []).filter((a) => a.cause !== cause);
  if (kind !== 'gpu_oom') return [];
  const found: CauseAlternative[] = [...(input.proposed ?? [])];
  const add = (alternative: Cause, decidedBy: string) => {
    if (alternative !== cause && !found.some((a) => a.cause === alternative))
      found.push({ cause: alternative, decidedBy });
  };
  const card = num(facts, 'totalBytes') ?? num(context, 'statedCardBytes');
  const cardMayBeSmall = card === undefined || card <= smallForWorkBytes;
  // What decided model_state by the step itself: the failing step loaded, placed or gathered the
  // model, or was the optimizer's, or the log shows a batch of one (log/evidence.ts). Then no batch
  // was the lever; a full fine-tune alone leaves the batch open.
  // A batch of one is shown by the log's setting, or by Accelerate's batch-size finder having halved
  // the batch to zero (pytorch/rules.ts torch-oom-caught-by-app's batchExhausted).
  const batchOfOneShown =
    facts.batchExhausted === true || (context.batchSizeOne === true && context.batchOneRuns !== true);
  const stepDecided =
    context.modelStateStep === 'place' ||
    context.modelStateStep === 'gather' ||
    context.optimizerStateStep === true ||
    batchOfOneShown;
  const requested = num(facts, 'requestedBytes');
  // The user says a batch of one runs (log/evidence.ts batchOneRuns): the model's state fits.
  const modelFits = context.batchOneRuns === true;
  const free = num(facts, 'freeBytes');
  // What this process itself holds, by the message's own figures (PyTorch's allocated or reserved,
  // a pool's in-use, NVML's "this process has"); without any, the card's fill is nobody's in particular.
  const own = ownHoldingFacts.map((k) => num(facts, k)).find((v) => v !== undefined);
  if (cause === 'batch_too_large' && own === undefined)
    add(
      'co_tenant',
      'the message gives no figure of what this process holds: run nvidia-smi --query-compute-apps=pid,used_memory --format=csv when it fails (or torch.cuda.memory_summary()); another process holding most of the card makes it the other process',
    );
  // Free memory past the request within the card's last blocks (2% of the card, or of what the
  // figures account for where the message gives no total; pytorch/numbers.ts lastBlocksShareOfCard):
  // the figures show no shortage, yet the card is as good as full, so whose memory fills it is open.
  const accounted = card ?? (own !== undefined && free !== undefined ? own + free : undefined);
  if (
    cause === 'unknown' &&
    requested !== undefined &&
    free !== undefined &&
    accounted !== undefined &&
    free >= requested &&
    free - requested < lastBlocksShareOfCard * accounted
  ) {
    add(
      'batch_too_large',
      `the ${size(free - requested)} free past the request are the card's last blocks, which allocators do not hand out whole: if a smaller batch, sequence or resolution fits, it was the batch`,
    );
    add('co_tenant', decides.co_tenant);
  }
  // Free memory past the request by more than the last blocks: the figures, read as the message was
  // built, show no shortage, so the card filled between that reading and the failure, or the free
  // memory was not one block (pytorch/explain.ts names both). Who filled it, this run's step or
  // another process, is then what the figures cannot say: both stay open beside cause unknown.
  if (cause === 'unknown' && requested !== undefined && free !== undefined && free >= requested) {
    add(
      'batch_too_large',
      `the message shows ${size(free)} free for a ${size(requested)} request: if a smaller batch, sequence or resolution fits, this run's step filled the card after the figures were read`,
    );
    add('co_tenant', decides.co_tenant);
  }
  if (cause === 'batch_too_large') {
    // A batch of one read as the step's other dimensions (pytorch/fixes.ts batchOfOneStepText)
    // leaves the model's state open: what decided model_state by the batch does not decide it here.
    const batchOfOne = context.batchSizeOne === true && context.batchOneRuns !== true;
    if ((!stepDecided || batchOfOne) && !modelFits) add('model_state', decides.model_state);
    if (cardMayBeSmall) add('device_too_small', deviceDecides(card));
    // The reserve PyTorch holds but has not handed out is itself at least the request (request > free,
    // reserved-but-unallocated >= request). Before raising, the caching allocator frees its cached
    // segments and retries (c10/cuda/CUDACachingAllocator.cpp v2.1.0 malloc: release_cached_blocks), so
    // what is left unallocated sits in segments beside live tensors, in pieces none of which held the
    // request: fragmentation stays open beside the batch, PyTorch's own hint for it being
    // expandable_segments ("If reserved but unallocated memory is large try setting ...").
    const stranded = reservedUnallocatedOf(facts);
    if (
      requested !== undefined &&
      free !== undefined &&
      stranded !== undefined &&
      requested > free &&
      stranded >= requested
    )
      add(
        'fragmentation',
        `PyTorch holds ${size(stranded)} reserved but unallocated, at least the ${size(requested)} request (${size(free)} free), which as one block would have served it; set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True once: if it then fits, it was fragmentation`,
      );
    // No card's size in the log and one request above the small-for-work size: it may be larger than
    // the whole card, which no batch setting short of its shape fixes.
    if (card === undefined && requested !== undefined && requested >= smallForWorkBytes)
      add(
        'request_exceeds_device',
        `compare the ${size(requested)} request with the card's total (nvidia-smi): a single allocation larger than the whole card is its tensor's shape (an input far larger than expected, attention without its memory-efficient kernel)`,
      );
    // One request of at least half the card (its total, or the size the log states): beside the
    // context and the weights it cannot fit whatever the rest of the step holds, so its own shape is
    // open (a nominal card's total is below its name: a "16 GB" T4 reports 14.75 GiB, nvidia-smi).
    if (card !== undefined && requested !== undefined && requested >= requestHalfOfCard * card)
      add(
        'request_exceeds_device',
        `the one request of ${size(requested)} is at least half of the ${size(card)} card: find its tensor at the failing line and check its shape (an input far larger than expected, a whole dataset or index moved at once, attention without its memory-efficient kernel); if it should be that large, no batch setting makes it fit this card`,
      );
  } else if (cause === 'request_exceeds_device') {
    // The one allocation's size often scales with the batch (batch x sequence x hidden): the thread
    // may cut the batch where the figures say the shape.
    add('batch_too_large', decides.batch_too_large);
    // Read past a common card with no card sized (isRequestPastCommonCard): a buffer that large may be
    // the model's own weights or cache placed whole (an inference engine's model or KV buffer).
    if (isRequestPastCommonCard(requested, card) && !modelFits)
      add(
        'model_state',
        `if the ${size(requested ?? 0)} allocation is the model's own weights or cache placed whole (loading, an engine's model or KV buffer), the model does not fit the card: a smaller or more quantized model, or part of it kept off the GPU`,
      );
  } else if (cause === 'model_state') {
    if (!stepDecided) add('batch_too_large', decides.batch_too_large);
    // Read from a batch of one alone (pytorch/explain.ts modelState 'batchOfOne'): the step's other
    // dimensions still grow its activations (PyTorch FAQ, "out of memory"), so the input's own size
    // stays open where the step itself did not decide it (placing the model, the optimizer's step).
    else if (
      batchOfOneShown &&
      context.modelStateStep !== 'place' &&
      context.modelStateStep !== 'gather' &&
      context.optimizerStateStep !== true
    )
      add(
        'batch_too_large',
        "run it once with the shortest input (a short sequence, a lower resolution): if that fits, the input's size was the lever, not the model's own state",
      );
    if (cardMayBeSmall) add('device_too_small', deviceDecides(card));
  } else if (cause === 'device_too_small') {
    if (context.batchSizeOne !== true) add('batch_too_large', decides.batch_too_large);
    add('model_state', decides.model_state);
  } else if (
    cause === 'unknown' &&
    free === undefined &&
    own === undefined &&
    num(facts, 'totalBytes') === undefined
  ) {
    // No figure of the card's fill (a bare "out of memory", or only the request): whose memory
    // filled the card is open.
    add('batch_too_large', decides.batch_too_large);
    add('co_tenant', decides.co_tenant);
  } else if (cause === 'memory_cap') {
    // A cap refused it; whether the work fits once the cap is lifted is a run the log does not show.
    add(
      'batch_too_large',
      'raise or lift the cap once (the fraction, the MPS high watermark, the pool size): if it still fails, the work itself (the batch) outgrew the card',
    );
    if (cardMayBeSmall) add('device_too_small', deviceDecides(card));
  } else if (cause === 'program_too_large') {
    // XLA's program memory holds the step's activations, which grow with the batch.
    add('batch_too_large', decides.batch_too_large);
    if (cardMayBeSmall) add('device_too_small', deviceDecides(card));
  } else if (cause === 'co_tenant' && own === undefined && input.holdersListed !== true) {
    // Another process inferred, not listed, with no figure of this process's own: a small card filled
    // by this process alone looks the same.
    if (cardMayBeSmall) add('device_too_small', deviceDecides(card));
    // Read from the user's words that others were on the card (log/evidence.ts coTenantStated): what
    // this process's own step took beside them is as unknown, so its batch stays open.
    if (context.coTenantStated === true) add('batch_too_large', decides.batch_too_large);
    // TensorFlow's stream executor asks for its whole pool up front (allow_growth off): a pool
    // refused can be its own preallocation (tensorflow/core/common_runtime/gpu/gpu_process_state.cc).
    if (input.code === 'stream-executor-alloc-failed')
      add(
        'preallocation',
        'set TF_FORCE_GPU_ALLOW_GROWTH=true (or tf.config.experimental.set_memory_growth): if it then fits, the pool asked up front was the limit, not another process',
      );
  }
  // Another process's share decided co_tenant, yet the message's own figures show this process holding
  // at least what all the others hold together (the card's total less this process's and the free;
  // PyTorch's "this process has ... in use", c10/cuda/CUDACachingAllocator.cpp v2.1.0): its own batch
  // is as much the lever as the other processes, so batch_too_large stays open beside them.
  if (cause === 'co_tenant' && own !== undefined && card !== undefined && free !== undefined) {
    const others = card - own - free;
    if (others > 0 && own >= others) {
      add(
        'batch_too_large',
        `this process holds ${size(own)} of the ${size(card)} card, the other processes ${size(others)}: if a smaller batch, sequence or resolution fits beside them, it was this run's batch`,
      );
      // This process's own share is as open as the batch it holds: its model's state fills the same
      // share (a full card of this process's tensors reads the same for either; module comment).
      if (!modelFits) add('model_state', decides.model_state);
    }
  }
  // An Apple GPU (Metal, MLX, llama.cpp's Metal backend): its memory is the Mac's unified memory, of which
  // the GPU may wire only a share (Metal's MTLDevice.recommendedMaxWorkingSetSize, about two thirds to
  // three quarters of RAM; macOS's iogpu.wired_limit_mb raises it, as mlx-lm's README advises for large
  // models): a refusal there can be that share, not the Mac's RAM, whatever the work. MPS messages that
  // state their cap ("max allowed") get the stated figure below instead.
  if (facts.vendor === 'apple' && num(facts, 'allowedBytes') === undefined && cause !== 'memory_cap')
    add(
      'memory_cap',
      "the GPU's share of the Mac's unified memory (Metal's recommended working set) may be the limit: raise it once (sudo sysctl iogpu.wired_limit_mb=<MB>, macOS 14+; MLX's mx.metal.set_memory_limit) with other apps closed; if it then fits, the share was the limit, not the work",
    );
  // TensorFlow's or XLA's BFC allocator printed its own fragmentation hint (log/evidence.ts
  // bfcFragmentationHinted): without its allocation summary (the chunks in use against the pool's limit)
  // the log cannot tell a pool full of live tensors from one whose free memory is in pieces, and the
  // hint's allocator is the test. Only beside the readings of a pool full of this step's own tensors:
  // a program larger than the pool (XLA's BufferAssignment) or one tensor's shape no pool layout serves.
  if (
    context.bfcFragmentationHinted === true &&
    (cause === 'batch_too_large' || cause === 'model_state' || cause === 'device_too_small')
  )
    add(
      'fragmentation',
      "set TF_GPU_ALLOCATOR=cuda_malloc_async once (the allocator's own hint; the BFC allocator was in use when it failed): if it then fits, the pool's free memory was in pieces, not too little",
    );
  // A cap the message states (PyTorch's "N allowed", MPS's "max allowed"): lifting it is the test.
  if (num(facts, 'allowedBytes') !== undefined && cause !== 'memory_cap')
    add(
      'memory_cap',
      `the message states a cap of ${size(num(facts, 'allowedBytes') ?? 0)}: lift it once (PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0 on a Mac, a higher torch.cuda.set_per_process_memory_fraction on CUDA); if it then fits, the cap was the limit`,
    );
  // A pool's share the log itself sets below the framework's default (log/evidence.ts poolShareShown:
  // JAX's XLA_PYTHON_CLIENT_MEM_FRACTION, TensorFlow's per_process_gpu_memory_fraction, PyTorch's
  // set_per_process_memory_fraction): a cap already set, which a larger share may lift.
  const poolShare = num(context, 'poolShareShown');
  const poolSetting = context.poolShareSetting;
  if (poolShare !== undefined && typeof poolSetting === 'string' && cause !== 'memory_cap')
    add(
      'memory_cap',
      `the log sets ${poolSetting} to ${poolShare}, below its default: raise it once (or leave it unset); if it then fits, the pool's share was the limit, not the work`,
    );
  // The engine's own message names its reserved share as the lever (log/evidence.ts engineShareHinted):
  // lowering it once is the test, whatever the step was.
  if (context.engineShareHinted === true && cause !== 'preallocation')
    add(
      'preallocation',
      "the engine's own message says to lower --gpu-memory-utilization: lower it once (0.95 to 0.90, say); if it then loads, the share the engine reserves up front left too little, not the weights alone",
    );
  // PaddlePaddle's pool share the message reports (allocation/explain.ts: at its default it is not
  // read as the cap): raising it once is the test.
  const paddleFraction = num(context, 'paddleGpuFraction');
  if (paddleFraction !== undefined && paddleFraction < 1 && cause !== 'memory_cap')
    add(
      'memory_cap',
      `the message reports FLAGS_fraction_of_gpu_memory_to_use = ${paddleFraction}: raise it once (below 1.0) before paddle starts; if it then fits, the pool's share was the limit`,
    );
  return found.filter((a) => a.cause !== cause);
}

/** One line for people: the alternatives and what decides each. */
export function alternativesLine(alternatives: readonly CauseAlternative[]): string {
  return alternatives.map((a) => `${a.cause} (${a.decidedBy})`).join('; ');
}

export { decides as alternativeDeciders };
