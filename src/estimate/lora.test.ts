// LoRA adapters and quantized frozen weights.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { cpuBounded, hangBackstopMs } from '../test-helpers/cpu-limit.js';
import { frameworksPython, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { estimate } from './estimate.js';
import { buildTransformerShape } from './families.js';
import { layerBytes } from './layer-activations.js';
import { parseEstimateSpec } from './load.js';
import { quantizedBytesPerParam } from './quantization.js';
import { expectedAt, noReferencesMessage, referenceCase } from './test-helpers/references.js';
import type { LoraSpec } from './types.js';

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
    // PEFT's adapters are fp32 over a bf16 model (get_peft_model's autocast_adapter_dtype): fp32 gradients and states.
    assert.equal(parts.gradients, 4_194_304 * 4);
    assert.equal(parts['optimizer states'], 4_194_304 * 8);
    assert.equal(parts.weights, 6_738_415_616 * 2 + 4_194_304 * 4);
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
      Math.ceil(4_194_304 * 4 + kept * 2 + linears * quantizedBytesPerParam('nf4', true, 64)),
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

// model.lora.variant: PEFT's LoHa, LoKr and IA³ (peft v0.21.0), their parameters counted from the shapes and
// what they keep checked against the real step: a 2-layer Llama (hidden 256, ffn 512, 8 heads, 2 KV heads) in
// bf16 under PEFT, saved_tensors_hooks counting every tensor autograd keeps, by storage, parameters aside, at
// 64 and 128 tokens (the per-token slope and the per-layer constant), against the same model without adapters.
const tinyLlama =
  'family: llama, layers: 2, hidden: 256, heads: 8, kv_heads: 2, vocab: 1000, ffn: 512, tied_embeddings: true, seq_len: 64, attention: sdpa';
// Both probes count what autograd keeps in one forward pass: every saved tensor by storage, parameters aside
// (the input embedding's output is made to need a gradient, as a frozen base's inputs do under PEFT).
const savedBytesPython = `
def saved_bytes(m, seq):
    m.get_input_embeddings().register_forward_hook(lambda mod, i, out: out.requires_grad_(True))
    params = {p.untyped_storage().data_ptr() for p in m.parameters()}
    seen = {}
    def pack(t):
        st = t.untyped_storage()
        if st.data_ptr() != 0 and st.data_ptr() not in params: seen[st.data_ptr()] = st.nbytes()
        return t
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        m(input_ids=torch.randint(0, 1000, (2, seq)))
    return sum(seen.values())
`;
const peftPython = `
import sys, json, torch
${savedBytesPython}from transformers import LlamaConfig, LlamaForCausalLM
import peft
o = json.loads(sys.argv[1])
cfg = LlamaConfig(hidden_size=256, intermediate_size=512, num_hidden_layers=2, num_attention_heads=8,
                  num_key_value_heads=2, vocab_size=1000, tie_word_embeddings=True, attn_implementation='sdpa')
def saved(kind, seq, fp32_adapters):
    torch.manual_seed(0)
    m = LlamaForCausalLM(cfg).to(torch.bfloat16)
    for p in m.parameters(): p.requires_grad_(False)
    if kind != 'none':
        conf = {'loha': lambda: peft.LoHaConfig(r=8, alpha=16, target_modules=['q_proj', 'v_proj']),
                'lokr': lambda: peft.LoKrConfig(r=8, alpha=16, target_modules=['q_proj', 'v_proj'], decompose_factor=4),
                'adalora': lambda: peft.AdaLoraConfig(init_r=8, target_r=4, lora_alpha=8, target_modules=['q_proj', 'v_proj'], total_step=100),
                'fourierft': lambda: peft.FourierFTConfig(n_frequency=100, target_modules=['q_proj', 'v_proj']),
                'vera': lambda: peft.VeraConfig(r=32, target_modules=['q_proj', 'v_proj']),
                'prefix': lambda: peft.PrefixTuningConfig(num_virtual_tokens=16, task_type='CAUSAL_LM'),
                'ia3': lambda: peft.IA3Config(target_modules=['k_proj', 'v_proj', 'down_proj'], feedforward_modules=['down_proj'])}[kind]()
        m = peft.get_peft_model(m, conf, autocast_adapter_dtype=fp32_adapters)
    n = sum(p.numel() for p in m.parameters() if p.requires_grad) if kind != 'none' else 0
    return saved_bytes(m, seq), n
def delta(seq, fp32):
    return saved(o['kind'], seq, fp32)[0] - saved('none', seq, fp32)[0]
slope = (delta(128, False) - delta(64, False)) / (2 * 64 * 2)  # per token per layer, adapters in bf16
const = (delta(64, True) - (delta(128, True) - delta(64, True))) / 2  # per layer, PEFT's default fp32 adapters
print(json.dumps({'slope': slope, 'constant': const, 'trainable': saved(o['kind'], 64, True)[1], 'at64': delta(64, False)}))
`;

describe('PEFT tuners (model.lora.variant): LoHa, LoKr, IA³', () => {
  test('trainable parameters are those of the PEFT modules: 2·r·(in + out) (LoHa), Kronecker factors (LoKr), a vector per target (IA³)', () => {
    const parsed = (lora: string) =>
      spec(`model:\n  transformer: { ${tinyLlama} }\n  lora: { ${lora} }`).model.trainable;
    // q 256 × 256, v 64 × 256, 2 layers.
    assert.equal(parsed('variant: loha, rank: 8, targets: [q, v]'), 2 * (2 * 8 * 512 + 2 * 8 * 320));
    // LoKr factor 4: q (4 × 4) + w2 64 × 64 as 64×8 + 8×64; v (4 × 4) + w2 16 × 64 whole? 8 < 64/2: as 16×8 + 8×64.
    assert.equal(
      parsed('variant: lokr, rank: 8, decompose_factor: 4, targets: [q, v]'),
      2 * (16 + 64 * 8 + 8 * 64 + 16 + 16 * 8 + 8 * 64),
    );
    // IA³: k and v outputs (64 each), down's input (512).
    assert.equal(parsed('variant: ia3'), 2 * (64 + 64 + 512));
    // FourierFT: n_frequency spectral values per target.
    assert.equal(parsed('variant: fourierft, n_frequency: 100, targets: [q, v]'), 2 * 2 * 100);
    // AdaLoRA init_r 8 on q and v: lora_A 8 × 256, lora_E 8, lora_B out × 8.
    assert.equal(
      parsed('variant: adalora, rank: 8, targets: [q, v]'),
      2 * (8 * 256 + 8 + 256 * 8 + 8 * 256 + 8 + 64 * 8),
    );
    // VeRA r 32 on q and v: lambda_d (32) and lambda_b (out: 256, 64) per target.
    assert.equal(parsed('variant: vera, rank: 32, targets: [q, v]'), 2 * (32 + 256 + 32 + 64));
  });

  test('feedforward: IA³ scales the input of the MLP targets it names (PEFT feedforward_modules), the outputs of the rest', () => {
    const parsed = (lora: string) =>
      spec(`model:\n  transformer: { ${tinyLlama} }\n  lora: { ${lora} }`).model.trainable;
    const all = 'variant: ia3, targets: [q, k, v, o, gate, up, down]';
    // q 256, k 64, v 64, o 256 outputs; gate and up by their outputs (512) or inputs (256); down's input (512).
    assert.equal(parsed(all), 2 * (256 + 64 + 64 + 256 + 512 + 512 + 512));
    assert.equal(
      parsed(`${all}, feedforward: [gate, up, down]`),
      2 * (256 + 64 + 64 + 256 + 256 + 256 + 512),
    );
    // The scaled copy each keeps: gate's and up's input (256) instead of their output (512), per token and layer.
    const activations = (lora: string) =>
      estimate(
        spec(
          `model:\n  transformer: { ${tinyLlama} }\n  lora: { ${lora} }\ntraining: { precision: bf16, batch_size: 2 }`,
        ),
      ).gpu.components.find((part) => part.name === 'activations')?.bytes ?? 0;
    assert.equal(
      activations(all) - activations(`${all}, feedforward: [gate, up, down]`),
      2 * 2 * 64 * 2 * (512 - 256) * 2,
    );
    assert.throws(
      () => spec(`model:\n  transformer: { ${tinyLlama} }\n  lora: { variant: ia3, feedforward: [up] }`),
      /model\.lora\.feedforward.*up not among the targets \(k, v, down\)/s,
    );
    assert.throws(
      () => spec(`model:\n  transformer: { ${tinyLlama} }\n  lora: { rank: 8, feedforward: [down] }`),
      /model\.lora\.feedforward.*an IA³ option/s,
    );
  });

  test('prefix_tuning: a key and value per layer for each virtual token; no rank or targets, virtual_tokens required', () => {
    const parsed = (lora: string) =>
      spec(`model:\n  transformer: { ${tinyLlama} }\n  lora: { ${lora} }`).model;
    // 2 layers × 2 (key, value) × 2 KV heads × 32 × 16 tokens.
    assert.equal(parsed('variant: prefix_tuning, virtual_tokens: 16').trainable, 2 * 2 * 2 * 32 * 16);
    assert.throws(
      () => parsed('variant: prefix_tuning'),
      /model\.lora\.virtual_tokens.*required for prefix_tuning/s,
    );
    assert.throws(
      () => parsed('variant: prefix_tuning, virtual_tokens: 16, targets: [q]'),
      /model\.lora\.targets.*adapts no linear/s,
    );
    assert.throws(
      () => parsed('rank: 8, virtual_tokens: 16'),
      /model\.lora\.virtual_tokens.*a prefix_tuning option/s,
    );
  });

  test('a variant without a rank, DoRA on a variant and a LoKr factor on LoRA are located errors', () => {
    assert.throws(
      () => spec(`model:\n  transformer: { ${tinyLlama} }\n  lora: { variant: loha }`),
      /model\.lora\.rank.*required for loha/s,
    );
    assert.throws(
      () =>
        spec(`model:\n  transformer: { ${tinyLlama} }\n  lora: { variant: lokr, rank: 4, use_dora: true }`),
      /model\.lora\.use_dora/,
    );
    assert.throws(
      () => spec(`model:\n  transformer: { ${tinyLlama} }\n  lora: { rank: 4, decompose_factor: 4 }`),
      /model\.lora\.decompose_factor/,
    );
  });

  test('train: a | b freezes one LoRA factor (LoRA-FA freezes lora_A, MiCA lora_B): counted, but with no gradient or state', () => {
    const parsed = (lora: string) =>
      spec(`model:\n  transformer: { ${tinyLlama} }\n  lora: { ${lora} }`).model;
    const both = parsed('rank: 8, targets: [q, v]');
    const fa = parsed('rank: 8, targets: [q, v], train: b');
    const mica = parsed('rank: 8, targets: [q, v], train: a');
    assert.equal(fa.params, both.params);
    assert.equal(mica.params, both.params);
    // B: q 256 × 8, v 64 × 8; A: 8 × 256 twice; 2 layers.
    assert.equal(fa.trainable, 2 * (256 * 8 + 64 * 8));
    assert.equal(mica.trainable, 2 * 2 * 8 * 256);
    assert.throws(() => parsed('variant: loha, rank: 8, train: a'), /model\.lora\.train/);
    // A frozen lora_A keeps no copy of its input (autograd saves mm's input for the weight's gradient only): only
    // lora_A's r-wide output, kept by lora_B. 2 targets × 2 layers × 2 × 64 tokens × 256 wide × 4 B (fp32 adapters).
    const layers = (lora: string) => partOf(lora, 'activations');
    assert.equal(
      layers('rank: 8, targets: [q, v], adapter_dtype: fp32') -
        layers('rank: 8, targets: [q, v], adapter_dtype: fp32, train: b'),
      2 * 2 * 2 * 64 * 256 * 4,
    );
  });

  const partOf = (lora: string, name: string): number => {
    const breakdown = estimate(
      spec(
        `model:\n  transformer: { ${tinyLlama} }\n  lora: { ${lora} }\ntraining: { precision: bf16, batch_size: 2 }`,
      ),
    );
    return breakdown.gpu.components.find((part) => part.name === name)?.bytes ?? 0;
  };
  // The per-token slope is counted with bf16 adapters (autocast_adapter_dtype=False, no autocast): adapter_dtype weights.
  const activationsOf = (lora: string): number => partOf(`${lora}, adapter_dtype: weights`, 'activations');

  const real = (kind: string): { slope: number; constant: number; trainable: number; at64: number } => {
    const run = spawnSync(
      ...cpuBounded(300, frameworksPython() as string, ['-c', peftPython, JSON.stringify({ kind })]),
      { encoding: 'utf8', timeout: hangBackstopMs },
    );
    assert.equal(run.status, 0, run.stderr);
    return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
  };

  test('what each keeps matches a real PEFT 0.21 step on CPU: per token, and the dense ΔW per layer', (t) => {
    const skip = skipUnlessFrameworks('torch', 'transformers', 'peft');
    if (skip) return t.skip(skip);
    const tokens = 2 * 64;
    // IA³: k's and v's outputs (64 wide) and one more copy of down's input (512), bf16, per token and layer.
    const ia3 = real('ia3');
    assert.equal(
      ia3.trainable,
      spec(`model:\n  transformer: { ${tinyLlama} }\n  lora: { variant: ia3 }`).model.trainable,
    );
    assert.equal(ia3.slope, 2 * (64 + 64 + 512));
    assert.equal(
      activationsOf('variant: ia3') - activationsOf('variant: ia3, targets: [k]'),
      2 * tokens * 2 * (64 + 512),
    );
    // VeRA r 32 on q and v: x·A (32) and the back-projection (256 for q, 64 for v), bf16, per token and layer;
    // its frozen projections keep no input (the base layer's rule keeps it).
    const vera = real('vera');
    assert.equal(vera.slope, 2 * (32 + 256 + 32 + 64));
    assert.equal(
      activationsOf('variant: vera, rank: 32, targets: [q, v]') -
        activationsOf('variant: vera, rank: 32, targets: [q]'),
      2 * tokens * 2 * (32 + 64),
    );
    // AdaLoRA init_r 8 on q and v: besides the shared input, x·(A·E)ᵀ (8) and the output (256, 64) per target.
    const adalora = real('adalora');
    assert.equal(adalora.slope, 2 * 256 + 2 * (8 + 256 + 8 + 64));
    assert.equal(
      activationsOf('variant: adalora, rank: 8, targets: [q, v]') -
        activationsOf('variant: adalora, rank: 8, targets: [q]'),
      2 * tokens * 2 * (8 + 64),
    );
    // Prefix tuning, 16 virtual tokens: its keys and values (2 KV heads × 32 per token) per layer, 4,096 trainable;
    // at 64 tokens (b 2, bf16) what the step keeps beyond the plain model is the modelled part plus the sequence's
    // own keys and values repeated to 8 heads (with the prefix's mask SDPA runs without GQA; the model counts
    // SDPA's keys and values repeated already: transformers pads batches, and padding brings the mask too).
    const prefix = real('prefix');
    const prefixSpec = 'variant: prefix_tuning, virtual_tokens: 16';
    assert.equal(
      prefix.trainable,
      spec(`model:\n  transformer: { ${tinyLlama} }\n  lora: { ${prefixSpec} }`).model.trainable,
    );
    const ownRepeated = 2 * 2 * 2 * (8 - 2) * 64 * 32 * 2;
    assert.equal(prefix.at64, partOf(prefixSpec, 'prefix keys and values') + ownRepeated);

    // LoHa / LoKr: per token only the q/v input the base layer's rule already keeps (2 B × 256); per layer the
    // fp32 ΔW of q and v (and LoKr's w2 products), as the model's component says.
    for (const [kind, lora, name] of [
      ['loha', 'variant: loha, rank: 8, targets: [q, v]', 'LoHa ΔW kept for backward'],
      ['lokr', 'variant: lokr, rank: 8, decompose_factor: 4, targets: [q, v]', 'LoKr ΔW kept for backward'],
      [
        'fourierft',
        'variant: fourierft, n_frequency: 100, targets: [q, v]',
        'FourierFT ΔW kept for backward',
      ],
    ] as const) {
      const measured = real(kind);
      assert.equal(measured.slope, 2 * 256, kind);
      const modelled = partOf(lora, name) / 2;
      assert.ok(
        Math.abs(measured.constant - modelled) / modelled < 0.001,
        `${kind}: ${measured.constant} vs ${modelled}`,
      );
      assert.equal(
        activationsOf(lora),
        activationsOf('rank: 8, targets: [q, v]') - 2 * tokens * 2 * 2 * 8,
        `${kind}: no per-token tensor beyond LoRA's (its r-wide lora_A output aside)`,
      );
    }
  });
});

// The LoRA rules of layer-activations.ts on a real step: a frozen base keeps no linear input, and each adapter
// keeps what its dtype makes it keep. A 256-wide bf16 Llama (ffn 512, 8 heads, 2 KV heads) under PEFT 0.21
// (r 8, dropout 0: CPU's dropout keeps its mask in the input's dtype, CUDA's a bool), saved-tensor hooks by
// storage over the decoder layers, per token and layer (4 layers less 2, 128 tokens less 64). Measured here:
// frozen 6440 B; q/v +2112 (fp32 adapters) and +544 (bf16); all seven +8416 and +2160.
const loraLayerPython = `
import sys, json, torch
${savedBytesPython}from transformers import LlamaConfig, LlamaForCausalLM
import peft
o = {}
def saved(seq, layers, targets, freeze_a=False):
    cfg = LlamaConfig(hidden_size=256, intermediate_size=512, num_hidden_layers=layers, num_attention_heads=8,
                      num_key_value_heads=2, vocab_size=1000, tie_word_embeddings=True, attn_implementation='sdpa')
    torch.manual_seed(0)
    m = LlamaForCausalLM(cfg).to(torch.bfloat16)
    for p in m.parameters(): p.requires_grad_(False)
    if targets:
        conf = peft.LoraConfig(r=8, lora_alpha=16, lora_dropout=0.0, target_modules=targets)
        m = peft.get_peft_model(m, conf, autocast_adapter_dtype=o['fp32'])
        # LoRA-FA (peft optimizers/lorafa.py create_lorafa_optimizer): every lora_A frozen.
        for name, p in m.named_parameters():
            if freeze_a and 'lora_A' in name: p.requires_grad_(False)
    return saved_bytes(m, seq)
def per_token_layer(targets, freeze_a=False):
    at = lambda seq, layers: saved(seq, layers, targets, freeze_a)
    return ((at(128, 4) - at(128, 2)) - (at(64, 4) - at(64, 2))) / 128 / 2
frozen = per_token_layer([])
ALL = ['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj']
out = {}
for name, targets, fp32 in [('qv_fp32', ['q_proj', 'v_proj'], True), ('qv_bf16', ['q_proj', 'v_proj'], False),
                            ('all_fp32', ALL, True), ('all_bf16', ALL, False)]:
    o['fp32'] = fp32
    out[name] = per_token_layer(targets) - frozen
o['fp32'] = True
out['qv_fp32_frozen_a'] = per_token_layer(['q_proj', 'v_proj'], True) - frozen
print(json.dumps(out))
`;

describe('LoRA on a frozen base (layer-activations.ts)', () => {
  const real = (): Record<string, number> => {
    const run = spawnSync(...cpuBounded(300, frameworksPython() as string, ['-c', loraLayerPython]), {
      encoding: 'utf8',
      timeout: hangBackstopMs,
    });
    assert.equal(run.status, 0, run.stderr);
    return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
  };
  const shape = buildTransformerShape({
    family: 'llama',
    layers: 1,
    hidden: 256,
    heads: 8,
    kvHeads: 2,
    ffn: 512,
    seqLen: 1,
    attention: 'sdpa',
  });
  const perToken = (lora?: LoraSpec): number =>
    layerBytes(
      {
        shape,
        precision: 'bf16',
        batch: 1,
        isTrainingNorms: false,
        tensorParallel: 1,
        isFrozenBase: true,
        lora,
      },
      { tokens: 1, isSelective: false },
    );
  const modelled = (targets: LoraSpec['targets'], adapterDtype: 'fp32' | 'weights'): number =>
    perToken({ rank: 8, alpha: 16, dropout: 0, targets, adapterDtype }) - perToken();

  test('each adapter keeps an fp32 copy of its input (PEFT default, no autocast); bf16 adapters read it once', (t) => {
    const skip = skipUnlessFrameworks('torch', 'transformers', 'peft');
    if (skip) return t.skip(skip);
    const all: LoraSpec['targets'] = ['q', 'k', 'v', 'o', 'gate', 'up', 'down'];
    const measured = real();
    assert.equal(measured.qv_fp32, modelled(['q', 'v'], 'fp32'));
    assert.equal(measured.qv_bf16, modelled(['q', 'v'], 'weights'));
    assert.equal(measured.all_fp32, modelled(all, 'fp32'));
    assert.equal(measured.all_bf16, modelled(all, 'weights'));
    // lora_A frozen (LoRA-FA, train: b): no copy of the input, only lora_A's r-wide output for lora_B.
    assert.equal(
      measured.qv_fp32_frozen_a,
      perToken({
        rank: 8,
        alpha: 16,
        dropout: 0,
        targets: ['q', 'v'],
        adapterDtype: 'fp32',
        trainedFactor: 'b',
      }) - perToken(),
    );
  });
});

// model.lora.trainable: PEFT tuners whose memory is LoRA's (or LoRA-FA's) at their rank, whose parameters are not
// lora_A and lora_B. Measured on a real step: the 256-wide bf16 Llama above, 2 layers, fp32 adapters (PEFT's
// default), what each tuner keeps per token beyond the frozen base (128 tokens less 64), against plain LoRA of the
// same rank with lora_A trained or frozen.
const tunerPython = `
import sys, json, torch
${savedBytesPython}from transformers import LlamaConfig, LlamaForCausalLM
import peft
cfg = LlamaConfig(hidden_size=256, intermediate_size=512, num_hidden_layers=2, num_attention_heads=8,
                  num_key_value_heads=2, vocab_size=1000, tie_word_embeddings=True, attn_implementation='sdpa')
T = ['q_proj', 'v_proj']
def slope(make, freeze_a=False):
    def at(seq):
        torch.manual_seed(0)
        m = LlamaForCausalLM(cfg).to(torch.bfloat16)
        for p in m.parameters(): p.requires_grad_(False)
        if make: m = peft.get_peft_model(m, make())
        for name, p in m.named_parameters():
            if freeze_a and 'lora_A' in name: p.requires_grad_(False)
        return saved_bytes(m, seq)
    return (at(128) - at(64)) / (2 * 64) / 2  # per token and layer
frozen = slope(None)
lora = lambda r: (lambda: peft.LoraConfig(r=r, lora_dropout=0.0, target_modules=T))
out = {
  'lora_fa_r2': slope(lora(2), True), 'lora_fa_r32': slope(lora(32), True),
  'tinylora_r2': slope(lambda: peft.TinyLoraConfig(r=2, target_modules=T)),
  'miss_r32': slope(lambda: peft.MissConfig(r=32, target_modules=T)),
  'lora_r4': slope(lora(4)), 'lora_r32': slope(lora(32)), 'lora_r64': slope(lora(64)),
  'unilora_r32': slope(lambda: peft.UniLoraConfig(r=32, target_modules=T)),
  'vblora_r4': slope(lambda: peft.VBLoRAConfig(r=4, num_vectors=64, vector_length=64, target_modules=T)),
  'gralora_r32': slope(lambda: peft.GraloraConfig(r=32, target_modules=T)),
  'delora_r32': slope(lambda: peft.DeloraConfig(r=32, target_modules=T)),
  'pvera_r64': slope(lambda: peft.PveraConfig(r=64, target_modules=T)),
}
print(json.dumps({k: v - frozen for k, v in out.items()}))
`;

describe('model.lora.trainable: a PEFT tuner written as the LoRA whose memory it has', () => {
  const model = (lora: string) => spec(`model:\n  transformer: { ${tinyLlama} }\n  lora: { ${lora} }`).model;
  const partOf = (lora: string, name: string): number =>
    estimate(
      spec(
        `model:\n  transformer: { ${tinyLlama} }\n  lora: { ${lora} }\ntraining: { precision: bf16, batch_size: 2 }`,
      ),
    ).gpu.components.find((part) => part.name === name)?.bytes ?? 0;

  test("its count replaces the factors': parameters, gradients and states from it, activations from rank and targets", () => {
    const lora = model('rank: 2, targets: [q, v], train: b');
    const tiny = model('rank: 2, targets: [q, v], train: b, trainable: 64');
    assert.equal(tiny.trainable, 64);
    // The base and the tuner's own parameters only: no frozen lora_A (TinyLoRA's projections are buffers).
    assert.equal(tiny.params, (lora.params ?? 0) - 2 * 2 * 2 * 256 - 2 * (256 * 2 + 64 * 2) + 64);
    // PEFT's fp32 adapters under a bf16 model: 4 B gradients, 8 B AdamW states per trained parameter.
    assert.equal(partOf('rank: 2, targets: [q, v], train: b, trainable: 64', 'optimizer states'), 64 * 8);
    assert.equal(
      partOf('rank: 2, targets: [q, v], train: b, trainable: 64', 'activations'),
      partOf('rank: 2, targets: [q, v], train: b', 'activations'),
    );
  });

  test('only beside plain LoRA, and a positive count: located errors', () => {
    assert.throws(
      () => model('variant: vera, rank: 8, trainable: 64'),
      /model\.lora\.trainable.*variant vera/s,
    );
    assert.throws(() => model('rank: 8, use_dora: true, trainable: 64'), /model\.lora\.trainable.*use_dora/s);
    assert.throws(
      () => model('rank: 8, modules_to_save: [embed], trainable: 64'),
      /model\.lora\.trainable.*modules_to_save/s,
    );
    assert.throws(() => model('rank: 8, trainable: 0'), /model\.lora\.trainable/);
  });

  test('TinyLoRA and MiSS keep what LoRA-FA keeps; Uni-LoRA, VB-LoRA, GraLoRA and DeLoRA what LoRA does (real PEFT 0.21 step on CPU)', (t) => {
    const skip = skipUnlessFrameworks('torch', 'transformers', 'peft');
    if (skip) return t.skip(skip);
    const run = spawnSync(...cpuBounded(300, frameworksPython() as string, ['-c', tunerPython]), {
      encoding: 'utf8',
      timeout: hangBackstopMs,
    });
    assert.equal(run.status, 0, run.stderr);
    const kept: Record<string, number> = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
    // Exactly LoRA-FA's: lora_A's r-wide output only (its rank's fp32 values), no copy of the input.
    assert.equal(kept.tinylora_r2, kept.lora_fa_r2);
    assert.equal(kept.miss_r32, kept.lora_fa_r32);
    // LoRA's fp32 input copy and r-wide output: Uni-LoRA and VB-LoRA at their rank, GraLoRA (k 2) and DeLoRA at twice
    // it (GraLoRA's sub-block products, DeLoRA's normalised x·A beside x·A). PVeRA is neither (more than LoRA at 2.5
    // times its rank here): not written this way.
    assert.equal(kept.unilora_r32, kept.lora_r32);
    assert.equal(kept.vblora_r4, kept.lora_r4);
    assert.equal(kept.gralora_r32, kept.lora_r64);
    assert.equal(kept.delora_r32, kept.lora_r64);
    assert.ok((kept.pvera_r64 ?? 0) > (kept.lora_r64 ?? 0));
  });
});
