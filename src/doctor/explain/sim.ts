// Simulator failures: a PhysX GPU buffer needs a bigger setting (the exact name and a value),
// or PhysX / the RTX renderer could not get device memory.
import type { Draft } from '../candidates.js';
import { formatPowerOfTwo, nextPowerOfTwo } from '../sizes.js';
import { type ExplainContext, type Explanation, num, size } from './types.js';

interface Setting {
  isaacLab: string;
  sapien?: string;
  /** Isaac Lab's PhysxCfg default, used when PhysX states no number. */
  defaultValue: number;
}

// PxGpuDynamicsMemoryConfig field → Isaac Lab PhysxCfg (isaaclab/sim/simulation_cfg.py) and
// SAPIEN/ManiSkill GPUMemoryConfig (mani_skill/utils/structs/types.py) names.
const settings: Record<string, Setting> = {
  collisionStackSize: {
    isaacLab: 'gpu_collision_stack_size',
    sapien: 'collision_stack_size',
    defaultValue: 2 ** 26,
  },
  totalAggregatePairsCapacity: {
    isaacLab: 'gpu_total_aggregate_pairs_capacity',
    sapien: 'total_aggregate_pairs_capacity',
    defaultValue: 2 ** 21,
  },
  foundLostAggregatePairsCapacity: {
    isaacLab: 'gpu_found_lost_aggregate_pairs_capacity',
    sapien: 'found_lost_aggregate_pairs_capacity',
    defaultValue: 2 ** 25,
  },
  foundLostPairsCapacity: {
    isaacLab: 'gpu_found_lost_pairs_capacity',
    sapien: 'found_lost_pairs_capacity',
    defaultValue: 2 ** 21,
  },
  maxRigidPatchCount: {
    isaacLab: 'gpu_max_rigid_patch_count',
    sapien: 'max_rigid_patch_count',
    defaultValue: 5 * 2 ** 15,
  },
  maxRigidContactCount: {
    isaacLab: 'gpu_max_rigid_contact_count',
    sapien: 'max_rigid_contact_count',
    defaultValue: 2 ** 23,
  },
  tempBufferCapacity: {
    isaacLab: 'gpu_temp_buffer_capacity',
    sapien: 'temp_buffer_capacity',
    defaultValue: 2 ** 24,
  },
  heapCapacity: { isaacLab: 'gpu_heap_capacity', sapien: 'heap_capacity', defaultValue: 2 ** 26 },
  maxDeformableVolumeContacts: { isaacLab: 'gpu_max_soft_body_contacts', defaultValue: 2 ** 20 },
  maxSoftBodyContacts: { isaacLab: 'gpu_max_soft_body_contacts', defaultValue: 2 ** 20 },
  maxParticleContacts: { isaacLab: 'gpu_max_particle_contacts', defaultValue: 2 ** 20 },
};

/** The setting to raise and its new value: the next power of two at or above what PhysX asked for. */
export function explainSimCapacity(draft: Draft): Explanation {
  const field = String(draft.facts.setting ?? 'collisionStackSize');
  const setting = settings[field];
  const needed = num(draft.facts, 'requiredBytes') ?? num(draft.facts, 'requiredCount');
  const value = needed !== undefined ? nextPowerOfTwo(needed) : 2 * (setting?.defaultValue ?? 0);
  const written = formatPowerOfTwo(value);
  const why =
    needed !== undefined
      ? `PhysX needs at least ${needed.toLocaleString('en-US')}`
      : 'PhysX gave no number; this doubles the Isaac Lab default';
  const text = draft.evidence.text;
  const isSapien = /SAPIEN|ManiSkill|mani_skill/i.test(text);
  const isOmni = /omni\.|isaac/i.test(text);
  const fixes: string[] = [];
  if (setting && (!isSapien || isOmni)) {
    fixes.push(
      `Isaac Lab: in the env cfg's __post_init__, self.sim.physx.${setting.isaacLab} = ${written}  # ${why}`,
    );
  }
  if (setting?.sapien && (isSapien || !isOmni)) {
    fixes.push(
      `ManiSkill: gym.make(..., sim_config=dict(gpu_memory_config=dict(${setting.sapien}=${written})))  # ${why}; plain SAPIEN: sapien.physx.set_gpu_memory_config(${setting.sapien}=${written})`,
    );
  }
  if (fixes.length === 0) fixes.push(`raise PxGpuDynamicsMemoryConfig::${field} to ${written} (${why})`);
  return {
    cause: 'sim_buffer_capacity',
    causeText: `PxGpuDynamicsMemoryConfig::${field} is a fixed-size PhysX GPU buffer${needed !== undefined ? ` and this scene needs ${needed.toLocaleString('en-US')}${num(draft.facts, 'requiredBytes') !== undefined ? ` bytes (${size(needed)})` : ''}` : ''}; it is a setting, not free device memory, and contacts or pairs past it are dropped`,
    fixes,
  };
}

/** PhysX or the RTX renderer could not get device memory: others took it first, or the scene is too big. */
export function explainSimGpu(draft: Draft, { drafts }: ExplainContext): Explanation {
  if (draft.framework === 'other') {
    return {
      cause: 'renderer_memory',
      causeText:
        'the RTX renderer (Vulkan) ran out of GPU memory: cameras × resolution × environments grew past what the simulator has',
      fixes: [
        'lower the number of environments with cameras, or the camera width/height (e.g. halve --num_envs)',
        'leave the simulator more of the GPU: cap the learning framework in the same job (export XLA_PYTHON_CLIENT_PREALLOCATE=false, or a budget from headroom plan)',
      ],
    };
  }
  const requested = num(draft.facts, 'requestedBytes');
  const jaxToo = drafts.some((d) => d.framework === 'jax');
  return {
    cause: 'co_tenant',
    causeText: `PhysX could not get ${requested !== undefined ? size(requested) : 'its buffers'} of device memory at start: something else in the job (${jaxToo ? 'JAX' : 'a framework that preallocates, such as JAX at 75%,'} or another process) already holds the GPU`,
    fixes: [
      'start JAX in the same job with export XLA_PYTHON_CLIENT_PREALLOCATE=false XLA_PYTHON_CLIENT_MEM_FRACTION=0.30 (or its budget from headroom plan)',
      'give the simulator gpu_memory: rest in headroom.yaml and start it first (depends_on), then headroom run',
    ],
  };
}
