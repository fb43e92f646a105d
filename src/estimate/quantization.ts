// Quantized frozen weights: bytes per parameter of each format, which parameters are quantized, and
// the dequantization working set.
import { groupParams, largestTensorParams, type ParamGroup, parameterInventory } from './inventory.js';
import type { Quantization, QuantizationLibrary, QuantizationSpec, TransformerShape } from './types.js';

/**
 * Bytes per quantized parameter:
 *   nf4/fp4  4 bits + one fp32 absmax per block of 64 (bitsandbytes quantize_4bit, blocksize=64):
 *            0.5 + 4/64 = 0.5625. Double quantization (QLoRA, Dettmers et al. 2023, arXiv:2305.14314
 *            §3: "reduces the memory footprint from 32/64 = 0.5 bits to 8/64 + 32/(64·256) = 0.127
 *            bits per parameter") stores absmax in 8 bits per block of 256 more: 0.5 + 1/64 + 4/16384.
 *   int8     LLM.int8 (bitsandbytes Int8Params): 1 byte + one fp32 scale per output row (≈ 0 per param).
 *   gptq4/awq4  4 bits + per group of `groupSize` (default 128) an fp16 scale and a 4-bit zero point:
 *            0.5 + 2.5/groupSize.
 */
export function quantizedBytesPerParam(
  format: Quantization,
  doubleQuant: boolean,
  groupSize: number,
  library: QuantizationLibrary = 'bitsandbytes',
): number {
  if (format === 'int8') return 1;
  // torchao NF4Tensor (torchao/dtypes/nf4tensor.py, block_size 64, scaler_block_size 256): packed 4-bit
  // data, an int8 scaler per block of 64, and per 256 scalers a quantization factor in the input's
  // 16-bit dtype: 0.5 + 1/64 + 2/16384.
  if (library === 'torchao') return 0.5 + 1 / 64 + 2 / (64 * 256);
  if (format === 'nf4' || format === 'fp4') return doubleQuant ? 0.5 + 1 / 64 + 4 / (64 * 256) : 0.5 + 4 / 64;
  return 0.5 + 2.5 / groupSize;
}

/** Default group size: bitsandbytes' 4-bit blocks are 64; GPTQ and AWQ checkpoints mostly use 128. */
export function defaultGroupSize(format: Quantization): number {
  return format === 'nf4' || format === 'fp4' ? 64 : 128;
}

/**
 * Default compute dtype bytes: transformers' BitsAndBytesConfig has bnb_4bit_compute_dtype=float32
 * unless set (utils/quantization_config.py); LLM.int8, GPTQ and AWQ kernels compute in fp16.
 */
export function defaultComputeBytes(format: Quantization): number {
  return format === 'nf4' || format === 'fp4' ? 4 : 2;
}

/**
 * The tensors stored quantized: every linear layer of the blocks (and the LM head when asked;
 * transformers keeps it in 16 bits, get_keys_to_not_convert). Embeddings, norms and biases stay.
 */
function quantizedGroups(shape: TransformerShape, quantization: QuantizationSpec): ParamGroup[] {
  return parameterInventory(shape).filter(
    (group) =>
      group.kind === 'linear' &&
      (group.isPerLayer || (quantization.isHeadQuantized && group.name === 'lm_head')),
  );
}

/** Parameters stored quantized (less the modules skip_modules keeps in 16 bits). */
export function quantizedParams(shape: TransformerShape, quantization: QuantizationSpec): number {
  return (
    quantizedGroups(shape, quantization).reduce((sum, group) => sum + groupParams(group), 0) -
    skippedModules(shape, quantization).params
  );
}

/** Parameters of one block stored quantized (what a gathered FSDP/ZeRO-3 unit holds in 4 or 8 bits), on average. */
export function layerQuantizedParams(shape: TransformerShape, quantization: QuantizationSpec): number {
  const skipped = skippedModules(shape, quantization);
  return quantizedGroups(shape, quantization)
    .filter((group) => group.isPerLayer)
    .reduce(
      (sum, group) => sum + groupParams(group) / Math.max(1, shape.layers),
      -(skipped.params - skipped.headParams) / Math.max(1, shape.layers),
    );
}

// A block's linears under the names transformers' Llama-style models give them (modeling_llama.py
// LlamaAttention q_proj … o_proj, LlamaMLP gate_proj, up_proj, down_proj; Mistral, Qwen2/3, Gemma alike).
const moduleNames: Record<string, string> = {
  q: 'self_attn.q_proj',
  k: 'self_attn.k_proj',
  v: 'self_attn.v_proj',
  o: 'self_attn.o_proj',
  gate: 'mlp.gate_proj',
  up: 'mlp.up_proj',
  down: 'mlp.down_proj',
};

/**
 * A skip pattern keeps a module in 16 bits as transformers 5.18 decides (quantizers/quantizers_utils.py
 * should_convert_module: `re.match(f"{key}\\.", name) or re.match(f"{key}", name) or name.endswith(key)`): the
 * pattern as a regular expression matched at the name's start (so model.layers.1 also takes layers 10 to 19, as
 * transformers does), or the name's end. transformers 4.x matched `key + "."` anywhere in the name, or the whole name.
 */
export function isSkipMatch(pattern: string, name: string): boolean {
  return skipPattern(pattern).test(name) || name.endsWith(pattern);
}

/** The pattern as Python's re.match reads it (anchored at the start); a pattern that is no regex matches literally. */
function skipPattern(pattern: string): RegExp {
  try {
    return new RegExp(`^(?:${pattern})`);
  } catch {
    return new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  }
}

/**
 * The quantized linears skip_modules keeps in 16 bits: their parameters (the LM head's apart), and the patterns
 * that name no linear of the spec's layers (a vision tower, a projector: parts the spec does not model).
 */
export function skippedModules(
  shape: TransformerShape,
  quantization: QuantizationSpec,
): { params: number; headParams: number; unmatched: string[] } {
  const patterns = quantization.skipModules ?? [];
  if (patterns.length === 0) return { params: 0, headParams: 0, unmatched: [] };
  const groups = quantizedGroups(shape, quantization);
  const matched = new Set<string>();
  let params = 0;
  let headParams = 0;
  for (const group of groups) {
    const name = group.target ? moduleNames[group.target] : group.name === 'lm_head' ? 'lm_head' : undefined;
    if (!name) continue;
    if (name === 'lm_head') {
      const hits = patterns.filter((pattern) => isSkipMatch(pattern, name));
      for (const hit of hits) matched.add(hit);
      if (hits.length > 0) {
        params += groupParams(group);
        headParams += groupParams(group);
      }
      continue;
    }
    const perLayer = groupParams(group) / Math.max(1, shape.layers);
    for (let layer = 0; layer < shape.layers; layer++) {
      const hits = patterns.filter((pattern) => isSkipMatch(pattern, `model.layers.${layer}.${name}`));
      for (const hit of hits) matched.add(hit);
      if (hits.length > 0) params += perLayer;
    }
  }
  // lm_head is not quantized unless asked (transformers keeps it): naming it skips nothing more.
  const isKeptAnyway = (pattern: string) => pattern === 'lm_head' && !quantization.isHeadQuantized;
  const unmatched = patterns.filter((pattern) => !matched.has(pattern) && !isKeptAnyway(pattern));
  return { params, headParams, unmatched };
}

/** The largest quantized matrix: what one layer dequantizes at a time (elements). */
export function largestQuantizedParams(shape: TransformerShape, quantization: QuantizationSpec): number {
  return largestTensorParams(quantizedGroups(shape, quantization));
}

/**
 * Bytes per element of the largest quantized matrix while one layer dequantizes it. bitsandbytes'
 * dequantize_4bit kernel writes the 16-bit matrix only (2), plus its cast when the compute dtype is
 * wider. torchao's NF4Tensor.get_original_weight (eager) keeps, until it returns, the two nibble index
 * tensors as int64 (4 + 4 per element), both halves looked up (1 + 1) and scaled (1 + 1) in 16 bits,
 * and the stacked result (2): 14. Under torch.compile the same ops are traced into the layer's graph
 * (NF4Tensor is a traceable subclass: __tensor_flatten__/__tensor_unflatten__, torchao nf4tensor.py at
 * 2dea31543, Sept 2024) and inductor fuses the shifts, lookups and scaling into one kernel that writes
 * only the 16-bit result: 2.
 */
export function dequantizedBytesPerElement(quantization: QuantizationSpec, isCompiled = false): number {
  if (quantization.library === 'torchao') return isCompiled ? 2 : 14;
  return 2 + (quantization.computeBytes > 2 ? quantization.computeBytes : 0);
}
