// Optimizer states and what the step allocates on top of them, by optimizer and implementation.
import { formatCount } from './dtypes.js';
import { largestTensorParams, type ParamGroup } from './inventory.js';
import { bytesPerParam, elementBytes, optimizerStateBytes, stateElementBytes } from './model-states.js';
import type { Convention, LoraTarget, Optimizer, OptimizerImpl, Precision } from './types.js';

// Parameters in tensors too small to quantize (biases, norms, small LoRA factors).
function smallTensorParams(groups: readonly ParamGroup[] | undefined): number {
  if (!groups) return 0;
  return groups
    .filter((group) => group.rows * group.cols < minQuantizedElements)
    .reduce((sum, group) => sum + group.count * group.rows * group.cols, 0);
}

/** The trainable parameters and, when the shape is known, their tensors. */
export interface Trainable {
  params: number;
  groups: readonly ParamGroup[] | undefined;
}

/** Optimizer states (before sharding) and the step's temporaries, each with its formula. */
export interface OptimizerBytes {
  statesBytes: number;
  statesFormula: string;
  /** Of statesBytes, the fp32 master copy a mixed-precision optimizer makes when it is built (the rest, the
   * moments, its first step() makes). */
  masterBytes: number;
  temporariesBytes: number;
  temporariesFormula: string;
}

// Block-wise quantized states keep one fp32 scale per block, per state (Adam: two states):
// bitsandbytes Optimizer2State.init_state, `blocksize = 256` and `absmax1`/`absmax2` float32 (2048 in
// releases before 0.45); torchao AdamW8bit/AdamWFp8 block 256 and AdamW4bit block 128
// (torchao/optim/README.md). Tensors under 4096 elements keep plain states (bitsandbytes
// min_8bit_size=4096 in fp32; torchao's _new_buffer likewise, in the parameter dtype).
const blockScaleBytes: Partial<Record<Optimizer, number>> = {
  adam8bit: 2 * (4 / 256),
  paged_adamw_8bit: 2 * (4 / 256),
  adam4bit: 2 * (4 / 128),
};
const minQuantizedElements = 4096;

// Adafactor (transformers.optimization.Adafactor, defaults beta1=None, factored second moment):
// a matrix keeps a row and a column vector, a vector its full second moment.
function factoredElements(groups: readonly ParamGroup[]): number {
  return groups.reduce(
    (sum, group) => sum + group.count * (group.rows > 1 ? group.rows + group.cols : group.cols),
    0,
  );
}

/**
 * States: bytes per parameter of the convention (model-states.ts), plus 8-bit absmax blocks, or
 * Adafactor's factored vectors when the tensors are known.
 * Temporaries during step(), by implementation:
 *   foreach   torch.optim _multi_tensor_adam: `exp_avg_sq_sqrt = torch._foreach_sqrt(exp_avg_sqs)`, one
 *             state-sized list of every tensor; SGD's foreach ops are in place (none).
 *   for_loop  _single_tensor_adam (foreach=False) and transformers.AdamW: `(exp_avg_sq.sqrt() / bc2)`,
 *             two temporaries of the tensor being stepped, so twice the largest tensor; Adafactor
 *             upcasts the gradient and builds the update and its row×column approximation in fp32
 *             (three of the largest); Lion builds its update (two).
 *   fused     torch's fused Adam, DeepSpeed FusedAdam, bitsandbytes 8-bit and paged kernels, torchao's
 *             low-bit optimizers (one compiled kernel per parameter): none.
 */
export function optimizerBytes(options: {
  optimizer: Optimizer;
  impl: OptimizerImpl;
  precision: Precision;
  convention: Convention;
  trainable: Trainable;
  galore?: { rank: number; targets: LoraTarget[] };
  /** Bytes per state element when the spec names the states' dtype (training.optimizer_states_dtype). */
  stateDtypeBytes?: number;
}): OptimizerBytes {
  if (options.galore && options.trainable.groups) return galoreBytes({ ...options, galore: options.galore });
  const { optimizer, precision, trainable } = options;
  const given = bytesPerParam(precision, optimizer, options.convention).optimizer;
  const stateBytes = optimizerStateBytes(precision, optimizer);
  // Named state dtype (Megatron's precision-aware optimizer: exp_avg and exp_avg_sq in bf16 beside the fp32
  // main parameters, megatron/core/optimizer/__init__.py with TE's FusedAdam): the moments re-sized, the master kept.
  const stateElements = stateBytes / stateElementBytes(precision, optimizer);
  const perParam =
    options.stateDtypeBytes === undefined
      ? given
      : given - stateBytes + stateElements * options.stateDtypeBytes;
  const largest = trainable.groups ? largestTensorParams(trainable.groups) : undefined;
  const count = formatCount(trainable.params);
  let statesBytes = trainable.params * perParam;
  let statesFormula = `${count} × ${perParam} B (${optimizer} states${options.stateDtypeBytes === undefined ? '' : ` in ${options.stateDtypeBytes} B each`}${given > stateBytes ? ' + fp32 master' : ''})`;
  const scaleBytes = blockScaleBytes[optimizer];
  if (scaleBytes !== undefined) {
    const small = smallTensorParams(trainable.groups);
    const plainBytes = optimizer === 'adam4bit' ? 2 * elementBytes(precision) : 8;
    const quantized = trainable.params - small;
    statesBytes = quantized * (perParam + scaleBytes) + small * plainBytes;
    const block = optimizer === 'adam4bit' ? 128 : 256;
    statesFormula = `${formatCount(quantized)} × (${perParam} B + an fp32 scale per ${block} per state) (${optimizer}, block-wise)${small > 0 ? ` + ${formatCount(small)} in tensors under 4096 elements × ${plainBytes} B (not quantized)` : ''}`;
  }
  if ((optimizer === 'adafactor' || optimizer === 'adalomo') && trainable.groups) {
    const element = stateElementBytes(precision, optimizer);
    const master = perParam - optimizerStateBytes(precision, optimizer);
    const factored = factoredElements(trainable.groups);
    statesBytes = trainable.params * master + factored * element;
    statesFormula = `${formatCount(factored)} factored row/column values × ${element} B${master > 0 ? ` + ${count} × ${master} B fp32 master` : ''} (${optimizer}, no first moment)`;
  }
  if (optimizer.startsWith('paged'))
    statesFormula += '; paged: CUDA unified memory, evicted to the host under pressure';

  const element = options.stateDtypeBytes ?? stateElementBytes(precision, optimizer);
  const isEightBitOrPaged =
    optimizer === 'adam8bit' || optimizer === 'adam4bit' || optimizer.startsWith('paged');
  const isAdam = optimizer === 'adam' || optimizer === 'adamw';
  const noTemporaries = { temporariesBytes: 0, temporariesFormula: '' };
  const temporaries = ((): { temporariesBytes: number; temporariesFormula: string } => {
    if (optimizer === 'none' || optimizer === 'sgd' || optimizer === 'sgd_momentum') return noTemporaries;
    if (options.impl === 'fused' || isEightBitOrPaged) return noTemporaries;
    if (options.impl === 'foreach' && isAdam) {
      return {
        temporariesBytes: trainable.params * element,
        temporariesFormula: `${count} × ${element} B: foreach Adam's sqrt(v) list, only during step()`,
      };
    }
    // LOMO and AdaLomo update one tensor at a time in fp32 (lomo.py: `grad_fp32 = p.grad.to(torch.float32)`, the
    // parameter's fp32 copy; AdaLomo also the update and its row × column approximation, as Adafactor).
    const copies = optimizer === 'adafactor' || optimizer === 'adalomo' ? 3 : 2;
    const bytes = ['adafactor', 'adalomo', 'lomo'].includes(optimizer) ? 4 : element;
    if (largest === undefined) {
      return {
        temporariesBytes: trainable.params * bytes,
        temporariesFormula: `${count} × ${bytes} B: an upper bound (the largest tensor is unknown without model.transformer)`,
      };
    }
    return {
      temporariesBytes: copies * largest * bytes,
      temporariesFormula: `${copies} × the largest tensor (${formatCount(largest)}) × ${bytes} B: ${options.impl === 'for_loop' ? 'a loop over tensors' : 'per tensor'}, only during step()`,
    };
  })();
  const masterBytes = trainable.params * Math.max(0, given - stateBytes);
  return { statesBytes, statesFormula, masterBytes, ...temporaries };
}

/**
 * GaLore (Zhao et al. 2024, arXiv:2403.03507, Algorithm 1; galore_torch/galore_projector.py GaLoreProjector): the
 * gradient of each targeted m × n weight is projected to rank r on its shorter side, so Adam's two moments are
 * r × max(m, n) (8-bit under GaLoreAdamW8bit, with bitsandbytes' block scales) and the projection matrix
 * r × min(m, n) is kept in the weight's dtype; every other parameter keeps plain states. Every
 * update_proj_gap steps the projection is recomputed by `torch.linalg.svd(matrix.float(),
 * full_matrices=False)`: the gradient in fp32 and U and Vh (min(m, n) wide, fp32) for the largest matrix, one
 * matrix at a time, the step's largest temporary.
 */
function galoreBytes(options: {
  optimizer: Optimizer;
  precision: Precision;
  convention: Convention;
  trainable: Trainable;
  galore: { rank: number; targets: LoraTarget[] };
}): OptimizerBytes {
  const { optimizer, precision, trainable, galore } = options;
  const groups = trainable.groups ?? [];
  const perParam = bytesPerParam(precision, optimizer, options.convention).optimizer;
  const state = optimizerStateBytes(precision, optimizer);
  const master = perParam - state;
  const targeted = groups.filter(
    (group) => group.kind === 'linear' && group.target !== undefined && galore.targets.includes(group.target),
  );
  const targetedParams = targeted.reduce((sum, group) => sum + group.count * group.rows * group.cols, 0);
  const rankOf = (group: ParamGroup) => Math.min(galore.rank, group.rows, group.cols);
  const projected = targeted.reduce(
    (sum, group) => sum + group.count * rankOf(group) * Math.max(group.rows, group.cols),
    0,
  );
  const projections = targeted.reduce(
    (sum, group) => sum + group.count * rankOf(group) * Math.min(group.rows, group.cols),
    0,
  );
  const scale = blockScaleBytes[optimizer] ?? 0;
  const plain = trainable.params - targetedParams;
  const weightBytes = elementBytes(precision);
  const statesBytes =
    plain * perParam + targetedParams * master + projected * (state + scale) + projections * weightBytes;
  const statesFormula = `${formatCount(plain)} untargeted × ${perParam} B + ${formatCount(projected)} projected moments' elements × ${state}${scale > 0 ? ' (+ block scales)' : ''} B${master > 0 ? ` + ${formatCount(targetedParams)} × ${master} B master` : ''} + ${formatCount(projections)} projection elements × ${weightBytes} B (GaLore rank ${galore.rank} on ${galore.targets.join(', ')})`;
  const largest = targeted.reduce(
    (best, group) => (group.rows * group.cols > best.rows * best.cols ? group : best),
    targeted[0] ?? { rows: 0, cols: 0 },
  );
  const k = Math.min(largest.rows, largest.cols);
  const svd = 4 * (largest.rows * largest.cols + largest.rows * k + k * largest.cols);
  return {
    statesBytes,
    statesFormula,
    masterBytes: (plain + targetedParams) * master,
    temporariesBytes: svd,
    temporariesFormula: `the largest targeted matrix (${largest.rows} × ${largest.cols}) recomputing its projection: its gradient in fp32, U and Vh (torch.linalg.svd, full_matrices=False), 4 B each`,
  };
}
