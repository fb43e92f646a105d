// Round 38 of the published measured peaks (test-helpers/published-measured-round38.ts), gathered held out by one
// engineer in session 30 (seed 38's draw over 2022-2026 documents, at most 2 rows from each harness rounds 35 to 37
// leaned on), on a branch kept off main while another changed the model. These tests check their shape and that
// they are new to rounds 1 to 37 and ../shared/estimation; the lead measured the round once and pins its figure here.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round38Cases, round38Documents } from './test-helpers/published-measured-round38.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 38',
  cases: round38Cases,
  documents: round38Documents,
  earlierCases: casesBefore(38),
  minCases: 21,
  minDocuments: 12,
});

test('round 38, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round38Cases);
  // Measured once on 2026-11-29 by the lead at the session's round start (38c36e44), 21 rows: 14.8% median, 6/11/14
  // within 5/15/30%, worst +214.8% (FunASR's Paraformer, NOT EXPRESSIBLE: a speech encoder-decoder the spec has no
  // model for, sized here by its nearest spec). 9 rows are NOT EXPRESSIBLE as written (Paraformer, prime-rl's MoE
  // LoRA with four adapter slots x2, ControlNet x2, EfficientFormer, ConvNeXt, STDC, HRNet): 27.0%; the 12
  // expressible: 10.2% (5/8/8; a course's four QLoRA rows on a T4 under by 50-68%). --trace: 7 rows, 46.4% (1/1/1);
  // trace-else-analytic 16.7%. After the round's model changes (estimate-r38: Megatron's vocab-parallel loss, TE and
  // Liger kernels and torchtitan's fp32 logits in the trace; 427b1dd4 .. b4ca2b34): the same row by row.
  assert.ok(median <= 0.148, summary);
  assert.ok(within(0.05) >= 6 && within(0.15) >= 11 && within(0.3) >= 14, summary);
});
