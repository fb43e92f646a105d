// Simulator buffers of fixed capacity: a PhysX or MuJoCo buffer needs a bigger setting (the exact
// name and a value within what the setting's integer holds), unless the need is absurd, which is a
// simulation that blew up (NaN) rather than a scene that grew.
import type { Draft } from '../../candidates.js';
import { formatPowerOfTwo, nextPowerOfTwo } from '../../sizes.js';
import type { FixDetail } from '../../types.js';
import { type Explanation, fix, num, size } from '../explain-types.js';

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

/** The largest value a capacity can be set to: PhysX prints it with %i and USD/Isaac store it as a signed 32-bit int. */
export const maxSettable = 2 ** 31 - 1;
/** Counts from here on are no real scene's (Isaac Lab's largest default is 2^25): the simulation blew up. */
export const absurdCount = 2 ** 30;

/** A power of two at or above the need, never past what the setting's integer holds. */
export function capacityValue(needed: number): number {
  const power = nextPowerOfTwo(needed);
  return power <= maxSettable ? power : Math.min(maxSettable, Math.ceil(needed / 2 ** 20) * 2 ** 20);
}

/** True when a simulator's need is beyond any real scene or the setting's integer: a blow-up (NaN). */
export function isBlowUp(needed: number, isBytes: boolean): boolean {
  return isBytes ? needed > maxSettable : needed >= absurdCount;
}

function blowUp(what: string, needed: number): Explanation {
  return {
    cause: 'physics_blowup',
    causeText: `the simulator asked for ${needed.toLocaleString('en-US')} ${what}: far beyond any real scene and past what the setting can hold; a state that exploded to NaN or infinity puts every body's bounds everywhere, so no buffer size fixes it`,
    fixes: [
      fix(
        'check the simulation state for NaN right after reset and after each step (e.g. torch.isnan(root_states).any()) and find the first environment that goes bad',
        `${needed.toLocaleString('en-US')} is beyond ${absurdCount.toLocaleString('en-US')} (2^30); a blown-up state makes the broadphase pair everything with everything`,
      ),
      fix(
        'stabilise it: a smaller time step or more solver iterations, check the asset (inertia, joint limits, collision meshes), and spawn bodies so they do not overlap',
        'overlapping or ill-conditioned bodies are what make a physics step explode',
      ),
    ],
  };
}

/** The setting to raise and its new value, or a physics blow-up when the need is absurd. */
export function explainSimCapacity(draft: Draft): Explanation {
  if (draft.framework === 'mujoco') return explainMujocoCapacity(draft);
  if (draft.facts.setting === 'INITIAL_MEMORY') return explainWasmHeap();
  if (draft.facts.setting === 'physxMaterials') return explainPhysxObjectLimit(draft);
  if (draft.facts.setting === 'maxContactDataCount') return explainContactView(draft);
  const field = String(draft.facts.setting ?? 'collisionStackSize');
  const setting = settings[field];
  const isBytes = num(draft.facts, 'requiredBytes') !== undefined;
  const needed =
    draft.largestRequired ?? num(draft.facts, 'requiredBytes') ?? num(draft.facts, 'requiredCount');
  if (needed !== undefined && isBlowUp(needed, isBytes))
    return blowUp(isBytes ? `bytes of ${field}` : `${field} entries`, needed);
  const value = needed !== undefined ? capacityValue(needed) : 2 * (setting?.defaultValue ?? 0);
  const written = formatPowerOfTwo(value);
  const why =
    needed !== undefined
      ? `PhysX needs at least ${needed.toLocaleString('en-US')}${draft.largestRequired !== undefined && draft.largestRequired !== num(draft.facts, 'requiredCount') && !isBytes ? ' (the largest it asked for)' : ''}`
      : 'PhysX gave no number; this doubles the Isaac Lab default';
  const text = draft.evidence.text;
  const isSapien = /SAPIEN|ManiSkill|mani_skill/i.test(text);
  const isOmni = /omni\.|isaac/i.test(text);
  const because = `${why}; the buffer's size is a setting fixed when the scene is created, not free device memory`;
  const fixes: FixDetail[] = [];
  if (setting && (!isSapien || isOmni)) {
    fixes.push(
      fix(
        `Isaac Lab: in the env cfg's __post_init__, self.sim.physx.${setting.isaacLab} = ${written} (OmniIsaacGymEnvs: sim.physx.${setting.isaacLab} in the task yaml)`,
        because,
      ),
    );
  }
  if (setting?.sapien && (isSapien || !isOmni)) {
    fixes.push(
      fix(
        `ManiSkill: gym.make(..., sim_config=dict(gpu_memory_config=dict(${setting.sapien}=${written}))); plain SAPIEN: sapien.physx.set_gpu_memory_config(${setting.sapien}=${written})`,
        because,
      ),
    );
  }
  if (fixes.length === 0) fixes.push(fix(`raise PxGpuDynamicsMemoryConfig::${field} to ${written}`, because));
  if (/AggregatePairs/.test(field)) {
    fixes.push(
      fix(
        'if environments can reach each other, space them further apart (Isaac Lab: scene.env_spacing; OmniIsaacGymEnvs: env.envSpacing)',
        "aggregate pairs are overlaps between aggregates' bounds (PxgAABBManager): environments that touch add pairs",
      ),
    );
  }
  return {
    cause: 'sim_buffer_capacity',
    causeText: `PxGpuDynamicsMemoryConfig::${field} is a fixed-size PhysX GPU buffer${needed !== undefined ? ` and this scene needs ${needed.toLocaleString('en-US')}${isBytes ? ` bytes (${size(needed)})` : ''}` : ''}; it is a setting, not free device memory, and contacts or pairs past it are dropped`,
    fixes,
  };
}

// omni.physics.tensors' RigidContactView: its contact-point buffers hold maxContactDataCount points
// in all, fixed when the view is created (Isaac Lab ContactSensorCfg.max_contact_data_count_per_prim
// times the sensor's bodies and filters).
function explainContactView(draft: Draft): Explanation {
  const current = num(draft.facts, 'currentCount');
  const now = current !== undefined ? ` (${current.toLocaleString('en-US')} now)` : '';
  return {
    cause: 'sim_buffer_capacity',
    causeText: `the contact view's buffer holds maxContactDataCount contact points${now}, a number fixed when the view is created; this step had more, so the points past it were dropped and indices into the buffer can run past its end`,
    fixes: [
      fix(
        `create the view with more room: Isaac Lab ContactSensorCfg(max_contact_data_count_per_prim=...) larger${current !== undefined ? ` (the view now holds ${current.toLocaleString('en-US')} points in all)` : ''}; omni.physics.tensors create_rigid_contact_view(..., max_contact_data_count=...)`,
        'the view cannot grow while the simulation runs; the warning says its buffer was too small for this step',
      ),
    ],
  };
}

const MiB = 1024 ** 2;

// PhysX's material table (NpPhysics.cpp createMaterial: 64K, a 16-bit index): a count no setting raises.
function explainPhysxObjectLimit(draft: Draft): Explanation {
  const limit = num(draft.facts, 'currentCount') ?? 65_536;
  return {
    cause: 'sim_buffer_capacity',
    causeText: `PhysX holds at most ${limit.toLocaleString('en-US')} ${String(draft.facts.objects ?? 'materials')} per physics instance (a fixed table, no setting raises it), and this scene made more: one per shape per environment multiplies quickly`,
    fixes: [
      fix(
        'share materials: make one per distinct friction/restitution and reuse it across shapes and environments (Isaac Lab: randomize_rigid_body_material samples from num_buckets materials, keep it small)',
        `the ${limit.toLocaleString('en-US')}-entry table counts every material created, even identical ones`,
      ),
    ],
  };
}

// An Emscripten module's heap (emscripten settings.js INITIAL_MEMORY, ALLOW_MEMORY_GROWTH).
function explainWasmHeap(): Explanation {
  return {
    cause: 'sim_buffer_capacity',
    causeText:
      "the WebAssembly heap is a size fixed when the module was built (INITIAL_MEMORY, TOTAL_MEMORY before Emscripten 2.0) and it cannot grow, so the scene's bodies and contacts filled it",
    fixes: [
      fix(
        'rebuild the module with a larger heap (-sINITIAL_MEMORY=...) or with -sALLOW_MEMORY_GROWTH=1, or use a build of the library made that way',
        'Emscripten aborts with OOM when the heap cannot be enlarged (abortOnCannotGrowMemory)',
      ),
    ],
  };
}

// MuJoCo's arena: the stack mjData takes its scratch from, sized once from <size memory="..."/>
// (MuJoCo XML reference, size/memory; mjModel.narena).
/** More arena than any one machine's RAM (1 TiB): MuJoCo asks for it only when its constraints blew up. */
const maxArenaBytes = 2 ** 40;
function explainMujocoArena(draft: Draft): Explanation {
  const required = num(draft.facts, 'requiredArenaBytes');
  // An arena larger than any machine's memory is a constraint count that exploded, not a size to set.
  if (required !== undefined && required > maxArenaBytes) return blowUp('bytes of arena', required);
  const arena = num(draft.facts, 'arenaBytes');
  const available = num(draft.facts, 'availableBytes');
  const requested = num(draft.facts, 'requestedBytes');
  const short = arena !== undefined && available !== undefined && requested !== undefined;
  const neededMiB = short ? Math.ceil((2 * (arena - available + requested)) / MiB) : undefined;
  return {
    cause: 'sim_buffer_capacity',
    causeText: `MuJoCo's arena (the stack mjData works in) is a buffer sized when the model is compiled${short ? `: ${size(arena)} in all, ${size(available)} left, ${size(requested)} asked for` : ''}; more contacts or bodies need more of it`,
    fixes: [
      fix(
        `raise it in the model XML: <size memory="${neededMiB !== undefined ? `${neededMiB}M` : required !== undefined ? `${Math.ceil((2 * required) / MiB)}M` : '...'}"/> (${neededMiB !== undefined ? 'twice what this step needed' : required !== undefined ? `twice the ${size(required)} MuJoCo asks for` : 'larger than now; the default is small'}; older releases: nstack)`,
        short
          ? `the step needed ${size(arena - available + requested)} of an arena of ${size(arena)}`
          : 'the arena cannot grow while the simulation runs',
      ),
    ],
  };
}

/** MuJoCo / MuJoCo Warp: nconmax, njmax and friends are sized per world at creation. */
function explainMujocoCapacity(draft: Draft): Explanation {
  if (draft.facts.setting === 'memory') return explainMujocoArena(draft);
  const setting = String(draft.facts.setting ?? 'nconmax');
  const needed = draft.largestRequired ?? num(draft.facts, 'requiredCount');
  if (needed !== undefined && isBlowUp(needed, false)) return blowUp(`${setting} entries`, needed);
  const current = num(draft.facts, 'currentCount');
  if (draft.code === 'mujoco-contacts-exceed-buffer' && needed !== undefined && current !== undefined) {
    return {
      cause: 'sim_buffer_capacity',
      causeText: `the collision pipeline's contact buffer (${setting} = ${current.toLocaleString('en-US')}) is smaller than the ${needed.toLocaleString('en-US')} contacts the MuJoCo solver is sized for; both are fixed when they are created`,
      fixes: [
        fix(
          `create the contacts buffer with ${setting} of at least ${needed.toLocaleString('en-US')} (or lower the solver's nconmax so that nconmax × worlds fits ${current.toLocaleString('en-US')})`,
          `the solver's buffer holds ${needed.toLocaleString('en-US')} contacts and the pipeline's ${current.toLocaleString('en-US')}`,
        ),
      ],
    };
  }
  const target =
    needed !== undefined
      ? `at least ${needed.toLocaleString('en-US')}`
      : current !== undefined
        ? `${(2 * current).toLocaleString('en-US')} (twice the ${current.toLocaleString('en-US')} it is now)`
        : 'about twice its value';
  return {
    cause: 'sim_buffer_capacity',
    causeText: `MuJoCo's ${setting} is a buffer sized when the model's data is made${needed !== undefined ? ` and this scene needs ${needed.toLocaleString('en-US')}` : ''}; contacts or constraint rows past it are dropped, so the physics is wrong from then on`,
    fixes: [
      fix(
        `raise ${setting} to ${target} where the data is made (MuJoCo Warp: mjwarp.make_data / put_data(..., ${setting}=...); mjlab: cfg.sim.${setting})`,
        `MuJoCo ${needed !== undefined ? `asked for ${needed.toLocaleString('en-US')}` : 'reported an overflow'}; the buffer cannot grow while the simulation runs`,
      ),
    ],
  };
}
