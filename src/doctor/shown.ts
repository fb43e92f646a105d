// What the log shows already done, read once from the log's context facts (log/evidence.ts), for the
// fix builders: a builder takes these and never proposes a step the log shows done (issue 23 item 5).
// One reading, so every builder agrees on what "shown" means.
import { settingFact } from './settings.js';
import type { Facts } from './types.js';

/** The memory techniques and engine settings the log shows on. */
export interface ShownTechniques {
  /** bf16/fp16 training or weights (log/evidence.ts mixedPrecisionShown). */
  isMixedPrecision: boolean;
  /** Activation (gradient) checkpointing (checkpointingShown). */
  isCheckpointing: boolean;
  /** An adapter run: LoRA, peft (adapterShown). */
  isAdapters: boolean;
  /** DeepSpeed ZeRO stage 3 (zeroThreeShown). */
  isZeroThree: boolean;
  /** Weights loaded in 4-bit by bitsandbytes (fourBitShown). */
  isFourBit: boolean;
  /** vLLM without CUDA graphs: --enforce-eager, enforce_eager=True (eagerShown). */
  isEager: boolean;
  /** An engine's weights sharded over this many GPUs (> 1; tensorParallelShown). */
  tensorParallelGpus?: number;
  /** An engine's weights quantized by this method (quantizedShown: awq, gptq, fp8, int8, ...). */
  quantizedMethod?: string;
}

/** Nothing shown: what a builder assumes where it is given no log. */
export const nothingShown: ShownTechniques = {
  isMixedPrecision: false,
  isCheckpointing: false,
  isAdapters: false,
  isZeroThree: false,
  isFourBit: false,
  isEager: false,
};

/** The techniques a log's context facts show on. */
export function shownTechniquesOf(context: Facts): ShownTechniques {
  const shards = context.tensorParallelShown;
  const quantized = context.quantizedShown;
  return {
    isMixedPrecision: context.mixedPrecisionShown === true,
    isCheckpointing: context.checkpointingShown === true,
    isAdapters: context.adapterShown === true,
    isZeroThree: context.zeroThreeShown === true,
    isFourBit: context.fourBitShown === true,
    isEager: context.eagerShown === true || context[settingFact('enforce_eager')] === 'true',
    ...(typeof shards === 'number' ? { tensorParallelGpus: shards } : {}),
    ...(typeof quantized === 'string' ? { quantizedMethod: quantized } : {}),
  };
}

/** Items joined as a list in words: "a", "a or b", "a, b, or c". */
export function orList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' or ');
  return `${items.slice(0, -1).join(', ')}, or ${items.at(-1)}`;
}

/** Items joined the way the fixes list their levers: "a", "a, or b", "a, b, or c". */
export function commaOrList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')}, or ${items.at(-1)}`;
}

/**
 * The step's lighter-memory techniques a batch fix names beside the cut, less those the log shows on:
 * `${lead}activation checkpointing and mixed precision`, one of them, or '' when both are on. `checkpointing`
 * is how the fix names it ("activation checkpointing (torch.utils.checkpoint)" where PyTorch runs it).
 */
export function lighterStepClause(
  shown: ShownTechniques,
  options: { lead: string; checkpointing: string },
): string {
  const techniques = [
    ...(shown.isCheckpointing ? [] : [options.checkpointing]),
    ...(shown.isMixedPrecision ? [] : ['mixed precision']),
  ];
  return techniques.length === 0 ? '' : `${options.lead}${techniques.join(' and ')}`;
}

/** "(the weights are awq-quantized already)" where the log shows it, for the fixes that would propose it. */
export function quantizedAlready(method: string): string {
  return `(the weights are ${method}-quantized already)`;
}

/** "across GPUs", or past the N the log shows the weights sharded over already. */
export function acrossMoreGpus(shown: ShownTechniques): string {
  return shown.tensorParallelGpus === undefined
    ? 'across GPUs'
    : `across more than the ${shown.tensorParallelGpus} GPUs it uses`;
}
