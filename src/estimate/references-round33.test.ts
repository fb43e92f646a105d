// Round 33 of the published measured peaks (test-helpers/published-measured-round33.ts), gathered held out by one
// engineer in session 26 (seed 33's draw over 2023-2026 documents, at most 2 rows from each of the four harnesses
// rounds 31 and 32 leaned on) while others changed the model and the trace. These tests check their shape and that
// they are new to rounds 1 to 32 and ../shared/estimation; the lead measured the round once and pins its figure here.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round33Cases, round33Documents } from './test-helpers/published-measured-round33.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 33',
  cases: round33Cases,
  documents: round33Documents,
  earlierCases: casesBefore(33),
  minCases: 13,
  minDocuments: 13,
});

test('round 33, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round33Cases);
  // Measured once on 2026-11-29 10:50 UTC by the lead, after the session's last model and trace change (main
  // d09cd562), and at the session's start (68e65310). 13 rows: 9.2% median at both, signed median -9.2%, worst
  // -78.2% (verl's GRPO on Seed-OSS-36B with vLLM colocated in the trainer's process, written NOT EXPRESSIBLE by
  // its gatherer before the session's `inference:` key landed), 4/10/12 within 5/15/30% at both. 3 rows are NOT
  // EXPRESSIBLE as written (DeepSeek-V3's MLA under HybridEP and CUDA graphs; DeepSpeed-Chat's PPO with critic,
  // reward model and EMA; verl with vLLM colocated). The 10 expressible: 8.9%, worst -20.8% (mmseg PSPNet on T4,
  // crop 64 padded to 256), 3/9 within 5/15%. --trace: 10 rows, 10.8% median at d09cd562 (12.7% at the start),
  // 2/7/9 within 5/15/30% (3/7/9); trace-else-analytic 12.2% (13.2%).
  // Session 27 (estimate-express, spec only): verl's colocated vLLM said (inference, sleep mode) -78.2 -> -16.0%, the
  // DeepSeek-V3 debug model's latent attention said (model.transformer.mla) -3.0 -> +3.7%: 9.2% median, worst -28.7%
  // (DeepSpeed-Chat's PPO), 4/10/13 within 5/15/30%.
  // Then model.critic (DeepSpeed-Chat's OPT-350m critic) with the EMA and reward copies as tensors: -28.7% ->
  // -9.5%; 9.2% median, worst -20.8% (the T4 PSPNet), 4/11/13.
  // cudnn_benchmark's workspace on the two mmseg PSPNet rows (cudnn-benchmark.ts): 9.2% -> 8.6%, 4/11 -> 5/12 within 5/15%.
  assert.ok(median <= 0.086, summary);
  assert.ok(within(0.05) >= 5 && within(0.15) >= 12 && within(0.3) >= 13, summary);
});
