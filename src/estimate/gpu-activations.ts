// Activations, the backward working set, the logits and the loss, for `batch` sequences. The eleuther
// convention keeps Korthikanti's paper formula (activations.ts); every other convention uses what
// PyTorch keeps, tensor by tensor (layer-activations.ts).
import { formatBytes } from '../units.js';
import { layerActivationBytes, outsideLayerBytes } from './activations.js';
import { cnnActivationParts } from './cnn.js';
import { detectorActivationParts } from './detector.js';
import type { ModelCounts } from './gpu-states.js';
import { type ParamGroup, parameterInventory } from './inventory.js';
import {
  activationDtypes,
  checkpointedLayerBytes,
  crossAttentionBytes,
  type LayerContext,
  layerBytes,
  opCheckpointedLayerBytes,
  outsideBytes,
  scoreBytesPerElement,
  sequenceShards,
} from './layer-activations.js';
import { lokrFactorization, loraGroups } from './lora.js';
import { headChunkTokens, lossBytes, lossBytesPerLogit } from './loss.js';
import { segmenterActivationParts } from './segmenter.js';
import type { Component, EstimateSpec, LoraSpec, TransformerShape } from './types.js';
import { unetParts } from './unet.js';
import { yoloActivationParts } from './yolo.js';

/** Activation parts on the device, and those moved to the host by activation offloading. */
export interface ActivationParts {
  device: Component[];
  host: Component[];
  /**
   * Freed blocks the allocator keeps at the peak that no later tensor there can use: the 16-bit logits
   * a copy-free upcast loss lets go (bytes; absent: none).
   */
  cachedLogitBytes?: number;
}

/** Transformer (or model.cnn) activations for `batch` sequences, and a vision tower's beside them. */
export function activationComponents(
  spec: EstimateSpec,
  counts: ModelCounts,
  batch: number,
): ActivationParts {
  const parts = modelActivations(spec, counts, batch);
  const segmenter = spec.model.segmenter;
  // The heads' backward runs first, with every activation alive; the ViT's working set comes after the heads'
  // activations are freed: the larger of the two is the one at the peak.
  const vitWorkingSet = parts.device.find((part) => part.name === 'backward working set')?.bytes ?? 0;
  const heads =
    segmenter && batch > 0
      ? segmenterActivationParts(segmenter, {
          batch,
          bytesPerValue: activationDtypes(spec.training.precision).compute,
          isTraining: counts.isTraining,
          beyondBytes: vitWorkingSet,
          // model.segmenter is mmsegmentation's, whose default_runtime.py turns cudnn_benchmark on.
          isCudnnBenchmark: spec.cuda.isCudnnBenchmark ?? true,
        })
      : [];
  const vision = spec.model.vision;
  if (!vision || batch === 0 || !spec.model.transformer)
    return heads.length > 0 ? { ...parts, device: [...parts.device, ...heads] } : parts;
  return { ...parts, device: [...parts.device, ...heads, ...visionComponents(spec, vision, counts, batch)] };
}

/**
 * A vision tower (model.vision) run over batch × images images before the language model: trained, it keeps
 * what each of its layers keeps (the language model's rules: the same checkpointing, precision and attention);
 * frozen, with images that need no gradient, it records nothing (autograd keeps tensors only for inputs or
 * weights that require grad) and only its output, the projector's input, stays. Its backward runs after the
 * language model's has freed that model's activations, so no working set of its own is added beside them.
 */
function visionComponents(
  spec: EstimateSpec,
  vision: NonNullable<EstimateSpec['model']['vision']>,
  counts: ModelCounts,
  batch: number,
): Component[] {
  const shape = vision.shape;
  const images = batch * vision.images;
  const precision = forwardPrecision(spec);
  const compute = activationDtypes(precision).compute;
  const where = `${vision.shape.layers} layers, s ${shape.seqLen} patches × ${images} image${images > 1 ? 's' : ''} × h ${shape.hidden}, ${precision}`;
  if (!counts.isTraining || !vision.isTrainable) {
    return [
      {
        name: 'vision tower output',
        bytes: compute * shape.seqLen * images * shape.hidden,
        formula: `${compute} B × ${shape.seqLen} × ${images} × ${shape.hidden} (the frozen tower records nothing; its output feeds the projector)`,
        phase: 'backward',
      },
    ];
  }
  const ctx: LayerContext = {
    shape,
    precision,
    batch: images,
    lora: undefined,
    quantization: undefined,
    isTrainingNorms: true,
    tensorParallel: 1,
    isSequenceParallel: false,
    isCompiled: spec.training.isCompiled,
    kernels: spec.training.kernels,
  };
  const stack = storedStack(ctx, spec, { layers: shape.layers, decoderOnly: true, tokens: shape.seqLen });
  const inputs = shape.patchInputs > 0 ? 4 * shape.patchInputs * shape.seqLen * images : 0;
  return [
    {
      name: 'activations (vision tower)',
      bytes: stack.bytes + outsideBytes(ctx) + inputs,
      formula: `${shape.layers} layers × ${formatBytes(stack.bytes / shape.layers)} (${where}; ${stack.text}), its final norm's input${inputs > 0 ? ' and the fp32 pixels' : ''}`,
      phase: 'backward',
    },
  ];
}

/** Transformer (or model.cnn) activations for `batch` sequences; none without a shape. */
function modelActivations(spec: EstimateSpec, counts: ModelCounts, batch: number): ActivationParts {
  if (spec.model.detector && batch > 0) {
    const bytesPerValue = activationDtypes(spec.training.precision).compute;
    const isTraining = counts.isTraining;
    const device = detectorActivationParts(spec.model.detector, { batch, bytesPerValue, isTraining });
    return { device, host: [] };
  }
  if (spec.model.yolo && batch > 0) {
    const dtypes = activationDtypes(spec.training.precision);
    const device = yoloActivationParts(spec.model.yolo, {
      batch,
      bytesPerValue: dtypes.compute,
      isAutocast: dtypes.isAutocast,
      isTraining: counts.isTraining,
    });
    return { device, host: [] };
  }
  if (spec.model.unet && batch > 0) {
    const device = unetParts(spec.model.unet, {
      batch,
      precision: spec.training.precision,
      isTraining: counts.isTraining,
      isCheckpointed: spec.training.activationCheckpointing !== 'none',
    });
    return { device, host: [] };
  }
  if (spec.model.cnn && batch > 0) {
    const bytesPerValue = activationDtypes(spec.training.precision).compute;
    const isTraining = counts.isTraining;
    return { device: cnnActivationParts(spec.model.cnn, { batch, bytesPerValue, isTraining }), host: [] };
  }
  const given = spec.model.transformer;
  if (!given || batch === 0) return { device: [], host: [] };
  if (spec.training.convention === 'eleuther')
    return { device: paperComponents(spec, given, counts, batch), host: [] };
  // Context parallelism: each GPU holds seq_len / context tokens of every sequence.
  const cp = spec.parallel.context;
  const shape: TransformerShape =
    cp > 1
      ? {
          ...given,
          seqLen: Math.ceil(given.seqLen / cp),
          decoderSeqLen: Math.ceil(given.decoderSeqLen / cp),
        }
      : given;
  const ctx: LayerContext = {
    shape,
    precision: forwardPrecision(spec),
    batch,
    lora: spec.model.lora,
    quantization: spec.model.quantization,
    isTrainingNorms: counts.isTraining && counts.trainable === counts.params,
    isFrozenBase: spec.model.lora !== undefined,
    tensorParallel: spec.parallel.tensor,
    isSequenceParallel: spec.parallel.isSequenceParallel,
    isCompiled: spec.training.isCompiled,
    kernels: spec.training.kernels,
  };
  const checkpointing = spec.training.activationCheckpointing;
  const decoderOnly = shape.decoderLayers === 0 || shape.encoderLayers === 0;
  const largestLayerOf = (layer: LayerContext): number =>
    Math.max(
      layerBytes(layer, { tokens: shape.seqLen, isSelective: false, isEncoder: !decoderOnly }),
      decoderOnly
        ? 0
        : layerBytes(layer, { tokens: shape.decoderSeqLen, isSelective: false }) +
            crossAttentionBytes(layer, { tokens: shape.decoderSeqLen, memory: shape.seqLen }),
    );
  const largestLayer = largestLayerOf(ctx);
  // A layer's backward holds the gradients of its activations, which a frozen base does not shrink (they flow
  // through every linear to the adapters and the input): sized as the layer that keeps every linear's input.
  const gradientLayer = ctx.isFrozenBase ? largestLayerOf({ ...ctx, isFrozenBase: false }) : largestLayer;
  const logitBytes = activationDtypes(forwardPrecision(spec)).compute;
  const tokens = decoderOnly ? shape.seqLen : shape.decoderSeqLen;
  const where = `s ${tokens}${cp > 1 ? ` (${given.seqLen} / context ${cp})` : ''} × b ${batch} × h ${shape.hidden}, ${forwardPrecision(spec)}${spec.training.isCompiled ? ', compiled' : ''}`;
  const device: Component[] = [];
  const host: Component[] = [];
  if (!counts.isTraining) {
    device.push({
      name: 'forward working set',
      bytes: largestLayer,
      formula: `one layer's activations at a time (no backward; ${where})`,
      phase: 'backward',
    });
    if (shape.lmHead && shape.vocab > 0) {
      const logits = (logitBytes * tokens * batch * shape.vocab) / spec.parallel.tensor;
      device.push({
        name: 'logits',
        bytes: logits,
        formula: `${logitBytes} B × ${tokens} × ${batch} × vocab ${shape.vocab}`,
        phase: 'backward',
      });
    }
    return { device, host };
  }
  const pipeline = pipelineOf(spec, shape.layers);
  const stack = storedStack(ctx, spec, { layers: pipeline.stageLayers, decoderOnly, tokens });
  const stored = stack.bytes * pipeline.inFlight;
  const activations: Component = {
    name: 'activations',
    bytes: stored,
    formula: `${pipeline.text}${pipeline.stageLayers} layers × ${formatBytes(stack.bytes / pipeline.stageLayers)} (${where}; ${stack.text})`,
    phase: 'backward',
  };
  if (checkpointing === 'full' && !spec.training.isCheckpointedInputGrad) {
    // Reentrant checkpointing (torch.utils.checkpoint use_reentrant=True, transformers'
    // gradient_checkpointing_enable() default) runs each layer under no_grad and records a node only
    // when an input requires grad: over frozen embeddings without enable_input_require_grads() ("None of
    // the inputs have requires_grad=True. Gradients will be None") the layers leave no graph, keep
    // nothing and never run backward; only what follows them (the head, the loss) does.
    device.push({
      name: 'forward working set',
      bytes: largestLayer,
      formula: `one layer's activations at a time: the checkpointed layers record no graph (their inputs do not require grad; ${where})`,
      phase: 'backward',
      isAtBackwardEnd: true,
    });
  } else if (spec.training.offloadActivations) {
    host.push({
      ...activations,
      name: 'activations (offloaded)',
      formula: `${activations.formula}, in pinned host memory`,
    });
    device.push(...offloadInFlight(ctx, spec, { stored, layers: shape.layers, tokens }));
  } else device.push(activations);
  // A layer's backward holds its gradients (about its activations' size); a checkpointed layer is
  // first recomputed, so two layers' worth. Liger's kernels write some of those gradients over their
  // inputs (ligerInPlaceBytes).
  const isRecomputing = checkpointing === 'full' || checkpointing === 'op';
  const isGraphCut = checkpointing === 'full' && !spec.training.isCheckpointedInputGrad;
  const inPlace = ligerInPlaceBytes(ctx, tokens);
  if (!isGraphCut)
    device.push({
      name: isRecomputing ? 'recomputed layer' : 'backward working set',
      bytes: (isRecomputing ? largestLayer : 0) + gradientLayer - inPlace,
      formula:
        (isRecomputing
          ? "one layer's activations recomputed for its backward, and their gradients"
          : "one layer's gradients while it runs backward") +
        (inPlace > 0 ? `, less ${formatBytes(inPlace)} Liger's kernels write over their inputs` : ''),
      phase: 'backward',
      isAtBackwardEnd: true,
    });
  if (spec.model.lora?.isDora) device.push(doraTemporaries(spec, shape, spec.model.lora));
  if (spec.model.attentionBias) {
    const layersKept = checkpointing === 'full' ? 1 : pipeline.stageLayers * pipeline.inFlight;
    device.push(attentionBiasPart(spec, shape, layersKept));
  }
  const variant = spec.model.lora?.variant;
  if (spec.model.lora && (variant === 'loha' || variant === 'lokr' || variant === 'fourierft')) {
    const layersKept = checkpointing === 'full' ? 1 : pipeline.stageLayers * pipeline.inFlight;
    device.push(...deltaWeightParts(spec, shape, spec.model.lora, layersKept));
  }
  if (spec.model.lora?.variant === 'prefix_tuning')
    device.push(prefixPart(ctx, spec, { layers: pipeline.stageLayers * pipeline.inFlight, tokens }));
  device.push({
    name: 'embeddings and head inputs',
    bytes: outsideBytes(ctx),
    formula: 'embedding dropout/norm inputs, final norm and LM head inputs',
    phase: 'backward',
  });
  // The output layer and the loss run on the last pipeline stage only (megatron/core/models/gpt/gpt_model.py
  // at NVIDIA/Megatron-LM d98e8a64: `if self.post_process: self.output_layer`; torchtitan's pipeline split).
  const isHeadHere = pipeline.stages <= 1 || spec.parallel.pipelineStage !== 'first';
  if (shape.lmHead && shape.vocab > 0 && isHeadHere) {
    const loss = spec.training.loss;
    // Autocast runs log_softmax and nll_loss in fp32 whatever the code does.
    const isUpcast = spec.training.isLossUpcast || activationDtypes(forwardPrecision(spec)).isAutocast;
    const lossMode = {
      isCompiled: spec.training.isLossCompiled,
      isUpcast,
      isShiftCopy: spec.training.isLossShiftCopy,
    };
    const bytes = lossBytes({
      loss,
      logitBytes,
      tokens,
      batch,
      vocab: shape.vocab,
      tensorParallel: spec.parallel.tensor,
      mode: lossMode,
    });
    device.push({
      name: 'logits and loss',
      bytes,
      formula:
        loss === 'chunked_head'
          ? `the LM head and loss one chunk at a time: ${lossBytesPerLogit('standard', logitBytes, lossMode)} B per logit × ${Math.min(headChunkTokens, tokens * batch)} tokens × vocab ${shape.vocab}${pipeline.stages > 1 ? ' (last stage)' : ''}`
          : `${lossBytesPerLogit(loss, logitBytes, lossMode)} B per logit (${loss} cross-entropy${spec.training.isLossCompiled ? compiledLossWords(loss) : ''}${isUpcast ? '' : ", in the logits' dtype"}) × ${tokens} × ${batch} × vocab ${shape.vocab}${pipeline.stages > 1 ? ' (last stage)' : ''}`,
      phase: 'backward',
      isLossOnly: true,
    });
    if (spec.parallel.isMegatron) device.push(megatronHeadGradPart(shape, logitBytes, spec.parallel.tensor));
    // The 16-bit logits freed once upcast (transformers ≥ 4.49, outputs dropped) leave a block of
    // logitBytes per logit that the loss's fp32 tensors (twice its size) cannot reuse: the caching
    // allocator serves a request from a cached block at least as large (c10/cuda/
    // CUDACachingAllocator.cpp get_free_block), else opens a new segment; so it stays reserved.
    if (loss === 'standard' && isUpcast && logitBytes < 4 && !spec.training.isLossShiftCopy) {
      const cachedLogitBytes = (logitBytes * tokens * batch * shape.vocab) / spec.parallel.tensor;
      device.push(
        ...float8Parts(spec, ctx, tokens),
        ...contextParts(ctx, cp, tokens),
        ...referenceLogits(spec, shape, tokens, batch),
      );
      return { device, host, cachedLogitBytes };
    }
  }
  device.push(
    ...float8Parts(spec, ctx, tokens),
    ...contextParts(ctx, cp, tokens),
    ...referenceLogits(spec, shape, tokens, batch),
  );
  return { device, host };
}

/**
 * The logits of model.reference's no-grad forward. TRL runs it after the trained model's forward, while that
 * forward's activations and logits are alive: DPOTrainer (v1.13.0 trl/trainer/dpo_trainer.py _compute_loss:
 * `outputs = model(**model_kwargs)`, then under no_grad `ref_outputs = self.ref_model(...)` and
 * selective_log_softmax of its logits) frees them once their per-sequence log-probabilities are taken: a
 * batch × seq × vocab tensor beside the loss. A distillation teacher's (GKDTrainer, v1.13.0
 * trl/experimental/gkd/gkd_trainer.py compute_loss: the teacher's forward after the student's, its logits into
 * generalized_jsd_loss, whose KL terms keep their log-softmax for backward) stays through the backward
 * (logits: kept). ms-swift's Megatron DPO (swift/megatron/trainers/dpo_trainer.py forward_step, 2026) runs the
 * reference first under no_grad with the labels, so Megatron's fused cross-entropy returns per-token
 * log-probabilities only (logits: none). In the reference's dtype, split over the tensor ranks (vocab-parallel).
 */
function referenceLogits(
  spec: EstimateSpec,
  shape: TransformerShape,
  tokens: number,
  batch: number,
): Component[] {
  const reference = spec.model.reference;
  if (!reference || reference.logits === 'none' || shape.vocab === 0) return [];
  const perValue = reference.bytesPerParam ?? activationDtypes(forwardPrecision(spec)).compute;
  const bytes = (perValue * tokens * batch * shape.vocab) / spec.parallel.tensor;
  const formula = `${perValue} B × ${tokens} × ${batch} × vocab ${shape.vocab}`;
  return [
    reference.logits === 'kept'
      ? {
          name: 'teacher logits',
          bytes,
          formula: `${formula} (model.reference logits: kept — the distillation loss keeps them through backward)`,
          phase: 'backward',
        }
      : {
          name: 'reference logits',
          bytes,
          formula: `${formula} (model.reference: its forward's logits beside the trained model's, until their log-probabilities are taken)`,
          phase: 'backward',
          isLossOnly: true,
        },
  ];
}

/**
 * DoRA's weight-norm term, built in every adapted linear's forward (and again in its recomputation): PEFT
 * (peft/tuners/lora/dora.py DoraLinearLayer.forward) makes an identity of in × in in the input's dtype, runs it
 * through the adapters for ΔW (in × out), takes `W + s·ΔW` (s·ΔW and the sum, out × in each) for its column
 * norms, and dequantizes a quantized W to that dtype. The largest adapted linear's, one at a time, beside the
 * activations (the last layers' forward, or a checkpointed layer's recomputation).
 */
function doraTemporaries(spec: EstimateSpec, shape: TransformerShape, lora: LoraSpec): Component {
  const bytes = activationDtypes(forwardPrecision(spec)).residual;
  const dequantized = spec.model.quantization ? 1 : 0;
  const per = loraGroups(shape, lora).map(
    (group) => bytes * (group.cols * group.cols + (3 + dequantized) * group.cols * group.rows),
  );
  const largest = Math.max(0, ...per);
  return {
    name: 'DoRA weight temporaries',
    bytes: largest,
    formula: `the largest adapted linear's in × in identity, ΔW, s·ΔW and W + s·ΔW${dequantized ? ', the dequantized W' : ''}, ${bytes} B each (PEFT DoraLinearLayer, one layer at a time)`,
    phase: 'backward',
  };
}

/**
 * A float additive attention bias (ALiBi) passed to the attention kernel: PyTorch's memory-efficient SDPA keeps
 * its attn_bias for backward (torch 2.13: aten::_scaled_dot_product_efficient_attention_backward takes
 * `Tensor attn_bias`, so the forward's autograd node saves it), as xformers' memory_efficient_attention keeps its
 * attn_bias for its cutlass backward. heads × positions × positions in the activations' dtype, broadcast over the batch:
 * one per layer whose activations are kept when each layer builds its own (forgather's Deep One), one for the
 * model when the layers share it (Baichuan2's remote code builds it once per forward from a cache of the
 * model's positions and slices it). A bias that trains (learned slopes) also gets a gradient in each layer's
 * backward, transient and not counted.
 */
function attentionBiasPart(spec: EstimateSpec, shape: TransformerShape, layersKept: number): Component {
  const bias = spec.model.attentionBias;
  const positions = Math.max(bias?.positions ?? 0, shape.seqLen);
  const perValue = activationDtypes(forwardPrecision(spec)).compute;
  const one = perValue * (shape.heads / spec.parallel.tensor) * positions * positions;
  const copies = bias?.isPerLayer ? layersKept : 1;
  return {
    name: 'attention bias',
    bytes: copies * one,
    formula: `${copies} × heads ${shape.heads / spec.parallel.tensor} × ${positions} × ${positions} × ${perValue} B (model.transformer.attention_bias per ${bias?.isPerLayer ? 'layer' : 'model'}: kept by the attention kernel for backward)`,
    phase: 'backward',
  };
}

/**
 * LoHa and LoKr (peft/tuners/loha/layer.py, lokr/layer.py at v0.21.0) build each adapted linear's dense ΔW every
 * forward and run `F.linear(input, delta_weight)`, which keeps ΔW for backward: fp32 (the adapters' dtype under
 * get_peft_model's autocast_adapter_dtype), or under autocast the 16-bit copy F.linear casts. LoHa's HadaWeight
 * keeps only its four factors; LoKr's torch.kron also keeps w2 when it is the product lokr_w2_a @ lokr_w2_b (fp32).
 * That for every layer whose activations are kept (one under full checkpointing: the recomputed layer's). In a
 * layer's backward the largest adapted linear's ΔW-sized temporaries, fp32: LoHa's four (F.linear's grad of ΔW;
 * HadaWeight.backward's grad_out * scale, the rebuilt product and temp), LoKr's three (the grad of ΔW, of
 * `rebuild * scale`, and the product kron's backward forms). FourierFT (fourierft/layer.py get_delta_weight:
 * `torch.fft.ifft2(dense_spectrum).real * scaling`, then F.linear) keeps its ΔW the same way; its backward holds
 * the grad of ΔW (fp32) and ifft2's complex64 gradient in and out (8 B each): 20 B per element; its
 * `dense_spectrum[indices] = spectrum` keeps the int64 indices.
 */
function deltaWeightParts(
  spec: EstimateSpec,
  shape: TransformerShape,
  lora: LoraSpec,
  layersKept: number,
): Component[] {
  const { isAutocast } = activationDtypes(forwardPrecision(spec));
  const kept = isAutocast ? 2 : 4;
  const isLokr = lora.variant === 'lokr';
  const isFourier = lora.variant === 'fourierft';
  const factor = lora.decomposeFactor ?? -1;
  const keptOf = (group: ParamGroup): number => {
    const full = group.rows * group.cols;
    // FourierFT's index_put keeps its int64 indices (2 × n_frequency) for the spectrum's gradient.
    if (isFourier) return kept * full + 16 * (lora.frequencies ?? 1000);
    if (!isLokr) return kept * full;
    const [, inN] = lokrFactorization(group.cols, factor);
    const [, outK] = lokrFactorization(group.rows, factor);
    const isW2Product = lora.rank < Math.max(outK, inN) / 2;
    return kept * full + (isW2Product ? 4 * outK * inN : 0);
  };
  const groups = loraGroups(shape, lora);
  const perLayer = groups.reduce((sum, group) => sum + keptOf(group) * (group.isPerLayer ? 1 : 0), 0);
  const largest = Math.max(0, ...groups.map((group) => group.rows * group.cols));
  const temporaryBytes = isFourier ? 20 : isLokr ? 12 : 16;
  const name = isFourier ? 'FourierFT' : isLokr ? 'LoKr' : 'LoHa';
  return [
    {
      name: `${name} ΔW kept for backward`,
      bytes: perLayer * layersKept,
      formula: `${layersKept} layers × ${formatBytes(perLayer)} (each adapted linear's out × in ΔW, ${kept} B${isLokr ? ", and the kron's w2 product, 4 B" : ''}; PEFT ${name} F.linear(input, delta_weight))`,
      phase: 'backward',
    },
    {
      name: `${name} backward temporaries`,
      bytes: temporaryBytes * largest,
      formula: `the largest adapted linear's out × in × ${temporaryBytes} B (PEFT ${isFourier ? 'ifft2' : isLokr ? 'make_kron' : 'HadaWeight'} backward, one layer at a time)`,
      phase: 'backward',
    },
  ];
}

/**
 * Prefix tuning (PEFT PrefixTuningConfig, v0.21.0 PeftModelForCausalLM.forward; ChatGLM's P-Tuning v2): the virtual
 * tokens' keys and values enter every layer's attention as past key-values, concatenated before the sequence's
 * own (transformers DynamicCache.update: `torch.cat([self.keys, key_states], dim=-2)`), so each layer's attention
 * keeps its keys and values over P + s positions: P more per sequence, in the heads the kernel keeps them in (the
 * query heads after repeat_kv under SDPA or eager, the key/value heads under Flash), and eager's scores over s × P
 * more. The prefix always comes with an attention mask (PEFT extends it by P), so SDPA runs with one: its
 * memory-efficient kernel keeps the mask, converted from bool to the activations' dtype in every layer, b × s × (P + s)
 * (transformers v5.18 use_gqa_in_sdpa: no GQA kernel with a mask on CUDA, hence the repeated heads). The prefix
 * embedding keeps its int64 token ids. Counted with real PEFT 0.21 on CPU (lora.test.ts). Under full checkpointing
 * a layer keeps only its inputs, among them the prefix's own key/value heads.
 */
function prefixPart(
  ctx: LayerContext,
  spec: EstimateSpec,
  options: { layers: number; tokens: number },
): Component {
  const { shape } = ctx;
  const virtual = ctx.lora?.virtualTokens ?? 0;
  const { compute } = activationDtypes(ctx.precision);
  const t = spec.parallel.tensor;
  const isCheckpointed = spec.training.activationCheckpointing === 'full';
  const keptHeads = isCheckpointed || shape.attention === 'flash' ? shape.kvHeads : shape.heads;
  const keysAndValues = 2 * (keptHeads / t) * shape.headDim * virtual * compute;
  const scores =
    !isCheckpointed && shape.attention === 'eager'
      ? (shape.heads / t) * options.tokens * virtual * scoreBytesPerElement(ctx)
      : 0;
  const mask =
    !isCheckpointed && shape.attention === 'sdpa' ? options.tokens * (virtual + options.tokens) * compute : 0;
  const perLayer = ctx.batch * (keysAndValues + scores + mask);
  const layers = isCheckpointed ? shape.layers : options.layers;
  // PEFT get_prompt: `prompt_tokens.unsqueeze(0).expand(batch_size, -1)`, one row of ids expanded over the batch.
  const tokenIds = 8 * virtual;
  return {
    name: 'prefix keys and values',
    bytes: layers * perLayer + tokenIds,
    formula: `${layers} layers × b ${ctx.batch} × (${virtual} virtual tokens × keys and values of ${keptHeads / t} heads × ${shape.headDim} × ${compute} B${scores > 0 ? `, eager scores over ${options.tokens} queries` : ''}${mask > 0 ? `, SDPA's mask of ${options.tokens} × ${virtual + options.tokens} × ${compute} B` : ''})${isCheckpointed ? ' (every checkpointed layer keeps its prefix as an input)' : ' (each layer attends over them beside the sequence)'}, and the prefix's int64 token ids`,
    phase: 'backward',
  };
}

/**
 * What activation offloading leaves on the GPU (torchtune training/_activation_offloading.py,
 * OffloadActivations with its defaults): every saved tensor of 1 KiB or more is copied to pinned host
 * memory on a side stream, and the last max_fwd_stash_size = 5 of them stay alive until their copies
 * finish, the last five until the first offloaded tensor is unpacked in backward (after the loss and
 * the LM head, which the recipe keeps on the GPU with NoOpManager); in backward a node's tensors are
 * brought back and freed after the next node: two at a time. A saved tensor is a checkpointed layer's
 * input under full checkpointing, else at most the largest one a layer keeps (b·s·max(ffn, h)).
 */
function offloadInFlight(
  ctx: LayerContext,
  spec: EstimateSpec,
  options: { stored: number; layers: number; tokens: number },
): Component[] {
  const { shape, batch } = ctx;
  if (spec.training.isLayerGroupOffload) return [layerGroupInFlight(options.stored / options.layers)];
  const isCheckpointed = spec.training.activationCheckpointing === 'full';
  const widest = Math.max(shape.ffn, shape.hidden) * activationDtypes(ctx.precision).compute;
  const tensor = Math.min(
    options.stored / options.layers,
    isCheckpointed ? Number.POSITIVE_INFINITY : (widest * options.tokens * batch) / ctx.tensorParallel,
  );
  const what = isCheckpointed ? "checkpointed layers' inputs" : 'saved tensors';
  return [
    {
      name: 'offload stash',
      bytes: 5 * tensor,
      formula: `the last 5 ${what} (max_fwd_stash_size), kept until their copies finish: through the loss`,
      phase: 'backward',
      isLossOnly: true,
    },
    {
      name: 'activations in flight',
      bytes: 2 * tensor,
      formula: `two ${what} brought back: the node running backward and the one before`,
      phase: 'backward',
      isAtBackwardEnd: true,
    },
  ];
}

/**
 * What layer-group activation offloading leaves on the GPU (verl verl/utils/activation_offload.py
 * AsyncDoubleBufferGroupOffloadHandler, copied as ms-swift swift/callbacks/activation_cpu_offload.py at
 * 20680af33): each FSDP-wrapped decoder layer's saved tensors are one group, copied out when the next layer
 * commits (two groups on the GPU while a layer runs forward, below the loss's moment); the last layer's group
 * is never offloaded (num_offload_group = layers − 1) and stays through the loss; in backward a group is brought
 * back when the gradient reaches its layer's output and freed by its backward. Checked with that file's handler
 * on torch 2.13 (CPU, streams stubbed, a 6-layer Llama; weak references to the saved and reloaded tensors):
 * at the loss only the last layer's group is held, at each layer's backward only its own reloaded group.
 */
function layerGroupInFlight(layerBytes: number): Component {
  return {
    name: 'offloaded layers in flight',
    bytes: layerBytes,
    formula: `one layer's saved tensors, ${formatBytes(layerBytes)}: the last layer's group (never offloaded) through the loss, then the group of the layer running backward, brought back`,
    phase: 'backward',
  };
}

/**
 * The precision the forward pass runs in. Mixed precision under the zero convention is DeepSpeed's (or
 * Megatron's) 16-bit engine: it casts the module itself to fp16/bf16 (DeepSpeedEngine
 * _configure_distributed_model: `self.module.half()` / `.bfloat16()`; Megatron Float16Module) and keeps
 * the fp32 master copy in the optimizer, so activations are plain 16-bit, with no autocast.
 */
function forwardPrecision(spec: EstimateSpec): EstimateSpec['training']['precision'] {
  const { precision, convention } = spec.training;
  if (convention !== 'zero') return precision;
  if (precision === 'amp_bf16') return 'bf16';
  if (precision === 'amp_fp16') return 'fp16';
  return precision;
}

/**
 * Pipeline parallelism: each stage holds layers / p, and under 1F1B (PipeDream-flush, Megatron's
 * default: Narayanan et al. 2021, arXiv:2104.04473, §2.2.1) stage i keeps the activations of
 * min(p − i, m) micro-batches in flight, so the first stage holds p of them (Korthikanti et al. 2022
 * §4.2.3: L layers' worth whatever p is); GPipe keeps all m. The first stage is the one estimated, or
 * with parallel.pipeline_stage: last the last, which under 1F1B runs each micro-batch's backward right
 * after its forward: min(p − (p − 1), m) = 1 in flight (Megatron-LM
 * megatron/core/pipeline_parallel/schedules.py forward_backward_pipelining_without_interleaving:
 * num_warmup_microbatches = pipeline_parallel_size − rank − 1, 0 on the last rank).
 * Interleaved (parallel.virtual_stages v > 1): each rank holds v chunks of layers / (p·v) layers, and rank r runs
 * 2(p − r − 1) + (v − 1)·p warm-up forwards of chunk micro-batches before its first backward, so it keeps that
 * many plus one, at most all m·v (Megatron-LM megatron/core/pipeline_parallel/schedules.py
 * forward_backward_pipelining_with_interleaving at d98e8a64: `num_warmup_microbatches = (pipeline_parallel_size -
 * pipeline_parallel_rank - 1) * 2; num_warmup_microbatches += (num_model_chunks - 1) *
 * config.microbatch_group_size_per_vp_stage`, the group p by default). On the first rank that is
 * 1 + (p − 1)/(p·v) of the plain schedule's L layers (Korthikanti et al. 2022, §4.2.3).
 */
function pipelineOf(
  spec: EstimateSpec,
  layers: number,
): { stages: number; stageLayers: number; inFlight: number; text: string } {
  const { pipeline: p, microBatches: m, schedule, virtualStages: v } = spec.parallel;
  if (p <= 1) return { stages: 1, stageLayers: layers, inFlight: 1, text: '' };
  const isLast = spec.parallel.pipelineStage === 'last';
  if (v > 1) {
    const rank = isLast ? p - 1 : 0;
    const chunkInFlight = Math.min(2 * (p - rank - 1) + (v - 1) * p + 1, m * v);
    return {
      stages: p,
      stageLayers: Math.ceil(layers / (p * v)),
      inFlight: chunkInFlight,
      text: `${isLast ? 'last' : 'first'} of ${p} stages, interleaved over ${v} chunks: ${chunkInFlight} chunk micro-batches in flight × `,
    };
  }
  const inFlight = schedule === 'gpipe' ? m : isLast ? 1 : Math.min(p, m);
  return {
    stages: p,
    stageLayers: Math.ceil(layers / p),
    inFlight,
    text: `${isLast ? 'last' : 'first'} of ${p} stages, ${inFlight} micro-batch${inFlight === 1 ? '' : 'es'} in flight (${schedule}) × `,
  };
}

// What the stage's layers keep, by checkpointing; with checkpoint_every k only every k-th layer is
// checkpointed (torchtitan: `_layer_sac_count % ac_freq == 0`), the others keep everything.
function storedStack(
  ctx: LayerContext,
  spec: EstimateSpec,
  options: { layers: number; decoderOnly: boolean; tokens: number },
): { bytes: number; text: string } {
  const { shape } = ctx;
  const checkpointing = spec.training.activationCheckpointing;
  const every = spec.training.checkpointEvery;
  const first = spec.training.checkpointLayers;
  const checkpointed =
    checkpointing === 'none'
      ? 0
      : first !== undefined
        ? Math.min(first, options.layers)
        : Math.floor(options.layers / every);
  const plain = options.layers - checkpointed;
  const uncheckpointed = (isSelective: boolean): number => {
    if (options.decoderOnly) return layerBytes(ctx, { tokens: shape.seqLen, isSelective });
    // Encoder–decoder: an average layer of the two stacks.
    const encoder =
      shape.encoderLayers * layerBytes(ctx, { tokens: shape.seqLen, isSelective, isEncoder: true });
    const decoder =
      shape.decoderLayers *
      (layerBytes(ctx, { tokens: shape.decoderSeqLen, isSelective }) +
        crossAttentionBytes(ctx, { tokens: shape.decoderSeqLen, memory: shape.seqLen }));
    return (encoder + decoder) / shape.layers;
  };
  const perCheckpointed = {
    none: 0,
    selective: uncheckpointed(true),
    op: opCheckpointedLayerBytes(ctx, options.tokens),
    full: checkpointedLayerBytes(ctx, options.tokens),
  }[checkpointing];
  const kept = {
    none: 'no checkpointing: everything backward needs kept',
    selective: 'selective checkpointing: all but the attention scores kept',
    op: "per-op checkpointing (torchtitan): the layer input, every other matmul's output and attention outputs kept",
    full: 'full checkpointing: each layer input only',
  }[checkpointing];
  const partly =
    checkpointing === 'none'
      ? ''
      : first !== undefined
        ? `; the first ${checkpointed} layers, the other ${plain} keep everything`
        : every > 1
          ? `; every ${every}th layer (${checkpointed}), the other ${plain} keep everything`
          : '';
  return { bytes: checkpointed * perCheckpointed + plain * uncheckpointed(false), text: `${kept}${partly}` };
}

/**
 * torchao Float8 training (torchao/float8/float8_linear.py): autograd keeps the high-precision input
 * and weight (`ctx.save_for_backward(input_hp, weight_hp_t)`), so activations do not change; each
 * matmul casts its input, weight and, in backward, its output gradient to float8 (1 byte) for
 * torch._scaled_mm, freed after it: the largest linear's casts at a time. Scales and amax values are
 * one fp32 per tensor (tensorwise) or per row (rowwise): negligible. MXFP8 (torchao/prototype/mx_formats
 * mx_linear.py, the OCP microscaling format) keeps the high-precision input and weight the same way and casts
 * to e4m3 data with one e8m0 byte per 32 elements along the reduction: 1 + 1/32 B per cast element.
 */
function float8Parts(spec: EstimateSpec, ctx: LayerContext, tokens: number): Component[] {
  if (!spec.training.float8) return [];
  const largest = parameterInventory(ctx.shape)
    .filter((group) => group.kind === 'linear' && group.isPerLayer)
    .reduce((best, group) => (group.rows * group.cols > best.rows * best.cols ? group : best), {
      rows: 0,
      cols: 0,
    });
  const t = spec.parallel.tensor;
  const positions = tokens * ctx.batch;
  const perElement = spec.training.float8.recipe === 'mxfp8' ? 1 + 1 / 32 : 1;
  const bytes = (perElement * (largest.rows * largest.cols + positions * (largest.rows + largest.cols))) / t;
  return [
    {
      name: 'float8 casts',
      bytes,
      isAtBackwardEnd: true,
      formula: `the largest linear's float8 copies (${spec.training.float8.recipe}): weight ${largest.rows}×${largest.cols} + input and output gradient × ${positions} positions, ${perElement === 1 ? '1 B' : '1 B and an e8m0 scale per 32'} each`,
      phase: 'backward',
    },
  ];
}

/**
 * Context parallelism (PyTorch's ring attention, torch.distributed.tensor.experimental.context_parallel;
 * Liu et al. 2023, arXiv:2310.01889): while a GPU computes attention on one K/V chunk it receives the
 * next, and in backward it passes dK/dV along the ring the same way: four K/V-sized chunks in flight.
 */
function contextParts(ctx: LayerContext, cp: number, tokens: number): Component[] {
  if (cp <= 1) return [];
  const { kvHeads: kv, headDim: d } = ctx.shape;
  const { compute } = activationDtypes(ctx.precision);
  const chunk = (2 * kv * d * tokens * ctx.batch * compute) / ctx.tensorParallel;
  return [
    {
      name: 'ring attention buffers',
      bytes: 2 * chunk,
      isAtBackwardEnd: true,
      formula: `K and V of the chunk received while one computes, and dK/dV passed along (${cp} GPUs in the ring)`,
      phase: 'backward',
    },
  ];
}

// The eleuther convention: Korthikanti's formula as EleutherAI's calculator uses it, 16-bit values.
function paperComponents(
  spec: EstimateSpec,
  shape: TransformerShape,
  counts: ModelCounts,
  batch: number,
): Component[] {
  const e = spec.training.precision === 'fp32' ? 4 : 2;
  const checkpointing = spec.training.activationCheckpointing;
  const layer = {
    seqLen: shape.seqLen,
    batch,
    hidden: shape.hidden,
    heads: shape.heads,
    bytesPerValue: e,
    ffn: shape.ffn,
    gatedMlp: shape.mlp === 'swiglu',
    dropout: shape.dropout,
    attention: shape.attention === 'eager' ? ('eager' as const) : ('flash' as const),
    tensorParallel: spec.parallel.tensor,
  };
  const fullLayerBytes = layerActivationBytes({ ...layer, checkpointing: 'none' });
  const where = `s ${shape.seqLen} × b ${batch} × h ${shape.hidden}, ${e}-byte values`;
  const outside = outsideLayerBytes({ ...layer, vocab: shape.vocab, lmHead: shape.lmHead });
  const parts: Component[] = [];
  if (counts.isTraining) {
    const storedBytes = shape.layers * layerActivationBytes({ ...layer, checkpointing });
    parts.push(
      {
        name: 'activations',
        bytes: storedBytes,
        formula: `${shape.layers} layers × ${formatBytes(storedBytes / shape.layers)} (Korthikanti; ${where}; ${checkpointing} checkpointing)`,
        phase: 'backward',
      },
      {
        name: 'backward working set',
        bytes: fullLayerBytes,
        formula: "one layer's activations (Korthikanti)",
        phase: 'backward',
      },
      {
        name: 'embeddings and head inputs',
        bytes: outside.embeddingBytes,
        formula: '(2e+1)·s·b·h',
        phase: 'backward',
      },
    );
  } else {
    parts.push({
      name: 'forward working set',
      bytes: fullLayerBytes,
      formula: `one layer (${where})`,
      phase: 'backward',
    });
  }
  if (outside.logitsBytes > 0) {
    const formula = `2e·s·b·v = ${2 * e} × ${shape.seqLen} × ${batch} × vocab ${shape.vocab}`;
    parts.push({ name: 'logits', bytes: outside.logitsBytes, formula, phase: 'backward' });
  }
  return parts;
}

/**
 * The gradients Liger's kernels write over tensors already counted (training.kernels: liger), so a
 * layer's backward holds that much less than its activations' size: the SwiGLU backward stores the
 * gradients of gate and up over gate and up (linkedin/Liger-Kernel src/liger_kernel/ops/swiglu.py
 * _swiglu_backward_kernel `tl.store(a_ptr + col_offsets, da_row)`, returning a and b), and the RMSNorm
 * backward writes dX into the incoming gradient (ops/rms_norm.py LigerRMSNormFunction, in_place=True by
 * default and as the Llama/Qwen/Mistral patches install it; Gemma 2's patch, for a family the spec does not
 * name, sets it false).
 */
function ligerInPlaceBytes(ctx: LayerContext, tokens: number): number {
  const { shape } = ctx;
  if (ctx.kernels !== 'liger') return 0;
  const { compute, residual } = activationDtypes(ctx.precision);
  const experts = shape.experts > 0 ? shape.expertsPerToken : 1;
  const mlp = shape.mlp === 'swiglu' ? (2 * compute * shape.ffn * experts) / ctx.tensorParallel : 0;
  const norms = shape.norm === 'rmsnorm' ? (2 * residual * shape.hidden) / sequenceShards(ctx) : 0;
  return tokens * ctx.batch * (mlp + norms);
}

/**
 * Megatron-LM's LM head hands autograd a weight gradient of the head's full shape in the activations' dtype at its
 * backward, beside the logits' gradient: under gradient_accumulation_fusion a placeholder (megatron/core/
 * tensor_parallel/layers.py LinearWithGradAccumulationAndAsyncCommunication.backward: the wgrad is accumulated into
 * main_grad, then `grad_weight = torch.empty(weight.main_grad.shape, dtype=input.dtype)` so the DDP hook runs on
 * the main thread; with Transformer Engine, get_dummy_wgrad's cached buffer of that shape), without it the real
 * gradient, which the DDP hook adds into main_grad (distributed_data_parallel.py _make_backward_post_hook:
 * `param.main_grad.add_(param.grad.data); param.grad = None`). Tied or not, one vocab / tp × hidden tensor.
 */
function megatronHeadGradPart(
  shape: TransformerShape,
  logitBytes: number,
  tensorParallel: number,
): Component {
  return {
    name: "LM head's weight gradient (Megatron)",
    bytes: (shape.vocab * shape.hidden * logitBytes) / tensorParallel,
    formula: `vocab ${shape.vocab}${tensorParallel > 1 ? ` / tp ${tensorParallel}` : ''} × hidden ${shape.hidden} × ${logitBytes} B: the head's weight-gradient placeholder (or gradient) handed to autograd before the DDP hook drops it, beside the loss`,
    phase: 'backward',
    isLossOnly: true,
  };
}

/** What the loss part says of a compiled loss: loss.ts prices compilation for the standard and chunked losses only. */
function compiledLossWords(loss: string): string {
  return loss === 'standard' || loss === 'chunked'
    ? ', compiled'
    : ', compiled: priced as eager, what compiling this loss saves is not modelled';
}
