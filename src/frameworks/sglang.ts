// SGLang (sgl-project/sglang) as a framework: an inference engine whose GPU share is --mem-fraction-static,
// a fraction of the memory free when it starts, which the plan computes and fills into its command.

import type { EngineKnob } from './engine-knob.js';
import { engineProfile } from './engine-profile.js';

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

export const sglang = engineProfile({
  name: 'sglang',
  aliases: [],
  label: 'SGLang',
  distribution: 'sglang',
  knob: sglangKnob,
});
