// Round 29 of the published measured peaks (test-helpers/published-measured-round29.ts), gathered held out by the
// lead in session 23 from torchtitan's pull-request descriptions (Llama 3 8B under FSDP2, eager, bf16 and float8;
// under the compiler toolkit with tensor parallelism). These tests check their shape and that they are new to
// rounds 1 to 28 and ../shared/estimation.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round29Cases, round29Documents } from './test-helpers/published-measured-round29.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 29',
  cases: round29Cases,
  documents: round29Documents,
  earlierCases: casesBefore(29),
  minCases: 4,
  minDocuments: 3,
});

test('round 29, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round29Cases);
  // Measured once on 2026-11-29 00:37 UTC by the lead (main f7e6bd82 plus these files; no estimate rule changed by
  // the lead after reading the rows): 4 rows, 15.1%, worst -43.4% (#812's eager float8: torchao's Float8Linear run
  // without compile keeps more than the spec's float8 says — the casts' outputs beside the bf16 inputs), 0/2/3 within
  // 5/15/30%. Eager bf16 (#1287) -6.8%; the compiler toolkit's two rows (NOT EXPRESSIBLE) -12.3% and -17.9%. With
  // --trace: 1 row traced (#1287), -7.4%; float8 and tensor parallelism are not traced; trace-else-analytic 15.1%.
  assert.ok(median <= 0.152, summary);
  assert.ok(within(0.15) >= 2 && within(0.3) >= 3, summary);
});
