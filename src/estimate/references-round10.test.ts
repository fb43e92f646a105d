// Round 10 of the published measured peaks (test-helpers/published-measured-round10.ts), gathered held out
// by one engineer while another changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 9
// and ../shared/estimation. The round was measured once, by the lead, with the model frozen; that figure
// is pinned below.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round10Cases } from './test-helpers/published-measured-round10.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

const earlierCases = casesBefore(10);

// The documents each round-10 source comes from: none may be cited by rounds 1 to 9 or ../shared.
const round10Documents = ['modelscope/ms-swift examples/pytorch/llm/scripts'];

checkReferenceRound({
  name: 'round 10',
  cases: round10Cases,
  documents: round10Documents,
  earlierCases,
  minCases: 30,
  minDocuments: 1,
  isSpecUnique: true,
});

test('round 10, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round10Cases);
  // Measured once in session 12's second shift on 2026-11-27 with session 12's frozen model (0eb5e6e), the
  // same figure as the session-start model's: analytic 15.2%, worst +82.5%, 6/16/28 (--trace: 14.5%, worst
  // +82.5%, 6/19/29; the 32 expressible analytic cases: 14.6%, worst -42.9%). After that measurement the
  // model engineer corrected gatherer's assumptions from swift's own source (the file's "CORRECTED AFTER THE
  // ONE MEASUREMENT" note: the script as it was when each figure was written, the datasets' longest samples,
  // swift's DeepSpeed buckets), the model unchanged; what this pins is the corrected round with the same
  // model: analytic 14.3%, worst +81.8%, 5/18/28 (--trace: 14.1%, 5/18/29).
  assert.ok(median <= 0.144, summary);
  assert.ok(within(0.05) >= 5 && within(0.15) >= 18 && within(0.3) >= 28, summary);
});
