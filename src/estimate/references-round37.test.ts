// Round 37 of the published measured peaks (test-helpers/published-measured-round37.ts), gathered held out by one
// engineer in session 29 (seed 37's draw over 2022-2026 documents, at most 2 rows from each harness rounds 34 to 36
// leaned on) while another changed the model. These tests check their shape and that they are new to rounds 1 to 36
// and ../shared/estimation; the lead measured the round once and pins its figure here.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round37Cases, round37Documents } from './test-helpers/published-measured-round37.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 37',
  cases: round37Cases,
  documents: round37Documents,
  earlierCases: casesBefore(37),
  minCases: 13,
  minDocuments: 12,
});

test('round 37, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round37Cases);
  // Measured once on 2026-11-29 by the lead at the second estimate round's start (76ad1ca4), 13 rows: 14.2% median,
  // 2/7/9 within 5/15/30%, worst -87.6% (a Swin-T UPerNet whose backbone the spec cannot say). 5 rows are NOT
  // EXPRESSIBLE as written (two YOLOX heads and assigners, two Swin backbones, PPO's four roles beside a vLLM engine):
  // 43.6%; the 8 expressible: 11.4% (2/6/7). --trace: 3 rows, 21.8% (0/0/2; a Megatron 0.21B MQA model +71.2%);
  // trace-else-analytic 21.8%. After the round's model changes (estimate-r37: accelerate's FSDP2 upcast, ms-swift's
  // layer-group activation offload, a first iteration's peak, torchvision's Faster R-CNN v2 head; 6fcc7606 ..
  // 58076e59): the same row by row (each acts through a new key the rows, written before it, do not give).
  // Session 30, estimate-r38 (427b1dd4): the trace runs Megatron's vocab-parallel cross-entropy, not transformers'
  // loss: the MQA row's trace +71.2% -> +12.7% (its analytic figure); --trace 21.8% -> 16.1% (0/1/3). Analytic
  // unchanged.
  assert.ok(median <= 0.142, summary);
  assert.ok(within(0.05) >= 2 && within(0.15) >= 7 && within(0.3) >= 9, summary);
});
