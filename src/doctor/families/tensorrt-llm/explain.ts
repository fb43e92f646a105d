// Why TensorRT-LLM's executor could not be created, in headroom's terms: free_gpu_memory_fraction is of
// the memory FREE after its weights and buffers, so start order decides how many bytes it is.
import type { Draft } from '../../candidates.js';
import { quantizedAlready, shownTechniquesOf } from '../../shown.js';
import { type ExplainContext, type Explanation, fix, num, seeHolders, size } from '../explain-types.js';

const planned = fix(
  'let headroom plan it: framework: tensorrt-llm with a gpu_memory: budget, --kv_cache_free_gpu_memory_fraction {free_gpu_memory_fraction} in its command, and depends_on (with ready_when) on the processes it shares the card with; `headroom plan` fills in the fraction from what they hold when it starts',
  "TensorRT-LLM's fraction is of the memory free after its weights and buffers (tensorrt_llm/commands/serve.py), so whatever starts before it is outside it and whatever starts after it must fit in the rest",
);

/** TensorRT-LLM's executor creation that ran out of memory. */
export function explainTensorrtLlm(draft: Draft, ctx: ExplainContext): Explanation {
  const shown = shownTechniquesOf(ctx.context);
  const component = typeof draft.facts.component === 'string' ? draft.facts.component : 'a component';
  const free = num(draft.facts, 'freeBytes');
  const freeText = free === undefined ? '' : ` (${size(free)} was free before it)`;
  if (/KV cache/i.test(component)) {
    return {
      cause: 'co_tenant',
      causeText: `TensorRT-LLM sized its KV cache as free_gpu_memory_fraction of the free memory, then could not allocate it${freeText}: memory was taken in between, or the fraction left too little for what came after`,
      fixes: [
        fix(
          'lower --kv_cache_free_gpu_memory_fraction',
          'TensorRT-LLM\'s own advice for this component: "reduce free_gpu_memory_fraction" (py_executor_creator.py)',
        ),
        planned,
        seeHolders(),
      ],
    };
  }
  return {
    cause: 'model_state',
    causeText: `TensorRT-LLM could not create ${component}${freeText}: the card had less free than it needs before its KV cache`,
    fixes: [
      planned,
      fix(
        `shard the weights ${shown.tensorParallelGpus === undefined ? '' : `over more than the ${shown.tensorParallelGpus} GPUs it uses `}(--tp_size)${shown.quantizedMethod === undefined ? ' or use a quantized checkpoint' : ` ${quantizedAlready(shown.quantizedMethod)}`}`,
        'the model and its buffers are created before the KV cache, out of what is free when it starts',
      ),
      seeHolders(),
    ],
  };
}
