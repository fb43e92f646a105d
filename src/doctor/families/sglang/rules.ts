// SGLang's refusal: its static share (weights + KV cache) of what was free at start left no KV cache.
import type { LogRule } from '../../types.js';

/** SGLang's start-up refusal. */
export const sglangRules: LogRule[] = [
  {
    code: 'sglang-not-enough-memory',
    kind: 'gpu_oom',
    framework: 'sglang',
    weight: 3,
    keywords: ['please try to increase --mem-fraction-static'],
    pattern: /Not enough memory\. Please try to increase --mem-fraction-static/,
    // init_memory_pool, when profile_max_num_token finds no token fits.
    source: 'sgl-project/sglang python/sglang/srt/model_executor/model_runner.py init_memory_pool',
    summary:
      "SGLang's mem_fraction_static share of the memory free at its start left no room for a KV cache after the weights",
  },
];
