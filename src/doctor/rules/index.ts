// Every signature, in one list: a new framework or generation is one more plain object here.

import { sglangRules } from '../families/sglang/rules.js';
import { tensorrtLlmFactRules, tensorrtLlmRules } from '../families/tensorrt-llm/rules.js';
import { vllmRules } from '../families/vllm/rules.js';
import type { FactRule, LogRule } from '../types.js';
import { allocationRules } from './alloc.js';
import { factRules } from './context.js';
import { cudaLibraryRules } from './cuda-libs.js';
import { evidenceRules } from './evidence.js';
import { hostRules } from './host.js';
import { hostExitRules } from './host-exits.js';
import { killRules } from './kill.js';
import { mujocoRules } from './mujoco.js';
import { nearMissRules } from './near-miss.js';
import { shmRules } from './shm.js';
import { simRules } from './sim.js';
import { tensorflowRules } from './tensorflow.js';
import { torchRules } from './torch.js';
import { torchSummaryFactRules, torchSummaryRules } from './torch-summary.js';
import { xlaRules } from './xla.js';

/** The log signatures, most specific first (order breaks ties between rules of equal weight). */
export const logRules: readonly LogRule[] = [
  ...torchRules,
  ...torchSummaryRules,
  ...xlaRules,
  ...tensorflowRules,
  ...vllmRules,
  ...sglangRules,
  ...tensorrtLlmRules,
  ...allocationRules,
  ...simRules,
  ...mujocoRules,
  ...shmRules,
  ...hostRules,
  ...killRules,
  ...hostExitRules,
  ...cudaLibraryRules,
  ...nearMissRules,
];

/** Rules that only add facts to diagnoses of their family. */
export const logFactRules: readonly FactRule[] = [
  ...factRules,
  ...torchSummaryFactRules,
  ...evidenceRules,
  ...tensorrtLlmFactRules,
];
