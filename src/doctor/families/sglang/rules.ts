// SGLang's refusal: its static share (weights + KV cache) of what was free at start left no KV cache.
import type { LogRule } from '../../types.js';
import { definedFacts } from '../extract.js';

/** SGLang's start-up refusal. */
export const sglangRules: LogRule[] = [
  {
    code: 'sglang-not-enough-memory',
    kind: 'gpu_oom',
    framework: 'sglang',
    weight: 3,
    keywords: [
      'please try to increase --mem-fraction-static',
      'larger than the profiled value',
      'leave no gpu memory for the kv cache',
    ],
    pattern:
      /Not enough memory\. Please try to increase --mem-fraction-static|is larger than the profiled value (?:-\d+|0)\b|leave no GPU memory for the KV cache/,
    // init_memory_pool, when profile_max_num_token finds no token fits: it first warns
    // "max_total_tokens=%d is larger than the profiled value %d" (a profiled value of 0 or below
    // is that refusal, a paste cut before the raise), and newer releases say "Loaded weights leave
    // no GPU memory for the KV cache under --mem-fraction-static=%s" (SemiAnalysisAI/InferenceX#2128).
    source: 'sgl-project/sglang python/sglang/srt/model_executor/model_runner.py init_memory_pool',
    extract: ({ text }) => ({
      facts: definedFacts({
        memFractionStatic: /--mem-fraction-static[= ]([\d.]+\d)/.exec(text)?.[1],
      }),
    }),
    summary:
      "SGLang's mem_fraction_static share of the memory free at its start left no room for a KV cache after the weights",
  },
];
