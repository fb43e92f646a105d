// Round 24 of the published measured peaks (test-helpers/published-measured-round24.ts), gathered held out
// by one engineer while three others changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 23
// and ../shared/estimation, and pin the figure the lead measured once.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round24Cases, round24Documents } from './test-helpers/published-measured-round24.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 24',
  cases: round24Cases,
  documents: round24Documents,
  earlierCases: casesBefore(24),
  minCases: 20,
  minDocuments: 10,
  isSpecUnique: true,
});

test('round 24, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round24Cases);
  // Measured by the lead on 2026-11-28, never seen by session 19's model engineers (estimate-model,
  // estimate-express, estimate-trace, estimate-r23): the session-start model (8b6c536) gave 30.7%, worst
  // -76.8%, 0/4/10 within 5/15/30%; the freeze (67ba7b93) and the session's last model (75309bc8) give the
  // same figure, row by row: 30.6%, worst -76.8% (mmrotate Oriented R-CNN fp16), 0/3/10 (three unsloth QLoRA
  // rows moved by the frozen-linear and bitsandbytes rules, b1eb0257: -6.5 -> -5.4%, +14.2 -> +20.8%). 20 rows
  // from 10 documents: mmrotate rotated detectors (5), mmsegmentation SETR on ViT-L (5), transformers' SDPA
  // training benchmark on ELECTRA (5), unsloth QLoRA notebooks (3), llama-recipes FSDP full fine-tunes of
  // Llama-2-7B on 4 GPUs (2). The 6 the spec expresses: 16.1%, worst +40.4% (the FSDP rows, +27 and +40%);
  // 14 marked NOT EXPRESSIBLE (rotated boxes, SETR's heads, the resident vision towers). With --trace
  // (scripts/estimate-score.ts --trace, not run here) 7 rows trace (ELECTRA 5, the FSDP rows 2): 17.4%,
  // worst +40.4%; trace-else-analytic over all 20: 30.6%, worst -76.8%, 0/3/10.
  // Session 20 (94b05a2d) re-said 15 rows in keys built that session by engineers who had not read them, the
  // specs written before any per-row error was seen and measured once: mmrotate's rotated heads
  // (model.detector.head), SETR as model.segmenter, ELECTRA as family electra. 30.6% -> 24.9%, worst -76.8% ->
  // -76.6% (Oriented R-CNN fp16: the rotated heads move the five mmrotate rows by under 2 points), 0/3/10 -> 0/5/14;
  // SETR -40.8/-43.2/-32.9/-37.3/-44.4% -> -26.4/-24.7/-30.6/-12.4/-10.4%, ELECTRA by under 1.1 points.
  // NOT EXPRESSIBLE 14 -> 11 (SETR's one channels key and the naive decoder's conv count; ELECTRA's masked-LM
  // head under logits.sum(), now written on all five; the unsloth rows, no skip list stored). --trace: 7 traced
  // rows -> 2 (the trace does not build family electra), 17.4% -> 33.6%; trace-else-analytic 24.9%, -76.6%, 0/5/14.
  // Session 21 (estimate-express), a spec change only: model.segmenter's aux_channels and decode_convs say the three
  // SETR rows' remaining notes (decoder 512 beside auxiliary heads of 256; the naive decoder's two 1×1 convs): 24.9%
  // -> 19.7%, worst -76.6% unchanged, 0/5/14 -> 0/7/14; SETR naive ADE20K -26.4% -> -14.7%, PUP ADE20K -24.7% ->
  // -14.5%, naive Cityscapes -12.4% -> -7.2%. NOT EXPRESSIBLE 11 -> 8.
  // Session 25 (estimate-model): PEFT's fp32 adapters over a 16-bit model counted with fp32 weights, gradients and
  // states (gpu-states.ts trainedPrecision): 19.7% -> 21.6%, 0/7/14 -> 1/7/14 (unsloth's Magistral QLoRA +20.8 ->
  // +24.6%, Gemma 3 4B QLoRA -5.4 -> -4.9%, and the median row between them).
  // Session 27 (estimate-model): mmrotate's assigners counted (detector.ts assignerPairs: the two-stage detectors'
  // RPNs run mmdet's bbox_overlaps on the boxes made horizontal, rotated RetinaNet box_iou_rotated at 4 B a pair), at
  // the default 100 boxes an image: 21.6% -> 20.5%, worst -76.6% -> -64.6%, 1/7/14 unchanged; the five mmrotate rows
  // -18.5/-65.4/-76.6/-64.4/-75.2% -> -16.4/-55.0/-64.6/-54.3/-63.6%. Their specs leave max_objects at COCO's 100;
  // DOTA's split patches hold far more (at 650 boxes all five rows read -4.5 to +2.0%: not written here).
  assert.ok(median <= 0.205, summary);
  assert.ok(within(0.05) >= 1 && within(0.15) >= 7 && within(0.3) >= 14, summary);
});
