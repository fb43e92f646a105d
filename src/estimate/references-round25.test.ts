// Round 25 of the published measured peaks (test-helpers/published-measured-round25.ts), gathered held out
// by one engineer while three others changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 24
// and ../shared/estimation, and pin the figure the lead measured once.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round25Cases, round25Documents } from './test-helpers/published-measured-round25.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 25',
  cases: round25Cases,
  documents: round25Documents,
  earlierCases: casesBefore(25),
  minCases: 24,
  minDocuments: 9,
  isSpecUnique: true,
});

test('round 25, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round25Cases);
  // Measured once on 2026-11-28 by the lead, never seen by session 20's model engineers (estimate-model,
  // estimate-express, estimate-trace): the session-start model (12ae1450), the freeze (52bf4b05) and the last
  // model (c503ffd0) give the same figure, row by row. 24 rows from 7 sources: mmyolo's YOLOv5 table (4),
  // one user's YOLOv5 log (1), ultralytics face-detector logs (4), MiniCPM-Llama3-V 2.5 LoRA and full
  // fine-tunes under ZeRO-2 (4), a LLaMA-7B DeepSpeed ZeRO-2/3 gist (4), Baize's 8-bit LoRA (3), mmseg's
  // SegFormer table (4). All 24: 49.3%, worst -94.5% (a YOLO face detector whose target assigner holds
  // batch x faces x anchors), 0/2/8 within 5/15/30%; the 3 the spec expresses (the gist's ZeRO runs): 9.5%,
  // worst -16.0%; 21 marked NOT EXPRESSIBLE (YOLO necks and heads, MiniCPM's resampler, SegFormer's
  // encoder, 8-bit LoRA's fp32 head, ZeRO++). With --trace (not run here): 8 rows traced, 24.4%, worst
  // +67.7%; trace-else-analytic over all 24 the same as analytic, 49.3%.
  // Session 21 (estimate-express), a spec change only: the 9 YOLO rows re-said with model.yolo (the published
  // network, neck, heads, loss and EMA copy): 49.3% -> 29.1%, worst -94.5% -> -88.1% (now SegFormer B0),
  // 0/2/8 -> 4/7/13 within 5/15/30%. mmyolo's four rows -52.1/-48.9/-49.7/-50.8% -> -7.5/+0.6/+0.5/+1.1%, the
  // user's YOLOv5n6 log -48.7% -> +3.2%; the four WIDER FACE rows -90.0/-86.9/-89.9/-94.5% ->
  // -77.7/-75.5/-78.6/-87.7% (their densest batch's face count, model.yolo.max_objects, is in no source: the
  // assigner stays uncounted). NOT EXPRESSIBLE 21 -> 16.
  // Then the 4 SegFormer rows re-said with model.segmenter decoder segformer (the MiT encoder and SegformerHead
  // counted from their modules, in place of a parameter count and two tensors): 29.1% -> 23.9%, worst -88.1% ->
  // -87.7%, 4/7/13 -> 4/7/17; the SegFormer rows -72.4/-88.1/-87.9/-87.6% -> -17.4/-21.4/-24.5/-26.8%.
  // NOT EXPRESSIBLE 16 -> 12.
  assert.ok(median <= 0.24, summary);
  assert.ok(within(0.05) >= 4 && within(0.15) >= 7 && within(0.3) >= 17, summary);
});
