// vLLM (vllm-project/vllm) as a framework: an inference engine whose GPU share is --gpu-memory-utilization,
// a per-instance fraction of the card's total, which the plan computes and fills into its command.

import type { EngineKnob } from './engine-knob.js';
import { engineProfile } from './engine-profile.js';

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

export const vllm = engineProfile({
  name: 'vllm',
  aliases: [],
  label: 'vLLM',
  distribution: 'vllm',
  knob: vllmKnob,
});
