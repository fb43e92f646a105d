// Round 2 of the published measured peaks (test-helpers/published-measured-round2.ts): all held out.
// This test checks their shape only — each names its source, what was measured, its config, and a
// spec that parses — and that they are new. It never estimates them: their errors are computed once,
// at the final measurement, and by nobody before.
// Measured once, 2026-11-26 18:28 UTC, analytic model frozen at 124b761 (issue #25 round 2): 47 cases,
// median |error| 5.7%, worst +261.1% (torchtitan Llama 3.1 70B, FSDP 32 x TP 8); 22 within 5%, 31
// within 15%. The largest misses are tensor/pipeline-parallel torchtitan rows, ZeRO-3 LoRA on 8 GPUs,
// FSDP ViT (with and without offload), ZeRO-2 fp16 DistilBERT and an Unsloth QLoRA run. They are spent
// as a held-out part now; the next model change against them needs a fresh round.
// After the TP/PP/ZeRO-3 work on them (estimate-model, 2026-11-26 20:50 UTC; `npm run bench --
// estimate-accuracy -- --skip-trace`, group "round 2"; fitted now, so not a held-out figure): median 6.3%,
// worst -42.8% (rasbt ViT-L FSDP 4 with CPU offload); 20 within 5%, 34 within 15%. Per row, before → after:
// torchtitan 70B FSDP 32 × TP 8 +261.1% → +12.1% (sequence parallel splits the checkpointed inputs);
// 405B FSDP 8 × TP 8 × PP 8 +123.4% → +5.2% (TP/SP, and the stage kept gathered with unsharded fp32
// gradients under pipelining); peft 70B LoRA ZeRO-3 8 GPUs +48.0% → +11.1% (DeepSpeed runs the forward in
// bf16, no autocast); DistilBERT ZeRO-2 fp16 +38.0% → +13.9% (same); peft 70B QLoRA ZeRO-3 2 GPUs +12.3%
// → -9.6%, QLoRA FSDP 2 GPUs +2.2% → -8.7%, with offload -2.8% → -19.9% (units gathered in their packed
// 4 bits, block scales whole on every GPU, only adapter gradients bucketed: right by mechanism, and what
// was offsetting a part still missing there); every other row unchanged. Largest left: rasbt ViT-L FSDP (-34%, -43%), Unsloth
// TinyLlama QLoRA (+33%), DistilBERT FSDP offload (-24%), torchtitan 8B FSDP 128 compiled Float8 (+20%),
// DeiT baselines (-17%), rasbt ViT bf16-true small batches (-18%, -19%), torchtitan CP rows (+16%).
// After round 3's work (2026-11-26 23:00 UTC: the loss and a layer's backward as two moments, the LM
// head's FSDP unit gathered through the loss): median 5.4%, worst -42.8% (the same row), 23 within 5%,
// 36 within 15%.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { publishedCases } from './test-helpers/published-measured.js';
import { round2Cases } from './test-helpers/published-measured-round2.js';
import { specOf } from './test-helpers/references.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const sharedEstimation = path.resolve(here, '../../..', 'shared', 'estimation');

// The documents each round-2 source comes from: none may be cited by round 1 or ../shared/estimation.
const round2Documents = [
  'pytorch-memory-optim',
  'method_comparison/MetaMathQA',
  'docs/source/accelerate/deepspeed.md',
  'docs/source/accelerate/fsdp.md',
  'llama3_h100_202412_torchtitan.md',
  'tutorials/lora_finetune.rst',
  'tutorials/llama3.rst',
  'llm_tutorial_optimization',
  'perf_train_gpu_one',
  'ziplab/Mesa',
  'unslothai/notebooks',
];

test('round 2: at least 15 cases, ids unique and distinct from round 1', () => {
  assert.ok(round2Cases.length >= 15, `${round2Cases.length} cases`);
  const ids = round2Cases.map((c) => c.id);
  assert.equal(new Set(ids).size, ids.length, 'ids are unique');
  const round1 = new Set(publishedCases.map((c) => c.id));
  for (const id of ids) assert.ok(!round1.has(id), `${id} is a round-1 id`);
});

test('round 2: every case names its source, what was measured, a unit, a figure and its config', () => {
  for (const c of round2Cases) {
    assert.ok(c.source.length > 20, `${c.id}: source`);
    assert.ok(
      round2Documents.some((document) => c.source.includes(document)),
      `${c.id}: source names one of the round-2 documents`,
    );
    assert.ok(c.config.length > 40, `${c.id}: config`);
    assert.ok(['allocated', 'reserved', 'device total'].includes(c.what), `${c.id}: what`);
    assert.ok(c.unit === 'GB' || c.unit === 'GiB', `${c.id}: unit`);
    assert.ok(Number.isFinite(c.measured) && c.measured > 0 && c.measured < 200, `${c.id}: ${c.measured}`);
    assert.equal(c.excluded, undefined, `${c.id}: every round-2 case is scored at the final measurement`);
  }
});

test('round 2: every spec parses as an estimate spec with a model and a batch', () => {
  for (const c of round2Cases) {
    const spec = specOf(c.spec);
    assert.ok(spec.model.params !== undefined || spec.model.transformer !== undefined, `${c.id}: model`);
    assert.ok(spec.model.transformer, `${c.id}: every round-2 case has a transformer shape`);
    assert.ok(spec.training.batchSize.text.length > 0, `${c.id}: batch`);
  }
});

test('round 2: no source document is cited by round 1', () => {
  const round1Text = JSON.stringify(publishedCases);
  for (const document of round2Documents)
    assert.ok(!round1Text.includes(document), `${document} is cited in round 1`);
});

test('round 2: ../shared/estimation cites none of the new documents (perf_train_gpu_one: only its vanilla run)', {
  skip: existsSync(sharedEstimation) ? false : `needs ${sharedEstimation} (absent in a bare clone)`,
}, () => {
  const shared = ['references.json', 'references.md']
    .map((name) => path.join(sharedEstimation, name))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  for (const document of round2Documents.filter((d) => d !== 'perf_train_gpu_one'))
    assert.ok(!shared.includes(document), `${document} is already in ../shared/estimation`);
  // The shared references take the vanilla run, the context and the loaded weights from this page;
  // round 2 takes its eight other runs, whose figures the shared file does not hold.
  const page = round2Cases.filter((c) => c.source.includes('perf_train_gpu_one'));
  assert.equal(page.length, 8);
  for (const c of page) {
    const mib = String(Math.round(c.measured * 1024));
    assert.ok(
      !new RegExp(`"[^"]*MiB[^"]*":\\s*${mib}\\b`).test(shared),
      `${c.id}: ${mib} MiB already shared`,
    );
  }
});
