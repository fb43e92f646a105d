// Runs headroom's trace helper (python/headroom_trace) with the user's Python, one request in argv,
// one JSON object back on stdout. Every failure is one line (exit 2); the Python stack's tail goes to
// the error's detail (--json), never to the terminal.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HeadroomError } from '../errors.js';
import type { TraceResult } from '../estimate/trace.js';

/** The helpers as shipped in the package (`python/headroom_trace` beside `dist/`), or from `src/trace/`. */
export const packagedTraceDir = fileURLToPath(new URL('../../python/headroom_trace', import.meta.url));

/** What the helper is asked: the source of the model and the step's settings. */
export interface TraceRequest {
  framework: 'torch' | 'jax';
  /** A Hugging Face config.json (torch). */
  modelConfig?: string;
  /** Extrapolate from a few blocks even when the whole model would be cheap to trace (the bench, tests):
   * the whole trace is the one the caching allocator's replay needs. */
  extrapolate?: boolean;
  /** `pkg.module:factory` (torch) or `pkg.module:step` (jax), imported from `cwd`. */
  module?: string;
  cwd: string;
  batchSize: number;
  seqLen?: number;
  /** An encoder-decoder's target tokens (model.transformer.decoder_seq_len): its labels' length. */
  decoderSeqLen?: number;
  precision: string;
  /** The parameters' dtype when it is not the precision's (16-bit weights under autocast: the zero convention). */
  weightsDtype?: 'bf16' | 'fp16';
  optimizer: string;
  optimizerImpl: string;
  /** none, full or op (torchtitan's op-level selective checkpointing). */
  checkpointing: string;
  /** With full: each block's checkpointed input kept in host memory (unsloth's offloaded checkpointing). */
  offloadActivations?: boolean;
  /** With full: checkpoint every k-th block only (torchtitan selective_ac_option k). */
  checkpointEvery?: number;
  attention?: string;
  /** LoRA adapters on these targets, the rest frozen (model.lora). */
  lora?: {
    rank: number;
    alpha: number;
    targets: string[];
    dropout: number;
    /** PEFT's modules_to_save: a trainable copy of each beside the frozen original. */
    modulesToSave?: ('embed' | 'lm_head')[];
    /** The PEFT tuner and its own settings (model.lora: variant, use_dora, train, n_frequency, …). */
    variant?: string;
    isDora?: boolean;
    trainedFactor?: 'a' | 'b';
    frequencies?: number;
    decomposeFactor?: number;
    virtualTokens?: number;
    feedforward?: string[];
    /** `weights`: PEFT's adapters in the frozen weights' dtype (get_peft_model autocast_adapter_dtype=False);
     * otherwise fp32 over 16-bit weights (model.lora.adapter_dtype). */
    adapterDtype?: 'fp32' | 'weights';
    /** PEFT's fp32 adapters run under this 16-bit autocast (the HF Trainer's bf16/fp16=True over 16-bit
     * weights: model.lora.adapter_dtype fp32_autocast), the rest of the step without it. */
    adapterAutocast?: 'bf16' | 'fp16';
  };
  /**
   * bitsandbytes 4-bit linears (model.quantization): the compute dtype, whether the LM head is one, and
   * whether the 4-bit matmul keeps no input for backward (bitsandbytes 0.43.2 and later).
   */
  quantized?: { computeDtype: 'fp32' | 'bf16' | 'fp16'; head: boolean; keepsNoInput?: boolean };
  /** false: the causal LM's loss is a plain cross-entropy on the logits as the model returns them (bf16 stays
   * bf16; training.loss_upcast: false); absent or true: transformers' own loss, which upcasts them to fp32. */
  lossUpcast?: boolean;
  /** The causal LM's loss copies the shifted logits, as transformers before 4.49 did (training.transformers). */
  lossShiftCopy?: boolean;
  /**
   * chunked, fused, chunked_head, Megatron's vocab_parallel(_fused) or standard_logits_kept (training.loss): the
   * causal LM's head and loss run as that kind does; absent: standard.
   */
  loss?:
    | 'chunked'
    | 'fused'
    | 'chunked_head'
    | 'vocab_parallel'
    | 'vocab_parallel_fused'
    | 'standard_logits_kept';
  /**
   * The step's loss when it is not the model's own (model.transformer.lm_head false): `logits`, the
   * model's logits summed and held with their gradient through backward (a `tensors:` entry covering the
   * logits); `hidden`, the bare model without its head, its last hidden states summed. Absent: the
   * model's own loss over labels.
   */
  objective?: 'logits' | 'hidden';
  /** training.kernels: Liger's or Transformer Engine's fused RMSNorm and SwiGLU in place of transformers' own. */
  kernels?: 'liger' | 'transformer_engine';
  /** Train no parameter of the built model, the gradient carried to its first layer's input (a frozen base
   * whose few trained parameters the spec does not place: model.trainable without adapters). */
  frozen?: boolean;
  /** Trace every layer (no extrapolation). */
  full?: boolean;
  /** `real`: run the step on real CPU tensors and count allocations (the check of a trace). */
  mode?: 'trace' | 'real' | 'check';
  /** Bytes as allocated, not rounded to CUDA blocks (for the check against a real CPU run). */
  rawBytes?: boolean;
  /** Fields set over the config.json's (tests: the same family at another depth). */
  configOverrides?: Record<string, unknown>;
  /** JAX: example inputs, `name=shape:dtype`. */
  inputs?: string[];
}

/** The helper's raw answer. */
interface HelperAnswer {
  result?: Record<string, unknown>;
  error?: { message: string; detail?: string };
}

const stderrTailChars = 4000;

function traceError(message: string, detail?: string): HeadroomError {
  return new HeadroomError({
    code: 'trace',
    message,
    hint: 'the analytic estimate needs no Python: run without --trace',
    ...(detail ? { detail } : {}),
  });
}

/** Runs the helper for `request` with `python`; resolves with its result object. */
export async function runTraceHelper(
  python: string,
  request: TraceRequest,
  options: { timeoutMs?: number } = {},
): Promise<Record<string, unknown>> {
  const script = `${packagedTraceDir}/${request.framework === 'jax' ? 'trace_jax.py' : 'trace_torch.py'}`;
  // A signal sent to headroom alone (kill, a timeout wrapper, a scheduler) must not leave the helper
  // running on its own: kill it, then die of the same signal as headroom would have without a handler.
  // The handlers go in before the spawn: one installed after it left a window, under load, in which a
  // signal killed headroom and orphaned a helper that had already started (seen in helper-signal.test.ts).
  const stopSignals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  let started: ChildProcess | undefined;
  const release = (): void => {
    for (const name of stopSignals) process.off(name, onStop);
  };
  const onStop = (signal: NodeJS.Signals): void => {
    started?.kill('SIGKILL');
    release();
    process.kill(process.pid, signal);
  };
  for (const name of stopSignals) process.on(name, onStop);
  const start = () =>
    spawn(python, [script, JSON.stringify(request)], {
      cwd: request.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    });
  let child: ReturnType<typeof start>;
  try {
    child = start();
  } catch (error) {
    release();
    throw error;
  }
  started = child;
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-stderrTailChars);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30 * 60_000);
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; spawnError?: Error }>(
    (resolve) => {
      child.on('error', (spawnError) => resolve({ code: null, signal: null, spawnError }));
      child.on('close', (code, signal) => resolve({ code, signal }));
    },
  );
  clearTimeout(timer);
  release();
  if (exit.spawnError) {
    const missing = (exit.spawnError as NodeJS.ErrnoException).code === 'ENOENT';
    throw traceError(
      missing
        ? `--python ${python}: no such interpreter (the trace runs your model with your own Python and torch)`
        : `--python ${python}: cannot start it: ${exit.spawnError.message}`,
    );
  }
  const answer = lastJsonLine(stdout);
  if (answer?.error)
    throw traceError(answer.error.message, answer.error.detail || stderr.trim() || undefined);
  if (answer?.result) return answer.result;
  const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
  const lastLine = stderr.trim().split('\n').at(-1) ?? '';
  throw traceError(
    `the trace helper (${python}) ${how} without an answer${lastLine ? `: ${lastLine.slice(0, 200)}` : ''}`,
    stderr.trim() || undefined,
  );
}

// The helper prints one JSON object; a model's own prints may come before it.
function lastJsonLine(stdout: string): HelperAnswer | undefined {
  const lines = stdout.trim().split('\n').reverse();
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    try {
      return JSON.parse(line) as HelperAnswer;
    } catch {}
  }
  return undefined;
}

/** A helper result as the comparison reads it; throws when the helper answered something else. */
export function toTraceResult(result: Record<string, unknown>): TraceResult {
  const peakBytes = result.peakBytes;
  const parts = result.parts;
  if (typeof peakBytes !== 'number' || typeof parts !== 'object' || parts === null) {
    throw traceError(
      'the trace helper answered without peakBytes and parts (a mismatched headroom install?)',
    );
  }
  return {
    framework: result.framework === 'jax' ? 'jax' : 'torch',
    peakBytes,
    parts: parts as Record<string, number>,
    modules: Array.isArray(result.modules) ? (result.modules as TraceResult['modules']) : [],
    seconds: typeof result.seconds === 'number' ? result.seconds : 0,
    version: String(result.version ?? result.torchVersion ?? ''),
    python: String(result.python ?? ''),
    ...(result.peakPhase === 'forward' || result.peakPhase === 'backward' || result.peakPhase === 'step'
      ? { peakPhase: result.peakPhase }
      : {}),
    ...(result.extrapolation ? { extrapolation: result.extrapolation as TraceResult['extrapolation'] } : {}),
    ...(stagesOf(result.stages) ? { stages: stagesOf(result.stages) } : {}),
    ...(typeof result.reservedBytes === 'number' && typeof result.allocatedBlockBytes === 'number'
      ? { allocator: { reservedBytes: result.reservedBytes, allocatedBytes: result.allocatedBlockBytes } }
      : {}),
  };
}

/** Each stage's own peak and its parts, as the helper reports them (absent from an older helper). */
function stagesOf(value: unknown): TraceResult['stages'] {
  if (typeof value !== 'object' || value === null) return undefined;
  const stages: NonNullable<TraceResult['stages']> = {};
  for (const stage of ['forward', 'backward', 'step'] as const) {
    const entry = (value as Record<string, unknown>)[stage];
    if (typeof entry !== 'object' || entry === null) continue;
    const { peakBytes, parts, working } = entry as Record<string, unknown>;
    if (typeof peakBytes !== 'number' || typeof parts !== 'object' || parts === null) continue;
    const workingParts = (working as Record<string, unknown> | undefined)?.parts;
    stages[stage] = {
      peakBytes,
      parts: parts as Record<string, number>,
      ...(typeof workingParts === 'object' && workingParts !== null
        ? { working: workingParts as Record<string, number> }
        : {}),
    };
  }
  return Object.keys(stages).length > 0 ? stages : undefined;
}
