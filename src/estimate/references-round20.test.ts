// Round 20 of the published measured peaks (test-helpers/published-measured-round20.ts), gathered held out
// by one engineer while four others changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 19
// and ../shared/estimation, and pin the figure the lead measured once.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round20Cases, round20Documents } from './test-helpers/published-measured-round20.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 20',
  cases: round20Cases,
  documents: round20Documents,
  earlierCases: casesBefore(20),
  minCases: 23,
  minDocuments: 4,
  isSpecUnique: true,
});

test("round 20: the forgather rows without checkpointing say each layer's ALiBi bias (attention_bias per layer)", () => {
  // Marked NOT EXPRESSIBLE when gathered; session 18 (issue 25): model.transformer.attention_bias says it.
  assert.deepEqual(
    round20Cases.filter((c) => /NOT EXPRESSIBLE/.test(c.config)).map((c) => c.id),
    [],
  );
  const biased = round20Cases
    .filter((c) => c.spec.includes('attention_bias: { per: layer }'))
    .map((c) => c.id);
  assert.equal(biased.length, 4, biased.join(', '));
  for (const id of biased) assert.match(id, /^forgather-peak-memory-deepone-1b6-/);
  for (const id of biased) assert.doesNotMatch(id, /checkpoint/);
});

test('round 20, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round20Cases);
  // Measured once on 2026-11-28 by the lead, never seen by session 17's model engineers (estimate-model,
  // estimate-express, then estimate-r19's second shift on round 19): the session-start model (9f6bc30), the
  // frozen model (10e678b) and the session's last model (b8b115f) give the same figure, row by row. 23 rows
  // from four documents: minGPT 1.5B-8.4B under Lightning's FSDP on 4-16 V100s in fp16 with and without
  // checkpointing (12, the meter not stated: read as the device total), BERT masked-LM of 4/8/12 layers
  // from the Reformer blog (3, nvml device total), a BERT-large fine-tune (1, allocated) and forgather's
  // 1.6B decoder with Adafactor (7, allocated). All 23: 12.0%, worst -33.0% (minGPT GPT-2 XL under FSDP on
  // 4 GPUs, batch 4, no checkpointing), 6/13/22 within 5/15/30%; the 19 the spec expresses: 16.2%, worst
  // -33.0%, 4/9/18. The round is now spent. Session 18 (estimate-express): the four forgather rows without
  // checkpointing say their per-layer ALiBi bias (model.transformer.attention_bias, 1.2 GB in fp32): fp32
  // control +4.3 -> +9.6%, fp32 fused +5.4 -> +10.7%, fp32 compile +12.0 -> +17.7%, bf16 fused -2.6 -> +2.0%;
  // all 23: 12.0%, worst -33.0%, 5/12/22. Session 24 (estimate-model: eager attention without checkpointing
  // keeps 3% of the forward→backward parts cached, not 20%, as the allocator replay and the H200 measured):
  // 12.0% -> 9.6%, worst -33.0 -> -36.9%, 5/12/22 -> 5/15/21 (the Reformer blog's BERT rows +24..25 -> +7.5..8.4%;
  // minGPT under FSDP, no checkpointing, -12..-33 -> -14..-37%).
  assert.ok(median <= 0.097, summary);
  assert.ok(within(0.05) >= 5 && within(0.15) >= 15 && within(0.3) >= 21, summary);
});
