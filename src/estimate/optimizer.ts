// Optimizer states and what the step allocates on top of them, by optimizer and implementation.
import { formatCount } from './dtypes.js';
import { largestTensorParams, type ParamGroup } from './inventory.js';
import { bytesPerParam, optimizerStateBytes, stateElementBytes } from './model-states.js';
import type { Convention, Optimizer, OptimizerImpl, Precision } from './types.js';

/** The trainable parameters and, when the shape is known, their tensors. */
export interface Trainable {
  params: number;
  groups: readonly ParamGroup[] | undefined;
}

/** Optimizer states (before sharding) and the step's temporaries, each with its formula. */
export interface OptimizerBytes {
  statesBytes: number;
  statesFormula: string;
  temporariesBytes: number;
  temporariesFormula: string;
}

// bitsandbytes blockwise 8-bit states: one fp32 absmax per block of 2048 per state (optim/optimizer.py).
const eightBitAbsmaxBytes = 2 * (4 / 2048);

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
 *   fused     torch's fused Adam, DeepSpeed FusedAdam, bitsandbytes 8-bit and paged kernels: none.
 */
export function optimizerBytes(options: {
  optimizer: Optimizer;
  impl: OptimizerImpl;
  precision: Precision;
  convention: Convention;
  trainable: Trainable;
}): OptimizerBytes {
  const { optimizer, precision, trainable } = options;
  const perParam = bytesPerParam(precision, optimizer, options.convention).optimizer;
  const largest = trainable.groups ? largestTensorParams(trainable.groups) : undefined;
  const count = formatCount(trainable.params);
  let statesBytes = trainable.params * perParam;
  let statesFormula = `${count} × ${perParam} B (${optimizer} states${perParam > optimizerStateBytes(precision, optimizer) ? ' + fp32 master' : ''})`;
  if (optimizer === 'adam8bit' || optimizer === 'paged_adamw_8bit') {
    statesBytes += trainable.params * eightBitAbsmaxBytes;
    statesFormula = `${count} × (${perParam} B + an fp32 absmax per 2048 per state) (${optimizer})`;
  }
  if (optimizer === 'adafactor' && trainable.groups) {
    const element = stateElementBytes(precision, optimizer);
    const master = perParam - optimizerStateBytes(precision, optimizer);
    const factored = factoredElements(trainable.groups);
    statesBytes = trainable.params * master + factored * element;
    statesFormula = `${formatCount(factored)} factored row/column values × ${element} B${master > 0 ? ` + ${count} × ${master} B fp32 master` : ''} (adafactor, no first moment)`;
  }
  if (optimizer.startsWith('paged'))
    statesFormula += '; paged: CUDA unified memory, evicted to the host under pressure';

  const element = stateElementBytes(precision, optimizer);
  const isEightBitOrPaged = optimizer === 'adam8bit' || optimizer.startsWith('paged');
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
    const copies = optimizer === 'adafactor' ? 3 : 2;
    const bytes = optimizer === 'adafactor' ? 4 : element;
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
  return { statesBytes, statesFormula, ...temporaries };
}
