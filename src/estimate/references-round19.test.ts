// Round 19 of the published measured peaks (test-helpers/published-measured-round19.ts), gathered held out
// by one engineer while two others changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 18
// and ../shared/estimation, and pin the figure the lead measured once.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round19Cases, round19Documents } from './test-helpers/published-measured-round19.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 19',
  cases: round19Cases,
  documents: round19Documents,
  earlierCases: casesBefore(19),
  minCases: 18,
  minDocuments: 4,
  isSpecUnique: true,
});

test('round 19: no row says what the spec cannot express (FSDP with the whole model as one unit: fsdp_wrap model)', () => {
  // One when gathered; session 19's parallel.fsdp_wrap: model says it.
  const marked = round19Cases.filter((c) => /NOT EXPRESSIBLE/.test(c.config)).map((c) => c.id);
  assert.deepEqual(marked, []);
});

test('round 19, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round19Cases);
  // Measured once on 2026-11-28 by the lead, never seen by session 17's model engineers (estimate-model,
  // estimate-express): the session-start model (9f6bc30) and the frozen model (10e678b) give the same
  // figure, row by row. 18 rows from four documents of one author (torchvision ViT-B/16 and ViT-L/16
  // fine-tunes in five precisions, ViT-B/16 compiled, under DDP and under FSDP; DistilBERT in five
  // precisions), every figure torch.cuda.max_memory_reserved() / 1e9 as each script prints it. All 18:
  // 13.7%, worst -43.4% (the FSDP row the spec cannot express), 0/10/16 within 5/15/30%; the 17 the spec
  // expresses: 12.6%, worst -30.5% (ViT-B/16 under DDP on 4 GPUs), 0/10/16. The round is now spent.
  // Second shift (estimate-r19), after the round was spent: every script calls optimizer.zero_grad()
  // between the forward and backward, so the specs say `zero_grad: after_forward` (the last step's
  // gradients live through the forward, not beside a layer's backward): all 18 at 8.5%, worst -43.1%
  // (the FSDP row), 3/13/17 within 5/15/30% — measured so, and pinned at that. Session 19: the FSDP row made
  // expressible (parallel.fsdp_wrap: model, the whole model one unit gathered through backward): -43.1% ->
  // -25.3%; 8.5%, 3/13/17 -> 3/13/18.
  assert.ok(median <= 0.085, summary);
  assert.ok(within(0.05) >= 3 && within(0.15) >= 13 && within(0.3) >= 18, summary);
});
