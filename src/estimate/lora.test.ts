// LoRA adapters and quantized frozen weights.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import { quantizedBytesPerParam } from './quantization.js';
import { expectedAt, noReferencesMessage, referenceCase } from './test-helpers/references.js';

const spec = (yaml: string) => parseEstimateSpec(yaml, 'x.yaml');
const llama7b = 'family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, seq_len: 512';

describe('LoRA (Hu et al. 2021): r × (in + out) per target matrix, the base frozen', () => {
  test("trainable counts match LitGPT's resource table (r = 8 on query and value)", (t) => {
    const c = referenceCase('litgpt-lora-1gpu-a100-40gb');
    if (!c) return t.skip(noReferencesMessage);
    const shapes: Record<string, string> = {
      'phi-1.5': 'family: neox, layers: 24, hidden: 2048, heads: 32, seq_len: 64',
      'StableLM-3B': 'family: neox, layers: 16, hidden: 4096, heads: 32, seq_len: 64',
      'Llama-2-7B': 'family: llama, layers: 32, hidden: 4096, heads: 32, seq_len: 64',
      'Llama-2-13B': 'family: llama, layers: 40, hidden: 5120, heads: 40, seq_len: 64',
    };
    for (const [model, shape] of Object.entries(shapes)) {
      const parsed = spec(`model: { transformer: { ${shape} }, lora: { rank: 8, targets: [q, v] } }`);
      assert.equal(parsed.model.trainable, expectedAt(c, 'trainable_params', model), model);
    }
  });

  test('grouped-query attention: k and v adapters are narrower; every target of a Llama-3-8B layer', () => {
    const parsed = spec(`model:
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, ffn: 14336, vocab: 128256, seq_len: 512 }
  lora: { rank: 8, targets: [q, k, v, o, gate, up, down] }`);
    const perLayer = 8 * ((4096 + 4096) * 2 + (4096 + 1024) * 2 + (4096 + 14336) * 3);
    assert.equal(parsed.model.trainable, 32 * perLayer);
    assert.equal(parsed.model.params, 8_030_261_248 + 32 * perLayer, 'base plus adapters');
  });

  test('the base is frozen in its dtype; adapters, their gradients and optimizer states are the only trained parts', () => {
    const breakdown = estimate(
      spec(`model: { transformer: { ${llama7b} }, lora: { rank: 8 } }\ntraining: { precision: bf16 }`),
    );
    const parts = Object.fromEntries(breakdown.gpu.components.map((p) => [p.name, p.bytes]));
    assert.equal(breakdown.inputs.trainable, 4_194_304);
    assert.equal(parts.gradients, 4_194_304 * 2);
    assert.equal(parts['optimizer states'], 4_194_304 * 4);
    assert.equal(parts.weights, (6_738_415_616 + 4_194_304) * 2);
  });
});

describe('quantized frozen weights', () => {
  test('NF4: 4 bits + an fp32 absmax per 64; double quantization 8/64 + 32/(64·256) bits (QLoRA §3)', () => {
    assert.equal(quantizedBytesPerParam('nf4', false, 64), 0.5 + 4 / 64);
    const doubleQuantBits = (quantizedBytesPerParam('nf4', true, 64) - 0.5) * 8;
    assert.ok(Math.abs(doubleQuantBits - 0.127) < 0.001, `${doubleQuantBits} bits per parameter`);
    assert.equal(quantizedBytesPerParam('int8', false, 0), 1);
    assert.equal(quantizedBytesPerParam('gptq4', false, 128), 0.5 + 2.5 / 128);
  });

  test('QLoRA NF4 on Llama-2-7B: block linears quantized, embeddings, norms and the LM head kept in 16 bits', () => {
    const breakdown = estimate(
      spec(`model:
  transformer: { ${llama7b} }
  lora: { rank: 8 }
  quantization: { weights: nf4, double_quant: true }
training: { precision: bf16 }`),
    );
    const weights = breakdown.gpu.components.find((p) => p.name === 'weights')?.bytes ?? 0;
    const linears = 32 * (4 * 4096 * 4096 + 3 * 4096 * 11008);
    const kept = 6_738_415_616 - linears;
    assert.equal(
      weights,
      Math.ceil(4_194_304 * 2 + kept * 2 + linears * quantizedBytesPerParam('nf4', true, 64)),
    );
    const dequantized = breakdown.gpu.components.find((p) => p.name === 'dequantized weights');
    assert.equal(
      dequantized?.bytes,
      4096 * 11008 * (2 + 4),
      'the largest matrix, 16-bit then the fp32 compute copy',
    );
    assert.equal(dequantized?.phase, 'backward');
  });

  test("torchao's NF4Tensor (torchtune QLoRA): 0.5 + 1/64 + 2/16384 B per weight, 14 B per element while get_original_weight runs", () => {
    const breakdown = estimate(
      spec(`model:
  transformer: { ${llama7b} }
  lora: { rank: 8 }
  quantization: { weights: nf4, library: torchao }
training: { precision: bf16 }`),
    );
    const weights = breakdown.gpu.components.find((p) => p.name === 'weights');
    const linears = 32 * (4 * 4096 * 4096 + 3 * 4096 * 11008);
    const kept = 6_738_415_616 - linears;
    assert.equal(weights?.bytes, Math.ceil(4_194_304 * 2 + kept * 2 + linears * (0.5 + 1 / 64 + 2 / 16384)));
    const dequantized = breakdown.gpu.components.find((p) => p.name === 'dequantized weights');
    assert.equal(
      dequantized?.bytes,
      4096 * 11008 * 14,
      'two int64 index tensors, lookups, scaled halves, result',
    );
    const compiled = estimate(
      spec(`model:
  transformer: { ${llama7b} }
  lora: { rank: 8 }
  quantization: { weights: nf4, library: torchao }
training: { precision: bf16, compile: true }`),
    ).gpu.components.find((p) => p.name === 'dequantized weights');
    assert.equal(
      compiled?.bytes,
      4096 * 11008 * 2,
      'under torch.compile one fused kernel writes the bf16 result',
    );
    assert.throws(
      () =>
        spec(
          `model: { transformer: { ${llama7b} }, lora: { rank: 8 }, quantization: { weights: int8, library: torchao } }`,
        ),
      /model\.quantization\.library: torchao here means its NF4Tensor: needs weights: nf4/,
    );
  });

  test('quantized weights cannot train by themselves; a count alone is counted as quantized with a note', () => {
    assert.throws(
      () => spec('model: { params: 7B, quantization: { weights: nf4 } }'),
      /model\.quantization: quantized weights are frozen: give model\.lora/,
    );
    const inference = estimate(
      spec('model: { params: 7B, quantization: { weights: int8 } }\ntraining: { optimizer: none }'),
    );
    assert.equal(inference.gpu.components.find((p) => p.name === 'weights')?.bytes, 7e9);
    assert.ok(
      inference.notes.some((note) => note.includes('every frozen parameter is counted as quantized')),
    );
  });

  test('LoRA needs the layers; targets the model does not have are refused', () => {
    assert.throws(
      () => spec('model: { params: 7B, lora: { rank: 8 } }'),
      /model\.lora: needs model\.transformer/,
    );
    assert.throws(
      () =>
        spec(
          'model: { transformer: { layers: 2, hidden: 64, heads: 2, seq_len: 8 }, lora: { rank: 4, targets: [gate] } }',
        ),
      /model\.lora\.targets: the model has no gate layer \(mlp: gelu\)/,
    );
  });
});

test('modules_to_save: full trainable copies of the embedding and the LM head beside the adapters', () => {
  const yaml = (extra: string) =>
    `model:\n  transformer: { family: llama, layers: 2, hidden: 256, heads: 4, vocab: 1000, ffn: 512, seq_len: 64, tied_embeddings: false }\n  lora: { rank: 8, targets: [q, v]${extra} }`;
  const plain = estimate(parseEstimateSpec(yaml(''), 'lora.yaml')).inputs;
  const saved = estimate(parseEstimateSpec(yaml(', modules_to_save: [embed, lm_head]'), 'lora.yaml')).inputs;
  // PEFT ModulesToSaveWrapper: the copy trains, the original stays: 2 × vocab × hidden more of each.
  assert.equal(saved.trainable - plain.trainable, 2 * 1000 * 256);
  assert.equal(saved.params - plain.params, 2 * 1000 * 256);
  assert.throws(
    () => parseEstimateSpec(yaml(', modules_to_save: [lm_head]').replace('vocab: 1000, ', ''), 'lora.yaml'),
    /modules_to_save.*needs model\.transformer\.vocab/s,
  );
  assert.throws(
    () => parseEstimateSpec(yaml(', modules_to_save: [head]'), 'lora.yaml'),
    /modules_to_save.*expected one of embed, lm_head/s,
  );
});

test('use_dora: a magnitude per adapted output, two outputs kept per token, and the weight-norm temporaries', () => {
  const yaml = (dora: string) =>
    `model:\n  transformer: { family: llama, layers: 2, hidden: 256, heads: 4, kv_heads: 2, vocab: 1000, ffn: 512, seq_len: 64 }\n  lora: { rank: 8, targets: [q, v, down]${dora} }\ntraining: { precision: bf16, batch_size: 2 }`;
  const lora = estimate(parseEstimateSpec(yaml(''), 'dora.yaml'));
  const dora = estimate(parseEstimateSpec(yaml(', use_dora: true'), 'dora.yaml'));
  // q out 256, v out 2 × 64 = 128, down out 256: the magnitudes, per layer.
  assert.equal(dora.inputs.trainable - lora.inputs.trainable, 2 * (256 + 128 + 256));
  const part = (r: typeof lora, name: string) => r.gpu.components.find((c) => c.name === name)?.bytes ?? 0;
  // Per token and layer: the layer's output and the adapters' output of each adapted linear, 2 B each.
  assert.equal(part(dora, 'activations') - part(lora, 'activations'), 2 * 2 * 64 * 2 * 2 * (256 + 128 + 256));
  // down (in 512, out 256): the 512² identity, ΔW, s·ΔW and W + s·ΔW (512 × 256 each), 2 B.
  assert.equal(part(dora, 'DoRA weight temporaries'), 2 * (512 * 512 + 3 * 512 * 256));
  assert.equal(part(lora, 'DoRA weight temporaries'), 0);
});
