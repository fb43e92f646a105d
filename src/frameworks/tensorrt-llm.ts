// TensorRT-LLM (NVIDIA/TensorRT-LLM) as a framework: an inference engine whose KV cache is
// --kv_cache_free_gpu_memory_fraction of the memory free after its weights, which the plan computes and
// fills into its command; start order matters.

import type { EngineKnob } from './engine-knob.js';
import { engineProfile } from './engine-profile.js';

/**
 * TensorRT-LLM: `--kv_cache_free_gpu_memory_fraction` or `--free_gpu_memory_fraction` (click, type=float,
 * default 0.9: "Free GPU memory fraction reserved for KV Cache, after allocating model weights and buffers",
 * NVIDIA/TensorRT-LLM tensorrt_llm/commands/serve.py); KvCacheConfig requires 0 <= f <= 1
 * (tensorrt_llm/llmapi/llm_args.py). The base is what is free once its weights and buffers are loaded, so
 * whatever the processes started before it hold is not in it: start order matters.
 */
export const tensorrtLlmKnob: EngineKnob = {
  placeholder: 'free_gpu_memory_fraction',
  variable: 'HEADROOM_FREE_GPU_MEMORY_FRACTION',
  spelling: {
    flags: ['--kv_cache_free_gpu_memory_fraction', '--free_gpu_memory_fraction'],
    abbreviatedFrom: null,
    readsUnderscoresAsDashes: false,
  },
  base: 'free-after-load',
  defaultFraction: 0.9,
  assumedDefault: 0.9,
  outside: 'weights and buffers',
  source: 'NVIDIA/TensorRT-LLM tensorrt_llm/commands/serve.py, tensorrt_llm/llmapi/llm_args.py KvCacheConfig',
};

export const tensorrtLlm = engineProfile({
  name: 'tensorrt-llm',
  aliases: ['trtllm', 'tensorrt_llm'],
  label: 'TensorRT-LLM',
  distribution: 'tensorrt_llm',
  knob: tensorrtLlmKnob,
});
