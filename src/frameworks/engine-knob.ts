// An inference engine's own memory knob (vLLM's gpu_memory_utilization, SGLang's mem_fraction_static,
// TensorRT-LLM's free_gpu_memory_fraction): a fraction on the engine's own base, computed from the plan's
// bytes so that the engine is never granted more than its budget.
import type { FlagSpelling } from './engine-command.js';

/**
 * What an engine's fraction is a fraction of: `total` the card's total (vLLM); `free-at-start` the memory
 * free when its model runner starts, after its own CUDA context (SGLang); `free-after-load` the memory
 * free once its weights and buffers are loaded (TensorRT-LLM).
 */
export type KnobBase = 'total' | 'free-at-start' | 'free-after-load';

/** An engine's memory flag, as its source declares it. */
export interface EngineKnob {
  /** The command placeholder the plan fills: `gpu_memory_utilization` for `{gpu_memory_utilization}`. */
  placeholder: string;
  /** The variable `headroom env` and the child get it in, for shells: `HEADROOM_GPU_MEMORY_UTILIZATION`. */
  variable: string;
  /** How the engine's parser reads the flag. */
  spelling: FlagSpelling;
  base: KnobBase;
  /** What the engine takes when the flag is absent, or null when it derives a value of its own. */
  defaultFraction: number | null;
  /** The fraction the engine takes when it derives its own (for the finding's arithmetic). */
  assumedDefault: number;
  /** What the engine holds beyond its CUDA context that the fraction does not cover, in words. */
  outside: string | null;
  /** Where the facts above come from. */
  source: string;
}

/** What the plan knows when it computes a knob for one engine process. */
export interface KnobInput {
  /** What the engine may hold besides its CUDA context. */
  budgetBytes: number;
  totalBytes: number;
  /** Free when it starts, after its own context: total − context − what the processes started before it hold. */
  freeAtStartBytes: number;
  /**
   * What the engine holds beyond its context that its fraction does not cover, when the command says
   * (`{free_gpu_memory_fraction:4GiB}`): TensorRT-LLM's weights and buffers, SGLang's activations.
   */
  outsideBytes?: number | undefined;
}

/** A knob's value: the fraction (4 decimals, floored), as written, and the bytes it grants on its base. */
export interface KnobValue {
  fraction: number;
  text: string;
  baseBytes: number;
  grantedBytes: number;
  /** Why the fraction could not give the budget (base smaller than the budget, or a fraction of 0). */
  problem?: string;
}

const scale = 10_000n;

/** The base an engine's fraction applies to, in bytes, as the plan expects it when the engine starts. */
export function knobBaseBytes(knob: EngineKnob, input: KnobInput): number {
  if (knob.base === 'total') return input.totalBytes;
  // TensorRT-LLM's fraction is of what is free once its weights and buffers are loaded.
  const loadedBytes = knob.base === 'free-after-load' ? (input.outsideBytes ?? 0) : 0;
  return Math.max(0, input.freeAtStartBytes - loadedBytes);
}

/**
 * floor(budget / base) to 4 decimals, in integers so that ceil(fraction × base) never exceeds the budget
 * (vLLM requests math.ceil(total × utilization), vllm/v1/worker/utils.py request_memory).
 */
export function knobValue(knob: EngineKnob, input: KnobInput): KnobValue {
  const baseBytes = knobBaseBytes(knob, input);
  // The fraction's share is what the budget leaves beside what the engine holds outside it.
  const budgetBytes = Math.max(0, Math.floor(input.budgetBytes - (input.outsideBytes ?? 0)));
  if (budgetBytes <= 0 && (input.outsideBytes ?? 0) > 0) {
    return {
      fraction: 0,
      text: '0.0000',
      baseBytes,
      grantedBytes: 0,
      problem: `what it holds outside its fraction (${input.outsideBytes} bytes) is its whole budget`,
    };
  }
  if (baseBytes <= 0) {
    return {
      fraction: 0,
      text: '0.0000',
      baseBytes,
      grantedBytes: 0,
      problem: 'nothing is free when it starts',
    };
  }
  const tenThousandths = (BigInt(budgetBytes) * scale) / BigInt(baseBytes);
  const capped = tenThousandths > scale ? scale : tenThousandths;
  const fraction = Number(capped) / Number(scale);
  const grantedBytes = Number((capped * BigInt(baseBytes) + scale - 1n) / scale);
  const value = { fraction, text: fraction.toFixed(4), baseBytes, grantedBytes };
  if (tenThousandths > scale) {
    return { ...value, problem: `its budget is more than the ${baseBytes} bytes its fraction is taken of` };
  }
  // vLLM rejects 0 (gt=0); SGLang and TensorRT-LLM would get no KV cache from it.
  if (capped === 0n) {
    return { ...value, problem: 'its budget is under 1/10000 of what its fraction is taken of' };
  }
  return value;
}
