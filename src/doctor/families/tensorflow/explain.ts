// Why TensorFlow ran out of GPU memory: several preallocating processes, an impossible request, a
// host array copied whole, models piling up in one graph, parameters rather than the batch, a pool
// small from the start, or a step too large (FACTS Q11). The failed request is the op's (the BFC
// line, the tensor's shape), not the driver's pool-growth attempt ("failed to allocate N from device").
import type { Draft } from '../../candidates.js';
import type { FixDetail } from '../../types.js';
import { type ExplainContext, type Explanation, fix, num, seeHolders, size } from '../explain-types.js';

const GiB = 1024 ** 3;
/** Uniquified names past this count mean models built over and over in one graph (ops.py unique_name). */
export const accumulatedNameCount = 500;
/** A whole BFC pool below this was sized from a nearly full card (TF takes free − a reserve). */
export const smallPoolBytes = GiB;

// Nodes that create parameters or optimizer slots: allocated once, not per batch.
// The optimizer's scope is matched in any case: a node name retyped from the console ("training/adam/
// mul_73" for Keras's "training/Adam/mul_73") names the same slot update.
const stateNode =
  /Initializer|\/(?:[Aa]dam|[Mm]omentum|RMSProp|RMSprop|rmsprop|[Aa]dagrad|[Ff]trl)(?:_\d+)?(?:\/|$)|\/Assign\b|^Variable|\/read$/;

/** TF's own preallocation fixes, for several processes on one card. */
export function tensorflowPreallocationFixes(): FixDetail[] {
  return [
    fix(
      'export TF_FORCE_GPU_ALLOW_GROWTH=true in every TensorFlow process, so none grabs the whole free memory at start',
      'TensorFlow preallocates the free memory less a reserve when it starts; only the exact string "true" enables growth (tensorflow gpu_device.cc)',
    ),
    fix(
      'cap each process: tf.config.set_logical_device_configuration(gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=MiB)]) before the first op, or let headroom plan split the GPU',
      'no environment variable caps TensorFlow; a logical device with memory_limit does (tensorflow gpu_device.cc)',
    ),
  ];
}

function shapeDims(shape: unknown): number[] {
  return typeof shape === 'string' ? shape.replace(/[[\]]/g, '').split(',').filter(Boolean).map(Number) : [];
}

/** True when the failing tensor is a parameter or slot: its node creates state, or no dim is the fit batch. */
export function isModelState(facts: Draft['facts'], fitBatchSize: number | undefined): boolean {
  if (typeof facts.node === 'string' && stateNode.test(facts.node)) return true;
  const dims = shapeDims(facts.shape);
  return fitBatchSize !== undefined && dims.length >= 2 && !dims.includes(fitBatchSize);
}

function growthNote(draft: Draft): string {
  const growth = num(draft.facts, 'poolGrowthBytes');
  return growth === undefined
    ? ''
    : `; TensorFlow also failed to grow its pool by ${size(growth)} (the driver refused), so the card itself was full`;
}

/** Picks the cause of a TensorFlow GPU OOM. */
export function explainTensorflow(draft: Draft, { context }: ExplainContext): Explanation {
  const { facts } = draft;
  const request = num(facts, 'requestedBytes');
  const limit = num(facts, 'limitBytes');
  const pids = draft.reportingPids;
  const shape = typeof facts.shape === 'string' ? facts.shape : undefined;
  const counter = num(context, 'graphNameCounter');
  const fitBatch = num(context, 'fitBatchSize');
  // The CUDA context itself could not be created (cuDevicePrimaryCtxRetain refused, jax/rules.ts
  // xla-context-oom): TensorFlow had placed nothing yet, so the card was full before this process ran:
  // another process (often another TensorFlow process that preallocated), as jax/explain.ts reads it.
  if (draft.code === 'xla-context-oom')
    return {
      cause: 'co_tenant',
      causeText: `GPU ${facts.device ?? 0} had no memory left even for a CUDA context when TensorFlow started: no tensor of this process was on it yet, so another process (often another TensorFlow or JAX process that preallocated) or a scheduler's per-GPU cap holds it`,
      fixes: [
        seeHolders(facts.device as number | undefined),
        fix(
          'if this program needs no GPU (TensorBoard, a data or evaluation script), hide the GPUs from it: CUDA_VISIBLE_DEVICES= <command>',
          'with no visible GPU TensorFlow creates no CUDA context and runs on the CPU',
        ),
        ...tensorflowPreallocationFixes(),
      ],
    };
  if (pids.length >= 2)
    return {
      cause: 'preallocation',
      causeText: `${pids.length} processes (PID ${pids.join(', ')}) each tried to take most of the same GPU: TensorFlow's default preallocation, once per process`,
      fixes: tensorflowPreallocationFixes(),
    };
  const retried = num(context, 'bfcRetryBytes');
  // The program's own requests already ran past the pool (the BFC allocator's "not a failure"
  // retries) before the driver refused to grow it: the program's need, not another process.
  if (
    num(facts, 'poolGrowthBytes') !== undefined &&
    request === undefined &&
    facts.op === undefined &&
    retried !== undefined
  )
    return {
      cause: 'batch_too_large',
      causeText: `TensorFlow's allocator had already run out for the program's own requests (up to ${size(retried)}, which it could do without) before the driver refused ${size(num(facts, 'poolGrowthBytes')!)} more for its pool: the program needs more than the GPU has`,
      fixes: [
        fix(
          'lower the batch size (halve it) or the input size (image resolution, sequence length)',
          `the program asked for up to ${size(retried)} at once and the pool could not grow to serve it`,
        ),
        seeHolders(facts.device as number | undefined),
      ],
    };
  if (num(facts, 'poolGrowthBytes') !== undefined && request === undefined && facts.op === undefined)
    return {
      cause: 'co_tenant',
      causeText: `the driver refused ${size(num(facts, 'poolGrowthBytes')!)} for TensorFlow's pool and no tensor of the program failed: the GPU was already held by another process`,
      fixes: [seeHolders(facts.device as number | undefined), ...tensorflowPreallocationFixes()],
    };
  if (request !== undefined && limit !== undefined && request > limit)
    return {
      cause: 'request_exceeds_device',
      causeText: `one tensor of ${size(request)} is larger than TensorFlow's whole pool (${size(limit)})`,
      fixes: [
        fix(
          `check the shape ${shape ?? ''} of the failing tensor; no setting can fit it`.replace('  ', ' '),
          `${size(request)} > the ${size(limit)} pool`,
        ),
      ],
    };
  if (facts.op === '_EagerConst' || /in order to run _EagerConst/.test(draft.evidence.text))
    return {
      cause: 'input_copy',
      causeText: `a host array${request !== undefined ? ` of ${size(request)}` : ''} was being copied to the GPU as one constant (_EagerConst: a whole in-memory dataset passed to fit() or tf.constant)${growthNote(draft)}`,
      fixes: [
        fix(
          'feed the data in batches from the host: tf.data.Dataset.from_tensor_slices((x, y)).batch(n) or a generator, instead of passing the whole array',
          '_EagerConst copies the whole array into GPU memory at once; a dataset pipeline copies one batch at a time',
        ),
        seeHolders(),
      ],
    };
  if (counter !== undefined && counter >= accumulatedNameCount)
    return {
      cause: 'models_accumulated',
      causeText: `the graph holds names numbered up to ${counter} (e.g. Variable_${counter}): models built over and over in one graph, each keeping its variables on the GPU`,
      fixes: [
        fix(
          'call tf.keras.backend.clear_session() before building each new model (TF1: tf.compat.v1.reset_default_graph() and a new Session), or train each model in its own process',
          `TensorFlow numbers repeated names in one graph, so ${counter} means that many copies were created; they stay until the graph is reset`,
        ),
      ],
    };
  if (isModelState(facts, fitBatch)) {
    const why =
      typeof facts.node === 'string' && stateNode.test(facts.node)
        ? `its node ${facts.node} creates a parameter or optimizer slot`
        : `fit() runs batches of ${fitBatch}, and no dimension of ${shape} is ${fitBatch}`;
    return {
      cause: 'model_state',
      causeText: `the failing tensor${shape ? ` ${shape}` : ''}${request !== undefined ? ` (${size(request)})` : ''} is model state, not an activation: ${why}, so it is allocated once whatever the batch; the GPU's memory went before it, to other models in this process or another process`,
      fixes: [
        seeHolders(facts.device as number | undefined),
        fix(
          'if this process builds several models (a loop, a hyperparameter search), call tf.keras.backend.clear_session() before each new one',
          'Keras keeps every model built in a process in one graph, with its weights and slots, until the session is cleared',
        ),
        fix(
          `shrink the layer that owns ${shape ?? 'this tensor'} (a vocabulary or embedding size, a dense layer's width)`,
          'parameters and their optimizer slots (Adam keeps two per weight) are what this tensor is',
        ),
      ],
    };
  }
  if (limit !== undefined && limit < smallPoolBytes)
    return {
      cause: 'small_pool',
      causeText: `TensorFlow's whole pool is only ${size(limit)}: it sizes the pool from the memory free when it starts, less a reserve (tensorflow gpu_device.cc), so little was free — another process held the GPU, or the card is very small`,
      fixes: [
        seeHolders(),
        fix(
          'lower the batch size (halve it) to fit the pool it got',
          `the pool is ${size(limit)} and cannot grow past what was free`,
        ),
      ],
    };
  const leading = shapeDims(shape)[0];
  const hint = leading === undefined ? '' : `; the failing tensor's leading dimension is ${leading}`;
  return {
    cause: 'batch_too_large',
    causeText: `the step needs more than the memory TensorFlow has${limit !== undefined ? ` (${size(limit)})` : ''}${request !== undefined ? `; the failing request was ${size(request)}${shape ? ` for ${shape}` : ''}` : ''}${growthNote(draft)}`,
    fixes: [
      fix(
        `lower the batch size (halve it${hint}) or the model size`,
        'activations scale with the batch; TensorFlow already uses all free memory by default (tensorflow gpu_device.cc)',
      ),
    ],
  };
}
