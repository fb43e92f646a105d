// Near misses: failures that look like memory trouble but are not (bad indices, illegal addresses,
// drivers), library start-up failures no figure decided, and notebook kernels and Ray workers that
// died without memory evidence. Never outranks a memory failure.
import { isUndecidedInit, isUndecidedKernelDeath, isUndecidedRayWorkerDeath } from '../../resolve.js';
import type { DoctorFamily } from '../types.js';
import {
  explainNearMiss,
  explainUndecidedInit,
  explainUndecidedKernelDeath,
  explainUndecidedRayWorkerDeath,
} from './explain.js';
import { nearMissRules } from './rules.js';

/** The near-miss family. */
export const nearMissFamily: DoctorFamily = {
  name: 'near-miss',
  rules: nearMissRules,
  factRules: [],
  layers: [],
  kinds: ['none'],
  explain: (draft, context) =>
    isUndecidedInit(draft)
      ? explainUndecidedInit(draft, context)
      : isUndecidedKernelDeath(draft)
        ? explainUndecidedKernelDeath()
        : isUndecidedRayWorkerDeath(draft)
          ? explainUndecidedRayWorkerDeath()
          : explainNearMiss(draft),
};
