// An inference engine sharing the trainer's card (RL rollouts: TRL's vllm_mode "colocate", verl's hybrid
// engine, OpenRLHF's colocated vLLM): how much of the card it takes, and whether the trainer's own memory
// counters see it.
import { formatBytes } from '../units.js';
import type { Component, InferenceEngineSpec } from './types.js';

const engineNames: Record<InferenceEngineSpec['engine'], string> = { vllm: 'vLLM', sglang: 'SGLang' };

/** The engine's part of the trainer's GPU (undefined when it lives in another process) and a note saying why. */
export function inferenceEnginePart(engine: InferenceEngineSpec): { component?: Component; note: string } {
  const name = engineNames[engine.engine];
  const fraction = engine.engine === 'vllm' ? 'gpu_memory_utilization' : 'mem_fraction_static';
  // vLLM sizes itself to a share of the card's total, not of what is free: requested_memory =
  // total_memory × gpu_memory_utilization, and the KV cache is what its weights and profiled peak leave of it
  // (vllm/v1/worker/gpu_worker.py determine_available_memory). SGLang's mem_fraction_static is the share its
  // weights and KV-cache pool take (sglang server_args.py: "the fraction of the memory used for static
  // allocation (model weights and KV cache memory pool)").
  const bytes = engine.memoryFraction * engine.cardBytes;
  const formula = `${fraction} ${engine.memoryFraction} × the card's ${formatBytes(engine.cardBytes)}`;
  if (!engine.isSameProcess)
    return {
      note: `the ${name} engine (${formula} = ${formatBytes(bytes)}) runs in another process: not in this one's estimate; on a shared card it is a co-tenant${engine.isSleeping ? ' while awake (sleep mode frees it during the training step)' : ''}`,
    };
  // In the trainer's process the engine allocates through PyTorch's caching allocator, so the trainer's
  // max_memory_allocated/reserved count it; sleep mode unmaps the memory behind torch's back (cuMem), and the
  // counters keep it: vllm-project/vllm #17117 ("torch.cuda.memory_allocated() remain unchanged after calling
  // sleep()"), #33625 (verl + vLLM: "torch.cuda still reports memory_allocated() from vllm's run").
  return {
    component: { name: `inference engine (${name})`, bytes, formula },
    note: engine.isSleeping
      ? `the ${name} engine in the trainer's process is counted whole: sleep mode frees the card during the training step, but PyTorch's counters (max_memory_allocated/reserved) keep its ${formatBytes(bytes)} (vLLM #17117); nvidia-smi shows less while it sleeps`
      : `the ${name} engine in the trainer's process holds ${formatBytes(bytes)} (its weights and KV cache) beside the training step`,
  };
}
