// TensorFlow: its out-of-memory reports and the classic symptoms of a full GPU (FACTS Q11); XLA's
// stats printed beside them join its diagnoses.
import type { DoctorFamily } from '../types.js';
import { explainTensorflow } from './explain.js';
import { tensorflowFactRules } from './facts.js';
import { tensorflowRules } from './rules.js';

/** The tensorflow family. */
export const tensorflowFamily: DoctorFamily = {
  name: 'tensorflow',
  rules: tensorflowRules,
  factRules: tensorflowFactRules,
  layers: ['tensorflow'],
  frameworks: ['tensorflow'],
  joinedFacts: { keys: ['tensorflow', 'xla'], layers: ['tensorflow'] },
  seen: [{ as: 'tensorflow', fact: 'tensorflowSeen', layer: 'tensorflow' }],
  explain: explainTensorflow,
};
