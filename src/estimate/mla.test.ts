// model.transformer.mla: DeepSeek-V2/V3's multi-head latent attention against transformers' DeepseekV3 (v5.18):
// its parameter count, what one layer saves for backward (torch 2.13 on CPU, saved-tensor hooks by storage) and
// the config the trace builds it from.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError } from '../errors.js';
import { buildTransformerShape } from './families.js';
import { hfConfigOfShape } from './hf-config-of-shape.js';
import { countParams } from './inventory.js';
import { layerBytes } from './layer-activations.js';
import { parseEstimateSpec } from './load.js';
import type { MlaShape } from './types.js';

// A small DeepseekV3 layer: 512 wide, 8 heads, kv_lora_rank 128, nope 64, rope 32, v 64, a dense SwiGLU MLP of 1024.
const mla = (qRank: number): MlaShape => ({ kvRank: 128, qRank, nopeDim: 64, ropeDim: 32, vDim: 64 });
const shapeOf = (qRank: number, layers = 2) =>
  buildTransformerShape({
    family: 'llama',
    layers,
    hidden: 512,
    heads: 8,
    seqLen: 128,
    ffn: 1024,
    vocab: 1000,
    tiedEmbeddings: false,
    attention: 'eager',
    mla: mla(qRank),
  });

describe('multi-head latent attention (model.transformer.mla)', () => {
  test("parameters: transformers' DeepseekV3ForCausalLM of the same config, exactly", () => {
    // DeepseekV3Config(vocab_size=1000, hidden_size=512, num_hidden_layers=2, num_attention_heads=8, q_lora_rank=None
    // or 96, kv_lora_rank=128, qk_nope_head_dim=64, qk_rope_head_dim=32, v_head_dim=64, intermediate_size=1024,
    // first_k_dense_replace=2, tie_word_embeddings=False): sum(p.numel()) with transformers 5.18.
    assert.equal(countParams(shapeOf(0)), 5_909_248);
    assert.equal(countParams(shapeOf(96)), 5_368_768);
  });

  test('one eager bf16 layer keeps what torch 2.13 saves, within 1% (cos, sin and the rstd aside)', () => {
    // DeepseekV3DecoderLayer in bf16, batch 2 × 128 tokens, eager, saved-tensor hooks by storage
    // (test-helpers/saved_bytes.py): 28,812 B per token with one q_proj, 29,584 with q_lora_rank 96.
    for (const [qRank, measured] of [
      [0, 28_812],
      [96, 29_584],
    ] as const) {
      const ctx = {
        shape: shapeOf(qRank, 1),
        precision: 'bf16' as const,
        batch: 2,
        isTrainingNorms: true,
        tensorParallel: 1,
      };
      const perToken = layerBytes(ctx, { tokens: 128, isSelective: false }) / 256;
      assert.ok(Math.abs(perToken / measured - 1) < 0.01, `${qRank}: ${perToken} vs ${measured}`);
    }
  });

  test('an SDPA kernel keeps the value as a view of kv_b_proj: the nope parts beside it, not a copy', () => {
    const at = (attention: 'eager' | 'sdpa') => {
      const shape = { ...shapeOf(0, 1), attention };
      const ctx = { shape, precision: 'bf16' as const, batch: 1, isTrainingNorms: true, tensorParallel: 1 };
      return layerBytes(ctx, { tokens: 1, isSelective: true });
    };
    // The kernel keeps kv_b's whole output (8 × (64 + 64)) and its own output (8 × 64); eager a value copy (8 × 64)
    // and o_proj's input (8 × 64): 8 × 64 × 2 B more with the kernel.
    assert.equal(at('sdpa') - at('eager'), 8 * 64 * 2);
  });

  test('the trace builds it as a DeepseekV3ForCausalLM', () => {
    const built = hfConfigOfShape({ ...shapeOf(96), experts: 8, expertsPerToken: 2, sharedFfn: 2048 });
    assert.ok('config' in built);
    assert.equal(built.modelType, 'deepseek_v3');
    assert.equal(built.config.kv_lora_rank, 128);
    assert.equal(built.config.q_lora_rank, 96);
    assert.equal(built.config.n_shared_experts, 2);
    assert.equal(built.config.first_k_dense_replace, 0);
    assert.ok(
      'refused' in hfConfigOfShape({ ...shapeOf(0), experts: 8, expertsPerToken: 2, sharedFfn: 1500 }),
    );
  });

  test('what MLA replaces cannot be given beside it: located errors (exit 2)', () => {
    const problem = (options: { mla?: string; transformer?: string; lora?: string }): string => {
      const yaml = [
        'model:',
        `  transformer: { family: llama, layers: 2, hidden: 512, heads: 8, seq_len: 128${options.transformer ?? ''}, mla: { kv_rank: 128, nope_dim: 64, rope_dim: 32, v_dim: 64${options.mla ?? ''} } }`,
        ...(options.lora ? [`  lora: ${options.lora}`] : []),
      ].join('\n');
      try {
        parseEstimateSpec(yaml, 'mla.yaml');
      } catch (error) {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.exitCode, 2);
        return error.message;
      }
      assert.fail('no error');
    };
    assert.match(problem({ transformer: ', kv_heads: 2' }), /mla\.yaml:2:\d+.*kv_heads.*leave kv_heads out/);
    assert.match(problem({ transformer: ', head_dim: 192' }), /mla\.yaml:2:\d+.*head_dim/);
    assert.match(problem({ transformer: ', bias: true' }), /mla\.yaml:2:\d+.*bias.*attention_bias false/);
    assert.match(problem({ mla: ', q_rank: -1' }), /mla\.yaml:2:\d+.*mla\.q_rank/);
    assert.match(problem({ mla: ', extra: 1' }), /mla\.yaml:2:\d+.*unknown key "extra"/);
    assert.match(problem({ lora: '{ rank: 8, targets: [q, v] }' }), /mla\.yaml:3:\d+.*lora\.targets.*drop v/);
    assert.match(problem({ lora: '{ rank: 8 }' }), /mla\.yaml:3:\d+.*lora.*give targets/);
    assert.match(problem({ mla: ', q_rank: 96', lora: '{ rank: 8, targets: [q, o] }' }), /drop q/);
  });
});
