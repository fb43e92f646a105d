// GPU parts that come from the model: weights, gradients, optimizer states, activations, logits.
import { formatBytes } from '../units.js';
import { layerActivationBytes, outsideLayerBytes } from './activations.js';
import { formatCount } from './dtypes.js';
import { bytesPerParam, frozenWeightBytes, shardModelStates } from './model-states.js';
import type { Component, EstimateSpec } from './types.js';

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

/** Weights, gradients and optimizer states on one GPU. */
export function modelStateComponents(spec: EstimateSpec, counts: ModelCounts): Component[] {
  const { precision, optimizer, convention, zeroStage, dataParallel } = spec.training;
  const bytes = bytesPerParam(precision, optimizer, convention);
  const states = shardModelStates({ params: counts.trainable, bytes, zeroStage, dataParallel });
  const frozen = counts.params - counts.trainable;
  const frozenBytes = frozenWeightBytes(precision, convention);
  const shard = (stage: number): string =>
    zeroStage >= stage && dataParallel > 1 ? ` / ${dataParallel} GPUs (ZeRO-${zeroStage})` : '';
  const weightTerms = [
    counts.trainable > 0 ? `${formatCount(counts.trainable)} trained × ${bytes.weights} B${shard(3)}` : '',
    frozen > 0 ? `${formatCount(frozen)} frozen × ${frozenBytes} B` : '',
    spec.model.buffersBytes > 0 ? `${formatBytes(spec.model.buffersBytes)} buffers` : '',
  ].filter(Boolean);
  const parts: Component[] = [
    {
      name: 'weights',
      bytes: states.weightsBytes + frozen * frozenBytes + spec.model.buffersBytes,
      formula: `${weightTerms.join(' + ') || 'none'} (${precision}, ${convention} convention)`,
    },
  ];
  if (states.gradientsBytes > 0) {
    const formula = `${formatCount(counts.trainable)} × ${bytes.gradients} B${shard(2)}`;
    parts.push({ name: 'gradients', bytes: states.gradientsBytes, formula });
  }
  if (states.optimizerBytes > 0) {
    const formula = `${formatCount(counts.trainable)} × ${bytes.optimizer} B (${optimizer} states${bytes.optimizer > 8 ? ' + fp32 master' : ''})${shard(1)}`;
    parts.push({ name: 'optimizer states', bytes: states.optimizerBytes, formula });
  }
  // torch.optim Adam/AdamW (foreach, the CUDA default) allocates one state-sized list in step()
  // (_multi_tensor_adam: exp_avg_sq_sqrt = torch._foreach_sqrt(exp_avg_sqs)). DeepSpeed's fused Adam
  // (zero, eleuther conventions) and XLA do not.
  const isForeachAdam = (optimizer === 'adam' || optimizer === 'adamw') && spec.framework === 'torch';
  if (counts.isTraining && isForeachAdam && (convention === 'hf' || convention === 'accelerate')) {
    const elementBytes = precision === 'bf16' || precision === 'fp16' ? 2 : 4;
    parts.push({
      name: 'optimizer step temporaries',
      bytes: (counts.trainable * elementBytes) / (zeroStage >= 1 ? dataParallel : 1),
      formula: `${formatCount(counts.trainable)} × ${elementBytes} B: foreach Adam's sqrt(v) list, only during step()`,
      phase: 'step',
    });
  }
  return parts;
}

/** Transformer activations for `batch` sequences (none without a transformer shape). */
export function activationComponents(spec: EstimateSpec, counts: ModelCounts, batch: number): Component[] {
  const shape = spec.model.transformer;
  if (!shape || batch === 0) return [];
  // Bytes per activation value: 4 in fp32, else 2 as in Korthikanti (Megatron fp16). torch.autocast
  // keeps softmax and LayerNorm outputs in fp32, so amp runs can hold somewhat more than this.
  const e = spec.training.precision === 'fp32' ? 4 : 2;
  const checkpointing = spec.training.activationCheckpointing;
  const layer = {
    seqLen: shape.seqLen,
    batch,
    hidden: shape.hidden,
    heads: shape.heads,
    bytesPerValue: e,
    ffn: shape.ffn,
    gatedMlp: shape.gatedMlp,
    dropout: shape.dropout,
    attention: shape.attention,
  };
  const fullLayerBytes = layerActivationBytes({ ...layer, checkpointing: 'none' });
  const where = `s ${shape.seqLen} × b ${batch} × h ${shape.hidden}, ${e}-byte values`;
  const outside = outsideLayerBytes({ ...layer, vocab: shape.vocab, lmHead: shape.lmHead });
  const parts: Component[] = [];
  if (counts.isTraining) {
    const storedBytes = shape.layers * layerActivationBytes({ ...layer, checkpointing });
    const kept = {
      none: 'everything',
      selective: 'all but the attention scores',
      full: 'each layer input only',
    }[checkpointing];
    parts.push(
      {
        name: 'activations',
        bytes: storedBytes,
        formula: `${shape.layers} layers × ${formatBytes(storedBytes / shape.layers)} (Korthikanti; ${where}; ${checkpointing === 'none' ? 'no' : checkpointing} checkpointing: ${kept} kept)`,
        phase: 'backward',
      },
      {
        name: checkpointing === 'full' ? 'recomputed layer' : 'backward working set',
        bytes: fullLayerBytes,
        formula: `one layer's activations: ${checkpointing === 'full' ? 'recomputed for its backward' : 'their gradients while a layer runs backward'}`,
        phase: 'backward',
      },
      {
        name: 'embeddings and head inputs',
        bytes: outside.embeddingBytes,
        formula: `(2e+1)·s·b·h`,
        phase: 'backward',
      },
    );
  } else {
    const formula = `one layer's activations at a time (no backward; ${where})`;
    parts.push({ name: 'forward working set', bytes: fullLayerBytes, formula, phase: 'backward' });
  }
  if (outside.logitsBytes > 0) {
    const formula = `2e·s·b·v = ${2 * e} × ${shape.seqLen} × ${batch} × vocab ${shape.vocab}`;
    parts.push({ name: 'logits', bytes: outside.logitsBytes, formula, phase: 'backward' });
  }
  return parts;
}
