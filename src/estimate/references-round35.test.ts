// Round 35 of the published measured peaks (test-helpers/published-measured-round35.ts), gathered held out by one
// engineer in session 28 (seed 35's draw over 2023-2026 documents, at most 2 rows from each harness rounds 32 to 34
// leaned on) while others changed the model. These tests check their shape and that they are new to rounds 1 to 34
// and ../shared/estimation; the lead measured the round once and pins its figure here.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round35Cases, round35Documents } from './test-helpers/published-measured-round35.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 35',
  cases: round35Cases,
  documents: round35Documents,
  earlierCases: casesBefore(35),
  minCases: 12,
  minDocuments: 12,
});

test('round 35, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round35Cases);
  // Measured once on 2026-11-29 by the lead at the session's start (80da9acf), 13 rows: 15.2% median, 2/6/8 within
  // 5/15/30%, worst -72.4% (torchtitan's 2-layer debug model under tensor parallel 2). One row (ultralytics issue
  // #3075) turned out to be round 31's under another id and was dropped: 12 rows, 15.1%, 2/6/8. 3 rows are NOT
  // EXPRESSIBLE as written (a YOLOv10m, a packed multimodal DPO, a Gemma 4 audio QLoRA): 28.8%; the 9 expressible:
  // 12.7%. --trace: 6 rows, 6.3% (3/5/6); trace-else-analytic 12.5% on the 13 rows, 10.1% (4/7/9) on the 12.
  // After the session's model changes (estimate-r35: torch's loss_parallel cross-entropy and its logits kept, a
  // compiled loss, Megatron's LM-head gradient placeholder; 20086ce5 .. a18d59ab): 15.1%, 4/6/10, worst -63.2%
  // (the Gemma 4 audio row); the debug model -72.4% -> -16.6%, the DeepSeek-V3 16B EP8 +57.0% -> +15.8%. --trace:
  // 6.3% (3/6/6, the DeepSeek row +16.0% -> +14.8%); trace-else-analytic 10.1% (5/8/10).
  assert.ok(median <= 0.152, summary);
  assert.ok(within(0.05) >= 4 && within(0.15) >= 6 && within(0.3) >= 10, summary);
});
