// Model families as transformers builds them: what `family: opt` and the keys OPT-350m needs (post_norm,
// word_embed_dim, attention_dropout, mlp relu) count and keep.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { cpuBounded, hangBackstopMs } from '../test-helpers/cpu-limit.js';
import { frameworksPython, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { estimate } from './estimate.js';
import { buildTransformerShape } from './families.js';
import { readHfConfig } from './hf-config.js';
import { countParams } from './inventory.js';
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

// ELECTRA (transformers modeling_electra.py): parameters as transformers 5.18 builds ElectraForMaskedLM (the
// generator) and ElectraForPreTraining (the discriminator) from google/electra-*'s configs (vocab 30522, 512
// positions, 2 token types): counted with sum(p.numel() for p in model.parameters()).
const electra = (o: {
  e: number;
  h: number;
  layers: number;
  heads: number;
  ffn: number;
  lm: boolean;
  vocab?: number;
}) =>
  `family: electra, layers: ${o.layers}, hidden: ${o.h}, heads: ${o.heads}, ffn: ${o.ffn}, vocab: ${o.vocab ?? 30522}, word_embed_dim: ${o.e}, lm_head: ${o.lm}`;

test("ELECTRA's parameters from its shape equal transformers' ElectraForMaskedLM and ElectraForPreTraining", () => {
  const cases: [Parameters<typeof electra>[0], number][] = [
    [{ e: 128, h: 256, layers: 12, heads: 4, ffn: 1024, lm: true }, 13_546_682], // electra-small-generator
    [{ e: 128, h: 256, layers: 12, heads: 4, ffn: 1024, lm: false }, 13_549_057], // electra-small-discriminator
    [{ e: 768, h: 256, layers: 12, heads: 4, ffn: 1024, lm: true }, 33_740_602], // electra-base-generator
    [{ e: 768, h: 768, layers: 12, heads: 12, ffn: 3072, lm: false }, 109_483_009], // electra-base-discriminator
    [{ e: 768, h: 768, layers: 12, heads: 12, ffn: 3072, lm: true }, 109_514_298],
    [{ e: 1024, h: 256, layers: 24, heads: 4, ffn: 1024, lm: true }, 51_295_290], // electra-large-generator
  ];
  for (const [shape, params] of cases) {
    assert.equal(spec(`model:\n  transformer: { ${electra(shape)}, seq_len: 128 }`).model.params, params);
  }
});

test('ELECTRA keeps what a real transformers 5.18 step keeps on CPU (no dropout: CPU dropout masks are fp32)', (t) => {
  const skip = skipUnlessFrameworks('torch', 'transformers');
  if (skip) return t.skip(skip);
  const python = `
import json, sys, torch
from transformers import ElectraConfig, ElectraForMaskedLM, ElectraForPreTraining
torch.manual_seed(0)
out = {}
for mlm in (True, False):
    c = ElectraConfig(vocab_size=1000, embedding_size=32, hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128, hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0)
    m = (ElectraForMaskedLM if mlm else ElectraForPreTraining)(c).train()
    m.set_attn_implementation('eager')
    ids = torch.randint(0, 1000, (2, 64)); labels = ids.clone() if mlm else torch.randint(0, 2, (2, 64))
    own = {t.untyped_storage().data_ptr() for t in list(m.parameters()) + list(m.buffers()) + [ids, labels]}
    seen = {}
    def pack(t):
        p = t.untyped_storage().data_ptr()
        if p not in own and t.numel() > 16: seen[p] = t.untyped_storage().nbytes()
        return t
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        m(input_ids=ids, labels=labels)
    out['mlm' if mlm else 'rtd'] = sum(seen.values())
print(json.dumps(out))
`;
  const run = spawnSync(...cpuBounded(120, frameworksPython() as string, ['-c', python]), {
    encoding: 'utf8',
    timeout: hangBackstopMs,
  });
  assert.equal(run.status, 0, run.stderr);
  const real = JSON.parse(run.stdout.trim()) as { mlm: number; rtd: number };
  for (const lm of [true, false]) {
    const yaml = `model:\n  transformer: { ${electra({ e: 32, h: 64, layers: 2, heads: 4, ffn: 128, lm, vocab: 1000 })}, seq_len: 64, attention: eager, dropout: false }\ntraining: { precision: fp32, optimizer: sgd, batch_size: 2 }`;
    const kept = part(yaml, 'activations') + part(yaml, 'embeddings and head inputs');
    // The generator's fp32 log-softmax over 2 × 64 × 1000 logits is the loss part's, not compared here.
    const torchBytes = lm ? real.mlm - 2 * 64 * 1000 * 4 : real.rtd;
    t.diagnostic(
      `electra ${lm ? 'generator' : 'discriminator'}: torch saved ${torchBytes} B, the rule ${kept} B`,
    );
    assert.ok(Math.abs(kept - torchBytes) / torchBytes <= 0.01, `${kept} vs ${torchBytes}`);
  }
});

test('an ELECTRA config.json is read as family electra (not a Llama-style decoder); a misspelt family is refused', () => {
  // google/electra-small-generator's config.json (architectures ElectraForMaskedLM).
  const config = readHfConfig({
    architectures: ['ElectraForMaskedLM'],
    model_type: 'electra',
    embedding_size: 128,
    hidden_size: 256,
    intermediate_size: 1024,
    num_attention_heads: 4,
    num_hidden_layers: 12,
    max_position_embeddings: 512,
    type_vocab_size: 2,
    vocab_size: 30522,
    hidden_dropout_prob: 0.1,
  });
  assert.deepEqual(config.issues, []);
  const fields = config.fields as Parameters<typeof buildTransformerShape>[0];
  assert.equal(countParams(buildTransformerShape({ ...fields, seqLen: 128 })), 13_546_682);
  assert.throws(
    () => spec('model:\n  transformer: { family: electrum, layers: 2, hidden: 64, heads: 4, seq_len: 8 }'),
    /opt\.yaml:2:\d+: model\.transformer\.family: expected one of .*electra/,
  );
});
