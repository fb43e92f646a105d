// text-generation-inference: its warm-up refusal when the batch token budget does not fit the GPU.
import type { DoctorFamily } from '../types.js';
import { explainTgi } from './explain.js';
import { tgiRules } from './rules.js';

/** The tgi family. */
export const tgiFamily: DoctorFamily = {
  name: 'tgi',
  rules: tgiRules,
  factRules: [],
  layers: ['tgi'],
  explain: explainTgi,
};
