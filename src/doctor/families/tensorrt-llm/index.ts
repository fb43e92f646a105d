// TensorRT-LLM: the executor that could not be created for GPU memory, with the card's total and
// the memory free before the failed component (printed on the lines after it).
import type { DoctorFamily } from '../types.js';
import { explainTensorrtLlm } from './explain.js';
import { tensorrtLlmFactRules, tensorrtLlmRules } from './rules.js';

/** The tensorrt-llm family. */
export const tensorrtLlmFamily: DoctorFamily = {
  name: 'tensorrt-llm',
  rules: tensorrtLlmRules,
  factRules: tensorrtLlmFactRules,
  layers: ['tensorrt-llm'],
  frameworks: ['tensorrt-llm'],
  joinedFacts: { keys: ['tensorrt-llm'], layers: ['tensorrt-llm'] },
  explain: explainTensorrtLlm,
};
