// The inference engines: a framework that is one takes its GPU share as a flag in its command.

import { sglangKnob, tensorrtLlmKnob, vllmKnob } from './engine-knobs.js';
import type { EngineOf } from './engine-plan.js';

const byFramework: Record<string, EngineOf> = {
  vllm: { label: 'vLLM', knob: vllmKnob },
  sglang: { label: 'SGLang', knob: sglangKnob },
  'tensorrt-llm': { label: 'TensorRT-LLM', knob: tensorrtLlmKnob },
};

/** Every engine, for the placeholder checks. */
export const engineProfiles: readonly EngineOf[] = Object.values(byFramework);

/** The engine a framework is, or undefined. */
export const engineOf = (framework: string): EngineOf | undefined => byFramework[framework];
