// SGLang: its start-up refusal when weights and KV cache do not fit --mem-fraction-static.
import type { DoctorFamily } from '../types.js';
import { explainSglang } from './explain.js';
import { sglangRules } from './rules.js';

/** The sglang family. */
export const sglangFamily: DoctorFamily = {
  name: 'sglang',
  rules: sglangRules,
  factRules: [],
  layers: ['sglang'],
  frameworks: ['sglang'],
  explain: (draft) => explainSglang(draft),
};
