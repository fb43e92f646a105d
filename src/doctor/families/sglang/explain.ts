// Why SGLang had no room for a KV cache, in headroom's terms: mem_fraction_static is a fraction of the
// memory FREE when it starts (after its context), not of the card, so what started before it counts.
import type { Draft } from '../../candidates.js';
import { type Explanation, fix, seeHolders } from '../explain-types.js';

/** SGLang's "Not enough memory" at start. */
export function explainSglang(draft: Draft): Explanation {
  const now = draft.facts.memFractionStatic;
  // The value the log shows given is not the fix: raise it past that (issue 23 item 5).
  const raise =
    now === undefined
      ? 'raise --mem-fraction-static'
      : `raise --mem-fraction-static above the ${now} this run gave`;
  return {
    cause: 'memory_cap',
    causeText:
      'SGLang sizes weights + KV cache as mem_fraction_static × the memory free when it started; that share did not cover its weights, so no KV cache token fit',
    fixes: [
      fix(
        'let headroom plan it: framework: sglang with a gpu_memory: budget, and --mem-fraction-static {mem_fraction_static} in its command; `headroom plan` fills in budget / what is free when it starts, counting the processes it starts after (depends_on)',
        'profile_max_num_token: rest = free after loading − free before loading × (1 − mem_fraction_static) (sglang python/sglang/srt/model_executor/model_runner.py)',
      ),
      fix(
        `${raise}, or start SGLang before the processes that fill the card`,
        'the fraction is of what is free when SGLang starts: on a fuller card the same fraction is fewer bytes',
      ),
      seeHolders(),
    ],
  };
}
