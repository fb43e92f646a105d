// estimate(spec): every part of the GPU and host memory a training config needs, and the peaks.

import { HeadroomError } from '../errors.js';
import { formatBytes, maxSizeBytes } from '../units.js';
import { isConvNetwork } from './cnn.js';
import { criticComponents } from './critic.js';
import { blockBytes, defaultContextBytes, defaultFragmentation, defaultWorkspaceBytes } from './cuda.js';
import { formatCount } from './dtypes.js';
import { evaluateExpr } from './expr.js';
import { activationComponents } from './gpu-activations.js';
import { countModel, gradientBytesOf, modelStateComponents } from './gpu-states.js';
import { hostComponents } from './host.js';
import { inferenceEnginePart } from './inference-engine.js';
import { embedWidth, groupParams, layerParams, routedExpertParams } from './inventory.js';
import { adapterGroups } from './lora.js';
import { unslothChunkedLossPart } from './loss.js';
import { elementBytes } from './model-states.js';
import { notEstimatedParts } from './not-estimated.js';
import { parallelComponents } from './parallel.js';
import { layerQuantizedParams, quantizedBytesPerParam, quantizedParams } from './quantization.js';
import { gpusVar } from './to-spec.js';
import type { Breakdown, Component, EstimateSpec, Quantity } from './types.js';

/** Values that replace the spec's for one estimate: vars, the batch size, or the GPU count. */
export interface EstimateOverrides {
  vars?: Record<string, number>;
  batchSize?: number;
  gpus?: number;
}

/** A quantity's value with these vars; a fractional size rounds up, so nothing is undercounted. */
export function resolveQuantity(quantity: Quantity, vars: Readonly<Record<string, number>>): number {
  return Math.max(0, Math.ceil(evaluateExpr(quantity.expr, vars) - 1e-9));
}

/**
 * The peak of parts that may carry a phase: always-there parts plus the largest of the forward→backward
 * parts, the backward→step parts, and the end of backward, when every gradient exists and the first
 * layer still runs its backward (a layer's recomputation and gradients beside all of the model's).
 * Inside forward→backward the loss's moment (logits, the loss's buffers and their gradient, before any
 * layer's backward: autograd runs the loss and head nodes first, and frees their saved logits when
 * they are done) and a layer's backward (its working set or recomputation, gathered units) are two
 * moments: the larger of the two counts, beside what both share (the stored activations).
 */
export function peakOf(parts: readonly Component[]): number {
  const sum = (keep: (part: Component) => boolean): number =>
    parts.filter(keep).reduce((total, part) => total + part.bytes, 0);
  const isBackward = (part: Component): boolean => part.phase === 'backward';
  const shared = sum((part) => isBackward(part) && !part.isLossOnly && !part.isAtBackwardEnd);
  const lossMoment = sum((part) => isBackward(part) && part.isLossOnly === true);
  const layerMoment = sum((part) => isBackward(part) && part.isAtBackwardEnd === true);
  return (
    sum((part) => part.phase === undefined && !part.isAtLoad) +
    Math.max(
      shared + Math.max(lossMoment, layerMoment),
      sum((part) => part.phase === 'step'),
      sum((part) => part.isAtBackwardEnd === true),
    )
  );
}

/** The memory a training config needs, part by part, on the GPU and on the host. */
export function estimate(given: EstimateSpec, overrides: EstimateOverrides = {}): Breakdown {
  // With a pipeline and no stage named, each of the first stage (most activations in flight) and the last
  // (the LM head and the loss) is estimated, and the one that needs more is the GPU's figure.
  if (given.parallel.pipeline > 1 && given.parallel.pipelineStage === 'peak') {
    const at = (stage: 'first' | 'last') =>
      estimateStage({ ...given, parallel: { ...given.parallel, pipelineStage: stage } }, overrides);
    const first = at('first');
    const last = at('last');
    const stage = last.gpu.peakBytes > first.gpu.peakBytes ? 'last' : 'first';
    const chosen = stage === 'last' ? last : first;
    return {
      ...chosen,
      notes: [
        ...chosen.notes,
        `pipeline: the ${stage} stage needs the most (first ${formatBytes(first.gpu.peakBytes)}, last ${formatBytes(last.gpu.peakBytes)}); parallel.pipeline_stage names one`,
      ],
    };
  }
  return estimateStage(given, overrides);
}

function estimateStage(given: EstimateSpec, overrides: EstimateOverrides): Breakdown {
  const spec =
    overrides.gpus === undefined
      ? given
      : { ...given, parallel: { ...given.parallel, gpus: overrides.gpus } };
  const vars = { ...spec.vars, ...overrides.vars };
  const withGpus = { [gpusVar]: spec.parallel.gpus, ...vars };
  const batch = overrides.batchSize ?? resolveQuantity(spec.training.batchSize, withGpus);
  const counts = countModel(spec);
  const { framework } = spec;
  const notes = [...spec.model.notes];

  const tensors = spec.tensors.map((tensor) => {
    const elements = tensor.shape.reduce((product, dim) => product * resolveQuantity(dim, withGpus), 1);
    const count = resolveQuantity(tensor.count, withGpus);
    const eachBytes = elements * tensor.bytesPerElement;
    const shape = tensor.shape.map((dim) => resolveQuantity(dim, withGpus)).join(', ');
    return {
      component: {
        name: tensor.name,
        bytes: count * eachBytes,
        formula: `${count} × [${shape}] ${tensor.dtype} (${formatBytes(eachBytes)} each)`,
      },
      roundingBytes: count * (blockBytes(framework, eachBytes) - eachBytes),
    };
  });
  const states = modelStateComponents(spec, counts);
  const critic = criticComponents(spec);
  const activations = withUnslothChunk(
    spec,
    { states: states.device, batch },
    activationComponents(spec, counts, batch),
  );
  const shape = spec.model.transformer;
  // A layer stack (model.cnn) under FSDP has no block class to wrap, and parallel.fsdp_wrap: model wraps none:
  // the whole model is the root unit (FULL_SHARD without an auto-wrap policy), which FSDP never reshards
  // after forward (parallel.ts).
  const isWholeModelUnit =
    spec.parallel.strategy === 'fsdp_full' &&
    (spec.parallel.fsdpWrap === 'model' || (!shape && isConvNetwork(spec.model)));
  const parallel = parallelComponents({
    parallel: spec.parallel,
    params: counts.params,
    trainable: counts.trainable,
    unitParams: isWholeModelUnit ? counts.params : shape ? unitLayerParams(spec, shape) : undefined,
    isRootUnit: isWholeModelUnit,
    ...unitParts(spec, counts),
    ...(isWholeModelUnit ? { unitTrainable: counts.trainable } : {}),
    ...(isWholeModelUnit && shape && spec.model.quantization
      ? { unitQuantized: quantizedParams(shape, spec.model.quantization) }
      : {}),
    computeBytes: spec.training.precision === 'fp32' ? 4 : 2,
    // torchao enable_fsdp_float8_all_gather: the linear weights are all-gathered already in float8.
    ...(spec.training.float8?.isAllGatherFloat8 ? { gatherBytes: 1 } : {}),
    ...(shape?.lmHead ? { head: headGather(spec) } : {}),
    gradientBytes: counts.isTraining ? gradientBytesOf(spec) : 0,
    isParamOffload: spec.training.offloadParameters,
    isJax: spec.framework === 'jax',
    ...(shape && spec.model.quantization
      ? { modelQuantized: quantizedParams(shape, spec.model.quantization) }
      : {}),
    ...(shape && !shape.tiedEmbeddings ? { embeddingParams: shape.vocab * embedWidth(shape) } : {}),
  });
  notes.push(...states.notes, ...parallel.notes);
  if (
    spec.cuda.isVariableLengths &&
    spec.cuda.fragmentation === undefined &&
    !spec.cuda.isExpandableSegments
  ) {
    notes.push(
      'cuda.lengths variable: the sequence length is read as one the longest batches reach, with half the forward→backward parts cached beside them for the other lengths; if it is only the cap (max_seq_length) the batches may not reach, write cuda.lengths: capped (priced at the cap, fixed-shape cache) so the variability is not counted twice',
    );
  }
  // Every part that grows and is not described is named (not only when no tensor is listed).
  const notEstimated = notEstimatedParts(spec);
  for (const { note } of notEstimated) if (note && !notes.includes(note)) notes.push(note);
  const engine = spec.inference ? inferenceEnginePart(spec.inference) : undefined;
  if (engine) notes.push(engine.note);
  const deviceParts: Component[] = [
    ...states.device,
    ...critic.device,
    ...parallel.components,
    ...activations.device,
    ...tensors.map((t) => t.component),
    ...(engine?.component ? [engine.component] : []),
  ];
  const moved = [...states.host, ...critic.host, ...activations.host];
  if (spec.device === 'cpu')
    return { ...cpuBreakdown(spec, { deviceParts, moved, batch, counts, notes, vars }), notEstimated };

  const contextBytes = spec.cuda.contextBytes ?? defaultContextBytes(framework, spec.cuda.moduleLoading);
  const workspaceBytes = spec.cuda.workspaceBytes ?? defaultWorkspaceBytes(framework);
  const outside = parallel.outsideAllocator;
  const gpu: Component[] = [
    {
      name: 'cuda context',
      bytes: contextBytes,
      formula:
        spec.cuda.contextBytes === undefined
          ? `${framework}, ${spec.cuda.moduleLoading} module loading`
          : 'as given',
    },
  ];
  if (workspaceBytes > 0) {
    const formula =
      spec.cuda.workspaceBytes === undefined
        ? '2 handles × (cuBLAS 8,519,680 B + cuBLASLt 4 MiB)'
        : 'as given';
    gpu.push({ name: 'library workspaces', bytes: workspaceBytes, formula });
  }
  gpu.push(...outside, ...deviceParts);
  const fragmentation =
    spec.cuda.fragmentation ??
    defaultFragmentation({
      attention: shape?.attention,
      isExpandableSegments: spec.cuda.isExpandableSegments,
      isVariableLengths: spec.cuda.isVariableLengths,
      isCheckpointed: spec.training.activationCheckpointing === 'full',
    });
  const dynamicBytes = deviceParts
    .filter((part) => part.phase === 'backward')
    .reduce((sum, p) => sum + p.bytes, 0);
  const freedLogitBytes = activations.cachedLogitBytes ?? 0;
  const cachedBytes = fragmentation * dynamicBytes + freedLogitBytes;
  const roundingBytes = tensors.reduce((sum, t) => sum + t.roundingBytes, 0);
  if (cachedBytes + roundingBytes > 0) {
    const kernel = spec.cuda.isExpandableSegments
      ? 'expandable segments'
      : `${shape?.attention ?? 'eager'} attention${spec.cuda.isVariableLengths ? ', variable lengths' : spec.cuda.isCappedLengths ? ', lengths up to the cap, priced at it' : ''}`;
    const terms = [
      cachedBytes > freedLogitBytes
        ? `${Math.round(fragmentation * 100)}% of the forward→backward parts stay cached${spec.cuda.fragmentation === undefined ? ` (${kernel})` : ''}`
        : '',
      freedLogitBytes > 0
        ? `${formatBytes(freedLogitBytes)} of freed 16-bit logits (too small for the loss's fp32 tensors)`
        : '',
      roundingBytes > 0 ? `${formatBytes(roundingBytes)} block rounding of the tensors above` : '',
    ].filter(Boolean);
    gpu.push({ name: 'allocator cache', bytes: cachedBytes + roundingBytes, formula: terms.join(' + ') });
  }

  const load = loadPart(spec, counts);
  if (load) gpu.push(load);

  // Fractions of a byte come from sharding, tensor parallelism and the cache fraction.
  for (const part of gpu) part.bytes = Math.ceil(part.bytes);
  const outsideBytes = outside.reduce((sum, part) => sum + part.bytes, 0);
  const stepPeakBytes = peakOf(gpu);
  const stepAllocatedBytes =
    stepPeakBytes - contextBytes - outsideBytes - Math.ceil(cachedBytes + roundingBytes);
  // The load moment (before the first step) beside the context and what lies outside the allocator.
  const loadBytes = load?.bytes ?? 0;
  const peakBytes = Math.max(stepPeakBytes, contextBytes + outsideBytes + loadBytes);
  if (load && peakBytes > stepPeakBytes)
    notes.push(
      `the peak is the model's load (${formatBytes(loadBytes)}, the whole model on the GPU before ZeRO-3 partitions it), not the step (${formatBytes(stepPeakBytes)}): build it under deepspeed.zero.Init (parallel.deepspeed.zero_init) to avoid it`,
    );
  const host = roundUp(hostComponents(spec, batch, moved));
  checkInRange([...gpu, ...host]);
  return {
    gpu: {
      peakBytes,
      allocatedPeakBytes: Math.max(stepAllocatedBytes, loadBytes),
      components: gpu,
    },
    host: { peakBytes: peakOf(host), components: host },
    inputs: inputsOf(spec, counts, batch, vars),
    notes,
    notEstimated,
  };
}

/**
 * ZeRO-3 over a model not built under deepspeed.zero.Init: deepspeed.initialize casts it to the 16-bit
 * dtype (module.bfloat16() / half()) and moves it to the GPU whole (`if not (self.dont_change_device or
 * is_zero_init_model): self.module.to(self.device)`, deepspeed/runtime/engine.py
 * DeepSpeedEngine._configure_distributed_model at deepspeedai/DeepSpeed v0.19.2, line 1583; the same since
 * v0.10) before the ZeRO-3 optimizer partitions it, so every GPU holds the whole model once, before the
 * first step. The caching allocator keeps the freed blocks reserved (torch.cuda.max_memory_reserved).
 */
function loadPart(spec: EstimateSpec, counts: ReturnType<typeof countModel>): Component | undefined {
  if (spec.parallel.strategy !== 'zero3' || spec.parallel.deepSpeed.isZeroInit) return undefined;
  const bytesPerParam = elementBytes(spec.training.precision);
  const params = counts.params / spec.parallel.tensor;
  return {
    name: 'model loaded whole',
    bytes: params * bytesPerParam,
    formula: `${formatCount(params)} × ${bytesPerParam} B before ZeRO-3 partitions it (parallel.deepspeed.zero_init: false: deepspeed.initialize moves the model to the GPU whole); before the first step, so not beside the parts above`,
    isAtLoad: true,
  };
}

/** The LM head as FSDP gathers it: in its quantized storage when quantized, else the compute dtype. */
function headGather(spec: EstimateSpec): { params: number; bytes: number } {
  const shape = spec.model.transformer;
  if (!shape) return { params: 0, bytes: 0 };
  const { quantization } = spec.model;
  const computeBytes = spec.training.precision === 'fp32' ? 4 : 2;
  const bytes = quantization?.isHeadQuantized ? (quantization.weights === 'int8' ? 1 : 0.5) : computeBytes;
  return { params: shape.vocab * embedWidth(shape), bytes };
}

/**
 * One layer's parameters as an FSDP/ZeRO-3 unit gathers them. Under expert parallelism (torchtitan
 * torchtitan/distributed/expert_parallel.py ExpertParallel, apply_moe_ep_tp) a layer's routed experts are
 * split over the EP ranks and never gathered across them (tokens travel all-to-all instead): each rank's unit
 * gathers the rest of the layer and its own experts / EP.
 */
function unitLayerParams(
  spec: EstimateSpec,
  shape: NonNullable<EstimateSpec['model']['transformer']>,
): number {
  return layerParams(shape) - routedExpertParams(shape) * (1 - 1 / (spec.parallel.expert ?? 1));
}

/** One FSDP/ZeRO-3 unit's quantized and trainable parameters, when the shape says. */
function unitParts(
  spec: EstimateSpec,
  counts: ReturnType<typeof countModel>,
): { unitQuantized?: number; quantizedBytes?: number; unitTrainable?: number } {
  const shape = spec.model.transformer;
  if (!shape) return {};
  const { quantization, lora } = spec.model;
  const layers = Math.max(1, shape.layers);
  const unit = unitLayerParams(spec, shape);
  const unitTrainable = lora
    ? adapterGroups(shape, lora)
        .filter((group) => group.isPerLayer)
        .reduce((sum, group) => sum + groupParams(group) / layers, 0)
    : counts.params > 0
      ? (unit * counts.trainable) / counts.params
      : unit;
  if (!quantization) return { unitTrainable };
  return {
    unitTrainable,
    unitQuantized: layerQuantizedParams(shape, quantization),
    // The gathered flat parameter holds the packed data only; bitsandbytes' and GPTQ/AWQ's scales stay on
    // every GPU (gpu-states.ts "quantization scales"), torchao's NF4Tensor gathers its scalers with it.
    quantizedBytes:
      quantization.library === 'torchao'
        ? quantizedBytesPerParam(
            quantization.weights,
            quantization.doubleQuant,
            quantization.groupSize,
            quantization.library,
          )
        : quantization.weights === 'int8'
          ? 1
          : 0.5,
  };
}

/** An estimate past what any machine holds is an error naming the part, never Infinity or NaN in a table. */
function checkInRange(parts: readonly Component[]): void {
  const bad = parts.find(
    (part) => !Number.isFinite(part.bytes) || part.bytes < 0 || part.bytes > maxSizeBytes,
  );
  if (!bad) return;
  throw new HeadroomError({
    code: 'estimate-range',
    message: `${bad.name}: the estimate comes to ${Number.isFinite(bad.bytes) ? `${(bad.bytes / 2 ** 50).toExponential(2)} PiB` : 'more than any number holds'} (${bad.formula.slice(0, 120)})`,
    hint: 'a size, shape or count in the spec is far larger than it should be; no machine has more than 8 PiB',
  });
}

function roundUp(parts: Component[]): Component[] {
  for (const part of parts) part.bytes = Math.ceil(part.bytes);
  return parts;
}

function inputsOf(
  spec: EstimateSpec,
  counts: ReturnType<typeof countModel>,
  batch: number,
  vars: Record<string, number>,
): Breakdown['inputs'] {
  return {
    framework: spec.framework,
    params: counts.params,
    trainable: counts.trainable,
    batchSize: batch,
    gradAccumulation: spec.training.gradAccumulation,
    vars,
    precision: spec.training.precision,
    optimizer: spec.training.optimizer,
    convention: spec.training.convention,
    device: spec.device,
    optimizerImpl: spec.training.optimizerImpl,
    gpus: spec.parallel.gpus,
    strategy: spec.parallel.strategy,
    tensorParallel: spec.parallel.tensor,
  };
}

// Training on the CPU: the model states and activations are the main process's memory.
function cpuBreakdown(
  spec: EstimateSpec,
  parts: {
    deviceParts: Component[];
    moved: Component[];
    batch: number;
    counts: ReturnType<typeof countModel>;
    notes: string[];
    vars: Record<string, number>;
  },
): Breakdown {
  const host = roundUp(hostComponents(spec, parts.batch, [...parts.deviceParts, ...parts.moved]));
  return {
    gpu: { peakBytes: 0, allocatedPeakBytes: 0, components: [] },
    host: { peakBytes: peakOf(host), components: host },
    inputs: inputsOf(spec, parts.counts, parts.batch, parts.vars),
    notes: parts.notes,
  };
}

/** unsloth_fused's loss at the chunk the stated card's free memory gives (loss.ts unslothChunkedLossPart). */
function withUnslothChunk<T extends { device: Component[] }>(
  spec: EstimateSpec,
  parts: { states: readonly Component[]; batch: number },
  activations: T,
): T {
  const { batch } = parts;
  const deviceBytes = spec.cuda.deviceBytes;
  const shape = spec.model.transformer;
  // unsloth trains on one GPU: no context parallelism splits the tokens the chunks are counted in.
  if (
    spec.training.loss !== 'unsloth_fused' ||
    deviceBytes === undefined ||
    !shape ||
    shape.vocab === 0 ||
    spec.parallel.context > 1
  )
    return activations;
  const usedBytes =
    (spec.cuda.contextBytes ?? defaultContextBytes(spec.framework, spec.cuda.moduleLoading)) +
    (spec.cuda.workspaceBytes ?? defaultWorkspaceBytes(spec.framework)) +
    (parts.states.find((part) => part.name === 'weights')?.bytes ?? 0);
  const options = { tokens: shape.seqLen * batch, vocab: shape.vocab, freeBytes: deviceBytes - usedBytes };
  return {
    ...activations,
    device: activations.device.map((part) =>
      part.name === 'logits and loss' ? unslothChunkedLossPart(part, options) : part,
    ),
  };
}
