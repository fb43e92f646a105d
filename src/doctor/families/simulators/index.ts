// Simulators: PhysX's and MuJoCo's fixed-capacity buffers (a setting, not device memory), and PhysX,
// Warp and the RTX renderer failing to get device memory outside any learning framework's pool;
// the engines' own words (Unreal's renderer, Omniverse's descriptor table) in engine-memory.ts.
import type { DoctorFamily } from '../types.js';
import { engineRules, explainEngine, isEngineDraft } from './engine-memory.js';
import { explainSimCapacity } from './explain-capacity.js';
import { explainSimGpu } from './explain-gpu.js';
import { mujocoRules } from './mujoco.js';
import { simRules } from './rules.js';

/** The simulators family. */
export const simulatorsFamily: DoctorFamily = {
  name: 'simulators',
  rules: [...simRules, ...mujocoRules, ...engineRules],
  factRules: [],
  layers: ['physx', 'warp', 'other'],
  kinds: ['sim_capacity'],
  explain: (draft, context) =>
    isEngineDraft(draft)
      ? explainEngine(draft)
      : draft.kind === 'sim_capacity'
        ? explainSimCapacity(draft)
        : explainSimGpu(draft, context),
};
