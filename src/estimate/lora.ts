// LoRA (Hu et al. 2021, arXiv:2106.09685): a frozen base plus, on each target linear layer W (out × in),
// trainable A (r × in) and B (out × r). What they add: parameters, and what they keep for backward.
import { groupParams, type ParamGroup, parameterInventory } from './inventory.js';
import type { LoraSpec, LoraTarget, TransformerShape } from './types.js';

/** IA³ scales this target's input (a feed-forward module: PEFT IA3Config feedforward_modules, default [down]). */
export function isIa3FeedForward(lora: LoraSpec, target: LoraTarget | undefined): boolean {
  return (lora.feedforward ?? ['down']).some((module) => module === target);
}

/** The linear groups LoRA adapts. */
export function loraGroups(shape: TransformerShape, lora: LoraSpec): ParamGroup[] {
  return parameterInventory(shape).filter(
    (group) => group.target !== undefined && lora.targets.includes(group.target),
  );
}

/**
 * PEFT's modules_to_save (tuners_utils ModulesToSaveWrapper): each named module is copied, the copy trains
 * and the original stays frozen beside it. The embedding (vocab × hidden) and the LM head (the same size;
 * under tied embeddings the copy unties it).
 */
export function savedModuleGroups(shape: TransformerShape, lora: LoraSpec): ParamGroup[] {
  const names = lora.modulesToSave ?? [];
  if (names.length === 0 || shape.vocab === 0) return [];
  const copy = (name: string): ParamGroup => ({
    name,
    rows: shape.vocab,
    cols: shape.hidden,
    count: 1,
    kind: name.includes('embedding') ? 'embedding' : 'linear',
    isPerLayer: false,
  });
  return [
    ...(names.includes('embed') ? [copy('embeddings (modules_to_save copy)')] : []),
    ...(names.includes('lm_head') && shape.lmHead ? [copy('lm_head (modules_to_save copy)')] : []),
  ];
}

/** Adapter parameters (LoRA: every target matrix gets r × (in + out)); DoRA's magnitudes; modules_to_save's copies. */
export function loraParams(shape: TransformerShape, lora: LoraSpec): number {
  return (
    adapterGroups(shape, lora).reduce((sum, group) => sum + groupParams(group), 0) +
    frozenAdapterParams(shape, lora)
  );
}

/** Adapter parameters that stay frozen (model.lora.train: LoRA-FA's lora_A, MiCA's lora_B; AdaLoRA's ranknum). */
export function frozenAdapterParams(shape: TransformerShape, lora: LoraSpec): number {
  // A tuner's own count (model.lora.trainable) is its parameters; its frozen projections are buffers (TinyLoRA's,
  // Uni-LoRA's: peft num_total_params is the base's and the trainable count alone).
  if (lora.tunerTrainable !== undefined) return 0;
  // AdaLoRA's ranknum: one frozen scalar parameter per adapted linear (adalora/layer.py update_layer).
  if (lora.variant === 'adalora') return loraGroups(shape, lora).reduce((sum, group) => sum + group.count, 0);
  if (!lora.trainedFactor) return 0;
  return loraGroups(shape, lora).reduce(
    (sum, group) => sum + group.count * lora.rank * (lora.trainedFactor === 'b' ? group.cols : group.rows),
    0,
  );
}

/**
 * PEFT's factorization (peft/tuners/lokr/layer.py at v0.17.0 to v0.21.0): `dimension` as m × n with m ≤ n, m the
 * factor when it divides; with -1 (or a factor that does not divide) the pair of divisors nearest the square root
 * not above the factor.
 */
export function lokrFactorization(dimension: number, factor: number): [number, number] {
  if (factor > 0 && dimension % factor === 0) return [factor, dimension / factor];
  const limit = factor === -1 ? dimension : factor;
  let m = 1;
  let n = dimension;
  while (m < n) {
    let next = m + 1;
    while (dimension % next !== 0) next++;
    const pair = dimension / next;
    if (next + pair > m + n || next > limit) break;
    m = next;
    n = pair;
  }
  return m > n ? [n, m] : [m, n];
}

/**
 * One adapted linear's tensors under each PEFT tuner (v0.21.0): LoRA's lora_A (r × in) and lora_B (out × r);
 * LoHa's hada_w1_a, hada_w2_a (out × r) and hada_w1_b, hada_w2_b (r × in) (loha/layer.py create_adapter_parameters);
 * LoKr's lokr_w1 (out_l × in_m, whole: decompose_both false) and lokr_w2 (out_k × in_n) whole, or as lokr_w2_a
 * (out_k × r) and lokr_w2_b (r × in_n) when r < max(out_k, in_n) / 2 (lokr/layer.py update_layer); IA³'s ia3_l,
 * one value per output, or per input for a feed-forward module (default down) (ia3/layer.py update_layer).
 */
function variantGroups(group: ParamGroup, lora: LoraSpec): ParamGroup[] {
  const r = lora.rank;
  const part = (suffix: string, rows: number, cols: number): ParamGroup => ({
    ...group,
    name: `${group.name} ${suffix}`,
    rows,
    cols,
  });
  const variant = lora.variant ?? 'lora';
  if (variant === 'ia3')
    return [
      { ...part('ia3_l', 1, isIa3FeedForward(lora, group.target) ? group.cols : group.rows), kind: 'vector' },
    ];
  // VeRA (vera/layer.py update_layer): vera_lambda_d (r) and vera_lambda_b (out) per target; the shared
  // vera_A / vera_B projections are buffers (r × largest in, largest out × r), not counted.
  if (variant === 'vera')
    return [
      { ...part('vera_lambda_d', 1, r), kind: 'vector' },
      { ...part('vera_lambda_b', 1, group.rows), kind: 'vector' },
    ];
  // AdaLoRA (adalora/layer.py update_layer): lora_A (r × in), lora_E (r × 1), lora_B (out × r), r its init_r.
  if (variant === 'adalora')
    return [
      part('lora_A', r, group.cols),
      { ...part('lora_E', r, 1), kind: 'vector' },
      part('lora_B', group.rows, r),
    ];
  // FourierFT (fourierft/layer.py update_layer): fourierft_spectrum, n_frequency values per target.
  if (variant === 'fourierft')
    return [{ ...part('fourierft_spectrum', 1, lora.frequencies ?? 1000), kind: 'vector' }];
  if (variant === 'loha')
    return [
      part('hada_w1_a', group.rows, r),
      part('hada_w1_b', r, group.cols),
      part('hada_w2_a', group.rows, r),
      part('hada_w2_b', r, group.cols),
    ];
  if (variant === 'lokr') {
    const factor = lora.decomposeFactor ?? -1;
    const [inM, inN] = lokrFactorization(group.cols, factor);
    const [outL, outK] = lokrFactorization(group.rows, factor);
    const w1 = part('lokr_w1', outL, inM);
    return r < Math.max(outK, inN) / 2
      ? [w1, part('lokr_w2_a', outK, r), part('lokr_w2_b', r, inN)]
      : [w1, part('lokr_w2', outK, inN)];
  }
  // model.lora.train: only the trained factor gets gradients and optimizer states.
  return [
    ...(lora.trainedFactor === 'b' ? [] : [part('lora_A', r, group.cols)]),
    ...(lora.trainedFactor === 'a' ? [] : [part('lora_B', group.rows, r)]),
  ];
}

/** DoRA's magnitude vectors (peft/tuners/lora/dora.py DoraLinearLayer.weight): one value per output row. */
export function doraMagnitudeGroups(shape: TransformerShape, lora: LoraSpec): ParamGroup[] {
  if (!lora.isDora) return [];
  return loraGroups(shape, lora).map(
    (group): ParamGroup => ({
      name: `${group.name} lora_magnitude`,
      rows: group.rows,
      cols: 1,
      count: group.count,
      kind: 'vector',
      isPerLayer: group.isPerLayer,
    }),
  );
}

/** Targets the shape does not have (a gate on a non-gated MLP). */
export function missingTargets(shape: TransformerShape, lora: LoraSpec): LoraTarget[] {
  const present = new Set(parameterInventory(shape).map((group) => group.target));
  return lora.targets.filter((target) => !present.has(target));
}

/**
 * Prefix tuning (peft/tuners/prefix_tuning/model.py PrefixEncoder without prefix_projection, v0.21.0): one embedding
 * of num_virtual_tokens × (layers · 2 · token_dim), token_dim the key/value width (PEFT's Llama: kv heads × head_dim,
 * 200 tokens on Llama-3.2-3B = 11,468,800 as PEFT's MetaMathQA file counts; ChatGLM's P-Tuning v2 PrefixEncoder
 * likewise, its multi-query groups × head size): a key and a value per layer for each virtual token.
 */
export function prefixGroups(shape: TransformerShape, lora: LoraSpec): ParamGroup[] {
  if (lora.variant !== 'prefix_tuning' || !lora.virtualTokens) return [];
  return [
    {
      name: 'prefix keys and values',
      rows: lora.virtualTokens,
      cols: 2 * shape.kvHeads * shape.headDim,
      count: shape.layers,
      kind: 'embedding',
      isPerLayer: true,
    },
  ];
}

/** The trained adapter tensors as parameter groups (A and B of each target), for per-tensor optimizer state. */
export function adapterGroups(shape: TransformerShape, lora: LoraSpec): ParamGroup[] {
  if (lora.tunerTrainable !== undefined) return tunerGroups(shape, lora, lora.tunerTrainable);
  return [
    ...loraGroups(shape, lora).flatMap((group) => variantGroups(group, lora)),
    ...doraMagnitudeGroups(shape, lora),
    ...savedModuleGroups(shape, lora),
    ...prefixGroups(shape, lora),
  ];
}

/**
 * A tuner's own parameters (model.lora.trainable), its layout unknown: spread evenly over the adapted linears, one
 * trained vector each, so an FSDP unit and the optimizer's largest tensor take a layer's share.
 */
function tunerGroups(shape: TransformerShape, lora: LoraSpec, trainable: number): ParamGroup[] {
  const adapted = loraGroups(shape, lora).reduce((sum, group) => sum + group.count, 0);
  if (adapted === 0) return [];
  return [
    {
      name: 'tuner parameters (model.lora.trainable)',
      rows: 1,
      cols: trainable / adapted,
      count: adapted,
      kind: 'vector',
      isPerLayer: true,
    },
  ];
}

/** Frozen parameters the adapters sit on (for messages). */
export function adaptedParams(shape: TransformerShape, lora: LoraSpec): number {
  return loraGroups(shape, lora).reduce((sum, group) => sum + groupParams(group), 0);
}
