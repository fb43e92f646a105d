// Round 31 of the published measured peaks (test-helpers/published-measured-round31.ts), gathered held out by one
// engineer in session 24 (seed 31's draw over 2023-2026 documents) while others changed the model and the trace.
// These tests check their shape and that they are new to rounds 1 to 30 and ../shared/estimation; the lead
// measured the round once and pins its figure here.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round31Cases, round31Documents } from './test-helpers/published-measured-round31.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 31',
  cases: round31Cases,
  documents: round31Documents,
  earlierCases: casesBefore(31),
  minCases: 16,
  minDocuments: 13,
});

test('round 31, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round31Cases);
  // Measured once on 2026-11-29 04:45 UTC by the lead, after the session's last model change (main eddb4b1c), and at
  // the session's start (d4678dfb): the same analytic figures. 16 rows: 21.5% median, signed median -11.0%, worst
  // +1084.3% (unsloth's Gemma 3 270M LoRA in fp32: the sequence length the notebook never prints, assumed at the
  // cap), 4/7/9 within 5/15/30%. The 11 expressible rows: 27.2%, 3/5 within 5/15%; under-estimates dominate
  // (ultralytics' GPU_mem rows -13..-43%, mmyolo's YOLOv8-n -27..-35%, TRL's tiny-aya QLoRA -45%, torchtitan's
  // llama debug model under FSDP1 -31%). --trace: 15 rows, 26.5% (22.1% trace-else-analytic at the start, 24.9% at
  // the freeze); on the 11 expressible 26.5%.
  // Session 25 (estimate-model): mmyolo's and April-2023 ultralytics' assigner marks the top-k with an int64 one-hot
  // (model.yolo.assigner one_hot, 104 B per image × box × anchor point) and the mmyolo rows count it at the trace's
  // 29 boxes: 21.5% -> 14.6%, signed -11.0% -> -8.0%, 4/7/9 -> 5/8/10.
  assert.ok(median <= 0.146, summary);
  // Session 28 (estimate-r35): torchtrain's llama debug model at ab5d91823 says loss standard_logits_kept (the model's
  // fp32 logits held through backward: 16 B per logit, measured): -30.5% -> -21.0%; 14.6% (same), 5/8/10 -> 5/8/11.
  assert.ok(within(0.05) >= 5 && within(0.15) >= 8 && within(0.3) >= 11, summary);
});
