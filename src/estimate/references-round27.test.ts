// Round 27 of the published measured peaks (test-helpers/published-measured-round27.ts), gathered held out
// by one engineer (any training run a user might bring: ViT, RoBERTa/BERT LoRA, ResNet-50 under torch.compile,
// StableLM LoRA, Qwen3 GRPO, Qwen3-32B under FSDP/TP, a diffusion robot policy) while two others changed the
// model and the trace. These tests check their shape and that they are new to rounds 1 to 26 and
// ../shared/estimation, and pin the figure the lead measured once.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round27Cases, round27Documents } from './test-helpers/published-measured-round27.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 27',
  cases: round27Cases,
  documents: round27Documents,
  earlierCases: casesBefore(27),
  minCases: 18,
  minDocuments: 8,
});

test('round 27, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round27Cases);
  // Measured once on 2026-11-28 by the lead, never seen by session 21's model engineers (estimate-express,
  // estimate-vision): the session-start model (f694519e) and the last model (844a819a) give the same figure,
  // row by row, analytic and traced. 18 rows from 8 documents: mmengine PR #1319 (mmpretrain ViT-L/16, 2),
  // PEFT issue #675 (RoBERTa-large full and LoRA, 2), PyTorch PR #108757 (torchvision ResNet-50 eager and
  // compiled, 3), PEFT issue #1469 (BERT-base LoRA allocated and reserved, 2), lit-gpt PR #275 (StableLM-3B
  // LoRA, 2), TRL's OpenEnv Wordle GRPO notebook (Qwen3-1.7B beside vLLM, 1), torchtitan PR #1690 (Qwen3-32B
  // under FSDP and TP, 4), lerobot PR #4274 (a diffusion policy's CLIP tower, 2). 12.8%, worst -90.1% (the
  // ResNet-50 rows: their spec says `optimizer: none`, which the schema defines as forward only, for a
  // forward and backward with no optimizer step, which it says is `sgd`), 2/10/13 within 5/15/30%; the 13 the
  // spec expresses: 12.2%; 5 marked NOT EXPRESSIBLE. With --trace (not run here): 9 rows traced, 12.2%,
  // worst -56.1%; trace-else-analytic 13.7%, 3/10/14.
  // Re-said after the measurement by the lead (a spec change only; ids, configs and figures unchanged): the
  // ResNet-50 rows with `optimizer: sgd` and named to torchvision's own model for --trace: 12.8% -> 11.6%,
  // worst +96.2% (the PR's own conv-bn-eval compiler pass, marked NOT EXPRESSIBLE), 2/10/13 -> 3/12/15; the 13
  // expressible 12.2% -> 9.1%, worst +35.9%. ResNet-50 eager +9.1% analytic, +9.8% traced with torchvision's
  // ResNet-50; compiled +3.5%, +4.1%. --trace: 12 rows 11.0%; trace-else-analytic 12.4%, 4/12/16.
  // Session 22 (estimate-express): the ViT-L row's first 10 of 24 checkpointed blocks said with
  // `checkpoint_layers: 10` (it was `checkpoint_every: 2` and NOT EXPRESSIBLE): -6.0% -> +2.6%; 11.6% (same),
  // 3/12/15 -> 4/12/15; the expressible rows 13 -> 14, 9.1% -> 8.0%.
  // Session 28 (estimate-r35): the two tensor-parallel rows say `loss: loss_parallel` (torch's loss_parallel(),
  // 16 B per logit of the shard, measured with real PyTorch 2.13): -12.7% -> -5.5% and -12.9% -> -5.7%; the
  // round 10.1% -> 7.1%, 5/13/15.
  assert.ok(median <= 0.072, summary);
  assert.ok(within(0.05) >= 5 && within(0.15) >= 13 && within(0.3) >= 15, summary);
});
