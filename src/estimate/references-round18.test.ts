// Round 18 of the published measured peaks (test-helpers/published-measured-round18.ts), gathered held out
// by one engineer while two others changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 17
// and ../shared/estimation, and pin the figure the lead measured once.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round18Cases, round18Documents } from './test-helpers/published-measured-round18.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 18',
  cases: round18Cases,
  documents: round18Documents,
  earlierCases: casesBefore(18),
  minCases: 19,
  minDocuments: 3,
  isSpecUnique: true,
});

test('round 18: every row says what the spec cannot express, but the one the spec has learnt since', () => {
  // The gatherer marked each row: aMUSEd's VQ-GAN + masked transformer (no transformer-only spec), the
  // FLUX.2 image-generation PEFT methods (DoRA, IA3, a diffusion transformer with its text encoder), the
  // Llama-4-Scout MoE with expert parallelism and MXFP8. Session 17 (issue 25): parallel.expert and
  // shared_ffn say the bf16 Llama-4-Scout row; session 19's float8.recipe mxfp8 its MXFP8 twin (-21.7%, as its
  // rowwise stand-in: the e8m0 scales are 1/32 B per cast element).
  const expressible = [
    'torchao-moe-training-llama4-scout-2l-bf16-fsdp4-ep4-seq8192-4xb200',
    'torchao-moe-training-llama4-scout-2l-mxfp8-linears-fsdp4-ep4-seq8192-4xb200',
  ];
  for (const c of round18Cases)
    if (expressible.includes(c.id)) assert.doesNotMatch(c.config, /NOT EXPRESSIBLE/, c.id);
    else assert.match(c.config, /NOT EXPRESSIBLE/, c.id);
});

test('round 18, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round18Cases);
  // Measured once on 2026-11-28 by the lead, never seen by either model engineer (estimate-model, then
  // estimate-r17's second shift): the session-start model (29b3d70), the frozen model (cceee4e) and the
  // session's last model (e11620d) give the same figure, row by row. 19 rows from three repositories:
  // diffusers' aMUSEd training README (12 rows, the meter not stated: read as the device total),
  // PEFT's image-generation method comparison (5 rows, reserved) and torchao's MoE training README (2 rows,
  // torchtitan's reserved). All 19: 29.5%, worst -65.8% (aMUSEd-256 LoRA batch 16), 2/4/11 within
  // 5/15/30%. Every row is outside what the spec says, so this is a figure for the nearest spec, not the
  // model's accuracy on runs it can describe. The round is now spent; what this pins is that figure.
  assert.ok(median <= 0.295, summary);
  assert.ok(within(0.05) >= 2 && within(0.15) >= 4 && within(0.3) >= 11, summary);
});
