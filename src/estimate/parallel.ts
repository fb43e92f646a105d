// Several GPUs: which model states each one holds under DDP, ZeRO and FSDP, and the buffers the
// strategy adds (gradient buckets, gathered parameters, NCCL's own buffers).
import { formatBytes } from '../units.js';
import { formatCount } from './dtypes.js';
import type { Component, ParallelSpec, Strategy } from './types.js';

const MiB = 1024 ** 2;

/**
 * The ZeRO stage a strategy shards like (Rajbhandari et al. 2019 §5): DDP none; ZeRO-1 optimizer
 * states; ZeRO-2 and FSDP SHARD_GRAD_OP also gradients; ZeRO-3 and FSDP FULL_SHARD also weights.
 */
export function zeroStageOf(strategy: Strategy): 0 | 1 | 2 | 3 {
  const stages: Record<Strategy, 0 | 1 | 2 | 3> = {
    ddp: 0,
    zero1: 1,
    zero2: 2,
    zero3: 3,
    fsdp_full: 3,
    fsdp_grad_op: 2,
  };
  return stages[strategy];
}

/**
 * Parts each GPU holds 1/N of at rest, by the ZeRO stage they start at (1 optimizer, 2 gradients,
 * 3 weights). FSDP SHARD_GRAD_OP shards weights at rest too; it only keeps them gathered from forward
 * to the end of backward (parallelComponents' "unsharded parameters").
 */
export function shardsFrom(strategy: Strategy, stage: 1 | 2 | 3): boolean {
  return strategy === 'fsdp_grad_op' || zeroStageOf(strategy) >= stage;
}

/**
 * GPUs that share states under ZeRO/FSDP: gpus / (tensor × pipeline). Context-parallel ranks hold the
 * same parameters and join the sharding group (torchtitan's dp_shard_cp mesh).
 */
export function dataParallelOf(parallel: ParallelSpec): number {
  return parallel.gpus / (parallel.tensor * parallel.pipeline);
}

/**
 * NCCL's communicator buffers, outside every framework pool (FACTS Q5, Q8): NCCL_BUFFSIZE is 4 MiB per
 * channel and peer by default (NCCL docs, Environment Variables); a ring over NVLink uses up to 16
 * channels, each with a send and a receive peer, and the LL/LL128 protocols add their own: about
 * 2 × 16 × 2 × 4 MiB = 256 MiB per GPU. An assumption of this size; set parallel.nccl_buffers.
 */
export const defaultNcclBytes = 256 * MiB;

/**
 * What the strategy adds on each GPU, given the per-GPU states it already shards: `components` in
 * the framework's allocator, `outsideAllocator` what NCCL allocates itself (never in its pool).
 */
export function parallelComponents(options: {
  parallel: ParallelSpec;
  params: number;
  trainable: number;
  /** Parameters of one layer (the FSDP/ZeRO-3 unit), undefined without a shape. */
  unitParams: number | undefined;
  /** Of those, stored quantized (gathered in their 4/8-bit storage, bytes each: quantizedBytes). */
  unitQuantized?: number;
  quantizedBytes?: number;
  /** Of those, trainable: the unsharded gradients one unit produces before its reduce-scatter. */
  unitTrainable?: number;
  /** Parameters of the whole model stored quantized (gathered in quantizedBytes). */
  modelQuantized?: number;
  computeBytes: number;
  /** Bytes per gathered parameter when it differs from computeBytes (float8 all-gather: 1). */
  gatherBytes?: number;
  /** The LM head's parameters (vocab × hidden) and bytes each as gathered (quantized or compute). */
  head?: { params: number; bytes: number };
  gradientBytes: number;
  /** The token embedding's parameters when not tied to the head (the root unit holds both). */
  embeddingParams?: number;
  /**
   * The unit is the whole model, the root (a layer stack under FSDP: no block class to wrap): gathered
   * once, from the start of forward to the end of backward.
   */
  isRootUnit?: boolean;
  /** Parameters offloaded to the host: even one GPU copies each unit in when it runs. */
  isParamOffload?: boolean;
  /** JAX: data parallelism is an all-reduce inside the compiled step, with no bucket copies kept. */
  isJax?: boolean;
}): { components: Component[]; outsideAllocator: Component[]; notes: string[] } {
  const { parallel, trainable, computeBytes, gradientBytes } = options;
  const dp = dataParallelOf(parallel);
  const components: Component[] = [];
  const notes: string[] = [];
  components.push(...deepSpeedBuckets(parallel, gradientBytes, trainable));
  // On one GPU a ZeRO-3 or FSDP unit is gathered (copied in) only when its parameters live on the host.
  const isGathering =
    parallel.gpus > 1 ||
    (options.isParamOffload === true && (parallel.strategy === 'zero3' || parallel.strategy === 'fsdp_full'));
  if (!isGathering) return { components, outsideAllocator: [], notes };
  const t = parallel.tensor;
  // A pipeline stage's model parts are 1/p of the model's.
  const stageShare = t * parallel.pipeline;
  const unit = options.unitParams === undefined ? undefined : options.unitParams / t;
  const unitQuantized = (options.unitQuantized ?? 0) / t;
  const unitTrainable = options.unitTrainable === undefined ? unit : options.unitTrainable / t;
  const needsUnit = (what: string): void => {
    notes.push(`${what} are sized from one layer: give model.transformer (or model.config) to count them`);
  };
  // Under JAX the gradients' all-reduce (jax.lax.pmean, or a sharded jit's) is part of the compiled step:
  // XLA schedules it on the gradient buffers themselves, with no Reducer keeping bucket copies.
  if (parallel.strategy === 'ddp' && dp > 1 && trainable > 0 && !options.isJax) {
    // torch DistributedDataParallel's Reducer copies every gradient into flat 25 MiB buckets it keeps;
    // gradient_as_bucket_view=True makes the gradients views into them (Scott Logic measured ~4 B/param
    // for DDP and 2.5 saved by the view: references scottlogic-pytorch-per-param-costs).
    const bytes = parallel.isBucketView ? 0 : (trainable * gradientBytes) / stageShare;
    components.push({
      name: 'gradient buckets',
      bytes,
      formula: parallel.isBucketView
        ? 'DDP gradient_as_bucket_view: the gradients live in the buckets'
        : `DDP Reducer: a copy of every gradient, ${formatCount(trainable / stageShare)} × ${gradientBytes} B`,
    });
  }
  const isFsdp = parallel.strategy.startsWith('fsdp');
  if (isFsdp && parallel.pipeline > 1) {
    // FSDP inside pipeline stages (torchtitan): the stage's parameters are not resharded after forward
    // (apply_fsdp: `reshard_after_forward = False` when pipeline parallel, "to avoid per-microbatch
    // all-gathers"), and torch.distributed.pipelining's stage runs every micro-batch's backward but the
    // last with set_requires_gradient_sync(False) and set_reshard_after_backward(False)
    // (torch/distributed/pipelining/stage.py backward_maybe_with_nosync): the whole stage stays gathered
    // and its gradients accumulate unsharded, upcast to the reduce dtype (FSDP2 FSDPParam
    // to_accumulated_grad_if_needed), until the last backward reduce-scatters them.
    const stageParams = options.params / stageShare;
    const stageTrainable = trainable / stageShare;
    components.push({
      name: 'unsharded parameters',
      bytes: stageParams * computeBytes,
      formula: `the stage's ${formatCount(stageParams)} × ${computeBytes} B: kept gathered across micro-batches (FSDP under pipeline parallelism)`,
      phase: 'backward',
      isAtBackwardEnd: true,
    });
    if (stageTrainable > 0)
      components.push({
        name: 'unsharded gradients',
        bytes: stageTrainable * gradientBytes,
        formula: `the stage's ${formatCount(stageTrainable)} × ${gradientBytes} B: accumulated unsharded over the micro-batches, reduce-scattered after the last`,
        phase: 'backward',
        isAtBackwardEnd: true,
      });
  } else if (parallel.strategy === 'zero3' || parallel.strategy === 'fsdp_full') {
    if (unit === undefined) needsUnit('gathered parameters');
    else {
      // FSDP's rate limiter allows two all-gathers in flight (the unit computing and the next one);
      // DeepSpeed prefetches the next module the same way.
      // Each parameter is gathered as it is stored: quantized weights (bitsandbytes Params4bit packed
      // in quant_storage, QLoRA under FSDP/ZeRO-3) in their 4 or 8 bits, the rest in the compute dtype.
      const gatherBytes = options.gatherBytes ?? computeBytes;
      const quantizedBytes = options.quantizedBytes ?? gatherBytes;
      const unitBytes = (unit - unitQuantized) * gatherBytes + unitQuantized * quantizedBytes;
      const quantizedText =
        unitQuantized > 0
          ? ` (${formatCount(unitQuantized)} of them quantized, ${Number(quantizedBytes.toFixed(4))} B)`
          : '';
      if (options.isRootUnit)
        components.push({
          name: 'gathered parameters',
          bytes: unitBytes,
          formula: `the whole model, one FSDP unit: ${formatCount(unit)} × ${gatherBytes} B, gathered from the start of forward to the end of backward (the root is never resharded after forward)`,
          phase: 'backward',
        });
      else
        components.push({
          name: 'gathered parameters',
          bytes: 2 * unitBytes,
          formula: `2 layers × ${formatCount(unit)} × ${gatherBytes} B${quantizedText}: the unit computing and the one prefetched${gatherBytes < computeBytes ? ' (float8 all-gather)' : ''}`,
          phase: 'backward',
          isAtBackwardEnd: true,
        });
    }
  }
  if (parallel.strategy === 'zero3' && parallel.pipeline <= 1) components.push(...reuseKept(options));
  if (
    parallel.strategy === 'fsdp_full' &&
    parallel.pipeline <= 1 &&
    !options.isRootUnit &&
    options.head &&
    options.head.params > 0
  ) {
    // FSDP1 never frees the root unit's parameters after forward (torch/distributed/fsdp/
    // _runtime_utils.py _post_forward_reshard: `not state._is_root`, "with the intention that they are
    // immediately used for backward"), and FSDP2 sets the root's reshard_after_forward to False
    // (_fully_shard/_fsdp_state.py _lazy_init). The root unshards at the start of forward, so what it
    // holds stays gathered until its post-backward reshard at the end of backward.
    const head = options.head.params / t;
    if (parallel.fsdpWrap === 'torchtitan') {
      // torchtitan wraps the embedding on its own and keeps its [norm, output] unit gathered after its
      // forward (parallelize.py: reshard_after_forward only under the "always" policy): the head alone,
      // beside the logits while the loss runs.
      components.push({
        name: 'gathered LM head',
        bytes: head * options.head.bytes,
        formula: `the head's ${formatCount(head)} × ${options.head.bytes} B, gathered from its forward through its backward (the loss's moment; torchtitan's [norm, output] unit)`,
        phase: 'backward',
        isLossOnly: true,
      });
    } else if (parallel.fsdpWrap === 'layers_embedding_head') {
      // torchtune's shard_model (torchtune/training/_distributed.py at 30b8519e8, Sept 2024) calls
      // fully_shard on every module a shard condition names — layers.i and each of
      // custom_sharded_layers ['tok_embeddings', 'output'] — with reshard_after_forward, then on the
      // model, whose root unit is left the final norm. The head is gathered for its forward (the
      // logits) and again for its backward (the logits' gradient): at the loss's moment, not beyond.
      components.push({
        name: 'gathered LM head',
        bytes: head * options.head.bytes,
        formula: `the head's ${formatCount(head)} × ${options.head.bytes} B, its own unit: gathered for its forward and again for its backward (the loss's moment; torchtune custom_sharded_layers)`,
        phase: 'backward',
        isLossOnly: true,
      });
    } else {
      // Wrapping the block class (transformer_auto_wrap_policy) leaves the embedding and the head in the
      // root unit: both gathered from the start of forward to the end of backward.
      const embedding = (options.embeddingParams ?? 0) / t;
      components.push({
        name: 'gathered root unit',
        bytes: head * options.head.bytes + embedding * computeBytes,
        formula: `the root unit's LM head (${formatCount(head)} × ${options.head.bytes} B)${embedding > 0 ? ` and embedding (${formatCount(embedding)} × ${computeBytes} B)` : ''}, gathered from the start of forward to the end of backward`,
        phase: 'backward',
      });
    }
  }
  if (parallel.strategy === 'fsdp_grad_op' && parallel.pipeline <= 1) {
    // SHARD_GRAD_OP keeps the parameters it gathered for forward until backward is done.
    components.push({
      name: 'unsharded parameters',
      bytes: (options.params / stageShare) * computeBytes,
      formula: `${formatCount(options.params / stageShare)} × ${computeBytes} B: gathered in forward, kept through backward`,
      phase: 'backward',
    });
  }
  if (parallel.strategy.startsWith('fsdp') && trainable > 0) {
    if (unitTrainable === undefined) needsUnit('FSDP gradient buckets');
    else {
      // Only parameters that require grad get gradients: under LoRA, the layer's adapters. Under accelerate's
      // upcast the unit's gradients are reduced in the 16-bit dtype (accelerate v1.12.0 utils/dataclasses.py
      // FullyShardedDataParallelPlugin.set_mixed_precision: reduce_dtype = param_dtype), then cast to the fp32 shard.
      const bucketBytes = parallel.isFsdpUpcast ? computeBytes : gradientBytes;
      components.push({
        name: 'gradient buckets',
        bytes: unitTrainable * bucketBytes,
        formula: `${options.isRootUnit ? "the whole model's" : "one layer's"} unsharded gradients (${formatCount(unitTrainable)} trainable × ${bucketBytes} B) before reduce-scatter`,
        phase: 'backward',
        isAtBackwardEnd: true,
      });
    }
  }
  if (parallel.gpus <= 1) return { components, outsideAllocator: [], notes };
  const ncclBytes = parallel.ncclBytes ?? defaultNcclBytes;
  const nccl: Component = {
    name: 'nccl buffers',
    bytes: ncclBytes,
    formula:
      parallel.ncclBytes === undefined
        ? `NCCL channels × peers × NCCL_BUFFSIZE: ~${formatBytes(ncclBytes)} (outside the allocator; set parallel.nccl_buffers)`
        : 'as given (outside the allocator)',
  };
  return { components, outsideAllocator: [nccl], notes };
}

/**
 * DeepSpeed ZeRO-3 releases a module's gathered parameters after it runs only when they are not used
 * again within stage3_max_reuse_distance elements (1e9 by default) of the parameters fetched after it:
 * partitioned_param_coordinator.py __params_to_release walks the recorded module trace ahead and keeps
 * every parameter it meets again (v0.7 to now). A module late in the forward meets itself again in its
 * backward after twice the parameters that follow it, so the forward's last max_reuse_distance / 2
 * elements, and at least the last module (the LM head), stay gathered from their forward until their
 * backward: beside the loss. A model smaller than that stays gathered whole.
 */
function reuseKept(options: {
  parallel: ParallelSpec;
  params: number;
  computeBytes: number;
  gatherBytes?: number;
  quantizedBytes?: number;
  modelQuantized?: number;
  head?: { params: number; bytes: number };
}): Component[] {
  const { parallel, params } = options;
  // A distance of 0 stops the walk before it meets anything: every module is released after it runs.
  if (parallel.deepSpeed.maxReuseElements <= 0) return [];
  const t = parallel.tensor;
  const gatherBytes = options.gatherBytes ?? options.computeBytes;
  const quantized = Math.min(params, options.modelQuantized ?? 0);
  const modelBytes =
    ((params - quantized) * gatherBytes + quantized * (options.quantizedBytes ?? gatherBytes)) / t;
  const headBytes = options.head ? (options.head.params * options.head.bytes) / t : 0;
  // Elements of the gathered storage: quantized weights are packed in the compute dtype (quant_storage).
  const halfReuseBytes = (parallel.deepSpeed.maxReuseElements / 2) * gatherBytes;
  const bytes = Math.min(modelBytes, Math.max(headBytes, halfReuseBytes));
  if (bytes <= 0) return [];
  const which =
    bytes >= modelBytes
      ? 'the whole model'
      : headBytes >= halfReuseBytes
        ? `the LM head (${formatCount(options.head?.params ?? 0)} × ${options.head?.bytes} B)`
        : `the forward's last max_reuse_distance / 2 = ${formatCount(parallel.deepSpeed.maxReuseElements / 2)} elements × ${gatherBytes} B`;
  return [
    {
      name: 'parameters kept for reuse',
      bytes,
      formula: `${which}: gathered in forward and used again in backward within stage3_max_reuse_distance ${formatCount(parallel.deepSpeed.maxReuseElements)}, so not released (the loss's moment)`,
      phase: 'backward',
      isLossOnly: true,
    },
  ];
}

/**
 * DeepSpeed's reduce ("ipg") buckets, on one GPU as on many. ZeRO-1/2 (stage_1_and_2.py, v0.14 to now):
 * backward() allocates `torch.empty(reduce_bucket_size)` in the 16-bit dtype, a second one with
 * overlap_comm, whatever the model's size, and independent_gradient_partition_epilogue frees them
 * before step(). Before 0.13.0 the engine forced contiguous_gradients and overlap_comm off for stage 1
 * ("Overlap and contiguous grads are meaningless in stage 1 and are ignored": engine.py
 * _configure_zero_optimizer, until deepspeedai/DeepSpeed PR #4887), so ZeRO-1 allocated none. ZeRO-3
 * (stage3.py __init__, v0.7 to now) allocates one flat `torch.empty(self.reduce_bucket_size)` per
 * parameter dtype when the optimizer is built and keeps it, however few parameters train.
 */
function deepSpeedBuckets(parallel: ParallelSpec, gradientBytes: number, trainable: number): Component[] {
  // Megatron-LM's distributed optimizer (--use-distributed-optimizer, what strategy zero1 means under
  // parallel.framework: megatron) reduce-scatters each bucket of its contiguous grad buffer in place: the
  // buckets are views into the buffer (megatron/core/distributed/param_and_grad_buffer.py, _ParamAndGradBucket
  // over `self.grad_data`; start_grad_sync: dist_reduce_scatter_func(local_data_view, bucket.grad_data), at NVIDIA/Megatron-LM
  // d98e8a64), so no reduce bucket is allocated beside the gradients.
  if (!parallel.strategy.startsWith('zero') || trainable <= 0 || parallel.isMegatron) return [];
  const stage = zeroStageOf(parallel.strategy);
  const { reduceBucketElements, isOverlapComm, version } = parallel.deepSpeed;
  if (stage === 3) {
    return [
      {
        name: 'gradient buckets',
        bytes: reduceBucketElements * gradientBytes,
        formula: `DeepSpeed ZeRO-3 reduce bucket: reduce_bucket_size ${formatCount(reduceBucketElements)} × ${gradientBytes} B, allocated with the optimizer`,
      },
    ];
  }
  if (stage === 1 && version !== undefined && version[0] * 1e6 + version[1] * 1e3 + version[2] < 13_000)
    return [];
  // zero_optimization.overlap_comm defaults to stage == 3 (deepspeed/runtime/zero/config.py).
  const buffers = isOverlapComm === true ? 2 : 1;
  return [
    {
      name: 'gradient buckets',
      bytes: buffers * reduceBucketElements * gradientBytes,
      formula: `DeepSpeed ipg buffers: ${buffers} × reduce_bucket_size ${formatCount(reduceBucketElements)} × ${gradientBytes} B${buffers === 2 ? ' (overlap_comm: two)' : ''}, allocated by backward() whatever the model's size`,
      phase: 'backward',
    },
  ];
}
