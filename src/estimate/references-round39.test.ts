// Round 39 of the published measured peaks (test-helpers/published-measured-round39.ts), gathered held out by one
// engineer in session 30 (seed 39's draw over 2022-2026 documents, none of round 38's sources), on a branch kept off
// main while another changed the model. These tests check their shape and that they are new to rounds 1 to 38 and
// ../shared/estimation; the lead measured the round once and pins its figure here.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round39Cases, round39Documents } from './test-helpers/published-measured-round39.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 39',
  cases: round39Cases,
  documents: round39Documents,
  earlierCases: casesBefore(39),
  minCases: 14,
  minDocuments: 6,
});

test('round 39, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round39Cases);
  // Measured once on 2026-11-29 by the lead at the session's round start (38c36e44), 14 rows: 4.8% median, 8/10/13
  // within 5/15/30%, worst -41.6% (Llama-2-7B with 8-bit weights and LoRA on one RTX 3090, seq 4096 packed): the
  // median under the 5%, the worst not under its 15%. 1 row NOT EXPRESSIBLE (OpenVLA-7B's fused vision
  // towers): -21.4%; the 13 expressible: 4.8% (8/10/12). Half the rows come from two capped sources (4 cells of
  // mmseg's DeepLabV3+ model zoo, +2.2..+4.8%; 4 runs of a llama-recipes scaling study). --trace: 5 rows, 9.8%
  // (0/3/4); trace-else-analytic 6.5%. After the round's model changes (see round 38): the same row by row.
  assert.ok(median <= 0.048, summary);
  assert.ok(within(0.05) >= 8 && within(0.15) >= 10 && within(0.3) >= 13, summary);
});
