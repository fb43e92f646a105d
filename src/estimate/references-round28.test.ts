// Round 28 of the published measured peaks (test-helpers/published-measured-round28.ts), gathered held out
// by one engineer in session 23 (any training run a user might bring) while others changed the model and the
// trace. These tests check their shape and that they are new to rounds 1 to 27 and ../shared/estimation; the
// lead measures the round once and pins its figure here.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round28Cases, round28Documents } from './test-helpers/published-measured-round28.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 28',
  cases: round28Cases,
  documents: round28Documents,
  earlierCases: casesBefore(28),
  minCases: 20,
  minDocuments: 8,
});

test('round 28, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round28Cases);
  // Measured once on 2026-11-29 02:10 UTC by the lead, after the session's last model change (main 7996a04f: the
  // detector's anchor assigner), and at the session's start (ad1b6c9e). 23 rows: 35.8% median (41.3% at the start:
  // only MaskTrack R-CNN moved, -45.8/-44.0/-41.3% -> -33.0/-34.9/-35.8%), worst +500.4% (prime-rl's four adapter
  // slots, NOT EXPRESSIBLE), 2/6/9 within 5/15/30%. The 12 expressible rows: 14.2% median, worst -60.1%
  // (torchtitan #165's FSDP 4 x sequence-parallel 2 with full AC), 2/6/9. torchtitan #822's three reshard
  // policies -8.8, -8.5, -2.7%; #165 +11.7, -24.2, +28.1 (compiled no-AC), -60.1%; PEFT #3157 +38.6%; AutoBatch
  // YOLOv8s -40.8, -16.6%, YOLOv5s +3.6, -9.8%. NOT EXPRESSIBLE: Flux -61.7, -61.7, -55.5%; Whisper -62.8%;
  // MaskTrack above; prime-rl +268.9, +500.4, +49.1, +120.2%. --trace: 6 rows traced, 10.7% (analytic on the same
  // 6: 10.2%); 5 compiled and 1 tensor-parallel row not traced.
  // Session 29 (estimate-r37): the prime-rl rows say loss fused (FusedOutputLinear keeps no tokens × vocab tensor):
  // +268.9/+500.4/+49.1/+120.2% -> +22.3/+57.1/+12.4/+38.7%; 33.0%, 2/7/11.
  assert.ok(median <= 0.331, summary);
  assert.ok(within(0.05) >= 2 && within(0.15) >= 7 && within(0.3) >= 11, summary);
});
