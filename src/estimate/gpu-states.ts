// Model states on one device: weights (16-bit, fp32, quantized), autocast's weight copies, gradients,
// optimizer states and the step's temporaries, sharded as the parallel strategy says; offloaded parts
// go to the host.
import { formatBytes } from '../units.js';
import { formatCount } from './dtypes.js';
import {
  embedWidth,
  groupParams,
  largestTensorParams,
  type ParamGroup,
  parameterInventory,
} from './inventory.js';
import { adapterGroups } from './lora.js';
import { bytesPerParam, frozenWeightBytes } from './model-states.js';
import { optimizerBytes, type Trainable } from './optimizer.js';
import { dataParallelOf, shardsFrom } from './parallel.js';
import {
  dequantizedBytesPerElement,
  largestQuantizedParams,
  quantizedBytesPerParam,
  quantizedParams,
} from './quantization.js';
import type { Component, EstimateSpec, Optimizer, Precision } from './types.js';

/** Parameter counts the parts are computed from. */
export interface ModelCounts {
  params: number;
  trainable: number;
  isTraining: boolean;
}

/** Trainable and frozen counts; `optimizer: none` or `trainable: 0` means nothing trains. */
export function countModel(spec: EstimateSpec): ModelCounts {
  const params = spec.model.params ?? 0;
  const isTraining = spec.training.optimizer !== 'none' && spec.model.trainable !== 0;
  return { params, trainable: isTraining ? (spec.model.trainable ?? params) : 0, isTraining };
}

/** The trainable tensors: the adapters under LoRA, every tensor in a full fine-tune, else unknown. */
export function trainableTensors(spec: EstimateSpec, counts: ModelCounts): Trainable {
  const shape = spec.model.transformer;
  let groups: readonly ParamGroup[] | undefined;
  if (shape && spec.model.lora) groups = adapterGroups(shape, spec.model.lora);
  else if (shape && counts.trainable === counts.params) groups = parameterInventory(shape);
  return { params: counts.trainable, groups };
}

/** Gradients leave the GPU as backward produces them: offloaded directly, with the parameters, or by
 * DeepSpeed ZeRO-Offload (optimizer offload under a ZeRO strategy). */
export function offloadsGradients(spec: EstimateSpec): boolean {
  const { training, parallel } = spec;
  return (
    training.offloadGradients ||
    training.offloadParameters ||
    (training.offloadOptimizer && parallel.strategy.startsWith('zero'))
  );
}

/** Optimizers whose states torch and DeepSpeed keep in fp32 for a mixed-precision step. */
function isFp32StateOptimizer(optimizer: Optimizer): boolean {
  return ['adam', 'adamw', 'sgd_momentum', 'adafactor', 'lion', 'adalomo'].includes(optimizer);
}

/**
 * Whether the run's LoRA adapters are PEFT's fp32 ones beside 16-bit weights: the one answer the analytic states
 * (trainedPrecision) and the trace (cli estimate/trace.ts, adapterRequestOf) both ask. PEFT's adapters over a
 * bf16/fp16 model are fp32: get_peft_model's autocast_adapter_dtype=True (peft 0.12+, tuners_utils.py
 * cast_adapter_dtype: float16 and bfloat16 adapter parameters to float32), and over a bitsandbytes 4/8-bit layer they
 * are created fp32 and never cast (the base weight is not a float). `adapter_dtype: weights` (LitGPT, torchtune,
 * unsloth) keeps them in the model's dtype. Two recipes keep 16-bit adapters: QLoRA with sharded parameters (FSDP,
 * ZeRO-3), where TRL's prepare_peft_model passes autocast_adapter_dtype=False so every flattened unit has one dtype
 * (trl/models/utils.py, `is_sharded_qlora`), and torchtune (torchao's NF4), which builds the model, adapters
 * included, under training.set_default_dtype of the run's dtype. modules_to_save copies are no tuner layers (peft
 * v0.21 ModulesToSaveWrapper is an AuxiliaryTrainingWrapper, which cast_adapter_dtype skips): they keep the model's
 * dtype beside fp32 adapters.
 */
export function hasPeftFp32Adapters(spec: EstimateSpec): boolean {
  const { precision } = spec.training;
  const lora = spec.model.lora;
  const quantization = spec.model.quantization;
  const isShardedQlora = quantization !== undefined && shardsFrom(spec.parallel.strategy, 3);
  return (
    lora !== undefined &&
    (precision === 'bf16' || precision === 'fp16') &&
    lora.adapterDtype !== 'weights' &&
    !isShardedQlora &&
    quantization?.library !== 'torchao'
  );
}

/**
 * The precision the trained parameters are kept in: an fp32 run's for PEFT's fp32 adapters (hasPeftFp32Adapters)
 * while the frozen model stays 16-bit. A run that also trains modules_to_save copies (16-bit, often larger than the
 * adapters) is counted in the model's dtype throughout (one precision per run here).
 */
export function trainedPrecision(spec: EstimateSpec): Precision {
  const isFp32Trained = hasPeftFp32Adapters(spec) && (spec.model.lora?.modulesToSave ?? []).length === 0;
  return isFp32Trained ? 'fp32' : spec.training.precision;
}

/** Bytes the gradient of one parameter takes, for the spec's precision and convention. */
export function gradientBytesOf(spec: EstimateSpec): number {
  const { optimizer, convention } = spec.training;
  const precision = trainedPrecision(spec);
  return (
    spec.training.gradAccumBytes ??
    bytesPerParam(precision, optimizer === 'none' ? 'adamw' : optimizer, convention).gradients
  );
}

/**
 * What one pipeline stage holds of the model's parameters, as a divisor of the whole: its layers / p, plus
 * on the first stage the input embedding (and learned positions), on the last the LM head, vocab × hidden
 * (without a transformer shape: p, the embedding and head assumed spread evenly): Megatron-LM builds the output layer on the last stage and,
 * with tied embeddings, a copy of the word embeddings there that trains and is all-reduced with the first
 * stage's (megatron/core/models/common/language_module/language_module.py
 * setup_embeddings_and_output_layer; megatron/core/models/gpt/gpt_model.py: `if self.post_process:
 * self.output_layer`), while the input embedding (and learned positions) stay on the first.
 */
function pipelineStageShare(spec: EstimateSpec, params: number): { divisor: number; text: string } {
  const p = spec.parallel.pipeline;
  const shape = spec.model.transformer;
  const even = { divisor: p, text: `/ ${p} (pipeline stages)` };
  if (p <= 1 || !shape?.lmHead || params <= 0) return even;
  const isLast = spec.parallel.pipelineStage === 'last';
  const input = shape.vocab * embedWidth(shape) + shape.positions * shape.hidden;
  const head = shape.vocab * embedWidth(shape);
  const body = params - input - (shape.tiedEmbeddings ? 0 : head);
  if (body <= 0) return even;
  const stageParams = body / p + (isLast ? head : input);
  return {
    divisor: params / stageParams,
    text: `× ${formatCount(stageParams)} / ${formatCount(params)} (the ${isLast ? 'last' : 'first'} of ${p} pipeline stages: its layers and ${isLast ? 'the LM head' : 'the input embedding'})`,
  };
}

/** Weights, gradients, optimizer states and step temporaries per GPU; offloaded states on the host. */
export function modelStateComponents(
  spec: EstimateSpec,
  counts: ModelCounts,
): { device: Component[]; host: Component[]; notes: string[] } {
  const { precision, optimizer, convention } = spec.training;
  const { strategy } = spec.parallel;
  // Megatron's --num-distributed-optimizer-instances n: each instance shards the optimizer over dp / n ranks.
  const dp = dataParallelOf(spec.parallel) / spec.parallel.optimizerInstances;
  const t = spec.parallel.tensor;
  // Pipeline stages each hold their layers' states (embedding and head assumed spread evenly), or the
  // last stage's: its layers and the LM head.
  const p = spec.parallel.pipeline;
  const stage = pipelineStageShare(spec, counts.params);
  const share = (from: 1 | 2 | 3): number => t * stage.divisor * (shardsFrom(strategy, from) ? dp : 1);
  const shardText = (from: 1 | 2 | 3): string =>
    [
      t > 1 ? `/ ${t} (tensor parallel)` : '',
      p > 1 ? stage.text : '',
      shardsFrom(strategy, from) && dp > 1 ? `/ ${dp} GPUs (${strategy})` : '',
    ]
      .filter(Boolean)
      .join(' ');
  const notes: string[] = [];
  const bytes = counts.isTraining
    ? { ...bytesPerParam(trainedPrecision(spec), optimizer, convention), gradients: gradientBytesOf(spec) }
    : { weights: frozenWeightBytes(precision, convention), gradients: 0, optimizer: 0 };
  const shape = spec.model.transformer;
  const quantization = spec.model.quantization;
  const isAutocastCopy = precision.startsWith('amp') && convention === 'hf';
  // hf's amp weights are 4 + 2: the fp32 weights, and the 16-bit copies autocast casts for the matmuls,
  // which autograd keeps until backward: only while forward→backward runs, and not in inference.
  const storedBytes = isAutocastCopy ? 4 : bytes.weights;
  const frozen = counts.params - counts.trainable;
  const quantized = quantization
    ? shape
      ? Math.min(frozen, quantizedParams(shape, quantization))
      : Math.max(0, frozen - (quantization.unquantizedParams ?? 0))
    : 0;
  const plainFrozen = frozen - quantized;
  // prepare_model_for_kbit_training casts what it leaves unquantized to fp32 (model.quantization.unquantized_dtype).
  const frozenBytes =
    isAutocastCopy || (quantization?.isUnquantizedFp32 && quantized > 0)
      ? 4
      : frozenWeightBytes(precision, convention);
  const qBytes = quantization
    ? quantizedBytesPerParam(
        quantization.weights,
        quantization.doubleQuant,
        quantization.groupSize,
        quantization.library,
      )
    : 0;
  // bitsandbytes keeps a 4/8-bit weight's block scales in its QuantState, and GPTQ/AWQ in module buffers:
  // not parameters, so FSDP and ZeRO-3 shard only the packed data and every GPU holds all the scales
  // (bitsandbytes Params4bit.quant_state; torch FSDP flattens nn.Parameters only). torchao's NF4Tensor
  // is one tensor subclass whose scalers shard with it (torchao/dtypes/nf4tensor.py fsdp_pre_all_gather).
  const packedBytes = quantization?.weights === 'int8' ? 1 : 0.5;
  const replicatedScaleBytes =
    quantized > 0 && shardsFrom(strategy, 3) && quantization?.library !== 'torchao'
      ? (quantized * Math.max(0, qBytes - packedBytes)) / (t * p)
      : 0;
  const shardedQuantizedBytes = replicatedScaleBytes > 0 ? packedBytes : qBytes;
  const weightTerms = [
    counts.trainable > 0 ? `${formatCount(counts.trainable)} trained × ${storedBytes} B` : '',
    plainFrozen > 0 ? `${formatCount(plainFrozen)} frozen × ${frozenBytes} B` : '',
    quantized > 0
      ? `${formatCount(quantized)} ${quantization?.weights}${quantization?.library === 'torchao' ? ' (torchao)' : quantization?.doubleQuant ? ' (double quant)' : ''} × ${Number(shardedQuantizedBytes.toFixed(4))} B`
      : '',
    spec.model.buffersBytes > 0 ? `${formatBytes(spec.model.buffersBytes)} buffers` : '',
  ].filter(Boolean);
  const weights: Component = {
    name: 'weights',
    bytes:
      (counts.trainable * storedBytes + plainFrozen * frozenBytes + quantized * shardedQuantizedBytes) /
        share(3) +
      spec.model.buffersBytes,
    formula: `${weightTerms.join(' + ') || 'none'}${shardText(3) ? ` ${shardText(3)}` : ''} (${precision}, ${convention} convention)`,
  };
  const device: Component[] = [];
  const host: Component[] = [];
  // FSDP CPUOffload(offload_params=True) / ZeRO-Infinity offload_param: the sharded parameters live in
  // host memory and each unit is copied in when gathered (parallel.ts "gathered parameters").
  const isParamOffload = spec.training.offloadParameters;
  if (isParamOffload)
    host.push({ ...weights, name: 'weights (offloaded)', formula: `${weights.formula}, in host memory` });
  else device.push(weights);
  if (replicatedScaleBytes > 0) {
    device.push({
      name: 'quantization scales',
      bytes: replicatedScaleBytes,
      formula: `${formatCount(quantized)} quantized × ${Number((qBytes - packedBytes).toFixed(4))} B of block scales, on every GPU (not parameters: ${strategy} does not shard them)`,
    });
  }
  // A frozen reference model or teacher (model.reference), held as the trained model's frozen weights are:
  // TRL (v1.13.0 trl/models/utils.py prepare_deepspeed, for DPOTrainer's ref_model and GKDTrainer's teacher)
  // prepares it with the trainer's DeepSpeed config, keeping ZeRO-3's partitioning and otherwise dropping to
  // stage 0 (whole on each GPU), and shards it under FSDP (prepare_fsdp); Megatron (ms-swift megatron rlhf)
  // builds it with the same tensor and pipeline split. Its no-grad forward keeps no activation; its logits are
  // gpu-activations.ts referenceLogits.
  const reference = spec.model.reference;
  if (reference) {
    const perParam = reference.bytesPerParam ?? frozenWeightBytes(precision, convention);
    device.push({
      name: 'reference model weights',
      bytes: (reference.params * perParam) / share(3),
      formula: `${formatCount(reference.params)} frozen × ${perParam} B${shardText(3) ? ` ${shardText(3)}` : ''} (model.reference: frozen, its forward run without grad over each batch)`,
    });
  }
  // AdaLoRA's rank allocator (peft v0.21.0 tuners/adalora/layer.py RankAllocator.update_ipt) keeps two EMAs,
  // exp_avg_ipt and exp_avg_unc, zeros_like every adapter parameter: the adapters' dtype, fp32 under
  // get_peft_model's autocast_adapter_dtype.
  if (spec.model.lora?.variant === 'adalora' && counts.isTraining) {
    device.push({
      name: 'AdaLoRA importance EMAs',
      bytes: (2 * 4 * counts.trainable) / share(3),
      formula: `2 × ${formatCount(counts.trainable)} adapter parameters × 4 B (RankAllocator exp_avg_ipt and exp_avg_unc)`,
    });
  }
  if (isAutocastCopy && counts.isTraining && !shardsFrom(strategy, 3)) {
    const linear = shape
      ? parameterInventory(shape)
          .filter((group) => group.kind === 'linear')
          .reduce((sum, group) => sum + groupParams(group), 0)
      : counts.params;
    device.push({
      name: 'autocast weight copies',
      bytes: (2 * Math.min(linear, counts.params - quantized)) / t,
      formula: `${formatCount(Math.min(linear, counts.params - quantized))} linear weights × 2 B: autocast's 16-bit casts, kept for backward`,
      phase: 'backward',
    });
  }
  const fp32HeadParams = unquantizedFp32HeadParams(spec, quantized);
  if (fp32HeadParams > 0 && counts.isTraining) {
    // The trainer's 16-bit autocast casts the fp32 head for its matmul, and autograd keeps the cast for the
    // head's backward (a CPU autocast check: F.linear(h, fp32 frozen weight) saves its bf16 copy).
    device.push({
      name: 'autocast copy of the fp32 LM head',
      bytes: (2 * fp32HeadParams) / t,
      formula: `${formatCount(fp32HeadParams)} LM head weights × 2 B: autocast's 16-bit cast of the fp32 head (prepare_model_for_kbit_training), kept for backward`,
      phase: 'backward',
    });
  }
  if (quantization && quantized > 0) {
    const largest = shape ? largestQuantizedParams(shape, quantization) : undefined;
    if (largest !== undefined) {
      const isCompiled = spec.training.isCompiled;
      const perElement = dequantizedBytesPerElement(quantization, isCompiled);
      const how =
        quantization.library === 'torchao'
          ? isCompiled
            ? 'torchao get_original_weight fused by torch.compile into one kernel: the 16-bit result only'
            : "torchao get_original_weight's int64 indices, lookups and result"
          : `dequantized to 16 bits${perElement > 2 ? ` and cast to the ${quantization.computeBytes}-byte compute dtype` : ''}`;
      device.push({
        name: 'dequantized weights',
        bytes: largest * perElement,
        formula: `the largest quantized matrix (${formatCount(largest)}) × ${perElement} B: ${how}, one layer at a time`,
        phase: 'backward',
        // A layer's transient, so part of a layer's backward moment; a quantized LM head also
        // dequantizes beside the loss.
        ...(quantization.isHeadQuantized ? {} : { isAtBackwardEnd: true }),
      });
    }
  }
  if (!counts.isTraining) return { device, host, notes };

  const trainable = trainableTensors(spec, counts);
  const gradientBytes = bytes.gradients;
  if (spec.training.isOptimizerInBackward) {
    const largest = trainable.groups ? largestTensorParams(trainable.groups) : counts.trainable;
    device.push({
      name: 'gradients',
      bytes: (largest * gradientBytes) / t,
      formula: `optimizer in backward: each gradient is applied and freed as it is produced; the largest, ${formatCount(largest)} × ${gradientBytes} B`,
      phase: 'backward',
    });
  } else if (gradientBytes > 0 && offloadsGradients(spec)) {
    // torchao CPUOffloadOptimizer(offload_gradients=True) copies each gradient to the host as backward
    // produces it and frees it on the GPU; FSDP CPUOffload and DeepSpeed ZeRO-Offload (Ren et al. 2021,
    // arXiv:2101.06840 §4: gradients reduced then moved to CPU) keep them on the host as well.
    const largest = trainable.groups ? largestTensorParams(trainable.groups) : counts.trainable;
    host.push({
      name: 'gradients (offloaded)',
      bytes: (counts.trainable * gradientBytes) / share(2),
      formula: `${formatCount(counts.trainable)} × ${gradientBytes} B${shardText(2) ? ` ${shardText(2)}` : ''} in host memory`,
    });
    // FSDP reduce-scatters a unit's gradients in its post-backward and copies the shard to the host
    // (FSDP2 foreach_reduce, offload_to_cpu): a layer's are the gradient buckets of the layer's moment.
    // Where the head is a unit of its own (not the root, which reduces only at the end of backward),
    // its gradient, the largest, lives through the head's backward only: beside the loss.
    const isHeadOwnUnit =
      spec.parallel.strategy.startsWith('fsdp') &&
      (spec.parallel.fsdpWrap === 'torchtitan' || spec.parallel.fsdpWrap === 'layers_embedding_head');
    device.push({
      name: 'gradients',
      bytes: (largest * gradientBytes) / t,
      formula: `offloaded as produced: the largest on the GPU at a time, ${formatCount(largest)} × ${gradientBytes} B${isHeadOwnUnit ? " (the head's unit, reduced after its backward)" : ''}`,
      phase: 'backward',
      ...(isHeadOwnUnit ? { isLossOnly: true } : {}),
    });
    if (
      spec.parallel.strategy.startsWith('fsdp') &&
      spec.parallel.fsdpVersion === 1 &&
      spec.training.offloadParameters
    ) {
      // FSDP1 (FullyShardedDataParallel, torch v2.1.0 to v2.13 torch/distributed/fsdp/_runtime_utils.py
      // _accumulate_sharded_grad): each unit's reduce-scattered gradient is kept as
      // flat_param._saved_grad_shard (cast to the parameters' dtype) and only copied into _cpu_grad
      // (_offload_grad); the GPU shard is deleted in FlatParamHandle.prepare_gradient_for_optim
      // (_flat_param.py), from the post-backward final callback. So every trained shard is on the GPU
      // when backward ends. FSDP2 (fully_shard, _fsdp_collectives.py foreach_reduce) frees its copy.
      device.push({
        name: 'sharded gradients (FSDP1 offload)',
        bytes: (counts.trainable * gradientBytes) / share(2),
        formula: `${formatCount(counts.trainable)} × ${gradientBytes} B${shardText(2) ? ` ${shardText(2)}` : ''}: FSDP1 keeps each unit's reduced shard (_saved_grad_shard) beside its host copy until backward ends`,
        phase: 'step',
        isAtBackwardEnd: true,
      });
    }
  } else if (gradientBytes > 0) {
    // DeepSpeed ZeRO-1/2 keeps its gradient partitions in flat buffers it allocates once
    // (stage_1_and_2.py averaged_gradients / grads_in_partition), ZeRO-3 likewise.
    // Megatron-LM's DDP allocates its contiguous grad buffer when it wraps the model and zeroes it in place
    // each step, never freeing it (megatron/core/distributed/param_and_grad_buffer.py _ParamAndGradBuffer:
    // grad_data = torch.zeros(...); reset(): grad_data.zero_()).
    const isMegatron = spec.parallel.isMegatron;
    const isDeepSpeed = spec.parallel.strategy.startsWith('zero') && !isMegatron;
    // zero_grad() between the forward and backward (set_to_none, PyTorch >= 2.0) frees the previous step's
    // gradients only after the forward has built every activation, so they sit beside the forward→backward
    // parts at their peak as if kept (torch/optim/optimizer.py Optimizer.zero_grad, v2.1.0: `p.grad = None`
    // where it is called). The loop order is the user's: rasbt/ViT-finetuning-scripts
    // precision-benchmarks/*/0[1-6]_*.py and rasbt/LLM-finetuning-scripts
    // conventional/distilbert-movie-review/mixed-precision-experiment/*.py (commits 2372d1b, a099246) call
    // `logits = model(x); loss = ...; optimizer.zero_grad(); fabric.backward(loss)`.
    // Freed before the backward starts, they never sit beside a layer's backward working set: a moment of
    // their own, as the loss's is (isLossOnly), and the step's gradients are the new ones.
    const isAfterForward =
      spec.training.zeroGrad === 'after_forward' &&
      spec.training.gradAccumulation === 1 &&
      !isDeepSpeed &&
      !isMegatron;
    const isKept =
      spec.training.gradAccumulation > 1 || spec.training.zeroGrad === 'zeros' || isDeepSpeed || isMegatron;
    const why = isMegatron
      ? "Megatron's contiguous grad buffer (main_grad), allocated once and zeroed in place"
      : spec.training.gradAccumulation > 1
        ? 'kept across accumulation steps'
        : spec.training.zeroGrad === 'zeros'
          ? 'zero_grad(set_to_none=False) keeps them'
          : isDeepSpeed
            ? "DeepSpeed's flat gradient partitions, kept"
            : 'allocated in backward, freed by zero_grad';
    device.push({
      name: 'gradients',
      bytes: (counts.trainable * gradientBytes) / share(2),
      formula: `${formatCount(counts.trainable)} × ${gradientBytes} B${shardText(2) ? ` ${shardText(2)}` : ''}: ${why}`,
      ...(isKept ? {} : { phase: 'step' as const, isAtBackwardEnd: true }),
    });
    if (isAfterForward)
      device.push({
        name: "last step's gradients",
        bytes: (counts.trainable * gradientBytes) / share(2),
        formula: `${formatCount(counts.trainable)} × ${gradientBytes} B${shardText(2) ? ` ${shardText(2)}` : ''}: zero_grad() after the forward frees them only once it has run, before backward`,
        phase: 'backward',
        isLossOnly: true,
      });
  }
  // DeepSpeed's ZeRO optimizers keep an fp32 master partition of 16-bit weights and fp32 Adam states
  // whatever dtype the model was loaded in (v0.15.4 stage_1_and_2.py: single_partition_of_fp32_groups
  // = the bit16 partition `.clone().float()`; stage3.py fp32_partitioned_groups_flat); bf16 states need
  // bf16_master_weights_and_grads with bf16_optimizer_states (v0.19), not modelled. So a bf16 model under
  // ZeRO steps as the 16-bit engine with master weights does.
  const stepPrecision = trainedPrecision(spec);
  const isZeroMaster =
    strategy.startsWith('zero') &&
    (stepPrecision === 'bf16' || stepPrecision === 'fp16') &&
    isFp32StateOptimizer(optimizer);
  const states = optimizerBytes({
    optimizer,
    impl: spec.training.isOptimizerInBackward ? 'for_loop' : spec.training.optimizerImpl,
    precision: isZeroMaster ? (stepPrecision === 'bf16' ? 'amp_bf16' : 'amp_fp16') : stepPrecision,
    convention: isZeroMaster ? 'zero' : convention,
    trainable,
    ...(spec.training.galore ? { galore: spec.training.galore } : {}),
    ...(spec.training.stateDtypeBytes !== undefined
      ? { stateDtypeBytes: spec.training.stateDtypeBytes }
      : {}),
  });
  if (spec.training.galore && trainable.groups === undefined) {
    notes.push(
      'training.galore needs model.transformer to size the projected states: counted as plain states',
    );
  }
  if (trainable.groups === undefined && spec.training.optimizerImpl === 'for_loop') {
    notes.push(
      'a for_loop optimizer holds temporaries of its largest tensor: give model.transformer to size them',
    );
  }
  if (states.statesBytes > 0) {
    const part = {
      name: 'optimizer states',
      bytes: states.statesBytes / share(1),
      formula: `${states.statesFormula}${shardText(1) ? ` ${shardText(1)}` : ''}`,
    };
    if (spec.training.offloadOptimizer || isParamOffload) {
      // ZeRO-Offload / torchao CPUOffloadOptimizer: states and an fp32 copy of the gradients live in
      // (pinned) host memory, and the step runs on the CPU.
      host.push({ ...part, name: 'optimizer states (offloaded)' });
      device.push(...stagedMasterCopy(spec, counts.trainable / share(1)));
      if (!offloadsGradients(spec)) {
        host.push({
          name: 'gradients (offloaded copy)',
          bytes: (counts.trainable * 4) / share(2),
          formula: `${formatCount(counts.trainable)} × 4 B fp32 gradients for the CPU step`,
        });
      }
    } else if (optimizer.startsWith('paged')) {
      // bitsandbytes paged optimizers allocate their states with cudaMallocManaged (unified memory):
      // outside PyTorch's allocator (not in max_memory_allocated), paged into free GPU memory during
      // step() and evicted to the host under pressure, so they never make a config not fit (QLoRA,
      // Dettmers et al. 2023, §2 "Paged Optimizers"; bitsandbytes docs, "Paged optimizers").
      host.push({
        ...part,
        name: 'optimizer states (paged)',
        formula: `${part.formula}; at most this on the host when evicted, never counted against the GPU`,
      });
      notes.push(
        `${optimizer}'s states (${formatCount(counts.trainable)} params) are in CUDA unified memory: they take whatever GPU memory is free during step() and the rest stays on the host, so they are not in the GPU peak (nvidia-smi may show them filling free memory)`,
      );
    } else if (spec.training.isFirstIteration && states.statesBytes > states.masterBytes) {
      // The first iteration: the optimizer builds its fp32 master copy with itself, but its moments only in its
      // first step() (torch/optim/adam.py _init_group `if len(state) == 0: state["exp_avg"] = torch.zeros_like`,
      // apex and Transformer Engine FusedAdam alike), after forward and backward have freed their activations.
      const masterBytes = states.masterBytes / share(1);
      if (masterBytes > 0)
        device.push({
          name: 'optimizer states',
          bytes: masterBytes,
          formula: `the fp32 master copy${shardText(1) ? ` ${shardText(1)}` : ''}, made when the optimizer is built`,
        });
      device.push({
        ...part,
        name: 'optimizer moments (first step)',
        bytes: part.bytes - masterBytes,
        formula: `${part.formula}, less the master: created by the first step(), not beside the first forward and backward`,
        phase: 'step',
      });
    } else device.push(part);
  }
  if (
    spec.parallel.strategy === 'zero3' &&
    gradientBytes > 0 &&
    states.statesBytes > 0 &&
    !spec.training.offloadOptimizer &&
    !isParamOffload
  ) {
    // DeepSpeed ZeRO-3 steps one sub-group of its partition at a time (stage3.py
    // _prepare_fp32_grad_for_sub_group): `self.flatten(averaged_gradients[i]).to(fp32)` makes a flat
    // copy of the sub-group's 16-bit gradients and its fp32 cast, set as the fp32 master's .grad for
    // the step and released after it.
    const elements = Math.min(spec.parallel.deepSpeed.subGroupElements, counts.trainable / share(1));
    const perElement = gradientBytes + (gradientBytes === 4 ? 0 : 4);
    device.push({
      name: 'fp32 sub-group gradients',
      bytes: elements * perElement,
      formula: `min(sub_group_size ${formatCount(spec.parallel.deepSpeed.subGroupElements)}, partition ${formatCount(counts.trainable / share(1))}) × (${gradientBytes} B flat copy${gradientBytes === 4 ? '' : ' + 4 B fp32 cast'}), during step()`,
      phase: 'step',
    });
  }
  if (
    (spec.parallel.strategy === 'zero1' || spec.parallel.strategy === 'zero2') &&
    gradientBytes > 0 &&
    gradientBytes < 4 &&
    states.statesBytes > 0 &&
    !spec.training.offloadOptimizer &&
    !isParamOffload
  ) {
    // ZeRO-1/2 step the whole partition at once, against an fp32 copy of its 16-bit gradients made
    // while they are still held: DeepSpeed stage_1_and_2.py step() `flat_grad_partition.to(fp32)` before
    // free_grad_in_param_list; ColossalAI LowLevelZeroOptimizer.step() `grad.to(master_param.dtype)` per
    // parameter, kept for the optimizer until release_param_grad after it.
    // DeepSpeed's 16-bit engine (isZeroMaster) first flattens the partition's gradients into a new
    // 16-bit tensor and casts that: stage_1_and_2.py step() (v0.12.6, v0.14.0, v0.15.4), `single_grad_partition =
    // self.flatten(self.averaged_gradients[i]).to(fp32)` (flatten = torch._utils._flatten_dense_tensors,
    // a torch.cat copy), the gradients themselves freed only after it (free_grad_in_param_list). At the
    // cast the flat copy is alive beside the fp32 result, as ZeRO-3's sub-group step above counts it
    // (stage3.py _prepare_fp32_grad_for_sub_group). Spent rows: ms-swift Qwen2.5-3B SimPO ZeRO-2 (round
    // 6) -35.6% -> -29.8%, ms-swift v1 Qwen-7B-Chat ZeRO-2 (round 10) -30.9% -> -25.6%; no other row moves.
    const flatCopyBytes = isZeroMaster ? gradientBytes : 0;
    device.push({
      name: 'fp32 partition gradients',
      bytes: (counts.trainable * (4 + flatCopyBytes)) / share(1),
      formula: `${formatCount(counts.trainable)} × ${flatCopyBytes > 0 ? `(${flatCopyBytes} B flat copy + 4 B fp32 cast)` : '4 B'}${shardText(1) ? ` ${shardText(1)}` : ''}: the gradient partition cast to fp32 for step()`,
      phase: 'step',
    });
  }
  if (states.temporariesBytes > 0 && !spec.training.offloadOptimizer && !isParamOffload) {
    device.push({
      name: 'optimizer step temporaries',
      bytes: states.temporariesBytes / share(1),
      formula: states.temporariesFormula,
      phase: spec.training.isOptimizerInBackward ? 'backward' : 'step',
    });
  }
  if (spec.framework === 'jax' && !spec.training.isDonated && !isParamOffload) {
    // A jitted step returns new parameters and optimizer state. Without donate_argnums XLA may not
    // reuse the argument buffers, so the new ones are written beside the old (JAX docs, "Buffer
    // donation", https://docs.jax.dev/en/latest/faq.html#buffer-donation; jax.jit donate_argnums). Measured
    // on an H200 (test/gpu/peaks-references.ts): memory_analysis() arguments 6.48 GB + outputs 6.44 GB.
    const stateBytes = spec.training.offloadOptimizer ? 0 : states.statesBytes / share(1);
    const weightBytes = (counts.trainable * storedBytes) / share(3);
    device.push({
      name: 'new weights and states (not donated)',
      bytes: weightBytes + stateBytes,
      formula: `${formatCount(counts.trainable)} × ${storedBytes} B weights${stateBytes > 0 ? ' + the optimizer states' : ''}${shardText(3) ? ` ${shardText(3)}` : ''}: the step's outputs beside its arguments (jax.jit without donate_argnums; training.donate: true reuses them)`,
      phase: 'step',
    });
  }
  return { device, host, notes };
}

/**
 * DeepSpeed ZeRO-1/2 with offload_optimizer, releases 0.14.1 to 0.16.x: step() copies each updated fp32
 * partition back with `bit16_partitions[i].data.copy_(fp32_partition.to(current_device).data)`
 * (stage_1_and_2.py, deepspeedai/DeepSpeed PR #5301), so the whole fp32 partition sits on the GPU
 * while it is cast: "the memory usage is about 3x that of params_FP16" until PR #7309 (0.17.0) stages
 * it through a pinned 16-bit host buffer instead.
 */
function stagedMasterCopy(spec: EstimateSpec, partitionParams: number): Component[] {
  const { version } = spec.parallel.deepSpeed;
  const stage = spec.parallel.strategy;
  if ((stage !== 'zero1' && stage !== 'zero2') || version === undefined) return [];
  const at = version[0] * 1e6 + version[1] * 1e3 + version[2];
  if (at < 14_001 || at >= 17_000) return [];
  return [
    {
      name: 'fp32 partition staged on the GPU',
      bytes: partitionParams * 4,
      formula: `DeepSpeed ${version.join('.')} step(): fp32_partition.to(device) before the 16-bit copy, ${formatCount(partitionParams)} × 4 B`,
      phase: 'step',
    },
  ];
}

/**
 * The LM head's parameters when prepare_model_for_kbit_training left it fp32 (unquantized, tied or not) under a
 * 16-bit training precision, whose autocast casts it back to 16 bits for the matmul; 0 otherwise.
 */
function unquantizedFp32HeadParams(spec: EstimateSpec, quantized: number): number {
  const quantization = spec.model.quantization;
  const shape = spec.model.transformer;
  if (!quantization?.isUnquantizedFp32 || quantized === 0 || !shape || quantization.isHeadQuantized) return 0;
  if (spec.training.precision !== 'bf16' && spec.training.precision !== 'fp16') return 0;
  return shape.vocab * shape.hidden;
}
