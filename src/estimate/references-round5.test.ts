// Round 5 of the published measured peaks (test-helpers/published-measured-round5.ts), gathered held out
// by one engineer while another changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 4
// and ../shared/estimation. Nothing here scores the model: round 5 stays held out until the lead's one
// measurement, which then adds its accuracy test here as round 4's file has.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { publishedCases } from './test-helpers/published-measured.js';
import { round2Cases } from './test-helpers/published-measured-round2.js';
import { round3Cases } from './test-helpers/published-measured-round3.js';
import { round4Cases } from './test-helpers/published-measured-round4.js';
import { round5Cases } from './test-helpers/published-measured-round5.js';
import { checkReferenceRound } from './test-helpers/reference-round-checks.js';

const earlierCases = [...publishedCases, ...round2Cases, ...round3Cases, ...round4Cases];

// The documents each round-5 source comes from: none may be cited by rounds 1 to 4 or ../shared.
const axolotlExamples = [
  'apertus',
  'devstral',
  'magistral',
  'magistral/think',
  'ministral',
  'olmo3',
  'plano',
  'seed-oss',
];
const swiftScripts = [
  'packing/llm.sh',
  'lora_sft.sh',
  'qlora/bnb/train.sh',
  'full/train.sh',
  'streaming/lazy_tokenize.sh',
  'multi-gpu/deepspeed/train_zero2.sh',
  'multi-gpu/deepspeed/train_zero3.sh',
  'multi-gpu/ddp/train.sh',
  'multi-gpu/fsdp2_lora/train.sh',
  'think_model/deepseek_r1.sh',
  'agent/qwen2_5.sh',
  'rlhf/dpo/lora.sh',
  'seq_cls/regression/sft.sh',
];
const round5Documents = [
  ...axolotlExamples.map((dir) => `axolotl-ai-cloud/axolotl examples/${dir}/README.md`),
  'phlippe/uvadlc_notebooks docs/tutorial_notebooks/scaling/JAX/single_gpu_transformer.ipynb',
  'open-mmlab/mmaction2 configs/recognition/tsn/README.md',
  'open-mmlab/mmaction2 configs/recognition/tsm/README.md',
  ...swiftScripts.map((script) => `modelscope/ms-swift examples/train/${script} `),
  'modelscope/ms-swift docs/source_en/BestPractices/Qwen3-Best-Practice.md',
  'Lightning-AI/litgpt tutorials/quantize.md',
  'Lightning-AI/litgpt tutorials/prepare_dataset.md',
  'deepspeedai/DeepSpeedExamples training/imagenet/README.md',
  'meta-llama/llama-recipes pull request #41',
  'open-mmlab/mmsegmentation configs/segmenter/README.md',
  'huggingface/peft README.md',
  'philschmid/deep-learning-pytorch-huggingface training/fsdp-qlora-distributed-llama3.ipynb',
];

checkReferenceRound({
  name: 'round 5',
  cases: round5Cases,
  documents: round5Documents,
  earlierCases,
  minCases: 40,
});

test('round 5: no two round-5 cases share a spec', () => {
  const specs = round5Cases.map((c) => c.spec);
  assert.equal(new Set(specs).size, specs.length);
});

test('round 5: every document gives at least one case, and at least 10 documents', () => {
  assert.ok(round5Documents.length >= 10, `${round5Documents.length} documents`);
  for (const document of round5Documents)
    assert.ok(
      round5Cases.some((c) => c.source.includes(document)),
      `${document} gives no case`,
    );
});
