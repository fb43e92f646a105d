// Why text-generation-inference refused at warm-up, and the two flags its own message names.
import type { Draft } from '../../candidates.js';
import { acrossMoreGpus, quantizedAlready, shownTechniquesOf } from '../../shown.js';
import { type ExplainContext, type Explanation, fix, seeHolders } from '../explain-types.js';

/** TGI's "Not enough memory to handle N ... tokens" at warm-up. */
export function explainTgi(draft: Draft, ctx: ExplainContext): Explanation {
  const shown = shownTechniquesOf(ctx.context);
  const total = draft.facts.totalTokens;
  const prefill = draft.facts.prefillTokens;
  // The total is the budget that failed when the message names one; the prefill size otherwise.
  const lower =
    total !== undefined
      ? `lower --max-batch-total-tokens below the ${total} that did not fit`
      : prefill !== undefined
        ? `lower --max-batch-prefill-tokens below the ${prefill} that did not fit`
        : 'lower --max-batch-total-tokens or --max-batch-prefill-tokens';
  return {
    // Which of weights, budget or another tenant left too little is not in the message.
    cause: 'unknown',
    causeText:
      'text-generation-inference runs one batch of its largest allowed size at warm-up; that batch did not fit in the GPU memory left after the weights',
    fixes: [
      fix(
        lower,
        "the warm-up's own message names these flags (text_generation_server/models/flash_causal_lm.py warmup)",
      ),
      fix(
        `or make the weights smaller per GPU: --num-shard ${acrossMoreGpus(shown)}${shown.quantizedMethod === undefined ? ', or a quantized checkpoint (--quantize)' : ` ${quantizedAlready(shown.quantizedMethod)}`}`,
        'what the weights take is not left for the batch',
      ),
      seeHolders(),
    ],
  };
}
