// vLLM: its start-up refusal when free memory is below utilization × total (its KV-cache errors are
// the allocation family's `kv-cache-too-small`), explained with its --gpu-memory-utilization flag.
import type { DoctorFamily } from '../types.js';
import { explainVllm } from './explain.js';
import { vllmRules } from './rules.js';

/** The vllm family. */
export const vllmFamily: DoctorFamily = {
  name: 'vllm',
  rules: vllmRules,
  factRules: [],
  layers: ['vllm'],
  frameworks: ['vllm'],
  explain: (draft) => explainVllm(draft),
};
