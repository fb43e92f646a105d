// Activations, the backward working set, the logits and the loss, for `batch` sequences. The eleuther
// convention keeps Korthikanti's paper formula (activations.ts); every other convention uses what
// PyTorch keeps, tensor by tensor (layer-activations.ts).
import { formatBytes } from '../units.js';
import { layerActivationBytes, outsideLayerBytes } from './activations.js';
import type { ModelCounts } from './gpu-states.js';
import {
  activationDtypes,
  checkpointedLayerBytes,
  crossAttentionBytes,
  type LayerContext,
  layerBytes,
  outsideBytes,
} from './layer-activations.js';
import { lossBytes, lossBytesPerLogit } from './loss.js';
import type { Component, EstimateSpec, TransformerShape } from './types.js';

/** Activation parts on the device, and those moved to the host by activation offloading. */
export interface ActivationParts {
  device: Component[];
  host: Component[];
}

/** Transformer activations for `batch` sequences (none without a transformer shape). */
export function activationComponents(
  spec: EstimateSpec,
  counts: ModelCounts,
  batch: number,
): ActivationParts {
  const shape = spec.model.transformer;
  if (!shape || batch === 0) return { device: [], host: [] };
  if (spec.training.convention === 'eleuther')
    return { device: paperComponents(spec, shape, counts, batch), host: [] };
  const ctx: LayerContext = {
    shape,
    precision: spec.training.precision,
    batch,
    lora: spec.model.lora,
    quantization: spec.model.quantization,
    isTrainingNorms: counts.isTraining && counts.trainable === counts.params,
    tensorParallel: spec.parallel.tensor,
  };
  const checkpointing = spec.training.activationCheckpointing;
  const isSelective = checkpointing === 'selective';
  const decoderOnly = shape.decoderLayers === 0 || shape.encoderLayers === 0;
  const selfLayers = decoderOnly ? shape.layers : shape.encoderLayers;
  const fullSelf = layerBytes(ctx, { tokens: shape.seqLen, isSelective: false });
  const fullDecoder = decoderOnly
    ? 0
    : layerBytes(ctx, { tokens: shape.decoderSeqLen, isSelective: false }) +
      crossAttentionBytes(ctx, { tokens: shape.decoderSeqLen, memory: shape.seqLen });
  const largestLayer = Math.max(fullSelf, fullDecoder);
  const logitBytes = activationDtypes(spec.training.precision).compute;
  const tokens = decoderOnly ? shape.seqLen : shape.decoderSeqLen;
  const where = `s ${tokens} × b ${batch} × h ${shape.hidden}, ${spec.training.precision}`;
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
  const stored =
    checkpointing === 'full'
      ? shape.layers * checkpointedLayerBytes(ctx, tokens)
      : selfLayers * layerBytes(ctx, { tokens: shape.seqLen, isSelective }) +
        (decoderOnly
          ? 0
          : shape.decoderLayers *
            (layerBytes(ctx, { tokens: shape.decoderSeqLen, isSelective }) +
              crossAttentionBytes(ctx, { tokens: shape.decoderSeqLen, memory: shape.seqLen })));
  const kept = {
    none: 'everything backward needs',
    selective: 'all but the attention scores',
    full: 'each layer input only',
  }[checkpointing];
  const activations: Component = {
    name: 'activations',
    bytes: stored,
    formula: `${shape.layers} layers × ${formatBytes(stored / shape.layers)} (${where}; ${checkpointing === 'none' ? 'no' : checkpointing} checkpointing: ${kept} kept)`,
    phase: 'backward',
  };
  if (spec.training.offloadActivations) {
    host.push({
      ...activations,
      name: 'activations (offloaded)',
      formula: `${activations.formula}, in pinned host memory`,
    });
    device.push({
      name: 'activations in flight',
      bytes: 2 * Math.min(largestLayer, stored / shape.layers),
      formula: 'two layers: the one computing and the one being copied',
      phase: 'backward',
    });
  } else device.push(activations);
  // A layer's backward holds its gradients (about its activations' size); a checkpointed layer is
  // first recomputed, so two layers' worth.
  const workingLayers = checkpointing === 'full' ? 2 : 1;
  device.push({
    name: checkpointing === 'full' ? 'recomputed layer' : 'backward working set',
    bytes: workingLayers * largestLayer,
    formula:
      checkpointing === 'full'
        ? "one layer's activations recomputed for its backward, and their gradients"
        : "one layer's gradients while it runs backward",
    phase: 'backward',
  });
  device.push({
    name: 'embeddings and head inputs',
    bytes: outsideBytes(ctx),
    formula: 'embedding dropout/norm inputs, final norm and LM head inputs',
    phase: 'backward',
  });
  if (shape.lmHead && shape.vocab > 0) {
    const loss = spec.training.loss;
    const bytes = lossBytes({
      loss,
      logitBytes,
      tokens,
      batch,
      vocab: shape.vocab,
      tensorParallel: spec.parallel.tensor,
    });
    device.push({
      name: 'logits and loss',
      bytes,
      formula: `${lossBytesPerLogit(loss, logitBytes)} B per logit (${loss} cross-entropy) × ${tokens} × ${batch} × vocab ${shape.vocab}`,
      phase: 'backward',
    });
  }
  return { device, host };
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
