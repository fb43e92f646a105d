// Near misses: failures that look like memory trouble but are not (bad indices, illegal addresses,
// drivers), and library start-up failures no figure decided. Never outranks a memory failure.
import { isUndecidedInit } from '../../resolve.js';
import type { DoctorFamily } from '../types.js';
import { explainNearMiss, explainUndecidedInit } from './explain.js';
import { nearMissRules } from './rules.js';

/** The near-miss family. */
export const nearMissFamily: DoctorFamily = {
  name: 'near-miss',
  rules: nearMissRules,
  factRules: [],
  layers: [],
  kinds: ['none'],
  explain: (draft, context) =>
    isUndecidedInit(draft) ? explainUndecidedInit(draft, context) : explainNearMiss(draft),
};
