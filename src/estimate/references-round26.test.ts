// Round 26 of the published measured peaks (test-helpers/published-measured-round26.ts), gathered held out
// by one engineer (language-model fine-tunes: full, LoRA, QLoRA, FSDP, ZeRO with sequence parallelism)
// while three others changed the model. These tests check their shape and that they are new to rounds 1 to
// 25 and ../shared/estimation, and pin the figure the lead measured once.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round26Cases, round26Documents } from './test-helpers/published-measured-round26.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 26',
  cases: round26Cases,
  documents: round26Documents,
  earlierCases: casesBefore(26),
  minCases: 13,
  minDocuments: 6,
  // Not every row its own spec: llama-recipes PR #41 reports one run's peak active and peak reserved (two
  // rows, one config), and the NOT EXPRESSIBLE rows say their run with the nearest spec the keys allow (FSDP's
  // all-gather rate limit off, outputs kept alive through backward), which another row of the same PR says too.
  isSpecUnique: false,
  // Round 26's Llama-2-7B LoRA under FSDP on 4 A100s (llama-recipes PR #41, peak active 20.20 GB) and round
  // 13's torchtune full fine-tune on one GPU (PR #961, 20.2 GB allocated) are different runs of the same model
  // whose figures round alike.
  coincidences: [
    [
      'llama-recipes-pr41-llama2-7b-lora-r8-qv-fsdp-pure-bf16-4xa100-40gb-bs4-seq2048-outputs-kept-active',
      'torchtune-pr961-llama2-7b-full-low-memory-bs4-seq2048-allocated',
    ],
  ],
});

test('round 26, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round26Cases);
  // Measured once on 2026-11-28 by the lead, never seen by session 20's model engineers: the session-start
  // model (12ae1450), the freeze (52bf4b05) and the last model (c503ffd0) give the same figure, row by row.
  // 13 rows from 6 documents: axolotl PR #602 (Open LLaMA 3B full, 8-bit LoRA, QLoRA; 3), PEFT's torchao
  // int8 notebooks (2), llama-recipes PR #41's peak-active figures (Llama-2-7B LoRA under FSDP on 4 A100s;
  // 3), DeepSpeed issue #5305 (GPT 6.7B at 32k tokens, Ulysses sp4 x dp2, ZeRO-2/3; 4), axolotl PR #3800
  // (fused LoRA kernels; 1). Gathered as 14; the PR's peak-reserved row (+1.1%) is round 5's and was dropped
  // after the measurement by the duplicate check below. The 13: 28.0%, worst +300.6% (fused LoRA kernels with
  // Liger's fused loss at 32k tokens), 3/4/7 within 5/15/30% (the 14 as measured: 25.1%, 4/5/8); the 4 the
  // spec expresses: 4.8%, worst +22.3% (QLoRA with paged AdamW); 9 marked NOT EXPRESSIBLE. With --trace (not
  // run here): 9 rows traced, 30.0%, worst +245.9%; trace-else-analytic 30.0%, 3/5/6.
  assert.ok(median <= 0.28, summary);
  assert.ok(within(0.05) >= 3 && within(0.15) >= 4 && within(0.3) >= 7, summary);
});
