// Model families as transformers builds them: what `family: opt` and the keys OPT-350m needs (post_norm,
// word_embed_dim, attention_dropout, mlp relu) count and keep.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';

const opt350m =
  'family: opt, layers: 24, hidden: 1024, heads: 16, ffn: 4096, vocab: 50272, max_positions: 2050, word_embed_dim: 512, post_norm: true';
const spec = (yaml: string) => parseEstimateSpec(yaml, 'opt.yaml');
const part = (yaml: string, name: string): number =>
  estimate(spec(yaml)).gpu.components.find((c) => c.name === name)?.bytes ?? 0;

test("OPT-350m's parameters from its shape: 512-wide embeddings, project_in and project_out, no final norm", () => {
  // facebook/opt-350m: 331,196,416 (transformers OPTForCausalLM; the head tied to the embedding).
  const parsed = spec(`model:\n  transformer: { ${opt350m}, seq_len: 512 }`);
  assert.equal(parsed.model.params, 331_196_416);
  // The same layers pre-norm and 1024 wide: the embedding 50272 × (1024 − 512) more, no projections, a final norm.
  const wide = spec(
    `model:\n  transformer: { family: opt, layers: 24, hidden: 1024, heads: 16, ffn: 4096, vocab: 50272, max_positions: 2050, seq_len: 512 }`,
  );
  assert.equal(
    (wide.model.params ?? 0) - (parsed.model.params ?? 0),
    50272 * 512 - 2 * 512 * 1024 + 2 * 1024,
  );
});

test('family opt keeps one value of the ReLU MLP, no attention-dropout mask, and fp32 softmax scores in fp16 only', () => {
  const yaml = (fields: string, precision = 'fp16') =>
    `model:\n  params: 331196416\n  transformer: { ${opt350m}, seq_len: 512, attention: eager${fields} }\ntraining: { precision: ${precision}, optimizer: sgd, batch_size: 1 }`;
  const activations = (fields: string, precision?: string) => part(yaml(fields, precision), 'activations');
  const tokens = 512;
  // ReLU: its output only (fc2 keeps the same tensor); gelu keeps input and output: 4096 × 2 B more per token.
  assert.equal(activations(', mlp: gelu') - activations(''), 24 * tokens * 4096 * 2);
  // attention_dropout: its mask (1 B) per score element; its dropped-out copy is what the matmul with V keeps
  // instead of the softmax's fp16 cast.
  assert.equal(activations(', attention_dropout: true') - activations(''), 24 * 16 * tokens * tokens);
  // fp16: the fp32 softmax output and its fp16 cast (6 B per score element); bf16: no upcast (2 B).
  assert.equal(activations('') - activations('', 'bf16'), 24 * 16 * tokens * tokens * 4);
});

test('post_norm, word_embed_dim and attention_dropout are transformer keys; a bad value is a located error', () => {
  assert.throws(
    () =>
      spec(
        'model:\n  transformer: { family: opt, layers: 2, hidden: 64, heads: 4, seq_len: 8, word_embed_dim: 0 }',
      ),
    /opt\.yaml:2:.*model\.transformer\.word_embed_dim/s,
  );
  assert.throws(
    () =>
      spec(
        'model:\n  transformer: { family: opt, layers: 2, hidden: 64, heads: 4, seq_len: 8, post_norm: maybe }',
      ),
    /model\.transformer\.post_norm/,
  );
});
