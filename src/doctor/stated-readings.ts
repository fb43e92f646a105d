// A reading the log states in its own words, over a family's guess that no figure decided: the
// reporter's sentence that the model is too large for the card (log/evidence.ts modelBlamed). Pure.
import { alternativeDeciders, ownHoldingFacts } from './cause-alternatives.js';
import { type Explanation, fix } from './families/explain-types.js';
import { orList, type ShownTechniques } from './shown.js';
import type { Facts, FixDetail } from './types.js';

/**
 * The fix that makes a model's own state fit: smaller weights or the weights spread, none of what
 * the log shows done (quantized already: a smaller model is left; sharded over N GPUs: more than N).
 */
export function modelWeightsFix(shown: ShownTechniques): FixDetail {
  const smaller =
    shown.quantizedMethod !== undefined
      ? `a smaller model (the weights are ${shown.quantizedMethod}-quantized already)`
      : shown.isFourBit
        ? 'a smaller model (the weights are in 4-bit already)'
        : `${shown.isMixedPrecision ? '8/4-bit' : 'bf16 or 8/4-bit'} weights (a quantized checkpoint) or a smaller model`;
  const spread =
    shown.tensorParallelGpus !== undefined
      ? `the weights sharded over more than the ${shown.tensorParallelGpus} GPUs it uses`
      : shown.isZeroThree
        ? "ZeRO-3's parameters and optimizer states offloaded to the CPU (zero_optimization.offload_param and offload_optimizer, device cpu)"
        : 'the weights sharded over several GPUs (tensor parallel in an inference engine, FSDP or DeepSpeed ZeRO-3 in training)';
  return fix(
    `make the model's state fit: ${orList([smaller, spread, 'part of the model kept on the CPU (CPU offload)', 'a GPU with more memory'])}`,
    'the model\'s weights (and for training its gradients and optimizer moments) are on the card whatever the batch (PyTorch FAQ, "out of memory")',
  );
}

/**
 * The log's own words say the model is too large for the card (log/evidence.ts modelBlamed), and the
 * family's figures named no cause past this process's own work (the batch, or nothing): the model's
 * state is the most likely, as the reporter read it; the batch stays open (cause-alternatives.ts).
 * Not where the words blame the batch too (batchBlamed), nor on other kinds.
 */
export function withStatedModel(
  explanation: Explanation,
  input: { isDeviceOom: boolean; facts: Facts; context: Facts; shown: ShownTechniques },
): Explanation {
  const c = input.context;
  if (!input.isDeviceOom || c.modelBlamed !== true || c.batchBlamed === true) return explanation;
  if (explanation.cause !== 'batch_too_large' && explanation.cause !== 'unknown') return explanation;
  return {
    ...explanation,
    cause: 'model_state',
    causeText: `${explanation.causeText}; the log's own words say the model is too large for the card, so the most likely is the model's own state (its weights, and for training its gradients and optimizer moments), which no smaller batch changes`,
    fixes: [modelWeightsFix(input.shown), ...explanation.fixes],
    // With no figure of what this process holds, words are all that name its model: another process
    // filling the card reads the same, so it stays open with what decides it (not on a TPU, which one
    // process opens at a time: libtpu refuses a second, allocation/explain.ts holdersFix).
    ...(input.facts.vendor === 'tpu' || ownHoldingFacts.some((k) => typeof input.facts[k] === 'number')
      ? {}
      : {
          alternatives: [
            ...(explanation.alternatives ?? []),
            { cause: 'co_tenant' as const, decidedBy: alternativeDeciders.co_tenant },
          ],
        }),
  };
}
