// The per-tensor activation rules of layer-activations.ts, each against its source or measurement.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { layerActivationBytes } from './activations.js';
import { estimate } from './estimate.js';
import { buildTransformerShape, type TransformerFields } from './families.js';
import {
  crossAttentionBytes,
  type LayerContext,
  layerBytes,
  opCheckpointedLayerBytes,
  scoreBytesPerElement,
} from './layer-activations.js';
import { parseEstimateSpec } from './load.js';
import type { LoraSpec, Precision, QuantizationSpec } from './types.js';

const h = 1024;
const a = 16;
const s = 512;

function ctxOf(
  fields: TransformerFields,
  precision: Precision,
  extra: Partial<LayerContext> = {},
): LayerContext {
  const shape = buildTransformerShape({ layers: 1, hidden: h, heads: a, seqLen: s, ...fields });
  return { shape, precision, batch: 1, isTrainingNorms: true, tensorParallel: 1, ...extra };
}

// Bytes per token (one sequence of one token: the s² term is a·1·1, subtracted where eager).
function perToken(ctx: LayerContext): number {
  const scores = ctx.shape.attention === 'eager' ? scoreBytesPerElement(ctx) * ctx.shape.heads : 0;
  return layerBytes(ctx, { tokens: 1, isSelective: false }) - scores;
}

describe('the generic BERT/GPT-2 layer', () => {
  test('all-16-bit with dropout is exactly Korthikanti sbh(34 + 5as/h); fp32 is the same with 4-byte values', () => {
    for (const [precision, e] of [
      ['bf16', 2],
      ['fp32', 4],
    ] as const) {
      const ctx = ctxOf({ family: 'bert', attention: 'eager' }, precision, { batch: 4 });
      const paper = layerActivationBytes({
        seqLen: s,
        batch: 4,
        hidden: h,
        heads: a,
        bytesPerValue: e,
        checkpointing: 'none',
      });
      assert.equal(layerBytes(ctx, { tokens: s, isSelective: false }), paper, precision);
    }
  });

  test('autocast keeps the residual stream and LayerNorm in fp32, one 16-bit cast per linear, an fp32 softmax', () => {
    // attention: LN input 4h + Q, K, V casts 3·2h + q, k, v 6h + o input 2h + mask h = 19h;
    // MLP: LN input 4h + up cast 2h + GELU input and output 2·2·4h + mask h = 23h.
    const ctx = ctxOf({ family: 'bert', attention: 'eager' }, 'amp_fp16');
    assert.equal(perToken(ctx), 42 * h);
    // softmax fp32 (4) + dropout mask (1) + the dropout output cast for the matmul with V (2).
    assert.equal(scoreBytesPerElement(ctx), 7);
    assert.ok(
      perToken(ctx) > perToken(ctxOf({ family: 'bert', attention: 'eager' }, 'bf16')) * 1.2,
      'the −16% of issue #13',
    );
  });
});

describe('Llama-style layers (HF LlamaDecoderLayer)', () => {
  const llama = (precision: Precision, fields: TransformerFields = {}, extra: Partial<LayerContext> = {}) =>
    ctxOf({ family: 'llama', ffn: 2816, ...fields }, precision, extra);

  test('RMSNorm keeps an fp32 upcast of its input, and the normalized tensor when its weight trains', () => {
    // attention: norm 4h + 2h + q, k, v 6h + SDPA output 2h; MLP: norm 4h + 2h + gate/up input 2h +
    // gate, SiLU output, up, product 4·2·f (SwiGLU, three matrices, no biases, no dropout).
    const full = perToken(llama('bf16'));
    assert.equal(full, 14 * h + 2 * h + 8 * h + 8 * 2816);
    const frozenNorms = perToken(llama('bf16', {}, { isTrainingNorms: false }));
    assert.equal(full - frozenNorms, 2 * 2 * h);
  });

  test('eager attention keeps an fp32 softmax and its 16-bit cast; SDPA and FlashAttention keep no s² tensor', () => {
    const eager = llama('bf16', { attention: 'eager' });
    assert.equal(scoreBytesPerElement(eager), 4 + 2, 'softmax(..., dtype=torch.float32).to(query.dtype)');
    const at = (attention: 'eager' | 'sdpa' | 'flash') =>
      layerBytes(llama('bf16', { attention }), { tokens: s, isSelective: false });
    assert.equal(at('eager') - at('sdpa'), 6 * a * s * s);
    assert.equal(at('sdpa'), at('flash'));
    const selective = layerBytes(eager, { tokens: s, isSelective: true });
    assert.equal(selective, at('sdpa'), 'selective recompute drops exactly the scores');
  });

  test('grouped-query attention: repeat_kv copies are kept by eager/SDPA; FlashAttention takes K/V as they are', () => {
    const gqa = (attention: 'sdpa' | 'flash') => perToken(llama('bf16', { kvHeads: 4, attention }));
    assert.equal(gqa('sdpa') - gqa('flash'), 2 * 2 * (h - (4 * h) / a));
  });

  test('a SwiGLU MLP keeps twice what a GELU MLP of the same width keeps', () => {
    const mlp = (kind: 'gelu' | 'swiglu') =>
      perToken(llama('bf16', { mlp: kind }, { isTrainingNorms: false }));
    assert.equal(mlp('swiglu') - mlp('gelu'), 2 * 2 * 2816);
  });

  test("Liger's kernels: RMSNorm keeps its input and an fp32 rstd per row; SwiGLU keeps gate and up only", () => {
    // Liger-Kernel ops/rms_norm.py save_for_backward(X, W, RSTD); ops/swiglu.py save_for_backward(a, b).
    const eager = perToken(llama('bf16'));
    const liger = perToken(llama('bf16', {}, { kernels: 'liger' }));
    // per norm: 4h (fp32 copy) + 2h (normalized, weight trains) -> 2h (X) + 4 (rstd); MLP: 4·2·f -> 3·2·f
    assert.equal(eager - liger, 2 * (6 * h - (2 * h + 4)) + 2 * 2816);
    // a LayerNorm model (BERT) is untouched: Liger's RMSNorm replaces RMSNorm only
    const bert = (kernels: 'eager' | 'liger') =>
      perToken(ctxOf({ family: 'bert', attention: 'sdpa' }, 'bf16', { kernels }));
    assert.equal(bert('liger'), bert('eager'));
  });
});

describe("Megatron-Core's Transformer Engine layers (training.kernels transformer_engine)", () => {
  const llama = (kernels: 'eager' | 'liger' | 'transformer_engine', fields: TransformerFields = {}) =>
    ctxOf({ family: 'llama', ffn: 2816, attention: 'flash', ...fields }, 'bf16', { kernels });

  test("TE's LayerNormLinear keeps the norm's input, its output and an fp32 rsigma; Megatron's fused SwiGLU keeps fc1's output", () => {
    // layernorm_linear.py: prepare_for_saving(inputmat, ..., ln_out, mu, rsigma); fused_bias_swiglu.py
    // SwiGLUFunction: save_for_backward(input). Per token in bf16 with flash attention: attention 2h (input) + 2h
    // (ln_out, read by linear_qkv) + 4 (rsigma) + q, k, v 6h + output 2h; MLP 2h + 2h + 4 + fc1's output 2·2·f +
    // the SwiGLU output fc2 keeps 2·f.
    assert.equal(perToken(llama('transformer_engine')), 16 * h + 2 * 4 + 6 * 2816);
    // The layer Liger's kernels leave: the same tensors (Liger's backward writes over them; TE's does not).
    assert.equal(perToken(llama('transformer_engine')), perToken(llama('liger')));
    // LayerNorm and GELU layers (GPT, BERT, T5 under Megatron) keep what eager ones keep.
    const gpt = (kernels: 'eager' | 'transformer_engine') =>
      perToken(ctxOf({ family: 'gpt', attention: 'flash' }, 'bf16', { kernels }));
    assert.equal(gpt('transformer_engine'), gpt('eager'));
  });

  test('under parallel.framework: megatron it is given, not the default; given, the fused layer keeps less', () => {
    const spec = (extra: string) =>
      parseEstimateSpec(
        `model: { params: 1B, transformer: { family: llama, layers: 2, hidden: 512, heads: 4, ffn: 1792, vocab: 1024, seq_len: 256, attention: flash } }\ntraining: { precision: amp_bf16, convention: zero, optimizer: adamw, batch_size: 2${extra} }\nparallel: { gpus: 8, strategy: zero1, framework: megatron }`,
        'megatron.yaml',
      );
    assert.equal(spec('').training.kernels, 'eager');
    assert.equal(spec(', kernels: transformer_engine').training.kernels, 'transformer_engine');
    const activations = (extra: string) =>
      estimate(spec(extra)).gpu.components.find((part) => part.name === 'activations')?.bytes ?? 0;
    assert.ok(activations(', kernels: transformer_engine') < activations(''), 'the fused layer keeps less');
  });
});

describe('GPT-NeoX layers (HF GPTNeoXLayer)', () => {
  test('eager attention keeps the fp32 softmax output and its 16-bit cast: 6 B per score element in fp16', () => {
    // transformers v5.18.0 gpt_neox eager_attention_forward: softmax(dtype=torch.float32).to(query.dtype);
    // a real fp16 GPTNeoXLayer (torch 2.13 CPU, saved_tensors_hooks) saves 16 + 8 sbh of scores at b1 s512 h256 a4.
    const neox = ctxOf({ family: 'neox', attention: 'eager' }, 'fp16');
    assert.equal(scoreBytesPerElement(neox), 6);
    // A family without the upcast keeps one 16-bit softmax output (GPT-2-style, no dropout).
    assert.equal(scoreBytesPerElement(ctxOf({ family: 'vit', attention: 'eager' }, 'fp16')), 2);
  });
});

describe('LoRA and quantized bases', () => {
  const lora = (dropout: number, targets: LoraSpec['targets'] = ['q', 'v']): LoraSpec => ({
    rank: 8,
    alpha: 16,
    targets,
    dropout,
  });
  const base = (extra: Partial<LayerContext>, fields: TransformerFields = {}) =>
    perToken(ctxOf({ family: 'llama', ffn: 2816, ...fields }, 'bf16', { isTrainingNorms: false, ...extra }));

  // Counted on a real step (torch 2.13 CPU, transformers 5.18, peft 0.21; saved-tensor hooks over a 256-wide bf16
  // Llama, per token and layer): frozen 6440 B, trained 9512 (+ q/k/v and gate/up inputs, down's input, the norms'
  // normalized tensors); q/v r 8 without dropout, fp32 adapters 2112 more, bf16 adapters 544 more; all seven 8416
  // and 2160. On an H200 (test/gpu/recorded/2026-11-28-h200-lora-layer-…json) the same rules within 1.4%, with
  // CUDA's bool dropout mask (1 B; the CPU kernel keeps a mask in the input's dtype).
  test('a frozen linear keeps no input: the trained layer keeps q/k/v, gate/up and down inputs more', () => {
    const frozen = base({ isFrozenBase: true });
    assert.equal(base({}) - frozen, 2 * h + 2 * h + 2 * 2816);
  });

  test("PEFT's fp32 adapters without autocast keep an fp32 copy of each target's input, and the mask with dropout", () => {
    const none = base({ isFrozenBase: true });
    const fp32 = (dropout: number, targets?: LoraSpec['targets']) =>
      base({ isFrozenBase: true, lora: { ...lora(dropout, targets), adapterDtype: 'fp32' } }) - none;
    assert.equal(fp32(0), 2 * (4 * h + 4 * 8));
    assert.equal(fp32(0.05), 2 * ((1 + 4) * h + 4 * 8));
    assert.equal(fp32(0, ['down']), 4 * 2816 + 4 * 8);
  });

  test('under autocast (the HF Trainer over 16-bit weights, the default) each target keeps a 16-bit cast of its input', () => {
    const none = base({ isFrozenBase: true });
    const autocast = (dropout: number) => base({ isFrozenBase: true, lora: lora(dropout) }) - none;
    assert.equal(autocast(0), 2 * (2 * h + 2 * 8));
    assert.equal(autocast(0.05), 2 * ((1 + 2) * h + 2 * 8));
  });

  test("adapters in the weights' dtype read the input as it is: once per tensor without dropout, a dropped-out copy each with it", () => {
    const none = base({ isFrozenBase: true });
    const weights = (dropout: number, targets?: LoraSpec['targets']) =>
      base({ isFrozenBase: true, lora: { ...lora(dropout, targets), adapterDtype: 'weights' } }) - none;
    assert.equal(weights(0), 2 * h + 2 * (2 * 8));
    assert.equal(weights(0.05), 2 * ((1 + 2) * h + 2 * 8));
    assert.equal(
      weights(0, ['q', 'k', 'v', 'o', 'gate', 'up', 'down']),
      2 * h + 2 * h + 2 * 2816 + 7 * 2 * 8,
    );
  });

  test('a fused QKV projection (LitGPT, GPT-2, NeoX) has one LoRA dropout for all its targets', () => {
    const fused = (extra: Partial<LayerContext>) =>
      base({ isFrozenBase: true, ...extra }, { fusedQkv: true });
    const weights: LoraSpec = { ...lora(0.05), adapterDtype: 'weights' };
    // The mask and dropped-out copy once, lora_A's output, and LitGPT's zero_pad keeping the q and v updates.
    assert.equal(fused({ lora: weights }) - fused({}), (1 + 2) * h + 2 * 8 + 2 * (h + h));
    const all: LoraSpec = { ...weights, targets: ['q', 'k', 'v'] };
    assert.equal(fused({ lora: all }) - fused({}), (1 + 2) * h + 2 * 8, 'q, k and v all adapted: no padding');
  });

  // Counted with torch 2.13 on CPU (saved-tensor hooks by storage) against LitGPT's own model, lit-gpt 8641822 and
  // litgpt e5493986, a 256-wide bf16 layer of 8 heads, RoPE on every dimension: the fused q·k·v output (1536 B per
  // token) is kept whole beside the rotated q and k (512 each) with 8 K/V groups, and not with 2 (k and v are then
  // expanded copies); LoRA r 8 on q and v keeps 1568 B per token more than the frozen layer, on q alone 1040, on all
  // three 560 (its input 512, lora_A's output, and for a partial set zero_pad's index_copy source).
  test("a fused QKV under RoPE keeps its whole output through v's view, beside the rotated q and k", () => {
    const fusedLlama = (extra: Partial<LayerContext>, kvHeads = a) =>
      base({ isFrozenBase: true, ...extra }, { fusedQkv: true, kvHeads });
    const separate = base({ isFrozenBase: true });
    assert.equal(fusedLlama({}) - separate, 2 * (h + h), 'q and k widths more');
    assert.equal(fusedLlama({}, 4) - base({ isFrozenBase: true }, { kvHeads: 4 }), 0, 'grouped K/V: copies');
    const ctx = ctxOf({ family: 'gpt', fusedQkv: true }, 'bf16');
    const gpt2 = ctxOf({ family: 'gpt', fusedQkv: false }, 'bf16');
    assert.equal(perToken(ctx), perToken(gpt2), 'learned positions: q, k and v are all views of one output');
  });

  test('bitsandbytes 4-bit layers before 0.43.2 keep their input in the compute dtype, frozen or not; from 0.43.2 none', () => {
    const nf4 = (computeBytes: number, keepsNoInput?: boolean): QuantizationSpec => ({
      weights: 'nf4',
      library: 'bitsandbytes',
      doubleQuant: false,
      groupSize: 64,
      computeBytes,
      isHeadQuantized: false,
      ...(keepsNoInput ? { keepsNoInput } : {}),
    });
    assert.equal(base({ quantization: nf4(2) }), base({}), 'bf16 compute: the same tensors');
    assert.equal(
      base({ quantization: nf4(2), isFrozenBase: true }),
      base({}),
      'MatMul4Bit keeps A (ctx.tensors)',
    );
    // q, k, v: 3 × 4h instead of 2h; o: 4h more; gate, up: 2 × 4h instead of 2h; down: 4f instead of 2f.
    const extra = 12 * h - 2 * h + 4 * h + 8 * h - 2 * h + 2 * 2816;
    assert.equal(base({ quantization: nf4(4) }) - base({}), extra);
    assert.equal(
      base({ quantization: nf4(4, true), isFrozenBase: true }),
      base({ isFrozenBase: true }),
      '#1270: ctx.tensors = (None, B)',
    );
  });
});

describe("GPT-2's gelu_new", () => {
  test('keeps three more values per MLP element than one GELU op: 12 bytes in fp32 and under autocast (pow is fp32 there), 3 × 2 in bf16', () => {
    for (const [precision, extra] of [
      ['fp32', 12],
      ['amp_bf16', 12],
      ['amp_fp16', 12],
      ['bf16', 6],
    ] as const) {
      const gelu = ctxOf({ family: 'gpt' }, precision);
      const geluNew = ctxOf({ family: 'gpt', mlp: 'gelu_new' }, precision);
      assert.equal(perToken(geluNew) - perToken(gelu), extra * 4 * h, precision);
    }
  });
});

describe('encoder–decoder (T5)', () => {
  test("a decoder layer's cross-attention keeps k and v over the encoder output and eager scores s_dec × s_enc", () => {
    // T5: eager attention, softmax(scores.float()), dropout 0.1: 4 + 1 + 2 bytes per score in bf16.
    const ctx = ctxOf({ family: 't5', encoderLayers: 1, decoderLayers: 1 }, 'bf16');
    assert.equal(scoreBytesPerElement(ctx), 7);
    const longer =
      crossAttentionBytes(ctx, { tokens: 64, memory: 512 }) -
      crossAttentionBytes(ctx, { tokens: 64, memory: 256 });
    assert.equal(longer, 256 * (2 * 2 * h) + 7 * a * 64 * 256);
  });

  test("under SDPA the encoder's self-attention keeps the math path's scores (T5's strided position-bias mask); the decoder's stays fused", () => {
    // CUDA refuses the fused kernels for a mask whose last stride is not 1 (sdp_utils_cpp.h
    // check_last_dim_stride_equals_1_dense): softmax 4 + dropout mask 1 + dropped 4 bytes per score in fp32.
    const sdpa = ctxOf({ family: 't5', encoderLayers: 1, decoderLayers: 1, attention: 'sdpa' }, 'fp32');
    const scores = 9 * a * s * s;
    const encoder = layerBytes(sdpa, { tokens: s, isSelective: false, isEncoder: true });
    const decoder = layerBytes(sdpa, { tokens: s, isSelective: false });
    assert.equal(encoder - decoder, scores);
    // Selective checkpointing drops them, as it drops eager scores.
    assert.equal(
      layerBytes(sdpa, { tokens: s, isSelective: true, isEncoder: true }),
      layerBytes(sdpa, { tokens: s, isSelective: true }),
    );
    // A model without relative position bias (BERT) is fused in its encoder too.
    const bert = ctxOf({ family: 'bert', attention: 'sdpa' }, 'fp32');
    assert.equal(
      layerBytes(bert, { tokens: s, isSelective: false, isEncoder: true }),
      layerBytes(bert, { tokens: s, isSelective: false }),
    );
  });
});

describe("SDPA's math path (attention: math)", () => {
  const math = (precision: Precision) =>
    ctxOf({ family: 'llama', ffn: 2816, attention: 'eager', isMathAttention: true }, precision);

  test('keeps fp32 scores whatever the 16-bit dtype: the path upcasts q, k and v (attention.cpp)', () => {
    // Measured with torch 2.13 on CPU: bf16 q, k, v under sdpa_kernel(MATH) run _to_copy to fp32, an fp32
    // bmm and _safe_softmax; 4.0 B kept per score after the forward.
    assert.equal(scoreBytesPerElement(math('bf16')), 4);
    assert.equal(scoreBytesPerElement(math('fp16')), 4);
    assert.equal(scoreBytesPerElement(math('fp32')), 4);
    // HF eager in bf16 keeps its fp32 softmax and the bf16 cast: 6.
    assert.equal(scoreBytesPerElement(ctxOf({ family: 'llama', attention: 'eager' }, 'bf16')), 6);
  });

  test("torchtitan's op-level policy saves eager attention's two bmm outputs (scores and P·V) in their dtype", () => {
    // activation_checkpoint.py since #2357: get_default_op_list().compute_intensive_ops (aten.bmm) is saved.
    const fused = opCheckpointedLayerBytes(
      ctxOf({ family: 'llama', ffn: 2816, attention: 'sdpa' }, 'mixed_bf16'),
      s,
    );
    const mathLayer = opCheckpointedLayerBytes(math('mixed_bf16'), s);
    const eager = opCheckpointedLayerBytes(
      ctxOf({ family: 'llama', ffn: 2816, attention: 'eager' }, 'mixed_bf16'),
      s,
    );
    const d = h / a;
    // The fused kernel's output (2 B) and logsumexp (4 B per head) against the scores and P·V.
    assert.equal(mathLayer - fused, s * (4 * a * (s + d) - (2 * a * d + 4 * a)));
    assert.equal(eager - fused, s * (2 * a * (s + d) - (2 * a * d + 4 * a)));
  });
});
