// model.quantization.skip_modules: the linears a checkpoint keeps in 16 bits (bitsandbytes' llm_int8_skip_modules,
// as Unsloth's dynamic 4-bit checkpoints list them). Which modules a pattern takes is checked against transformers
// 5.18's own should_convert_module over the same module names; what they cost is 16-bit weights instead of NF4.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { cpuBounded, hangBackstopMs } from '../test-helpers/cpu-limit.js';
import { frameworksPython, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import { isSkipMatch, quantizedBytesPerParam } from './quantization.js';

const spec = (yaml: string) => parseEstimateSpec(yaml, 'qlora.yaml');
// Qwen3-14B's shape (unsloth/Qwen3-14B-unsloth-bnb-4bit): 40 layers, 5120 wide, 40 heads of 128, 8 KV heads.
const qwen3 =
  'family: llama, layers: 40, hidden: 5120, heads: 40, kv_heads: 8, head_dim: 128, vocab: 151936, ffn: 17408, tied_embeddings: false, seq_len: 1024';
const qlora = (skip: string) =>
  `model:\n  transformer: { ${qwen3} }\n  lora: { rank: 16, targets: [q, k, v, o, gate, up, down] }\n  quantization: { weights: nf4, double_quant: true, compute_dtype: bf16${skip} }\ntraining: { precision: bf16, optimizer: adam8bit, batch_size: 2, activation_checkpointing: full }`;
const weights = (yaml: string) =>
  estimate(spec(yaml)).gpu.components.find((part) => part.name === 'weights')?.bytes ?? 0;

test('skipped linears are held in 16 bits instead of NF4; names the spec does not model are noted', () => {
  const skip =
    ", skip_modules: ['model.layers.0.mlp', 'model.layers.3.self_attn.o_proj', 'vision_tower', 'lm_head']";
  const nf4 = quantizedBytesPerParam('nf4', true, 64);
  // Layer 0's MLP (gate, up, down: 3 × 5120 × 17408) and layer 3's o_proj (5120 × 5120) in bf16.
  const skipped = 3 * 5120 * 17408 + 5120 * 5120;
  const more = weights(qlora(skip)) - weights(qlora(''));
  assert.ok(Math.abs(more - skipped * (2 - nf4)) < 1024, `${more} vs ${skipped * (2 - nf4)}`);
  const notes = estimate(spec(qlora(skip))).notes;
  assert.ok(
    notes.some((note) => note.includes('vision_tower') && !note.includes('lm_head,')),
    notes.join('\n'),
  );
});

test("which modules a pattern keeps is transformers 5.18's should_convert_module", (t) => {
  const skip = skipUnlessFrameworks('transformers');
  if (skip) return t.skip(skip);
  const names = Array.from({ length: 24 }, (_, layer) =>
    ['self_attn.q_proj', 'self_attn.o_proj', 'mlp.gate_proj', 'mlp.down_proj'].map(
      (module) => `model.layers.${layer}.${module}`,
    ),
  ).flat();
  const patterns = [
    ['model.layers.1'],
    ['model.layers.2.mlp', 'o_proj'],
    ['mlp.down_proj', 'lm_head'],
    ['model.layers.1.'],
  ];
  const python = `
import json, sys
from transformers.quantizers.quantizers_utils import should_convert_module
names, patterns = json.loads(sys.argv[1]), json.loads(sys.argv[2])
print(json.dumps([[n for n in names if not should_convert_module(n, p)] for p in patterns]))
`;
  const run = spawnSync(
    ...cpuBounded(60, frameworksPython() as string, [
      '-c',
      python,
      JSON.stringify(names),
      JSON.stringify(patterns),
    ]),
    { encoding: 'utf8', timeout: hangBackstopMs },
  );
  assert.equal(run.status, 0, run.stderr);
  const kept = JSON.parse(run.stdout.trim()) as string[][];
  patterns.forEach((set, i) => {
    const ours = names.filter((name) => set.some((pattern) => isSkipMatch(pattern, name)));
    assert.deepEqual(ours, kept[i], set.join(', '));
  });
});

test('a skip_modules layer beyond the model, or skip_modules without a transformer, is a located error', () => {
  assert.throws(
    () => spec(qlora(", skip_modules: ['model.layers.0.mlp', 'model.layers.40.mlp']")),
    /qlora\.yaml:4:\d+: model\.quantization\.skip_modules\[1\]: names layer 40, but the model has 40 layers \(0 to 39\)/,
  );
  assert.throws(
    () =>
      spec("model:\n  params: 7B\n  quantization: { weights: nf4, skip_modules: ['model.layers.0.mlp'] }"),
    /model\.quantization\.skip_modules: needs model\.transformer/,
  );
});

test('unquantized_params keeps part of a params-only model in 16 bits; with a transformer, or over params, a located error', () => {
  // bitsandbytes replaces nn.Linear layers only: what the count leaves out stays in the unquantized dtype.
  const weightsOf = (extra: string) =>
    weights(
      `model:\n  params: 8B\n  trainable: 20M\n  quantization: { weights: nf4, double_quant: true, compute_dtype: fp16${extra} }\ntraining: { precision: fp16, optimizer: adamw, batch_size: 1 }`,
    );
  const nf4 = quantizedBytesPerParam('nf4', true, 64);
  const all = weightsOf('');
  const kept = weightsOf(', unquantized_params: 3B');
  assert.equal(Math.round(kept - all), Math.round(3e9 * (2 - nf4)));
  assert.throws(
    () =>
      spec(
        `model:\n  transformer: { family: llama, layers: 2, hidden: 64, heads: 2, vocab: 100, seq_len: 16 }\n  quantization: { weights: nf4, unquantized_params: 1M }`,
      ),
    /qlora\.yaml:3:\d+: model\.quantization\.unquantized_params: is for a params-only model/,
  );
  assert.throws(
    () => spec('model:\n  params: 7B\n  quantization: { weights: nf4, unquantized_params: 8B }'),
    /qlora\.yaml:3:\d+: model\.quantization\.unquantized_params: is 8000000000, more than model\.params/,
  );
});
