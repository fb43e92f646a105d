// The estimate spec after validation, and the breakdown estimate() returns.
import type { Expr } from './expr.js';

/** Training precisions a spec may name. */
export const precisions = ['fp32', 'amp_fp16', 'amp_bf16', 'bf16', 'fp16'] as const;
/** fp32; amp_* = torch.autocast over fp32 weights; bf16/fp16 = weights and states in 16 bits. */
export type Precision = (typeof precisions)[number];

/** Optimizers a spec may name. */
export const optimizers = ['adamw', 'adam', 'sgd', 'sgd_momentum', 'adafactor', 'adam8bit', 'none'] as const;
/** `none` means no training step: weights only, forward-pass activations only. */
export type Optimizer = (typeof optimizers)[number];

/** Bytes-per-parameter conventions a spec may name. */
export const conventions = ['hf', 'zero', 'eleuther', 'accelerate'] as const;
/** Whose bytes-per-parameter rules to use for mixed precision (model-states.ts explains each). */
export type Convention = (typeof conventions)[number];

/** Activation checkpointing: none, selective (attention scores recomputed), full (layer inputs kept). */
export const checkpointings = ['none', 'selective', 'full'] as const;
/** One of checkpointings. */
export type Checkpointing = (typeof checkpointings)[number];

/** Frameworks whose overheads and allocators estimate() knows. */
export const estimateFrameworks = ['torch', 'jax'] as const;
/** One of estimateFrameworks. */
export type EstimateFramework = (typeof estimateFrameworks)[number];

/** An integer quantity as written (`B*G`, `4`) and parsed. */
export interface Quantity {
  text: string;
  expr: Expr;
}

/** Shape of a GPT/BERT-style transformer: parameters (when no count is given) and activations. */
export interface TransformerShape {
  layers: number;
  hidden: number;
  heads: number;
  seqLen: number;
  vocab: number;
  ffn: number;
  lmHead: boolean;
  tiedEmbeddings: boolean;
  /** `flash` (SDPA/FlashAttention) keeps no s×s attention matrix for backward. */
  attention: 'eager' | 'flash';
  /** SwiGLU-style MLP: three matrices, gate and up activations stored. */
  gatedMlp: boolean;
  dropout: boolean;
}

/** A tensor held on the GPU besides the model: `count` separate tensors of `shape` and `dtype`. */
export interface TensorSpec {
  name: string;
  shape: Quantity[];
  dtype: string;
  bytesPerElement: number;
  count: Quantity;
}

/** A validated estimate spec with every default filled in. */
export interface EstimateSpec {
  /** Where the spec came from, for messages; undefined when built from flags only. */
  file: string | undefined;
  framework: EstimateFramework;
  vars: Record<string, number>;
  model: {
    params: number | undefined;
    trainable: number | undefined;
    transformer: TransformerShape | undefined;
    buffersBytes: number;
  };
  training: {
    precision: Precision;
    optimizer: Optimizer;
    convention: Convention;
    batchSize: Quantity;
    gradAccumulation: number;
    activationCheckpointing: Checkpointing;
    zeroStage: 0 | 1 | 2 | 3;
    dataParallel: number;
  };
  tensors: TensorSpec[];
  host: {
    workers: number;
    prefetchFactor: number;
    sampleBytes: number;
    pinMemory: boolean;
    datasetBytes: number;
    isDatasetShared: boolean;
    processBytes: number | undefined;
    workerBytes: number | undefined;
  };
  cuda: {
    contextBytes: number | undefined;
    moduleLoading: 'lazy' | 'eager';
    workspaceBytes: number | undefined;
    fragmentation: number | undefined;
  };
}

/** One part of the memory: its bytes and how they were computed, in words. */
export interface Component {
  name: string;
  bytes: number;
  formula: string;
  /** `backward`: allocated in forward, freed by the end of backward; `step`: only while the optimizer
   * steps. The two never coexist, so the peak takes the larger; unmarked parts are always there. */
  phase?: 'backward' | 'step';
}

/** What estimate() returns: GPU and host parts, each with its peak. */
export interface Breakdown {
  gpu: { peakBytes: number; allocatedPeakBytes: number; components: Component[] };
  host: { peakBytes: number; components: Component[] };
  inputs: {
    framework: EstimateFramework;
    params: number;
    trainable: number;
    batchSize: number;
    gradAccumulation: number;
    vars: Record<string, number>;
    precision: Precision;
    optimizer: Optimizer;
    convention: Convention;
  };
}
