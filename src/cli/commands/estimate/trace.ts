// `estimate --trace`: builds the helper's request from the spec, runs it with the user's Python, and
// puts the traced step beside the analytic report.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UsageError } from '../../../errors.js';
import { isConvNetwork } from '../../../estimate/cnn.js';
import { hasPeftFp32Adapters } from '../../../estimate/gpu-states.js';
import { hfConfigOfShape, type ShapeConfig } from '../../../estimate/hf-config-of-shape.js';
import type { EstimateReport } from '../../../estimate/report.js';
import {
  compareTrace,
  perRankTrace,
  type TraceResult,
  untracedParamsShare,
} from '../../../estimate/trace.js';
import type { Breakdown, EstimateSpec } from '../../../estimate/types.js';
import { runTraceHelper, type TraceRequest, toTraceResult } from '../../../trace/helper.js';

/** What the command line says about the trace. */
export interface TraceOptions {
  python: string;
  modelConfig: string | undefined;
  module: string | undefined;
  isFull: boolean;
  inputs: string[];
  cwd: string;
}

/** Why one traced process cannot stand for this spec (tensor-parallel layers, a step the helper
 * does not run as the spec says, no training step), or undefined when it can. */
export function traceRefusal(spec: EstimateSpec, options: TraceOptions): string | undefined {
  if (!options.modelConfig && !options.module) {
    const derived = configOfSpec(spec);
    if (!derived) {
      return '--trace needs the model: --model-config config.json (or model.config in the spec), model.transformer, or --trace-module pkg.module:factory';
    }
    if ('refused' in derived) {
      return `--trace builds the model from model.transformer only for the models transformers builds with a head to train (a causal LM, a ViT, a BERT classifier or masked LM, T5); this is ${derived.refused}: give --model-config config.json or --trace-module pkg.module:factory`;
    }
  }
  // ZeRO and FSDP shard the states, not the step: perRankTrace swaps one rank's states into the trace.
  // Tensor parallelism splits the layers' own tensors, which one traced process cannot stand for.
  if (spec.parallel.tensor > 1) {
    return `--trace traces one process's whole layers; tensor parallelism (tensor ${spec.parallel.tensor}) splits them: use the analytic estimate`;
  }
  const { training, parallel } = spec;
  // full (every block, or every k-th as torchtitan's layer SAC picks them) and op (torchtitan's op-level
  // policy) are the helper's apply_checkpointing; selective is Megatron's core-attention recompute.
  if (training.activationCheckpointing === 'selective') {
    return "--trace traces activation checkpointing none, full (checkpoint_every k) or op (torchtitan's op-level policy); selective (Megatron's core-attention recompute) is not built: use the analytic estimate";
  }
  // The helper's apply_checkpointing wraps every block (or every k-th); the first N alone is not built.
  if (training.checkpointLayers !== undefined) {
    return '--trace: checkpoint_layers (the first N blocks checkpointed) is not built in the trace helper: use the analytic estimate';
  }
  if (training.checkpointEvery > 1 && training.activationCheckpointing === 'op') {
    return '--trace: checkpoint_every with op checkpointing (torchtitan takes one or the other): use the analytic estimate';
  }
  // The helper runs one eager step in plain or autocast dtypes on one process.
  const unTraced = [
    training.isCompiled ? 'compile' : '',
    training.float8 ? 'float8' : '',
    training.optimizer === 'none' ? 'inference (optimizer: none; the trace runs a training step)' : '',
    // Offloaded checkpoint inputs are traced as unsloth's offloaded checkpointing keeps them (the helper's
    // offloaded_checkpoint); offloading every saved tensor without checkpointing (torchtune's
    // OffloadActivations alone) is not built.
    training.isLayerGroupOffload ? "layer-group activation offloading (verl's, ms-swift's)" : '',
    training.offloadActivations &&
    !training.isLayerGroupOffload &&
    training.activationCheckpointing !== 'full'
      ? "activation offloading without full checkpointing (the trace offloads only checkpointed layers' inputs)"
      : '',
    // The helper steps the optimizer after backward over every trainable tensor it built.
    training.isOptimizerInBackward ? 'optimizer_in_backward (the step runs after backward)' : '',
    // A trainable count names no tensors: beyond an adapter's few (isFrozenTrace), which parameters train
    // decides what the step keeps (BAdam's one block, frozen embeddings).
    spec.model.trainable !== undefined && !spec.model.lora && !isFrozenTrace(spec)
      ? `model.trainable without lora above ${frozenTraceShare * 100}% of the parameters (which of them train decides what the step keeps)`
      : '',
    parallel.pipeline > 1 || parallel.context > 1 ? 'pipeline or context parallelism' : '',
    // model.lora (every variant, DoRA, one factor trained) is built by the real PEFT (the helper's
    // apply_peft); model.reference is added to the trace analytically (estimate/trace.ts).
    spec.model.attentionBias ? 'transformer.attention_bias (the helper passes no attention bias)' : '',
  ].filter(Boolean);
  if (unTraced.length > 0) {
    return `--trace runs one eager step in one process; it does not trace ${unTraced.join(', ')}: use the analytic estimate`;
  }
  return undefined;
}

// The largest share of the parameters a trainable count without adapters may be and be traced frozen.
const frozenTraceShare = 0.01;

/**
 * model.trainable without adapters, at most 1% of the parameters (a PEFT method the spec cannot name:
 * BEFT's biases, prompt encoders, sparse or tied updates): traced as the frozen model with the gradient
 * carried from the loss to its first layer (the most any placement of the trained parameters backpropagates
 * through), the trainable parameters' gradients and optimizer states from the analytic model
 * (estimate/trace.ts compareTrace).
 */
export function isFrozenTrace(spec: EstimateSpec): boolean {
  const { trainable, params, lora } = spec.model;
  return (
    !lora && trainable !== undefined && (params ?? 0) > 0 && trainable <= (params ?? 0) * frozenTraceShare
  );
}

// The optimizers python/headroom_trace/trace_torch.py builds from torch.optim (make_optimizer).
const tracedOptimizers = new Set(['adamw', 'adam', 'sgd', 'sgd_momentum', 'adafactor', 'none']);

/**
 * Why one traced process stands for one rank only with the rank's own states swapped in
 * (estimate/trace.ts perRankTrace): states sharded by ZeRO or FSDP, offloaded to the host, or paged
 * into unified memory. Undefined: the trace's states are the rank's as they are.
 */
export function perRankReason(spec: EstimateSpec): string | undefined {
  const { parallel, training } = spec;
  const reasons = [
    parallel.gpus > 1 && parallel.strategy !== 'ddp' ? `${parallel.strategy} over ${parallel.gpus} GPUs` : '',
    training.offloadParameters || training.offloadGradients || training.offloadOptimizer
      ? 'parameter, gradient or optimizer offload'
      : '',
    // bitsandbytes' kernels need a GPU: its 4-bit linears are traced as they run (the input cast to the
    // compute dtype and kept for backward, as bitsandbytes 0.41.0–0.43.1 MatMul4Bit does: the helper's
    // apply_quantized) over weights in the spec's dtype, torchao's NF4 linears (LinearNF4 keeps only its
    // weight) as plain frozen linears; the packed weights, scales and the dequantized transient are the
    // analytic model's.
    spec.model.quantization
      ? `${spec.model.quantization.weights} weights (traced as ${quantizedLinears(spec.model.quantization)})`
      : '',
    // FSDP's MixedPrecision(param_dtype=bf16/fp16): fp32 sharded parameters, gradients and states beside
    // the 16-bit copies the layers compute with (traced as the plain 16-bit step: tracedPrecision).
    training.precision.startsWith('mixed')
      ? `${training.precision}: FSDP keeps fp32 parameters, gradients and optimizer states and computes in 16-bit copies (traced as the 16-bit step)`
      : '',
    isZeroMaster(spec)
      ? `${training.precision} weights under ${parallel.strategy}, whose optimizer keeps an fp32 master partition and fp32 states (the traced step's states are in the weights' dtype)`
      : '',
    isSixteenBitWeights(spec)
      ? `16-bit weights beside an fp32 master copy (the ${training.convention} convention: traced in ${sixteenBitDtype(spec)} without autocast, as the engine runs)`
      : '',
    // GaLore steps its optimizer on each target matrix's gradient projected to `rank` rows (Zhao et al.
    // 2024, arXiv:2403.03507, Algorithm 1; galore_torch/galore_projector.py GaLoreProjector): its states
    // and projectors are the analytic model's (optimizer.ts galoreBytes), the traced AdamW's full-rank ones not.
    training.galore
      ? `GaLore's rank-${training.galore.rank} optimizer states (the traced AdamW keeps full-rank ones)`
      : '',
    training.optimizer.startsWith('paged')
      ? `${training.optimizer}'s states in unified memory`
      : !tracedOptimizers.has(training.optimizer)
        ? `${training.optimizer}'s states (not in torch: the analytic model's)`
        : '',
  ].filter(Boolean);
  return reasons.length > 0 ? reasons.join(', ') : undefined;
}

/**
 * A 16-bit model under DeepSpeed ZeRO with an optimizer of fp32 states: the engine keeps an fp32 master
 * partition and fp32 states whatever dtype the model was loaded in (DeepSpeed v0.15.4
 * runtime/zero/stage_1_and_2.py single_partition_of_fp32_groups = the bit16 partition `.clone().float()`;
 * stage3.py fp32_partitioned_groups_flat), as the analytic model counts them (gpu-states.ts isZeroMaster).
 * The traced step's AdamW keeps its states in the parameters' 16-bit dtype, so even one GPU's rank takes
 * the analytic states.
 */
export function isZeroMaster(spec: EstimateSpec): boolean {
  const { precision, optimizer } = spec.training;
  return (
    spec.parallel.strategy.startsWith('zero') &&
    (precision === 'bf16' || precision === 'fp16') &&
    ['adam', 'adamw', 'sgd_momentum', 'adafactor', 'lion'].includes(optimizer)
  );
}

/**
 * Mixed precision whose model holds 16-bit weights (every convention but hf: DeepSpeed's and ColossalAI's
 * engines cast the module to bf16/fp16 and keep the fp32 master in the optimizer — DeepSpeed v0.15.4
 * runtime/engine.py _configure_distributed_model `self.module.bfloat16()`, ColossalAI v0.4.0
 * booster/plugin/low_level_zero_plugin.py LowLevelZeroModel.__init__ `module = module.to(self.dtype)`; gpu-states.ts counts no
 * autocast copies for them). Traced with fp32 parameters, autocast would cache a 16-bit copy of every
 * trainable weight from forward to backward (torch autocast's cached_cast of leaf tensors that require
 * grad), which such a run never makes: the helper builds the parameters in 16 bits instead. Nor do these
 * engines run the forward under autocast (the module is already 16-bit; accelerate v1.15.0 accelerator.py Accelerator.__init__ sets
 * native_amp only outside DeepSpeed and Megatron-LM), so the step is traced in the plain 16-bit dtype:
 * softmax, layer norms and GELU keep 16-bit outputs where CUDA autocast's fp32 list would make fp32 ones.
 * Measured here (round 4's ColossalAI BERT/ALBERT rows, eager attention b32 × s512): traced under autocast
 * +15.6..+43.4%, in plain fp16 -14.2..+9.1%.
 */
export function isSixteenBitWeights(spec: EstimateSpec): boolean {
  return spec.training.precision.startsWith('amp') && spec.training.convention !== 'hf';
}

const sixteenBitDtype = (spec: EstimateSpec): 'bf16' | 'fp16' =>
  spec.training.precision === 'amp_fp16' ? 'fp16' : 'bf16';

/**
 * The precision the helper runs and the parameters' dtype when it is not the precision's. An engine that
 * casts the module to 16 bits runs its forward without autocast (DeepSpeed, ColossalAI:
 * isSixteenBitWeights), so softmax, layer norms and GELU stay in 16 bits: traced as the plain dtype.
 * 16-bit weights with PEFT's fp32 adapters (model.lora.adapter_dtype absent, fp32_autocast) are traced
 * without autocast but for the tuner layers (adapterRequestOf): autocast over the whole 16-bit model
 * (CUDA's fp32 ops: rms_norm, pow, softmax) traced the round 7 Llama 3.1 8B, Gemma and Gemma 2 LoRA rows at
 * seq 8192 +31..+49% over their measurements, where without it they are within 12%.
 */
function tracedPrecision(spec: EstimateSpec): Pick<TraceRequest, 'precision' | 'weightsDtype'> {
  const { precision } = spec.training;
  // FSDP mixed precision casts the parameters to 16 bits for the forward and backward and runs no
  // autocast (torch FSDP MixedPrecision param_dtype, FSDP2 MixedPrecisionPolicy): the step is the 16-bit
  // one; its fp32 states are the rank's (perRankReason).
  if (precision === 'mixed_bf16' || precision === 'mixed_fp16') {
    const dtype = precision === 'mixed_bf16' ? 'bf16' : 'fp16';
    return { precision: dtype, weightsDtype: dtype };
  }
  if (isSixteenBitWeights(spec))
    return { precision: sixteenBitDtype(spec), weightsDtype: sixteenBitDtype(spec) };
  return { precision };
}

/**
 * The adapters as the helper builds them, from the one answer to "are they PEFT's fp32 ones?" (gpu-states.ts
 * hasPeftFp32Adapters, which the analytic states ask too). Over 16-bit weights, 16-bit adapters (sharded QLoRA,
 * torchao's NF4, `adapter_dtype: weights`) are built as `weights` (get_peft_model autocast_adapter_dtype=False);
 * fp32 ones run under the HF Trainer's 16-bit autocast (model.lora.adapter_dtype absent: fp32_autocast,
 * layer-activations.ts adapterValueBytes): the helper runs each tuner layer under autocast to the weights' dtype
 * (autocast_tuner_layers), so lora_A keeps a 16-bit copy of its input, not the fp32 one (measured:
 * test/gpu/recorded/2026-11-28-h200-lora-layer-torch-2.11.0-peft-0.21.0.json). amp_* precisions autocast the whole
 * step already; `fp32` adapters run without autocast.
 */
function adapterRequestOf(
  spec: EstimateSpec,
): Pick<NonNullable<TraceRequest['lora']>, 'adapterDtype' | 'adapterAutocast'> {
  const { precision } = spec.training;
  const adapterDtype = spec.model.lora?.adapterDtype;
  if (precision !== 'bf16' && precision !== 'fp16') return adapterDtype ? { adapterDtype } : {};
  if (!hasPeftFp32Adapters(spec)) return { adapterDtype: 'weights' };
  return adapterDtype ? { adapterDtype } : { adapterAutocast: precision };
}

/** How the trace runs the spec's quantized linears (the helper's apply_quantized), for the notes. */
function quantizedLinears(quantization: NonNullable<EstimateSpec['model']['quantization']>): string {
  if (quantization.library !== 'bitsandbytes') return 'plain frozen linears';
  return quantization.keepsNoInput
    ? "bitsandbytes ≥ 0.43.2's 4-bit linears, which keep no input for backward"
    : "bitsandbytes ≤ 0.43.1's 4-bit linears, which keep their input cast to the compute dtype (model.quantization.bitsandbytes: 0.43.2 and later keep none)";
}

/** bitsandbytes' 4-bit linears for the helper (apply_quantized): their compute dtype and the head's. */
function quantizedRequest(spec: EstimateSpec): Pick<TraceRequest, 'quantized'> {
  const quantization = spec.model.quantization;
  if (quantization?.library !== 'bitsandbytes') return {};
  const isFp16 = spec.training.precision === 'fp16' || spec.training.precision === 'amp_fp16';
  const computeDtype = quantization.computeBytes >= 4 ? 'fp32' : isFp16 ? 'fp16' : 'bf16';
  return {
    quantized: {
      computeDtype,
      head: quantization.isHeadQuantized,
      ...(quantization.keepsNoInput ? { keepsNoInput: true } : {}),
    },
  };
}

/**
 * The traced step as this spec's GPU holds it: one rank's states swapped in where perRankReason says. The
 * allocator's replay of the traced step (a fixed-shape run's cache) is kept only where the spec's cache is
 * that one: not with cuda.fragmentation given, expandable segments, or variable lengths (cuda.ts), and not
 * for a convolutional network (cnn.ts isConvNetwork): its CUDA convolutions ask PyTorch's caching allocator for
 * cuDNN workspaces (ATen native/cudnn/Conv_v8.cpp run_conv_plan; benchmark mode tries several) that stay
 * reserved, and a CPU trace runs no cuDNN, so its replay never sees them: the analytic cache stands (cuda.ts
 * defaultFragmentation, 20% for models without attention, whose note measures a CNN's cuDNN workspaces on the
 * H200 at up to 70% of the forward→backward parts).
 */
export function traceOfSpec(spec: EstimateSpec, breakdown: Breakdown, trace: TraceResult): TraceResult {
  const why = perRankReason(spec);
  const { allocator, ...rest } = trace;
  const isFixedShapeCache =
    spec.cuda.fragmentation === undefined &&
    !spec.cuda.isExpandableSegments &&
    !spec.cuda.isVariableLengths &&
    !isConvNetwork(spec.model);
  const own = allocator && isFixedShapeCache ? trace : rest;
  return why ? perRankTrace(breakdown, own, why) : own;
}

/** The spec's `tensors:` entries no traced model holds (without `covers`): added to the trace as given. */
export function untracedTensors(spec: EstimateSpec): string[] {
  return spec.tensors.filter((tensor) => tensor.covers === undefined).map((tensor) => tensor.name);
}

/**
 * The step's objective when it is not the model's own loss: a language model whose spec says
 * `lm_head: false` runs no cross-entropy of the spec's own. With a `tensors:` entry covering the logits
 * (a benchmark's `outputs.logits.sum()`, the logits and their gradient held), the model runs its head
 * and the step keeps its logits (`logits`); without one, the bare model runs, no head at all
 * (`hidden`). Undefined: the model's own loss over labels (a classifier's, a ViT's, an LM's).
 */
export function objectiveOf(spec: EstimateSpec): TraceRequest['objective'] {
  const shape = spec.model.transformer;
  if (!shape || shape.lmHead || shape.vocab === 0 || shape.classes > 0 || shape.family === 'vit') {
    return undefined;
  }
  return spec.tensors.some((tensor) => tensor.covers === 'logits') ? 'logits' : 'hidden';
}

/**
 * The causal LM's own standard loss as transformers before 4.49 runs it (training.transformers below 4.49 or
 * unstated: to-spec.ts isLossShiftCopy): the logits upcast to fp32, then `logits[..., :-1, :].contiguous()`
 * copying every shifted logit (loss/loss_utils.py ForCausalLMLoss at v4.48.0), where the helper's transformers
 * (4.49 and later, transformers#35646) pads the labels instead. The analytic loss counts the same copy
 * (loss.ts lossBytesPerLogit, isShiftCopy).
 */
export function isShiftCopyLoss(spec: EstimateSpec): boolean {
  const shape = spec.model.transformer;
  return (
    spec.training.loss === 'standard' &&
    spec.training.isLossShiftCopy &&
    // Without the upcast the analytic loss keeps no copy either (a plain cross-entropy on 16-bit logits).
    spec.training.isLossUpcast &&
    objectiveOf(spec) === undefined &&
    shape !== undefined &&
    shape.lmHead &&
    shape.vocab > 0 &&
    shape.classes === 0 &&
    shape.decoderLayers === 0 &&
    // A causal LM's loss: a masked LM's (BERT, ELECTRA) and a ViT's shift nothing.
    !['bert', 'electra', 'vit', 't5'].includes(shape.family)
  );
}

/** The spec's `tensors:` entries that cover a part the traced step makes (the logits, activations). */
export function coveringTensors(spec: EstimateSpec): string[] {
  return spec.tensors.filter((tensor) => tensor.covers !== undefined).map((tensor) => tensor.name);
}

/** The config.json the spec's model.transformer stands for (torch), when no config.json was given. */
export function configOfSpec(spec: EstimateSpec): ShapeConfig | undefined {
  const shape = spec.model.transformer;
  if (spec.framework !== 'torch' || !shape) return undefined;
  // SETR's heads are not in any transformers model: tracing the ViT alone would leave them out.
  if (spec.model.segmenter)
    return { refused: "SETR's segmentation heads (model.segmenter): no transformers model holds them" };
  // Without the spec's own loss the model is still built as its LM class (the head's weights are in
  // model.params); the helper runs the objective instead of its loss, or the bare model (objectiveOf).
  return hfConfigOfShape(objectiveOf(spec) ? { ...shape, lmHead: true } : shape);
}

/** The helper's request for this spec and report. */
export function traceRequestOf(
  spec: EstimateSpec,
  report: Pick<EstimateReport, 'inputs'>,
  options: TraceOptions,
): TraceRequest {
  const shape = spec.model.transformer;
  return {
    framework: spec.framework,
    ...(options.module ? { module: options.module } : { modelConfig: options.modelConfig }),
    cwd: options.cwd,
    batchSize: report.inputs.batchSize,
    ...(shape && shape.seqLen > 0 ? { seqLen: shape.seqLen } : {}),
    ...(shape && shape.decoderLayers > 0 && shape.decoderSeqLen > 0
      ? { decoderSeqLen: shape.decoderSeqLen }
      : {}),
    ...tracedPrecision(spec),
    ...quantizedRequest(spec),
    // An optimizer torch does not have (bitsandbytes, paged, Lion) is stepped as AdamW: its states and
    // step temporaries are the analytic model's (perRankReason), only the step's shape is traced.
    optimizer: tracedOptimizers.has(spec.training.optimizer) ? spec.training.optimizer : 'adamw',
    optimizerImpl: spec.training.optimizerImpl,
    checkpointing: spec.training.activationCheckpointing,
    ...(spec.training.offloadActivations ? { offloadActivations: true } : {}),
    ...(spec.training.checkpointEvery > 1 && spec.training.activationCheckpointing !== 'none'
      ? { checkpointEvery: spec.training.checkpointEvery }
      : {}),
    // FlashAttention 2 needs its own CUDA package; SDPA keeps the same O(s) state on a CPU trace.
    // `math` (transformer.attention math: SDPA's math path, fp32 scores) is traced on that path.
    attention: shape?.isMathAttention ? 'math' : shape?.attention === 'eager' ? 'eager' : 'sdpa',
    ...(spec.model.lora ? { lora: { ...spec.model.lora, ...adapterRequestOf(spec) } } : {}),
    // Without it the helper's causal LM takes transformers' loss, which upcasts 16-bit logits to fp32.
    ...(spec.training.isLossUpcast ? {} : { lossUpcast: false }),
    // transformers before 4.49 (or unstated: training.transformers) copies the shifted logits for the loss
    // (loss.ts lossBytesPerLogit isShiftCopy): the helper runs that loss, not its own transformers' (no copy).
    ...(isShiftCopyLoss(spec) ? { lossShiftCopy: true } : {}),
    ...(objectiveOf(spec) ? { objective: objectiveOf(spec) } : {}),
    ...(isFrozenTrace(spec) ? { frozen: true } : {}),
    // training.kernels: the helper swaps transformers' RMSNorm and SwiGLU for the fused ones (fused_kernels.py).
    ...(spec.training.kernels !== 'eager' ? { kernels: spec.training.kernels } : {}),
    // torch's loss_parallel is not the helper's to run: it traces transformers' standard loss. Megatron's
    // vocab-parallel loss is (python/headroom_trace/megatron_loss.py), and so are fp32 logits kept through
    // backward (standard_logits_kept: trace_torch.py logits_kept_loss).
    // unsloth's chunked fused loss is traced as a fused one (no logits beyond a chunk; the chunk itself untraced).
    ...(spec.training.loss === 'standard' ||
    spec.training.loss === 'loss_parallel' ||
    spec.training.loss === 'loss_parallel_logits_kept'
      ? {}
      : { loss: spec.training.loss === 'unsloth_fused' ? 'fused' : spec.training.loss }),
    ...(options.isFull ? { full: true } : {}),
    ...(options.inputs.length > 0 ? { inputs: options.inputs } : {}),
  };
}

/** The report with `trace` added: the step traced by the user's Python, beside the estimate. */
export async function withTrace(
  spec: EstimateSpec,
  report: EstimateReport,
  options: TraceOptions,
): Promise<EstimateReport> {
  const refused = traceRefusal(spec, options);
  if (refused) throw new UsageError(refused);
  if (spec.framework === 'jax' && !options.module) {
    throw new UsageError(
      '--trace for jax needs --trace-module pkg.module:step and --trace-input name=shape:dtype',
    );
  }
  if (options.modelConfig || options.module) {
    const result = await runTraceHelper(options.python, traceRequestOf(spec, report, options));
    const trace = traceOfSpec(spec, report, toTraceResult(result));
    return {
      ...report,
      // A module is the user's whole network; a config.json only the transformer the spec's shape says.
      trace: compareTrace(
        report,
        trace,
        untracedTensors(spec),
        options.module ? 0 : untracedParamsShare(spec),
        !options.module,
        isFrozenTrace(spec),
        coveringTensors(spec),
      ),
    };
  }
  // No config.json: the one model.transformer stands for, written where the helper can read it.
  const derived = configOfSpec(spec);
  if (!derived || 'refused' in derived) throw new UsageError('--trace: no model to trace');
  const directory = mkdtempSync(path.join(tmpdir(), 'headroom-trace-config-'));
  try {
    const modelConfig = path.join(directory, 'config.json');
    writeFileSync(modelConfig, `${JSON.stringify(derived.config, null, 2)}\n`);
    const result = await runTraceHelper(
      options.python,
      traceRequestOf(spec, report, { ...options, modelConfig }),
    );
    const trace = compareTrace(
      report,
      traceOfSpec(spec, report, toTraceResult(result)),
      untracedTensors(spec),
      untracedParamsShare(spec),
      true,
      isFrozenTrace(spec),
      coveringTensors(spec),
    );
    const note = `the model was built from model.transformer as a transformers "${derived.modelType}" config (no config.json given)`;
    return { ...report, trace: { ...trace, notes: [note, ...trace.notes] } };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
