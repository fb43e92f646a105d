// The config.json a spec's model.transformer stands for: read back by hf-config.ts, it gives the same
// shape (the round trip over the example configs of each family the trace builds), and the shapes the
// trace cannot build are refused with the reason.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildTransformerShape } from './families.js';
import { readHfConfig } from './hf-config.js';
import { hfConfigOfShape } from './hf-config-of-shape.js';
import { parseEstimateSpec } from './load.js';
import type { TransformerShape } from './types.js';

const models = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../examples/models');

function shapeOf(config: Record<string, unknown>, seqLen: number): TransformerShape {
  const read = readHfConfig(config);
  assert.deepEqual(read.issues, []);
  const { fields } = read;
  return buildTransformerShape({
    ...fields,
    seqLen: fields.seqLen ?? seqLen,
    layers: fields.layers!,
    hidden: fields.hidden!,
    heads: fields.heads!,
  });
}

for (const [file, modelType] of [
  ['llama-2-7b.json', 'llama'],
  ['llama-3-8b.json', 'llama'],
  ['mistral-7b-v0.1.json', 'llama'],
  ['gemma-7b.json', 'llama'],
  ['qwen2-7b.json', 'qwen2'],
  ['gpt2.json', 'gpt2'],
  ['pythia-1b.json', 'gpt_neox'],
  ['vit-base-patch16-224.json', 'vit'],
  ['bert-large-uncased.json', 'bert'],
  ['t5-base.json', 't5'],
] as const) {
  test(`${file}: the shape's config.json reads back as the same shape (${modelType})`, () => {
    const shape = shapeOf(JSON.parse(readFileSync(path.join(models, file), 'utf8')), 512);
    const derived = hfConfigOfShape(shape);
    assert.ok('config' in derived, JSON.stringify(derived));
    assert.equal(derived.modelType, modelType);
    assert.deepEqual(shapeOf(derived.config, 512), shape);
  });
}

test('a Mixtral shape keeps its experts; a classifier ViT its labels', () => {
  const mixtral = shapeOf(
    {
      model_type: 'mixtral',
      hidden_size: 4096,
      intermediate_size: 14336,
      num_hidden_layers: 32,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      vocab_size: 32000,
      num_local_experts: 8,
      num_experts_per_tok: 2,
    },
    1024,
  );
  const derived = hfConfigOfShape(mixtral);
  assert.ok('config' in derived);
  assert.equal(derived.modelType, 'mixtral');
  assert.deepEqual(shapeOf(derived.config, 1024), mixtral);
  const vit = shapeOf(
    {
      model_type: 'vit',
      architectures: ['ViTForImageClassification'],
      hidden_size: 1024,
      intermediate_size: 4096,
      num_hidden_layers: 24,
      num_attention_heads: 16,
      image_size: 384,
      patch_size: 16,
      id2label: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i), `c${i}`])),
    },
    0,
  );
  const derivedVit = hfConfigOfShape(vit);
  assert.ok('config' in derivedVit);
  assert.equal(derivedVit.config.image_size, 384);
  assert.equal(derivedVit.config.num_labels, 10);
});

test('a BERT classifier keeps its labels; a bare BERT encoder and a GPT without its head are refused, saying why', () => {
  const classifier = shapeOf(
    {
      model_type: 'bert',
      architectures: ['BertForSequenceClassification'],
      hidden_size: 768,
      intermediate_size: 3072,
      num_hidden_layers: 12,
      num_attention_heads: 12,
      vocab_size: 30522,
      num_labels: 2,
    },
    512,
  );
  const derivedClassifier = hfConfigOfShape(classifier);
  assert.ok('config' in derivedClassifier);
  assert.deepEqual(derivedClassifier.config.architectures, ['BertForSequenceClassification']);
  assert.deepEqual(shapeOf(derivedClassifier.config, 512), classifier);
  const bare = hfConfigOfShape({ ...classifier, classes: 0 });
  assert.ok('refused' in bare);
  assert.match(bare.refused, /neither a sequence classifier nor a masked language model/);
  const korthikanti = buildTransformerShape({
    family: 'gpt',
    layers: 2,
    hidden: 64,
    heads: 4,
    seqLen: 32,
    vocab: 100,
  });
  const derived = hfConfigOfShape(korthikanti);
  assert.ok('refused' in derived);
  assert.match(derived.refused, /without a language-model head/);
});

test("the generic GPT layer with separate Q, K, V and its head is transformers' BioGPT (GELU, dropout as the shape says); a fused one GPT-2 with the shape's activation", () => {
  const generic = buildTransformerShape({
    family: 'gpt',
    layers: 2,
    hidden: 64,
    heads: 4,
    seqLen: 32,
    vocab: 100,
    lmHead: true,
  });
  const derived = hfConfigOfShape(generic);
  assert.ok('config' in derived, JSON.stringify(derived));
  assert.equal(derived.modelType, 'biogpt');
  assert.equal(derived.config.hidden_act, 'gelu');
  assert.equal(derived.config.hidden_dropout_prob, 0.1);
  const gated = hfConfigOfShape({ ...generic, mlp: 'swiglu' });
  assert.ok('refused' in gated);
  const gpt2 = hfConfigOfShape({ ...generic, fusedQkv: true, mlp: 'gelu', dropout: false });
  assert.ok('config' in gpt2);
  assert.equal(gpt2.modelType, 'gpt2');
  assert.equal(gpt2.config.activation_function, 'gelu');
  assert.equal(gpt2.config.resid_pdrop, 0);
});

test("a GPT with one K/V head beside a parallel MLP is Falcon-7B's layout (transformers' Falcon); other grouped K/V GPTs are refused, not built as GPT-2's full heads", () => {
  const falcon = parseEstimateSpec(
    `model:
  transformer: { family: gpt, layers: 32, hidden: 4544, heads: 71, kv_heads: 1, vocab: 65024, ffn: 18176, parallel_residual: true, bias: false, fused_qkv: true, lm_head: true, tied_embeddings: false, seq_len: 256 }`,
    'x.yaml',
  ).model.transformer;
  assert.ok(falcon);
  const derived = hfConfigOfShape(falcon);
  assert.ok('config' in derived);
  assert.equal(derived.modelType, 'falcon');
  assert.equal(derived.config.multi_query, true);
  assert.equal(derived.config.parallel_attn, true);
  assert.equal(derived.config.bias, false);
  assert.equal(derived.config.ffn_hidden_size, 18176);
  const grouped = hfConfigOfShape({ ...falcon, kvHeads: 8, heads: 64, hidden: 4096 });
  assert.ok('refused' in grouped);
  assert.match(grouped.refused, /grouped K\/V heads/);
});
