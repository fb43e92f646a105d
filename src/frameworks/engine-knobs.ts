// The three inference engines' memory flags, each as its source declares it. The engine profiles
// (vllm.ts, sglang.ts, tensorrt-llm.ts) carry these; this file holds the facts and their sources.
import type { EngineKnob } from './engine-knob.js';

/**
 * vLLM: `--gpu-memory-utilization`, a per-instance fraction of the card's TOTAL memory, 0 < u <= 1, default
 * 0.92 (vllm-project/vllm vllm/config/cache.py at 002f10e0: Field(default=0.92, gt=0, le=1); 0.9 in older
 * releases). The worker snapshots memory after its CUDA context and NCCL exist (vllm/v1/worker/gpu_worker.py
 * init_device), so u × total covers weights, activations and KV cache but not the context; request_memory
 * (vllm/v1/worker/utils.py) asks for ceil(total × u) and refuses to start when less is free.
 * FlexibleArgumentParser (vllm/utils/argparse_utils.py) reads `_` as `-` and keeps argparse's abbreviations.
 */
export const vllmKnob: EngineKnob = {
  placeholder: 'gpu_memory_utilization',
  variable: 'HEADROOM_GPU_MEMORY_UTILIZATION',
  spelling: {
    flags: ['--gpu-memory-utilization'],
    abbreviatedFrom: '--gpu-memory',
    readsUnderscoresAsDashes: true,
  },
  base: 'total',
  defaultFraction: 0.92,
  assumedDefault: 0.92,
  outside: null,
  source: 'vllm-project/vllm vllm/config/cache.py, vllm/v1/worker/utils.py request_memory',
};

/**
 * SGLang: `--mem-fraction-static` (python/sglang/srt/server_args.py, type=float; argparse abbreviations such
 * as `--mem-frac` work). Weights + KV cache = fraction × the memory free when the model runner starts,
 * after its context (model_executor/model_runner.py: min_per_gpu_memory = get_available_gpu_memory(...);
 * profile_max_num_token: rest = free after load − pre-load free × (1 − fraction)). Activations and CUDA
 * graph buffers come on top. Unset, SGLang derives it from the card (0.88 when it cannot read it).
 */
export const sglangKnob: EngineKnob = {
  placeholder: 'mem_fraction_static',
  variable: 'HEADROOM_MEM_FRACTION_STATIC',
  spelling: {
    flags: ['--mem-fraction-static'],
    abbreviatedFrom: '--mem-frac',
    readsUnderscoresAsDashes: false,
  },
  base: 'free-at-start',
  defaultFraction: null,
  assumedDefault: 0.88,
  outside: 'activations and CUDA graph buffers',
  source: 'sgl-project/sglang python/sglang/srt/server_args.py, model_executor/model_runner.py',
};

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
