// Round 21 of the published measured peaks (test-helpers/published-measured-round21.ts), gathered held out
// by one engineer while four others changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 20
// and ../shared/estimation, and pin the figure the lead measured once.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round21Cases, round21Documents } from './test-helpers/published-measured-round21.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 21',
  cases: round21Cases,
  documents: round21Documents,
  earlierCases: casesBefore(21),
  minCases: 27,
  minDocuments: 25,
  isSpecUnique: true,
});

test('round 21: 17 of its 27 rows say what the spec cannot express (PEFT methods other than LoRA)', () => {
  // 21 when gathered; session 19 made FourierFT (lora.variant fourierft), IA³ on every linear (lora.variant ia3
  // with lora.feedforward) and the two prefix-tuning rows (lora.variant prefix_tuning) expressible.
  const marked = round21Cases.filter((c) => /NOT EXPRESSIBLE/.test(c.config)).map((c) => c.id);
  assert.equal(marked.length, 17, marked.join(', '));
  for (const id of marked) assert.match(id, /^peft-metamathqa-llama32-3b-r21-/);
});

test('round 21, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round21Cases);
  // Measured once on 2026-11-28 by the lead, never seen by session 18's model engineers (estimate-model,
  // estimate-express, estimate-trace, then estimate-r22's second shift on round 22): the session-start model
  // (d91df5c), the frozen model (6aa9aff) and the session's last model (061242f) give the same figure, row by
  // row. 27 rows from two harnesses: PEFT's MetaMathQA method comparison on Llama-3.2-3B (24 result files:
  // 21 methods the spec cannot say, whose specs are the nearest a user would write, and 3 it can) and
  // mmdetection's Open Images detectors on 32 GPUs (3). All 27: 12.5%, worst -67.0% (Faster R-CNN R50-FPN,
  // 500 classes), 3/17/24 within 5/15/30%; the 6 the spec expresses: 37.2%, worst -67.0%, 0/1 within 5/15%
  // (the three detectors 52-67% under, BEFT +22.1%, P-tuning +20.8%, rsLoRA +9.8%). --trace traces one row
  // (rsLoRA, -5.6%); the PEFT methods' trainable parameters without LoRA and the detectors (no Hugging Face
  // config) are not traced. The round is now spent. Session 19 (spent, tuned on): FourierFT n 5000 and IA³ on
  // every linear made expressible (lora.variant fourierft; ia3 with lora.feedforward [gate, up, down]): +4.1% ->
  // +11.5% and -5.8% -> +10.6% (their rsLoRA neighbour +9.8%); the round 12.5%, 3/17/24 -> 2/17/24. Then the
  // two prefix-tuning rows (lora.variant prefix_tuning, virtual_tokens 200 and 50: the prefix keys and values over
  // repeated heads and SDPA's mask per layer, as a real PEFT 0.21 step keeps them): +12.5/+19.7% -> +14.7/+20.9%;
  // the round 12.5% -> 14.2% (rows near the median moved up past it), 2/17/24.
  // Session 27 (estimate-express): PEFT tuners written as the LoRA whose memory they have, with their own trainable
  // count (model.lora.trainable; TinyLoRA and MiSS as LoRA-FA, Uni-LoRA and VB-LoRA as LoRA, measured on a real
  // PEFT 0.21 step): TinyLoRA +22.4/+22.4% -> +8.8/+8.8%, MiSS +21.7% -> +8.7%, Uni-LoRA +10.4% -> +8.7%, VB-LoRA
  // +11.1% -> +9.3%. At main 96a0583f the round was 11.1%, 3/18/24; now 9.8%, worst -58.1%, 3/21/24.
  assert.ok(median <= 0.099, summary);
  assert.ok(within(0.05) >= 3 && within(0.15) >= 21 && within(0.3) >= 24, summary);
});
