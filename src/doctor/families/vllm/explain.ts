// Why vLLM refused to start, in headroom's terms: which knob (gpu_memory_utilization, a per-instance
// fraction of the card's TOTAL memory) and what value would have fit.
import type { Draft } from '../../candidates.js';
import { type Explanation, fix, num, seeHolders, size } from '../explain-types.js';

const planned = fix(
  'let headroom plan it: framework: vllm with a gpu_memory: budget in headroom.yaml, and --gpu-memory-utilization {gpu_memory_utilization} in its command; `headroom plan` fills in budget / total, floored, beside the other processes',
  "vLLM's utilization is a per-instance fraction of the card's total (vllm/config/cache.py); the plan sizes every process on the card so the shares fit together",
);

const floor2 = (value: number) => (Math.floor(value * 100) / 100).toFixed(2);

/** vLLM's start-up refusal: what was free, and the utilization that would have started. */
export function explainVllm(draft: Draft): Explanation {
  const { facts } = draft;
  const free = num(facts, 'freeBytes') ?? 0;
  const total = num(facts, 'totalBytes') ?? 0;
  const utilization = num(facts, 'utilization');
  const fits = total > 0 ? floor2(free / total) : undefined;
  return {
    cause: 'co_tenant',
    causeText: `vLLM asked for ${utilization ?? '?'} × the card's total (${size(num(facts, 'requestedBytes') ?? 0)}) at start, but only ${size(free)} of ${size(total)} was free: other processes held the rest`,
    fixes: [
      planned,
      ...(fits === undefined
        ? []
        : [
            fix(
              `lower --gpu-memory-utilization to ${fits} or less`,
              `${size(free)} of ${size(total)} was free when it started, and vLLM refuses to start when ceil(total × utilization) is more than that (vllm/v1/worker/utils.py request_memory)`,
            ),
          ]),
      seeHolders(),
    ],
  };
}
