// Round 7 of the published measured peaks (test-helpers/published-measured-round7.ts), gathered held out
// by one engineer while another changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 6
// and ../shared/estimation.
// Measured ONCE by the lead, 2026-11-27 08:38 UTC, with the model frozen at d052b55 (analytic): 43 cases,
// median |error| 14.3%, worst -62.2% (ms-swift's Qwen2.5-3B LoRA notebook), 9 within 5%, 23 within 15%,
// 37 within 30%. The 34 the spec can say: 14.2% (8/19/30); the 9 it cannot: 15.9%. The model of the
// session's start (97a03e4) gives 16.3% (7/19/36) on all 43. The trace path (bench/estimate-trace-cases.ts)
// could trace 9 of them: median 10.8% against 6.1% for the analytic model on the same 9 — its LoRA rows
// come out +30 to +47% where the analytic ones are within 12%. Round 7 is now spent: the test below pins it.
// Issue #25's bar (median <= 5%, worst <= 15% on runs nobody fitted to) is not met.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round7Cases } from './test-helpers/published-measured-round7.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

const earlierCases = casesBefore(7);

// The documents each round-7 source comes from: none may be cited by rounds 1 to 6 or ../shared.
const swiftScripts = [
  'examples/train/tuners/llamapro/train.sh',
  'examples/notebook/qwen2_5-self-cognition/sft.sh',
  'examples/train/packing/dpo.sh',
  'examples/train/flash_attention_3/transformers.sh',
  'examples/megatron/lora/dense.sh',
  'examples/megatron/long_text.sh',
  'examples/megatron/rlhf/dpo/dense.sh',
  'examples/megatron/rlhf/dpo/packing.sh',
  'examples/megatron/rlhf/kto/dense.sh',
  'examples/megatron/fp8/benchmark.sh',
  'examples/train/embedding/qwen3/qwen3_emb.sh',
  'examples/train/rlhf/gkd/fast.sh',
  'examples/megatron/rlhf/dpo/group_by_length.sh',
  'examples/megatron/embedding/qwen3_emb.sh',
];
const peftResultFiles = [
  'ln_tuning--llama-3.2-3B-default.json',
  'prompt_tuning--llama-3.2-3B-default.json',
  'trainable_tokens--llama-3.2-3B-sos+eos.json',
];
const round7Documents = [
  ...swiftScripts.map((script) => `modelscope/ms-swift ${script} `),
  ...peftResultFiles.map((file) => `huggingface/peft method_comparison/MetaMathQA/results/${file} `),
  'pytorch/ao torchao/prototype/quantized_training/README.md',
  'pytorch/torchtitan torchtitan/components/quantization/nvfp4.md',
  'open-mmlab/mmaction2 configs/recognition/trn/README.md',
  'open-mmlab/mmaction2 configs/recognition/tin/README.md',
  'huggingface/trl examples/notebooks/sft_trl_lora_qlora.ipynb',
  'hpcaitech/ColossalAI examples/language/llama/README.md',
  'axolotl-ai-cloud/axolotl examples/llama-3/README.md',
  'deepspeedai/DeepSpeed blogs/muon-optimizer/README.md',
  'ljm565/universal-llm-trainer docs/gpu_test.md',
];

checkReferenceRound({
  name: 'round 7',
  cases: round7Cases,
  documents: round7Documents,
  earlierCases,
  minCases: 40,
  minDocuments: 15,
  isSpecUnique: true,
});

test('round 7, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round7Cases);
  // Session 10's model (FSDP1's sharded gradients under parameter offload): 14.3%, 9/23/38. Session 14:
  // the two torchtitan NVFP4-page BF16 rows say `loss: chunked_head` (their ChunkedLossWrapper runs the
  // LM head and loss a chunk at a time, no logits kept; they said torchtune's `chunked`): +24.2/+14.4% ->
  // +9.8/+3.1%, round 13.1%, 10/24/38. Session 19: the ms-swift Megatron Qwen3-14B row says its bf16 Adam moments
  // (training.optimizer_states_dtype: bf16, Megatron's precision-aware optimizer) and is no longer marked:
  // +15.9% -> +2.6%; round 13.1% -> 11.6%, 10/24/38 -> 11/25/38.
  assert.ok(median <= 0.117, summary);
  assert.ok(within(0.05) >= 11 && within(0.15) >= 25 && within(0.3) >= 38, summary);
});
