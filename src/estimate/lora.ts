// LoRA (Hu et al. 2021, arXiv:2106.09685): a frozen base plus, on each target linear layer W (out × in),
// trainable A (r × in) and B (out × r). What they add: parameters, and what they keep for backward.
import { groupParams, type ParamGroup, parameterInventory } from './inventory.js';
import type { LoraSpec, LoraTarget, TransformerShape } from './types.js';

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

/** Adapter parameters: every target matrix gets r × (in + out); and modules_to_save's copies. */
export function loraParams(shape: TransformerShape, lora: LoraSpec): number {
  const adapters = loraGroups(shape, lora).reduce(
    (sum, group) => sum + group.count * lora.rank * (group.rows + group.cols),
    0,
  );
  return (
    adapters +
    doraMagnitudeGroups(shape, lora).reduce((sum, group) => sum + groupParams(group), 0) +
    savedModuleGroups(shape, lora).reduce((sum, group) => sum + groupParams(group), 0)
  );
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

/** The adapter tensors as parameter groups (A and B of each target), for per-tensor optimizer state. */
export function adapterGroups(shape: TransformerShape, lora: LoraSpec): ParamGroup[] {
  return [
    ...loraGroups(shape, lora).flatMap((group) => [
      { ...group, name: `${group.name} lora_A`, rows: lora.rank, cols: group.cols },
      { ...group, name: `${group.name} lora_B`, rows: group.rows, cols: lora.rank },
    ]),
    ...doraMagnitudeGroups(shape, lora),
    ...savedModuleGroups(shape, lora),
  ];
}

/** Frozen parameters the adapters sit on (for messages). */
export function adaptedParams(shape: TransformerShape, lora: LoraSpec): number {
  return loraGroups(shape, lora).reduce((sum, group) => sum + groupParams(group), 0);
}
