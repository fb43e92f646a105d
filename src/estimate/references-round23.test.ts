// Round 23 of the published measured peaks (test-helpers/published-measured-round23.ts), gathered held out
// by one engineer while three others changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 22
// and ../shared/estimation, and pin the figure the lead measured once.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round23Cases, round23Documents } from './test-helpers/published-measured-round23.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 23',
  cases: round23Cases,
  documents: round23Documents,
  earlierCases: casesBefore(23),
  minCases: 21,
  minDocuments: 8,
  isSpecUnique: true,
});

test('round 23, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round23Cases);
  // Measured once on 2026-11-28 by the lead, never seen by session 19's model engineers (estimate-model,
  // estimate-express, estimate-trace): the session-start model (8b6c536) and main at 11:25 UTC (a0b1c863)
  // give the same analytic figure, row by row. 21 rows from 8 documents: mmdetection detectors on 8 GPUs
  // (ResNet-strikes-back with AdamW 3, GHM RetinaNet on ResNeXt 2), unsloth QLoRA on a T4 (2), CogVideoX
  // LoRA and full fine-tunes (5), transformers' SDPA training benchmark on BERT (5), BEiT (2), Data2Vec (2).
  // All 21: 10.8%, worst -52.4% (Data2Vec SDPA at 1048x640), 4/13/19 within 5/15/30%; the 10 the spec
  // expresses: 5.5%, worst -16.5%; 11 marked NOT EXPRESSIBLE (the detectors' heads, CogVideoX, the
  // non-square image encoders). With --trace (scripts/estimate-score.ts --trace, not run here): at the
  // session's start no row traced; at a0b1c863 the 5 BERT rows trace within 2.2% (median 0.4%), and
  // trace-else-analytic over all 21 is 10.8%, worst -52.4%, 5/13/19. The round is now spent (second shift
  // estimate-r23).
  // Then (estimate-model, after the measurement): a frozen linear keeps no input and PEFT's adapters keep their
  // own input copy (layer-activations.ts): CogVideoX-2B LoRA +5.5 -> -2.7%, unsloth Qwen2-7B QLoRA -5.1 -> -3.6%
  // enter the 5% band; unsloth Llama-3-8B +11.2 -> +12.9% (its spec leaves adapter_dtype at the PEFT default;
  // unsloth's kernels read X in the weights' dtype), CogVideoX-2B LoRA r64 +33.5 -> +35.8%, 5B LoRA +10.4 ->
  // +12.1%; 10.8% -> 11.6% (the middle row changed), 4/13/19 -> 6/13/19.
  assert.ok(median <= 0.117, summary);
  assert.ok(within(0.05) >= 6 && within(0.15) >= 13 && within(0.3) >= 19, summary);
});
