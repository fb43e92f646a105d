// Mixture-of-experts keys: a shared expert beside the routed ones (model.transformer.shared_ffn) and expert
// parallelism (parallel.expert), each against the modules and the source it rests on.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { estimate } from './estimate.js';
import { buildTransformerShape } from './families.js';
import { countParams } from './inventory.js';
import { loadEstimateSpec } from './io/read-spec.js';
import { layerBytes } from './layer-activations.js';
import { parseEstimateSpec } from './load.js';

const spec = (yaml: string) => parseEstimateSpec(yaml, 'moe.yaml');
const moe = {
  family: 'llama',
  layers: 2,
  hidden: 512,
  heads: 8,
  seqLen: 64,
  ffn: 256,
  experts: 8,
  expertsPerToken: 2,
} as const;

test('a shared expert adds one gated MLP of shared_ffn per layer: its weights and, per token, its four values', () => {
  const routed = buildTransformerShape(moe);
  const shared = buildTransformerShape({ ...moe, sharedFfn: 1024 });
  assert.equal(countParams(shared) - countParams(routed), 2 * 3 * 512 * 1024, 'gate, up and down per layer');
  const ctx = (shape: typeof routed) => ({
    shape,
    precision: 'bf16' as const,
    batch: 1,
    isTrainingNorms: true,
    tensorParallel: 1,
  });
  const perToken = (shape: typeof routed) => layerBytes(ctx(shape), { tokens: 1, isSelective: false });
  // bf16 without autocast: gate output, SiLU output, up output and their product, 2 B each, and its input,
  // the normed hidden state its gate and up keep (the routed experts keep gathered copies of their own).
  assert.equal(perToken(shared) - perToken(routed), 4 * 2 * 1024 + 2 * 512);
});

test('a Qwen2-MoE config.json gives its routed and shared experts', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'moe-'));
  // Qwen/Qwen1.5-MoE-A2.7B config.json (the fields the count reads).
  writeFileSync(
    path.join(dir, 'config.json'),
    JSON.stringify({
      model_type: 'qwen2_moe',
      hidden_size: 2048,
      intermediate_size: 5632,
      moe_intermediate_size: 1408,
      shared_expert_intermediate_size: 5632,
      num_hidden_layers: 24,
      num_attention_heads: 16,
      num_key_value_heads: 16,
      num_experts: 60,
      num_experts_per_tok: 4,
      vocab_size: 151936,
      tie_word_embeddings: false,
    }),
  );
  const loaded = await loadEstimateSpec(undefined, {
    values: { model: { config: path.join(dir, 'config.json'), transformer: { seq_len: 512 } } },
    flagByPath: { 'model.config': '--model-config' },
  });
  const shape = loaded.model.transformer;
  assert.ok(shape);
  assert.deepEqual([shape.experts, shape.expertsPerToken, shape.ffn, shape.sharedFfn], [60, 4, 1408, 5632]);
  // transformers 5.18 Qwen2MoeForCausalLM on the meta device counts 14,315,784,192: these plus each layer's
  // shared_expert_gate (2048 → 1), left out (24 × 2048).
  assert.equal(countParams(shape), 14_315_784_192 - 24 * 2048);
});

test('expert parallelism gathers a layer without the other ranks’ experts; it needs experts and FSDP', () => {
  const yaml = (ep: string) =>
    `model:\n  transformer: { family: llama, layers: 2, hidden: 512, heads: 8, ffn: 256, experts: 8, experts_per_token: 2, seq_len: 64, vocab: 1000 }\ntraining: { precision: mixed_bf16, batch_size: 1 }\nparallel: { gpus: 4, strategy: fsdp_full, fsdp_version: 2${ep} }`;
  const gathered = (ep: string) =>
    estimate(spec(yaml(ep))).gpu.components.find((c) => c.name === 'gathered parameters')?.bytes ?? 0;
  // Each unit: the routed experts 8 × 3 × 512 × 256; under EP 4 a rank gathers 2 of them. Two units
  // (the one computing and the one prefetched), 2 B each.
  const expertBytes = 2 * 2 * 8 * 3 * 512 * 256;
  assert.equal(gathered('') - gathered(', expert: 4'), expertBytes * (1 - 1 / 4));
  assert.throws(() => spec(yaml(', expert: 3')), /parallel\.expert.*3 does not divide the 4 GPUs/s);
  assert.throws(
    () => spec(yaml(', expert: 4').replace('strategy: fsdp_full, fsdp_version: 2', 'strategy: ddp')),
    /parallel\.expert.*fsdp_full or fsdp_grad_op/s,
  );
  assert.throws(
    () => spec(yaml(', expert: 2').replace('experts: 8, experts_per_token: 2, ', '')),
    /parallel\.expert.*needs a mixture of experts/s,
  );
  assert.throws(
    () => spec(yaml('').replace('experts: 8, experts_per_token: 2', 'shared_ffn: 64')),
    /shared_ffn.*needs experts/s,
  );
});
