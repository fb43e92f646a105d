// text-generation-inference's warm-up refusal: its batch token budget did not fit the GPU memory.
import type { LogRule } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';

/** TGI's warm-up refusal. */
export const tgiRules: LogRule[] = [
  {
    code: 'tgi-warmup-not-enough-memory',
    kind: 'gpu_oom',
    framework: 'tgi',
    weight: 3,
    keywords: ['not enough memory to handle'],
    pattern:
      /Not enough memory to handle (\d+) (?:total tokens with (\d+) prefill tokens|prefill tokens)\. You need to decrease `?--max-batch-(?:total|prefill)-tokens|Not enough memory to handle `?max_total_tokens=(\d+)`?/,
    // huggingface/text-generation-inference server/text_generation_server/models/flash_causal_lm.py
    // warmup: a torch.cuda.OutOfMemoryError while it runs one batch of the largest size the launcher
    // allows is re-raised as "Not enough memory to handle {n} prefill tokens. You need to decrease
    // `--max-batch-prefill-tokens`" (later releases: "... {n} total tokens with {m} prefill tokens.
    // You need to decrease `--max-batch-total-tokens` or `--max-batch-prefill-tokens`"); the router
    // shows it inside Warmup(Generation("...")). The advice's flag names are the grammar's anchor.
    // The v2/v3 routers refuse after warm-up when the KV-cache tokens it measured fall short of the
    // --max-total-tokens asked for: "Not enough memory to handle `max_total_tokens={0}`"
    // (text-generation-inference v3.3.6 backends/v3/src/lib.rs#L181, backends/v2/src/lib.rs#L139).
    source:
      'huggingface/text-generation-inference server/text_generation_server/models/flash_causal_lm.py warmup',
    summary: "text-generation-inference's warm-up batch (its token budget) did not fit the GPU memory",
    extract: ({ match }) => ({
      facts: definedFacts(
        match[3] !== undefined
          ? { totalTokens: intOf(match[3]) }
          : match[2] === undefined
            ? { prefillTokens: intOf(match[1]) }
            : { totalTokens: intOf(match[1]), prefillTokens: intOf(match[2]) },
      ),
    }),
  },
];
