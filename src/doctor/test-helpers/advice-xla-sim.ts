// The advice table, JAX, TensorFlow and simulator logs: the cause each ../shared/corpus file must
// get and properties its fixes must have, written from the log, its header's facts line and the
// thread's conclusion (SOURCES-2.md), not from doctor's output.
import {
  capacityWithin,
  type Expected,
  has,
  noBatch,
  noFraction,
  noJaxVariable,
  not,
} from './fix-properties.js';

const holders = has(/nvidia-smi --query-compute-apps/);
const preallocationOff = has(/XLA_PYTHON_CLIENT_PREALLOCATE=false/);
const tfBatch = (leading: number): Expected['some'] => [
  has(new RegExp(`batch size \\(halve it; the failing tensor's leading dimension is ${leading}\\)`)),
];

/** JAX, TensorFlow and simulator logs. */
export const xlaSimTable: Record<string, Expected> = {
  'jax_gpu_oom-01.txt': {
    cause: 'batch_too_large',
    some: [has(/smaller batch/)],
    every: [noFraction],
    why: 'needs 14.44 GiB; the card is not in the log',
  },
  'jax_gpu_oom-03.txt': {
    cause: 'request_exceeds_device',
    some: [has(/shape/)],
    every: [noFraction],
    why: '1.25 TiB request: a shape bug',
  },
  'jax_gpu_oom-05.txt': {
    cause: 'batch_too_large',
    every: [noFraction],
    why: 'jaxlib 0.1.18 era: the default was already 0.9',
  },
  'jax_gpu_oom-07.txt': {
    cause: 'model_state',
    some: [has(/shard|smaller model/)],
    every: [noFraction, noBatch],
    why: 'GPT-J 6B initialised on an 8 GiB card',
  },
  'jax_gpu_oom-09.txt': {
    cause: ['batch_too_large', 'program_too_large'],
    every: [noJaxVariable],
    why: 'Reactant.jl: its own fraction, already 0.95',
  },
  'jax_gpu_oom-11.txt': {
    cause: 'batch_too_large',
    every: [noFraction],
    why: 'params at device_put; card unknown',
  },
  'jax_gpu_oom-13.txt': {
    cause: 'batch_too_large',
    every: [noFraction],
    why: 'reporter already tried fractions; card unknown',
  },
  'jax_gpu_oom-60.txt': {
    cause: 'program_too_large',
    some: [has(/more devices|card with at least/)],
    every: [noFraction],
    why: 'needs 86.14 GiB vs a 23.81 GiB pool (3.6x)',
  },
  'jax_gpu_oom-61.txt': {
    cause: 'program_too_large',
    every: [noFraction],
    why: 'needs 41.43 GiB vs 18.88 GiB; input too large for 24 GB',
  },
  'jax_gpu_oom-62.txt': {
    cause: 'batch_too_large',
    some: [has(/smaller batch/)],
    every: [noFraction],
    why: '27.93 GiB request ~ the whole 0.9 pool of a 2022 jaxlib',
  },
  'jax_prealloc_conflict-01.txt': {
    cause: 'co_tenant',
    some: [holders],
    why: 'no memory for a context: a scheduler cap',
  },
  'jax_prealloc_conflict-03.txt': {
    cause: 'preallocation',
    some: [has(/preallocation/)],
    every: [noJaxVariable],
    why: '4-byte requests fail; the log names no front end',
  },
  'jax_prealloc_conflict-05.txt': {
    cause: 'preallocation',
    some: [has(/TF_FORCE_GPU_ALLOW_GROWTH=true/)],
    every: [noJaxVariable],
    why: 'Ray TF workers each preallocating',
  },
  'jax_prealloc_conflict-60.txt': {
    cause: 'unknown',
    some: [holders, preallocationOff],
    every: [noBatch],
    why: "confirmed fix: one JAX process per GPU / PREALLOCATE=false; but a bare cuBLAS init failure without figures reads the same as a broken install (issue 23): can't tell, with who holds the GPU deciding and the thread's fix for the full case",
  },
  'jax_prealloc_conflict-61.txt': {
    cause: 'outside_pool',
    every: [noBatch, not(/MEM_FRACTION=0\.9/)],
    why: "TF in the JAX process took the GPU: raising JAX's pool makes it worse",
  },
  'jax_prealloc_conflict-62.txt': {
    cause: 'unknown',
    some: [holders, preallocationOff],
    every: [noBatch],
    why: "BLAS init failed beside a preallocating framework, no figures (issue 23): can't tell, the thread's fix offered for the full case",
  },
  'tf_oom-01.txt': {
    cause: 'batch_too_large',
    some: tfBatch(16),
    every: [noJaxVariable],
    why: 'activation [16,112,112,147]',
  },
  'tf_oom-03.txt': {
    cause: 'batch_too_large',
    some: tfBatch(128),
    every: [noJaxVariable],
    why: 'batch 128 on Xception',
  },
  'tf_oom-05.txt': {
    cause: 'batch_too_large',
    some: tfBatch(32),
    every: [noJaxVariable],
    why: 'attention logits [32,4,4096,4096]',
  },
  'tf_oom-07.txt': {
    cause: 'model_state',
    some: [holders],
    every: [noBatch],
    why: 'Adam slot at init; a coworker held GPU:0',
  },
  'tf_oom-09.txt': {
    cause: 'batch_too_large',
    some: tfBatch(186446),
    every: [noJaxVariable],
    why: 'gradient of a whole-dataset batch',
  },
  'tf_oom-11.txt': { cause: 'small_pool', some: [holders], why: 'a 480 MiB pool: little was free at start' },
  'tf_oom-60.txt': {
    cause: 'model_state',
    some: [has(/clear_session/)],
    every: [noBatch],
    why: 'a [123008,500] weight with batch_size=10; models built in a loop',
  },
  'tf_oom-61.txt': {
    cause: 'batch_too_large',
    some: tfBatch(295),
    every: [noJaxVariable],
    why: 'a batch of 295 full-resolution maps',
  },
  'tf_oom-62.txt': {
    cause: 'models_accumulated',
    some: [has(/clear_session|reset_default_graph/)],
    every: [noBatch],
    why: 'Variable_1955: models built in a for loop',
  },
  'tf_oom-63.txt': { cause: 'batch_too_large', some: tfBatch(600), why: 'fix in thread: --batch_size 300' },
  'tf_oom-64.txt': { cause: 'batch_too_large', some: tfBatch(64), why: 'fix in thread: batch 8' },
  'tf_oom-65.txt': {
    cause: 'input_copy',
    some: [has(/tf\.data|in batches/)],
    causeText: [/560\.4 MiB/, /grow its pool by 8\.41 GiB/],
    why: 'the failed request is the 560 MiB _EagerConst, not the 8.41 GiB pool growth',
  },
  'isaac_or_sim-01.txt': {
    cause: 'co_tenant',
    some: [holders],
    every: [noJaxVariable],
    why: 'PhysX 96 MiB at init in a gymtorch log',
  },
  'isaac_or_sim-03.txt': {
    cause: 'renderer_memory',
    some: [has(/camera/)],
    every: [noJaxVariable],
    why: 'RTX sensors x envs x resolution',
  },
  'isaac_or_sim-05.txt': {
    cause: 'renderer_memory',
    every: [noJaxVariable, not(/num_envs/)],
    why: 'Isaac Sim renderer in a MoveIt scene',
  },
  'isaac_or_sim-07.txt': {
    cause: 'sim_buffer_capacity',
    some: [capacityWithin(16790)],
    why: 'totalAggregatePairsCapacity to 16790',
  },
  'isaac_or_sim-09.txt': {
    cause: 'sim_buffer_capacity',
    some: [has(/collision_stack_size=2\*\*27/)],
    why: 'collisionStackSize >= 73774744 bytes',
  },
  'isaac_or_sim-60.txt': {
    cause: 'sim_buffer_capacity',
    some: [capacityWithin(224549)],
    why: 'patch need grows to 224549',
  },
  'isaac_or_sim-61.txt': {
    cause: 'sim_buffer_capacity',
    some: [capacityWithin(4120), has(/env_spacing|envSpacing/)],
    why: 'envs wander into each other',
  },
  'isaac_or_sim-62.txt': {
    cause: 'physics_blowup',
    some: [has(/NaN/)],
    every: [not(/2\*\*31|capacity =|_capacity=/)],
    why: '1.7e9 pairs from a NaN blow-up',
  },
  'isaac_or_sim-63.txt': {
    cause: 'outside_pool',
    some: [has(/preallocation/)],
    every: [noBatch],
    why: 'XLA kernel launch OOM; two things on the GPU',
  },
  'isaac_or_sim-64.txt': {
    cause: 'batch_too_large',
    some: [has(/smaller batch/)],
    every: [noFraction],
    why: 'MJX needs more than 48 GB',
  },
  'isaac_or_sim-65.txt': {
    cause: 'outside_pool',
    some: [preallocationOff],
    every: [noBatch, not(/MEM_FRACTION=0\.9/)],
    why: 'Warp outside an 18.95 GiB JAX pool JAX barely uses',
  },
};
