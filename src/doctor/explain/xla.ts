// Why JAX (XLA) or TensorFlow ran out of GPU memory: preallocation by several processes, memory
// gone before the process started, an impossible request, a program larger than the pool (FACTS Q1-Q5, Q11).
import type { Draft } from '../candidates.js';
import { type ExplainContext, type Explanation, fractionFor, num, size } from './types.js';

const MiB = 1024 ** 2;

function poolFixes(draft: Draft, processCount: number | undefined): string[] {
  if (draft.framework === 'tensorflow') {
    // TF compares TF_FORCE_GPU_ALLOW_GROWTH with exactly "true" (FACTS Q11).
    return [
      'export TF_FORCE_GPU_ALLOW_GROWTH=true in every TensorFlow process, so none grabs the whole free memory at start',
      'cap each process: tf.config.set_logical_device_configuration(gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=MiB)]) before the first op, or let headroom plan split the GPU',
    ];
  }
  const fraction = processCount === undefined ? undefined : fractionFor(processCount);
  return [
    fraction === undefined
      ? 'export XLA_PYTHON_CLIENT_PREALLOCATE=false in every JAX process (each otherwise takes 75% of the GPU at its first allocation)'
      : `export XLA_PYTHON_CLIENT_PREALLOCATE=false XLA_PYTHON_CLIENT_MEM_FRACTION=${fraction} before starting each of the ${processCount} processes`,
    'give each process a budget and let headroom set these variables: headroom plan (replicas: N in headroom.yaml), then headroom run',
  ];
}

function biggerPoolFix(draft: Draft): string {
  const leading = /^\[(\d+),/.exec(String(draft.facts.shape ?? ''))?.[1];
  const hint = leading === undefined ? '' : `; the failing tensor's leading dimension is ${leading}`;
  return draft.framework === 'tensorflow'
    ? `lower the batch size (halve it${hint}) or the model size; TensorFlow already uses all free memory by default`
    : 'lower the batch size (halve it), or use jax.checkpoint / a smaller dtype; if this is the only process on the GPU, export XLA_PYTHON_CLIENT_MEM_FRACTION=0.90 (the default pool is 75% of total)';
}

/** Picks the cause of an XLA/TensorFlow GPU OOM from the request, the pool and the context. */
export function explainXla(draft: Draft, { context }: ExplainContext): Explanation {
  const { facts } = draft;
  const requestedBytes = num(facts, 'requestedBytes');
  const capacityBytes = num(facts, 'limitBytes') ?? num(facts, 'baseLimitBytes') ?? num(facts, 'totalBytes');
  const pids = draft.reportingPids;
  const framework = draft.framework === 'tensorflow' ? 'TensorFlow' : 'JAX';

  if (draft.code === 'xla-context-oom') {
    return {
      cause: 'co_tenant',
      causeText: `GPU ${facts.device ?? 0} had no memory left even for a CUDA context when ${framework} started: another process (often another JAX process that preallocated 75%) or a scheduler's per-GPU cap holds it`,
      fixes: [
        `see who holds it: nvidia-smi --query-compute-apps=pid,used_memory --format=csv`,
        ...poolFixes(draft, undefined),
      ],
    };
  }
  if (pids.length >= 2 || (context.processPool !== undefined && draft.framework === 'jax')) {
    const count = pids.length >= 2 ? pids.length : undefined;
    return {
      cause: 'preallocation',
      causeText:
        count !== undefined
          ? `${count} processes (PID ${pids.join(', ')}) each tried to take most of the same GPU: ${framework}'s default preallocation, once per process`
          : `a pool of ${String(context.processPool)} workers each preallocates 75% of the same GPU at its first allocation`,
      fixes: poolFixes(draft, count),
    };
  }
  if (requestedBytes !== undefined && capacityBytes !== undefined && requestedBytes > capacityBytes) {
    return {
      cause: 'request_exceeds_device',
      causeText: `one buffer of ${size(requestedBytes)} is larger than all the memory ${framework} may use (${size(capacityBytes)}): a shape or program bug, not a setting`,
      fixes: [
        `check the array shapes that lead to the ${size(requestedBytes)} buffer (a broadcast or batch dimension gone wrong); no memory setting can fit it`,
      ],
    };
  }
  if (draft.smallestRequestBytes !== undefined && draft.smallestRequestBytes < MiB) {
    return {
      cause: draft.framework === 'jax' ? 'preallocation' : 'co_tenant',
      causeText: `allocations of only ${size(draft.smallestRequestBytes)} failed: the GPU was already full before this program's own work (another process, typically another ${framework} process with the default preallocation)`,
      fixes: [
        `see who holds the GPU: nvidia-smi --query-compute-apps=pid,used_memory --format=csv`,
        ...poolFixes(draft, undefined),
      ],
    };
  }
  const ioBytes = num(facts, 'ioArgumentsBytes');
  const baseLimitBytes = num(facts, 'baseLimitBytes');
  const programBytes = num(facts, 'totalAllocationBytes');
  const needText =
    ioBytes !== undefined && baseLimitBytes !== undefined && ioBytes > baseLimitBytes
      ? `the program's inputs and outputs alone (${size(ioBytes)}) exceed what XLA may use (${size(baseLimitBytes)})`
      : programBytes !== undefined
        ? `the compiled program needs ${size(programBytes)} at once (parameters, outputs and temporaries)`
        : `the program needs more than the memory ${framework} has${capacityBytes !== undefined ? ` (${size(capacityBytes)})` : ''}${requestedBytes !== undefined ? `; the last request was ${size(requestedBytes)}` : ''}`;
  return { cause: 'batch_too_large', causeText: needText, fixes: [biggerPoolFix(draft)] };
}
