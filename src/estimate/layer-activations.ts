// What one transformer layer keeps for backward in PyTorch, tensor by tensor, in the dtypes autograd
// really stores: the framework counterpart of Korthikanti's formula (activations.ts), which assumes
// every value is 16-bit. Bytes for s tokens of b sequences.
//
// Rules, each checked against its source or a measurement:
// - A linear keeps its input only for its weight's gradient (autograd saves mm's input for mat2's gradient alone,
//   tools/autograd gen_variable_type.py guard_for): a frozen base (LoRA and the other PEFT tuners) keeps none, and
//   what reads it only for a frozen linear (the permuted eager attention output, the MLP product) is not kept.
//   Measured: a peft-LoRA'd Llama-2-7B layer on an H200 (test/gpu/recorded/2026-11-28-h200-lora-layer-…json) keeps
//   32.5 B per token·hidden frozen, and each adapter its own copy, within 1.4%; counted on CPU (torch 2.13,
//   saved-tensor hooks, layer-activations.test.ts): 6440 B per token over a 256-wide bf16 layer frozen, 9512
//   trained. LitGPT's fused QKV keeps more than its frozen linears' inputs: see fusedOutputKeptBytes and
//   fusedLoraPaddingBytes (counted against lit-gpt 8641822 and litgpt e5493986 on CPU).
// - torch.autocast (amp_*) runs LayerNorm and softmax in fp32 and casts a linear's input for each
//   linear separately (only leaf weights are cached): Q, K and V each keep a 16-bit copy of the fp32
//   norm output, and the residual stream is fp32 (fp16 + fp32 promotes).
// - RMSNorm (LlamaRMSNorm, T5LayerNorm, LitGPT) upcasts its input to fp32 and keeps that copy; with a
//   trainable weight it also keeps the normalized tensor for the weight's gradient.
// - Eager attention keeps the softmax output (fp32 under autocast, or when the model upcasts it as
//   HF Llama and T5 do), the dropout mask and the dropout output cast for the matmul with V. SDPA and
//   FlashAttention keep q, k, v, the output and a per-row logsumexp only.
// - HF's eager and SDPA paths repeat K and V to every query head (repeat_kv) before attention, and
//   keep the repeated copies; FlashAttention takes grouped K/V as they are.
// - bitsandbytes' 4-bit matmul (MatMul4Bit) before 0.43.2 keeps its input cast to the compute dtype, one copy
//   per layer, frozen or not (`ctx.tensors = (A, B)`): with compute fp32 that replaces each shared 16-bit input by
//   a 4-byte copy. From 0.43.2 (#1270, `ctx.tensors = (None, B)`; model.quantization.bitsandbytes) and in
//   torchao's linear_nf4 (it saves the weight only) a frozen quantized linear keeps none.
// - PEFT's LoRA applies its dropout to the layer input: a bool mask (CUDA's native_dropout) and the dropped-out
//   copy lora_A keeps. PEFT keeps 16-bit adapters in fp32 and casts each target's input to them
//   (model.lora.adapter_dtype): under autocast lora_A keeps its 16-bit cast, without it the fp32 copy; adapters in
//   the weights' dtype (LitGPT, torchtune) read the input itself, kept once for the targets sharing it. A fused QKV
//   projection (LitGPT, GPT-2, NeoX) has one dropout for all its adapters.
// - PEFT's other tuners (peft v0.21.0, model.lora.variant): LoHa and LoKr (loha/layer.py, lokr/layer.py
//   _get_delta_activations: `F.linear(input, delta_weight)`) keep the adapted linear's input, as LoRA's lora_A
//   does (under autocast F.linear's own 16-bit copy per target), and the dense ΔW (per layer, not per token:
//   gpu-activations.ts); IA³ (ia3/layer.py Linear.forward) keeps what its vector multiplies: a target's output
//   (`result * ia3_scaling`), or a feed-forward target's (down's) input (`x * ia3_scaling`), one more tensor
//   of that width; VeRA (vera/layer.py) keeps x·A (r) and the back-projection (out) per target, its frozen shared
//   projections none. Their input copies and products follow the LoRA rule's adapter dtype. Counted with real
//   PyTorch 2.13 and PEFT 0.21.0 on CPU (saved-tensor hooks over a 2-layer Llama; lora.test.ts).
// - Liger-Kernel (linkedin/Liger-Kernel v0.8.0 src/liger_kernel/ops/rms_norm.py LigerRMSNormFunction:
//   `ctx.save_for_backward(X, W, RSTD)`, RSTD fp32 per row; ops/swiglu.py LigerSiLUMulFunction:
//   `ctx.save_for_backward(a, b)`, its backward writing the gradients over a and b): the norm keeps its
//   input as given (no fp32 copy, no normalized tensor), the gated MLP keeps gate and up and the
//   product down_proj reads, not silu's output.
// - Transformer Engine under Megatron-Core (training.kernels transformer_engine; given, not the default under
//   parallel.framework megatron: see the note in to-spec.ts): TE's LayerNormLinear (transformer_engine/pytorch/module/layernorm_linear.py _LayerNormLinear.forward:
//   `prepare_for_saving(inputmat, weightmat, weight, bias, ln_weight, ln_out, mu, rsigma)`) keeps the norm's input,
//   its output (the linear's input) and fp32 mu/rsigma per row, as Liger's norm and the linear after it do; with
//   gated_linear_unit and bias_activation_fusion (Megatron's default --bias-swiglu-fusion) MLP.forward runs
//   bias_swiglu_impl (megatron/core/fusions/fused_bias_swiglu.py SwiGLUFunction at NVIDIA/Megatron-LM 00caa53a:
//   `ctx.save_for_backward(input_for_backward)`, fc1's output only), whose backward returns a new tensor
//   (swiglu_back's torch.cat): nothing written over its input, unlike Liger's. LayerNorm and GELU layers keep
//   what eager ones do (LayerNormLinear's input and output; bias_gelu keeps fc1's output, fc2 its activation).
// - torch.compile (an assumption): a compiled layer casts a tensor once for every linear that reads
//   it (common-subexpression elimination in the traced graph), so under autocast Q, K and V share one
//   16-bit copy. Inductor's partitioner (torch/_functorch/partitioners.py
//   min_cut_rematerialization_partition) may recompute more pointwise intermediates, but measured
//   compiled fine-tunes keep about what eager keeps (ViT-H, torchao low-bit optimizer benchmark:
//   measured 12.23 GB allocated against 11.98 GB for eager layers), so nothing more is assumed.
//   What compile does save is in the loss (loss.ts).
import { isIa3FeedForward } from './lora.js';
import type {
  LayerKernels,
  LoraSpec,
  LoraTarget,
  MlaShape,
  Precision,
  QuantizationSpec,
  TransformerShape,
} from './types.js';

/** What the layer model needs besides the shape. */
export interface LayerContext {
  shape: TransformerShape;
  precision: Precision;
  batch: number;
  lora?: LoraSpec;
  quantization?: QuantizationSpec;
  /** Norm weights require grad (full fine-tuning): RMSNorm then keeps its normalized output too. */
  isTrainingNorms: boolean;
  tensorParallel: number;
  /**
   * Sequence parallelism (with tensorParallel > 1): the residual stream between the tensor-parallel
   * regions — norm inputs, dropout masks, a checkpointed layer's input, embeddings — is split by
   * sequence over the tensor ranks (Korthikanti et al. 2022, arXiv:2205.05198 §4.2.2). The norm output
   * all-gathered for the column-parallel linears stays whole on every rank: DTensor's mm keeps the
   * gathered input (torchtitan); Megatron re-gathers it in backward instead, so this is its upper bound.
   */
  isSequenceParallel?: boolean;
  /** torch.compile: one cast of a tensor shared by the linears reading it (see the rules above). */
  isCompiled?: boolean;
  /** Liger-Kernel's fused RMSNorm and SwiGLU (see the rules above); default eager. */
  kernels?: LayerKernels;
  /**
   * The base linears' weights are frozen (LoRA and the other PEFT tuners): a frozen linear keeps no input
   * (see the rules above); only the adapters reading it do.
   */
  isFrozenBase?: boolean;
}

/** Bytes of the values autograd keeps, by the precision mode. */
export interface ActivationDtypes {
  /** Linear outputs and attention tensors. */
  compute: number;
  /** The residual stream (and LayerNorm inputs). */
  residual: number;
  isAutocast: boolean;
}

/** fp32: everything 4 bytes; amp: 16-bit matmuls over an fp32 residual; bf16/fp16: all 16-bit. */
export function activationDtypes(precision: Precision): ActivationDtypes {
  const isAutocast = precision.startsWith('amp');
  return {
    compute: precision === 'fp32' ? 4 : 2,
    residual: precision === 'fp32' || isAutocast ? 4 : 2,
    isAutocast,
  };
}

/**
 * A base linear keeps its input when its weight trains, or when it is quantized by a kernel that keeps it anyway:
 * bitsandbytes' MatMul4Bit before 0.43.2 (`ctx.tensors = (A, B)`; #1270 made it `(None, B)`), LLM.int8, GPTQ and
 * AWQ as the model has them. A frozen nn.Linear keeps none (autograd saves mm's input only for the weight's
 * gradient), nor does torchao's linear_nf4.
 */
function isBaseInputKept(ctx: LayerContext, isQuantized = true): boolean {
  if (!ctx.isFrozenBase) return true;
  const quantized = isQuantized ? ctx.quantization : undefined;
  return quantized !== undefined && !quantized.keepsNoInput;
}

// Per-token bytes the linears reading one tensor of `width` keep: one shared copy, or under autocast
// (and for quantized layers computing in another dtype) one copy each.
function inputBytes(ctx: LayerContext, width: number, linears: number, isQuantized = true): number {
  if (!isBaseInputKept(ctx, isQuantized)) return 0;
  const { compute, isAutocast } = activationDtypes(ctx.precision);
  const quantized = isQuantized ? ctx.quantization : undefined;
  if (quantized && quantized.computeBytes !== compute) return linears * quantized.computeBytes * width;
  // Compiled: the casts of one tensor are one op after common-subexpression elimination.
  return isAutocast ? (ctx.isCompiled ? 1 : linears) * 2 * width : compute * width;
}

// Liger's or Transformer Engine's fused RMSNorm and SwiGLU (see the rules above); unset is eager.
const isFusedKernels = (ctx: LayerContext): boolean =>
  ctx.kernels === 'liger' || ctx.kernels === 'transformer_engine';
const isFusedNorm = (ctx: LayerContext): boolean => isFusedKernels(ctx) && ctx.shape.norm === 'rmsnorm';

// Per token·hidden; a fused RMSNorm keeps its input as given and one fp32 rstd per row (4 B per token,
// divided over the row's width here).
const normInputBytes = (ctx: LayerContext): number =>
  isFusedNorm(ctx)
    ? activationDtypes(ctx.precision).residual + 4 / ctx.shape.hidden
    : ctx.shape.norm === 'rmsnorm'
      ? 4
      : activationDtypes(ctx.precision).residual;

// HF LlamaRMSNorm: `self.weight * hidden_states.to(input_dtype)` keeps the normalized tensor when the
// weight trains; native LayerNorm's backward needs only its input and statistics, and so does Liger's
// RMSNorm (its backward forms the weight's gradient from X and rstd).
function normWeightBytes(ctx: LayerContext): number {
  if (!ctx.isTrainingNorms || ctx.shape.norm !== 'rmsnorm' || isFusedNorm(ctx)) return 0;
  const { compute, isAutocast } = activationDtypes(ctx.precision);
  return isAutocast ? 4 : compute;
}

/**
 * Bytes per value of what an adapter's matmuls keep. PEFT keeps 16-bit adapters in fp32 (get_peft_model
 * autocast_adapter_dtype=True) and every tuner casts its input to them (tuners_utils _cast_input_dtype, v0.21.0):
 * under autocast (amp, or the HF Trainer's bf16/fp16=True over 16-bit weights: model.lora.adapter_dtype
 * fp32_autocast, the default) each adapter then keeps autocast's 16-bit cast; without it (`fp32`) the fp32 copy;
 * adapters in the weights' dtype (`weights`: LitGPT, torchtune, unsloth) read the input as it is.
 */
function adapterValueBytes(ctx: LayerContext): number {
  const { compute, isAutocast } = activationDtypes(ctx.precision);
  if (isAutocast) return 2;
  if (compute === 4) return 4;
  const dtype = ctx.lora?.adapterDtype ?? 'fp32_autocast';
  return dtype === 'fp32' ? 4 : 2;
}

/** Each adapter makes its own copy of its input (autocast's cast, PEFT's fp32 cast), or reads it as it is. */
function isAdapterInputCopied(ctx: LayerContext): boolean {
  const { compute, isAutocast } = activationDtypes(ctx.precision);
  if (isAutocast) return true;
  if (compute === 4) return false;
  return (ctx.lora?.adapterDtype ?? 'fp32_autocast') !== 'weights';
}

/** Tuners whose adapter reads the linear's input x (LoRA's lora_A, LoHa/LoKr/FourierFT's F.linear(x, ΔW), AdaLoRA). */
const readsInput = (lora: LoraSpec): boolean => lora.variant !== 'ia3' && lora.variant !== 'vera';

/** Tuners with an input dropout (LoraConfig / AdaLoraConfig lora_dropout). */
const hasInputDropout = (lora: LoraSpec): boolean =>
  lora.dropout > 0 && (lora.variant === undefined || lora.variant === 'lora' || lora.variant === 'adalora');

/**
 * One adapted linear of input `width`, what its adapter keeps per token beside the input it may share: the
 * dropout's bool mask and its copy (the dropped-out values, or the cast under autocast / fp32 adapters), read by
 * lora_A (checked: peft-LoRA'd Llama layers on an H200, test/gpu/recorded/…-lora-layer-…json, and on CPU with
 * saved-tensor hooks: a q/v r 8 pair keeps 2 × (4 × 256 + 4 × 8) B per token over a 256-wide bf16 layer), and
 * lora_A's r-wide output kept by lora_B (a frozen lora_B, MiCA, keeps none).
 */
function loraTargetBytes(ctx: LayerContext, width: number): number {
  const lora = ctx.lora;
  if (!lora || !readsInput(lora)) return 0;
  const values = adapterValueBytes(ctx);
  const mask = hasInputDropout(lora) ? 1 : 0;
  // lora_A's input is kept for lora_A's own gradient only: autograd saves mm's input when the weight requires grad
  // (torch tools/autograd/derivatives.yaml mm: `mat2: mm_mat2_backward(grad, self, …)`, saved only under
  // mat2.requires_grad). A frozen lora_A (LoRA-FA, peft v0.21.0 optimizers/lorafa.py `requires_grad_(False)` on
  // every lora_A) keeps none of it, only the dropout's mask: measured on CPU (torch 2.13, PEFT 0.21, saved-tensor
  // hooks by storage), a q/v r 32 pair over a 512-wide bf16 Llama layer keeps 2 × 2240 B per token trained and
  // 2 × 192 B with lora_A frozen.
  const isATrained = lora.trainedFactor !== 'b';
  const input = !isATrained
    ? mask * width
    : isAdapterInputCopied(ctx) || mask > 0
      ? (mask + values) * width
      : 0;
  const isLora = lora.variant === undefined || lora.variant === 'lora';
  return input + (isLora && lora.trainedFactor !== 'a' ? values * lora.rank : 0);
}

/**
 * DoRA (peft/tuners/lora/dora.py DoraLinearLayer.forward): `(m / ‖W + sBA‖ - 1) * F.linear(x, W) + m / ‖W + sBA‖ *
 * lora_B(lora_A(x)) * s` with m trained: each product keeps its tensor operand, the layer's output and the
 * adapters' output, `out` values each per token in the compute dtype, for every adapted linear of `outs`.
 */
function doraBytes(ctx: LayerContext, outs: [LoraTarget, number][]): number {
  if (!ctx.lora?.isDora) return 0;
  const { compute } = activationDtypes(ctx.precision);
  return outs
    .filter(([target]) => ctx.lora?.targets.includes(target))
    .reduce((sum, [, out]) => sum + 2 * compute * out, 0);
}

/**
 * IA³ (peft/tuners/ia3/layer.py Linear.forward, v0.21.0): a target's output kept by `result * ia3_scaling`, a
 * feed-forward target's (down's) input kept by `x * ia3_scaling` (with the layer's own input, the scaled copy),
 * per token for every IA³ target of `values` ([target, kept width]), in the compute dtype.
 */
function ia3Bytes(ctx: LayerContext, values: [LoraTarget, number][]): number {
  if (ctx.lora?.variant !== 'ia3') return 0;
  const { compute } = activationDtypes(ctx.precision);
  // `x = x.to(ia3_l.dtype)` before `x * ia3_scaling` (ia3/layer.py Linear.forward): the feed-forward
  // target's input is kept in the vector's dtype.
  return values
    .filter(([target]) => ctx.lora?.targets.includes(target))
    .reduce(
      (sum, [target, width]) =>
        sum + (ctx.lora && isIa3FeedForward(ctx.lora, target) ? adapterValueBytes(ctx) : compute) * width,
      0,
    );
}

/** What IA³ keeps on an MLP target of input `input` and output `output` wide: the scaled input of a feed-forward one. */
function ia3MlpWidth(ctx: LayerContext, target: LoraTarget, input: number, output: number): number {
  return ctx.lora && isIa3FeedForward(ctx.lora, target) ? input : output;
}

/**
 * VeRA (peft/tuners/vera/layer.py Linear.forward, v0.21.0): `lambda_b * F.linear(lambda_d * F.linear(x, A), B)`
 * with A and B frozen: the two products keep x·A (r wide) and the projection back (out wide) for the vectors'
 * gradients, and the frozen projections keep no per-token input; per token for every target of `outs`.
 */
function veraBytes(ctx: LayerContext, outs: [LoraTarget, number][]): number {
  const lora = ctx.lora;
  // AdaLoRA (adalora/layer.py SVDLinear.forward: `(x @ (lora_A * lora_E).T @ lora_B.T) * scaling / ranknum`)
  // keeps the same two per target: x·(A·E)ᵀ for lora_B's gradient and the output the division by ranknum keeps
  // (counted with real PEFT 0.21 on CPU, lora.test.ts); x itself as LoRA's lora_A does.
  if (lora?.variant !== 'vera' && lora?.variant !== 'adalora') return 0;
  const values = adapterValueBytes(ctx);
  return outs
    .filter(([target]) => lora.targets.includes(target))
    .reduce((sum, [, out]) => sum + values * (lora.rank + out), 0);
}

/**
 * The adapters on `targets`, which read one tensor of `width`: each target's own part, and the tensor itself
 * once when adapters read it as it is (same dtype, no dropout) and nothing else keeps it (`isInputKept`: an SDPA
 * output, kept by the kernel): a frozen linear keeps no input. A fused QKV projection is one adapted linear.
 */
function loraBytes(
  ctx: LayerContext,
  targets: LoraTarget[],
  width: number,
  options: { isFused?: boolean; isInputKept?: boolean; isQuantized?: boolean } = {},
): number {
  const lora = ctx.lora;
  const chosen = targets.filter((target) => lora?.targets.includes(target));
  if (!lora || chosen.length === 0) return 0;
  const each = loraTargetBytes(ctx, width);
  const isKept = options.isInputKept === true || isBaseInputKept(ctx, options.isQuantized ?? true);
  const isShared = readsInput(lora) && !isAdapterInputCopied(ctx) && !hasInputDropout(lora) && !isKept;
  const shared = isShared ? activationDtypes(ctx.precision).compute * width : 0;
  return (options.isFused ? 1 : chosen.length) * each + shared;
}

/** Dropout on the attention probabilities: the shape's attention_dropout, else its dropout. */
const isAttentionDropout = (ctx: LayerContext): boolean => ctx.shape.attentionDropout ?? ctx.shape.dropout;

/** Bytes per b·a·s² of eager attention scores: softmax output, dropout mask and output, matmul copy. */
export function scoreBytesPerElement(ctx: LayerContext): number {
  if (ctx.shape.isMathAttention) return mathScoreBytesPerElement(ctx);
  const { compute, isAutocast } = activationDtypes(ctx.precision);
  // OPT upcasts only an fp16 model's softmax (modeling_opt.py: `if attn_weights.dtype == torch.float16`).
  const isUpcast = ctx.shape.isSoftmaxUpcast && !(ctx.shape.family === 'opt' && ctx.precision === 'bf16');
  const softmax = isAutocast || isUpcast ? 4 : compute;
  if (isAttentionDropout(ctx)) return softmax + 1 + compute;
  return softmax === compute ? softmax : softmax + compute;
}

/**
 * Per-token bytes of a block in three kinds: `residual` (the sequence-parallel region: split over the
 * tensor ranks only with sequence parallelism), `gathered` (a column-parallel linear's input: whole on
 * every tensor rank, Korthikanti Eq. 2's replicated "10 sbh"), `split` (inside the tensor-parallel
 * region: heads and MLP columns split over the ranks).
 */
interface BlockBytes {
  residual: number;
  gathered: number;
  split: number;
}

/**
 * One multi-head latent attention block per token (transformers DeepseekV3Attention, v5.18), counted by storage
 * with torch 2.13 on CPU (saved-tensor hooks, a bf16 layer of 512 wide, 8 heads, nope 64, rope 32, v 64, kv_rank
 * 128; mla.test.ts): the block's input (q_proj or q_a_proj and kv_a_proj read it); each latent's RMSNorm keeps
 * its fp32 copy and, when its weight trains, the normed value, and the up-projection keeps its input; RoPE keeps
 * only cos and sin; the query (nope and rotated rope parts concatenated) and the key (the head's nope part beside
 * the shared rotated rope key, a new tensor) are the attention's; the value is a view of kv_b_proj's output, which
 * an SDPA kernel keeps whole (nope and v of every head; transformers' sdpa_attention_forward passes it as it is),
 * eager a contiguous copy of the values. Measured: 28,812 B per token for the whole eager layer (with a dense
 * SwiGLU MLP of 1024), counted 28,672 (cos, sin and the norms' rstd aside). The latents are whole on every tensor
 * rank; the heads split.
 */
function latentAttentionPerToken(ctx: LayerContext, mla: MlaShape): BlockBytes {
  const { shape } = ctx;
  const { compute } = activationDtypes(ctx.precision);
  const { hidden: h, heads: a } = shape;
  const qk = mla.nopeDim + mla.ropeDim;
  const kernelKeepsOutput = shape.attention !== 'eager';
  const latent = (width: number): number =>
    normInputBytes(ctx) * width + normWeightBytes(ctx) * width + inputBytes(ctx, width, 1);
  // The kernels keep the value as the view it is (kv_b_proj's whole output); eager's matmul with the
  // probabilities keeps a contiguous copy of the values alone.
  const value = kernelKeepsOutput ? mla.nopeDim + mla.vDim : mla.vDim;
  const heads = compute * a * (qk + qk + value);
  const output = kernelKeepsOutput ? compute * a * mla.vDim : 0;
  const oInput = !isBaseInputKept(ctx) ? 0 : kernelKeepsOutput ? 0 : compute * a * mla.vDim;
  const lora =
    loraBytes(ctx, ['q'], h) + loraBytes(ctx, ['o'], a * mla.vDim, { isInputKept: kernelKeepsOutput });
  const outs: [LoraTarget, number][] = [
    ['q', a * qk],
    ['o', h],
  ];
  return {
    residual: normInputBytes(ctx) * h + normWeightBytes(ctx) * h + (shape.dropout ? h : 0),
    gathered: inputBytes(ctx, h, 2) + latent(mla.kvRank) + (mla.qRank > 0 ? latent(mla.qRank) : 0),
    split: heads + output + oInput + lora + doraBytes(ctx, outs) + ia3Bytes(ctx, outs) + veraBytes(ctx, outs),
  };
}

/** One self-attention block per token (without the s×s scores), for `tokens`-long sequences. */
function attentionPerToken(ctx: LayerContext): BlockBytes {
  const { shape } = ctx;
  if (shape.mla) return latentAttentionPerToken(ctx, shape.mla);
  const { compute } = activationDtypes(ctx.precision);
  const { hidden: h, heads: a, headDim: d } = shape;
  const kv = shape.attention === 'flash' ? shape.kvHeads : a;
  const quantized = ctx.quantization && ctx.quantization.computeBytes !== compute;
  const kernelKeepsOutput = shape.attention !== 'eager';
  const norm = normInputBytes(ctx) * h + normWeightBytes(ctx) * h;
  const qkvInput = inputBytes(ctx, h, shape.fusedQkv ? 1 : 3);
  const qkv = compute * (a * d + 2 * kv * d);
  // SDPA/Flash keep their output, which o_proj reads as it is (a view); eager's permuted copy is o_proj's.
  const output = kernelKeepsOutput ? compute * a * d : 0;
  const oInput = !isBaseInputKept(ctx)
    ? 0
    : quantized
      ? (ctx.quantization?.computeBytes ?? 0) * a * d
      : kernelKeepsOutput
        ? 0
        : compute * a * d;
  const mask = shape.dropout ? h : 0;
  const lora =
    loraBytes(ctx, ['q', 'k', 'v'], h, { isFused: shape.fusedQkv }) +
    fusedLoraPaddingBytes(ctx) +
    loraBytes(ctx, ['o'], a * d, { isInputKept: kernelKeepsOutput });
  const kvOut = shape.kvHeads * d;
  const dora = doraBytes(ctx, [
    ['q', a * d],
    ['k', kvOut],
    ['v', kvOut],
    ['o', h],
  ]);
  const ia3 =
    ia3Bytes(ctx, [
      ['q', a * d],
      ['k', kvOut],
      ['v', kvOut],
      ['o', h],
    ]) +
    veraBytes(ctx, [
      ['q', a * d],
      ['k', kvOut],
      ['v', kvOut],
      ['o', h],
    ]);
  return {
    residual: norm + mask,
    gathered: qkvInput,
    split: qkv + fusedOutputKeptBytes(ctx) + output + oInput + lora + dora + ia3,
  };
}

/**
 * Rotary positions: Llama and GPT-NeoX always (transformers LlamaRotaryEmbedding, GPTNeoXRotaryEmbedding; a
 * max_positions given for them sizes no table), a `gpt` layer without learned positions (GPT-J, Phi).
 */
const isRotary = (shape: TransformerShape): boolean =>
  shape.family === 'llama' || shape.family === 'neox' || (shape.family === 'gpt' && shape.positions === 0);

/**
 * A fused QKV projection under rotary positions, with as many K/V heads as query heads: RoPE writes new q and k,
 * while v stays a view of the fused output, so the attention kernel's saved v keeps the whole q·k·v output
 * alive beside the rotated copies: the q and k widths more than three separate tensors. transformers
 * GPTNeoXAttention (v4.41 `value = qkv[..., 2 * self.head_size :].permute(0, 2, 1, 3)`; v5.18
 * `qkv.view(hidden_shape).transpose(1, 2).chunk(3, dim=-1)`), LitGPT CausalSelfAttention (lit-gpt 8641822 and
 * litgpt e5493986: `q, k, v = qkv.split(...)`, v reshaped as a view when no K/V head is repeated). Counted with
 * torch 2.13 on CPU (saved-tensor hooks by storage, LitGPT at both commits, a 256-wide bf16 layer): the 768-wide
 * fused output (1536 B per token) kept whole, q and k 512 B each; with 2 K/V groups, k and v are expanded
 * copies and the fused output is freed. transformers' GPTNeoXForCausalLM v5.18 on CPU, full training, the same
 * way: 9256 B per token and layer with use_cache=False, the fused output kept; with use_cache=True (the config's
 * default, which a run without gradient checkpointing keeps) 8232, 1024 less: v5's DynamicCache copies k and v
 * into the cache, and attention then reads the copies. v4.41's tuple cache held the tensors themselves.
 */
function fusedOutputKeptBytes(ctx: LayerContext): number {
  const { shape } = ctx;
  if (!shape.fusedQkv || !isRotary(shape) || shape.kvHeads !== shape.heads) return 0;
  return activationDtypes(ctx.precision).compute * (shape.heads + shape.kvHeads) * shape.headDim;
}

/**
 * LoRA on some but not all of a fused QKV projection's q, k and v (LitGPT's LoRAQKVLinear; PEFT adapts a fused
 * module whole): zero_pad scatters the adapters' output into the fused width with index_copy, whose backward
 * formula reads its source (pytorch tools/autograd/derivatives.yaml index_copy: `source.dim() > 0 ?
 * grad.index_select(dim, index).expand_as(source) : ...`), so the adapters' output is kept, per token the
 * enabled parts' widths in the adapters' dtype (lit-gpt 8641822 lit_gpt/lora.py zero_pad `result.index_copy(1,
 * ..., x.reshape(-1, sum(self.qkv_shapes)))`; litgpt e5493986 `result.index_copy_(dim=-1, ..., source=x)`).
 * Counted with torch 2.13 on CPU (both commits, a 256-wide bf16 layer, r 8): q and v 1024 B per token beyond
 * the input and lora_A's output, q alone 512; with q, k and v all adapted zero_pad returns its input.
 */
function fusedLoraPaddingBytes(ctx: LayerContext): number {
  const { shape, lora } = ctx;
  if (!shape.fusedQkv || !lora || (lora.variant !== undefined && lora.variant !== 'lora')) return 0;
  const widths: [LoraTarget, number][] = [
    ['q', shape.heads * shape.headDim],
    ['k', shape.kvHeads * shape.headDim],
    ['v', shape.kvHeads * shape.headDim],
  ];
  const chosen = widths.filter(([target]) => lora.targets.includes(target));
  if (chosen.length === 0 || chosen.length === widths.length) return 0;
  return adapterValueBytes(ctx) * chosen.reduce((sum, [, width]) => sum + width, 0);
}

/**
 * Bytes per MLP value GPT-2's gelu_new keeps beyond one activation's input and output: transformers'
 * NewGELUActivation (activations.py, v4.x to v5) is `0.5 * x * (1 + tanh(c * (x + 0.044715 * pow(x, 3))))`
 * in tensor ops, whose backward keeps tanh's output, 1 + tanh and 0.5·x besides pow's input (x) and the
 * product (c_proj's input). Under CUDA autocast pow is an fp32 op (torch v2.13 aten/src/ATen/
 * autocast_mode.h AT_FORALL_FP32): its input is cast to fp32 and every product after it promotes to
 * fp32, so the three are 4 + 4 + 2 bytes and pow keeps an fp32 copy of x (+2 over the 16-bit x),
 * 12 bytes in all, as in fp32. Measured (H200, test/gpu/peaks-references.ts): GPT-2 124M bf16 autocast
 * -25.0% and 355M fp16 autocast -34.8% without them.
 */
function geluNewBytes(ctx: LayerContext): number {
  if (ctx.shape.mlp !== 'gelu_new') return 0;
  const { compute, isAutocast } = activationDtypes(ctx.precision);
  return isAutocast ? 12 : 3 * compute;
}

/** One MLP block per token (MoE: each token through its experts). */
function mlpPerToken(ctx: LayerContext): BlockBytes {
  const { shape } = ctx;
  const { compute } = activationDtypes(ctx.precision);
  const { hidden: h, ffn: f } = shape;
  const isGated = shape.mlp === 'swiglu';
  // A parallel block's second norm reads the tensor the first one kept.
  const norm = (shape.parallelResidual ? 0 : normInputBytes(ctx) * h) + normWeightBytes(ctx) * h;
  const upInput = inputBytes(ctx, h, isGated ? 2 : 1);
  // gated: gate output (kept by the activation), activation output and up output (kept by the
  // product), the product (down's input); plain: activation input and output (down's input). Liger's and
  // Megatron's fused SwiGLU compute silu(gate) · up in one function that keeps gate and up only.
  // A frozen down projection keeps no input: the product (or the activation's output) only its adapter keeps.
  const frozenDown = isBaseInputKept(ctx) ? 0 : 1;
  const gatedValues = (isFusedKernels(ctx) ? 3 : 4) - frozenDown;
  // ReLU (OPT) keeps only its output (threshold_backward reads the result), which the second linear keeps too.
  const plainValues = shape.mlp === 'relu' ? 1 : 2 - frozenDown;
  const values = (isGated ? gatedValues : plainValues) * compute * f + geluNewBytes(ctx) * f;
  const quantized = ctx.quantization && ctx.quantization.computeBytes !== compute && isBaseInputKept(ctx);
  const downInput = quantized ? ((ctx.quantization?.computeBytes ?? 0) - compute) * f : 0;
  const mask = shape.dropout ? h : 0;
  const lora =
    loraBytes(ctx, ['gate', 'up'], h) +
    loraBytes(ctx, ['down'], f) +
    doraBytes(ctx, [
      ['gate', f],
      ['up', f],
      ['down', h],
    ]) +
    ia3Bytes(ctx, [
      ['gate', ia3MlpWidth(ctx, 'gate', h, f)],
      ['up', ia3MlpWidth(ctx, 'up', h, f)],
      ['down', ia3MlpWidth(ctx, 'down', f, h)],
    ]) +
    veraBytes(ctx, [
      ['gate', f],
      ['up', f],
      ['down', h],
    ]);
  const experts = shape.experts > 0 ? shape.expertsPerToken : 1;
  // MoE: the router's logits per token (fp32), tiny next to the experts.
  const router = shape.experts > 0 ? 4 * shape.experts : 0;
  // A shared expert is one more MLP every token goes through, reading the normed input the router reads
  // (its autocast copy, when there is one, counted once more) and keeping what an MLP keeps per value.
  const s = shape.sharedFfn;
  const sharedLora = s > 0 ? loraBytes(ctx, ['gate', 'up'], h) + loraBytes(ctx, ['down'], s) : 0;
  const sharedValues =
    s > 0 ? ((isGated ? gatedValues : plainValues) * compute + geluNewBytes(ctx)) * s + sharedLora : 0;
  const sharedInput = s > 0 ? upInput : 0;
  return {
    residual: norm + mask + router,
    gathered: experts * upInput + sharedInput,
    split: experts * (values + downInput + lora) + sharedValues,
  };
}

/** How many ways the residual stream's values are split: the tensor ranks under sequence parallelism. */
export function sequenceShards(ctx: LayerContext): number {
  return ctx.isSequenceParallel ? ctx.tensorParallel : 1;
}

/**
 * Whether an encoder–decoder's encoder self-attention under SDPA runs CUDA's math path, which keeps the
 * s×s scores: T5's relative position bias is the attention mask, permuted out of its (q, k, heads)
 * embedding (transformers models/t5/modeling_t5.py T5Attention.compute_bias `permute([2, 0, 1])`, v5),
 * so its last dimension is strided; flash takes no mask and memory-efficient and cuDNN refuse a mask
 * whose last stride is not 1 (torch v2.13 aten/src/ATen/native/transformers/sdp_utils_cpp.h
 * check_last_dim_stride_equals_1_dense). The decoder's causal self-attention masks it with torch.where
 * (a new, contiguous tensor: integrations/sdpa_attention.py create_position_bias_mask) and its
 * cross-attention has a contiguous zero bias, so both stay fused. Measured: T5-base fp32 on an H200
 * (test/gpu/peaks-references-2.ts) -33.9% with the encoder fused.
 */
export function isEncoderMathAttention(shape: TransformerShape): boolean {
  return shape.relativeBuckets > 0 && shape.attention === 'sdpa';
}

/** Bytes per b·a·s² the SDPA math path keeps: its softmax output, and with dropout native_dropout's
 * bool mask and the dropped-out weights the matmul with V keeps (attention.cpp
 * _scaled_dot_product_attention_math, v2.13). All fp32: the path upcasts fp16/bf16 q, k and v to fp32
 * first (`query_.to(at::kFloat)` unless allowFP16BF16ReductionMathSDP); measured with torch 2.13 (bf16
 * q, k, v under sdpa_kernel(MATH): _to_copy to fp32, fp32 bmm and _safe_softmax; 4.0 B kept per score). */
export function mathScoreBytesPerElement(ctx: LayerContext): number {
  return isAttentionDropout(ctx) ? 4 + 1 + 4 : 4;
}

/** One layer's kept bytes for `tokens` per sequence; checkpointing `selective` drops the scores. An
 * encoder layer (`isEncoder`) keeps them also where its SDPA runs the math path (isEncoderMathAttention). */
export function layerBytes(
  ctx: LayerContext,
  options: { tokens: number; isSelective: boolean; isEncoder?: boolean },
): number {
  const t = ctx.tensorParallel;
  const attention = attentionPerToken(ctx);
  const mlp = mlpPerToken(ctx);
  const perToken =
    (attention.residual + mlp.residual) / sequenceShards(ctx) +
    attention.gathered +
    mlp.gathered +
    (attention.split + mlp.split) / t;
  const tokens = options.tokens * ctx.batch;
  const isMath = options.isEncoder === true && isEncoderMathAttention(ctx.shape);
  const hasScores = (ctx.shape.attention === 'eager' || isMath) && !options.isSelective;
  const perScore = isMath ? mathScoreBytesPerElement(ctx) : scoreBytesPerElement(ctx);
  const window = windowedAttention(ctx.shape, options.tokens);
  // Windowed blocks run their attention on the padded grid (the per-token attention bytes grow with it) and
  // keep windows × size⁴ scores; the average over the layers is what one layer here stands for.
  const attentionTokens = window ? window.paddedShare * tokens : tokens;
  const scores = hasScores
    ? (perScore * ctx.batch * ctx.shape.heads * (window ? window.scoreElements : options.tokens ** 2)) / t
    : 0;
  return perToken * tokens + (attentionTokens - tokens) * (window?.attentionPerToken(ctx) ?? 0) + scores;
}

/**
 * detectron2 ViTDet's Block (modeling/backbone/vit.py): window_partition pads the H × W grid to multiples of the
 * window and attends inside each window; window_unpartition drops the padding before the residual add and the
 * MLP. Averaged over the layers (global ones attend over all tokens): the score elements per head, and the
 * share of tokens the attention part runs on.
 */
function windowedAttention(
  shape: TransformerShape,
  tokens: number,
):
  | { scoreElements: number; paddedShare: number; attentionPerToken: (ctx: LayerContext) => number }
  | undefined {
  if (!shape.window) return undefined;
  const side = Math.round(Math.sqrt(tokens));
  const size = shape.window.size;
  const padded = Math.ceil(side / size) * size;
  const windows = (padded / size) ** 2;
  const global = Math.min(shape.layers, shape.window.globalLayers);
  const windowed = shape.layers - global;
  const scoreElements = (global * tokens ** 2 + windowed * windows * size ** 4) / shape.layers;
  const paddedShare = (global * tokens + windowed * padded ** 2) / shape.layers / tokens;
  return {
    scoreElements,
    paddedShare,
    attentionPerToken: (ctx) => {
      const attention = attentionPerToken(ctx);
      return attention.residual + attention.gathered + attention.split;
    },
  };
}

/**
 * A decoder layer's cross-attention over `memory` encoder tokens: norm, q input, q, k and v (k, v over
 * the memory), output, dropout mask, and eager scores a·s_dec·s_enc.
 */
export function crossAttentionBytes(ctx: LayerContext, options: { tokens: number; memory: number }): number {
  const { shape } = ctx;
  const { compute, isAutocast } = activationDtypes(ctx.precision);
  const { hidden: h, heads: a, headDim: d } = shape;
  const perQueryToken =
    normInputBytes(ctx) * h + inputBytes(ctx, h, 1) + 2 * compute * a * d + (shape.dropout ? h : 0);
  // k and v of the encoder output; under autocast each layer casts the shared encoder output again.
  const perMemoryToken = 2 * compute * a * d + (isAutocast ? 4 * h : 0);
  const scores =
    shape.attention === 'eager' ? scoreBytesPerElement(ctx) * a * options.tokens * options.memory : 0;
  return (
    (ctx.batch * (perQueryToken * options.tokens + perMemoryToken * options.memory + scores)) /
    ctx.tensorParallel
  );
}

/**
 * Outside the layers: embedding LayerNorm and dropout (BERT), embedding dropout (GPT-2, T5), the
 * patch embedding's input (ViT), final norms, the LM head's input, and the encoder output the
 * decoder's cross-attention reads.
 */
export function outsideBytes(ctx: LayerContext): number {
  const { shape, batch } = ctx;
  const { compute, residual } = activationDtypes(ctx.precision);
  const h = shape.hidden;
  const mask = shape.dropout ? h : 0;
  const isEncoderDecoder = shape.decoderLayers > 0 && shape.encoderLayers > 0;
  // PEFT LoRA on the token embedding: F.embedding into lora_embedding_A gives r values per token,
  // kept by the matmul with lora_embedding_B (no dropout on embeddings); on the LM head: a linear
  // adapter like any other (peft/tuners/lora/layer.py Embedding and Linear).
  const lora = ctx.lora;
  const embedLora = lora?.targets.includes('embed') ? compute * lora.rank : 0;
  const isHeadQuantized = ctx.quantization?.isHeadQuantized ?? false;
  const isElectra = shape.family === 'electra';
  const finalNorm =
    shape.family === 'bert' || isElectra || shape.isPostNorm
      ? 0
      : normInputBytes(ctx) * h + normWeightBytes(ctx) * h;
  // OPT's narrower word embeddings: project_in keeps the embedding's output, project_out the last hidden state
  // (the head then reads project_out's output, word_embed_dim wide).
  // ELECTRA's embeddings_project keeps the embeddings' dropout output (embedding_size wide); no project_out.
  const w = shape.wordEmbedDim ?? h;
  const projectIn = w !== h ? inputBytes(ctx, w, 1) : 0;
  const projectOut = w !== h && !isElectra ? inputBytes(ctx, h, 1) : 0;
  const headLora = shape.lmHead ? loraBytes(ctx, ['lm_head'], w, { isQuantized: isHeadQuantized }) : 0;
  // ELECTRA: the embeddings' LayerNorm input and dropout mask at embedding_size, then the projection's input.
  const embedding = isElectra
    ? residual * w + (shape.dropout ? w : 0) + projectIn
    : shape.family === 'bert'
      ? residual * h + mask
      : shape.patchInputs > 0
        ? compute * shape.patchInputs + mask
        : mask + embedLora + projectIn;
  // modules_to_save's trained copy of the head keeps its input as a trained linear does.
  const isHeadTrained = lora?.modulesToSave?.includes('lm_head') ?? false;
  const headCtx = isHeadTrained ? { ...ctx, isFrozenBase: false } : ctx;
  // ELECTRA's heads keep the last hidden state (their first dense's input). The generator's dense → GELU →
  // LayerNorm transform runs at embedding_size (the GELU's and the norm's inputs; the head reads the norm's
  // output); the discriminator's at hidden (the GELU's input, dense_prediction's input). Counted on a real
  // transformers ElectraForMaskedLM / ElectraForPreTraining step (families.test.ts).
  const electraHead = isElectra
    ? shape.lmHead
      ? compute * h + (residual + compute) * w
      : shape.classes === 0
        ? 3 * compute * h
        : 0
    : 0;
  const head =
    projectOut +
    electraHead +
    (shape.lmHead
      ? inputBytes(headCtx, w, 1, isHeadQuantized) +
        headLora +
        (shape.family === 'bert' ? (residual + compute) * h : 0)
      : 0);
  // Sequence parallel: the embedding output and the final norm are in the sequence-split region; the
  // head's input is gathered for the column-parallel LM head.
  const sp = sequenceShards(ctx);
  if (!isEncoderDecoder) return batch * shape.seqLen * ((embedding + finalNorm) / sp + head);
  const encoder = shape.seqLen * ((embedding + finalNorm) / sp + compute * h);
  const decoder = shape.decoderSeqLen * ((embedding + finalNorm) / sp + head);
  return batch * (encoder + decoder);
}

/**
 * torchtitan's per-op selective activation checkpointing (torchtitan/models/llama3/infra/parallelize.py,
 * `_save_list` and `_custom_policy`): inside a checkpointed layer the outputs of aten.mm and of the
 * SDPA/flash attention kernels are saved, except every second mm (counted per layer in forward
 * order), everything else is recomputed. A linear with a bias runs as aten.addmm, which is not in
 * the list (before #2357). Per token: the layer input (kept by the checkpoint), the saved mm outputs,
 * the attention output and its fp32 logsumexp per head, or under eager attention its two bmm outputs.
 */
export function opCheckpointedLayerBytes(ctx: LayerContext, tokens: number): number {
  const { shape } = ctx;
  const { compute, residual } = activationDtypes(ctx.precision);
  const { hidden: h, heads: a, kvHeads: kv, headDim: d, ffn: f } = shape;
  const t = ctx.tensorParallel;
  const hasBias = (role: 'qkv' | 'other'): boolean =>
    shape.bias === 'all' || (shape.bias === 'qkv' && role === 'qkv');
  // Forward order of the linears (width of each output); addmm ones are not counted as mm.
  // MLA (torchtitan deepseek_v3 Attention): wq (or wq_a, wq_b), wkv_a, wkv_b, then wo; no biases.
  const mla = shape.mla;
  const attentionLinears = mla
    ? [
        ...(mla.qRank > 0 ? [mla.qRank, a * d] : [a * d]),
        mla.kvRank + mla.ropeDim,
        a * (mla.nopeDim + mla.vDim),
      ].map((width) => ({ width, isMm: true }))
    : shape.fusedQkv
      ? [{ width: a * d + 2 * kv * d, isMm: !hasBias('qkv') }]
      : [a * d, kv * d, kv * d].map((width) => ({ width, isMm: !hasBias('qkv') }));
  const linears: { width: number; isMm: boolean }[] = [
    ...attentionLinears,
    { width: h, isMm: !hasBias('other') },
    ...(shape.mlp === 'swiglu' ? [f, f, h] : [f, h]).map((width) => ({ width, isMm: !hasBias('other') })),
  ];
  const experts = shape.experts > 0 ? shape.expertsPerToken : 1;
  let count = 0;
  let saved = 0;
  linears.forEach((linear, i) => {
    if (!linear.isMm) return;
    count += 1;
    const isMlp = i >= linears.length - (shape.mlp === 'swiglu' ? 3 : 2);
    if (count % 2 === 1) saved += (isMlp ? experts : 1) * linear.width;
  });
  // Eager attention (and SDPA's math path) runs as aten.bmm, which torchtitan's policy saves since #2357
  // (2026-03-23, activation_checkpoint.py: torch._functorch.partitioners get_default_op_list()
  // .compute_intensive_ops, aten.bmm among them in torch 2.13): the scores Q·Kᵀ (a·s per token) and P·V
  // (a·d), in the matmul's dtype (fp32 on the math path). Measured with torch 2.13 on CPU: one layer
  // under this policy with bf16 q, k, v on the math path keeps 4.0 B per score after its forward.
  // The flash/efficient kernels keep their output and fp32 logsumexp per head.
  const scoreBytes = shape.isMathAttention ? 4 : compute;
  // MLA's values (and so P·V and the kernel's output) are v_dim wide.
  const outWidth = mla ? mla.vDim : d;
  const attention =
    shape.attention === 'eager' ? scoreBytes * a * (tokens + outWidth) : a * outWidth * compute + 4 * a;
  return tokens * ctx.batch * ((residual * h) / sequenceShards(ctx) + (saved * compute + attention) / t);
}

/** What full checkpointing keeps per layer: its input, in the residual stream's dtype (sequence-split
 * under sequence parallelism). */
export function checkpointedLayerBytes(ctx: LayerContext, tokens: number): number {
  return (
    (activationDtypes(ctx.precision).residual * ctx.shape.hidden * tokens * ctx.batch) / sequenceShards(ctx)
  );
}
