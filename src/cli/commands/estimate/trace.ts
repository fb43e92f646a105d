// `estimate --trace`: builds the helper's request from the spec, runs it with the user's Python, and
// puts the traced step beside the analytic report.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UsageError } from '../../../errors.js';
import { hfConfigOfShape, type ShapeConfig } from '../../../estimate/hf-config-of-shape.js';
import type { EstimateReport } from '../../../estimate/report.js';
import { compareTrace } from '../../../estimate/trace.js';
import type { EstimateSpec } from '../../../estimate/types.js';
import { runTraceHelper, type TraceRequest, toTraceResult } from '../../../trace/helper.js';

/** What the command line says about the trace. */
export interface TraceOptions {
  python: string;
  modelConfig: string | undefined;
  module: string | undefined;
  isFull: boolean;
  inputs: string[];
  cwd: string;
}

/** Why one traced process cannot stand for this spec (a sharded model, weights only a GPU library
 * quantizes, states that live off the GPU, no training step), or undefined when it can. */
export function traceRefusal(spec: EstimateSpec, options: TraceOptions): string | undefined {
  if (!options.modelConfig && !options.module) {
    const derived = configOfSpec(spec);
    if (!derived) {
      return '--trace needs the model: --model-config config.json (or model.config in the spec), model.transformer, or --trace-module pkg.module:factory';
    }
    if ('refused' in derived) {
      return `--trace builds the model from model.transformer only for the families transformers builds as one causal LM or ViT; this is ${derived.refused}: give --model-config config.json or --trace-module pkg.module:factory`;
    }
  }
  if (spec.parallel.tensor > 1 || (spec.parallel.gpus > 1 && spec.parallel.strategy !== 'ddp')) {
    return `--trace traces one process's whole model; ${spec.parallel.strategy} over ${spec.parallel.gpus} GPUs (tensor ${spec.parallel.tensor}) shards it: use the analytic estimate`;
  }
  if (spec.model.quantization) {
    return '--trace does not trace quantized weights (bitsandbytes and GPTQ kernels need a GPU): use the analytic estimate';
  }
  const { training, parallel } = spec;
  if (training.activationCheckpointing === 'selective' || training.activationCheckpointing === 'op') {
    return `--trace traces activation checkpointing none or full; ${training.activationCheckpointing} differs by recipe: use the analytic estimate`;
  }
  if (training.checkpointEvery > 1) {
    return '--trace checkpoints every layer or none; checkpoint_every: use the analytic estimate';
  }
  // The helper runs one eager step in plain or autocast dtypes on one process.
  const unTraced = [
    training.precision.startsWith('mixed') ? `precision ${training.precision} (FSDP mixed precision)` : '',
    training.isCompiled ? 'compile' : '',
    training.float8 ? 'float8' : '',
    training.offloadParameters || training.offloadGradients || training.offloadOptimizer
      ? 'parameter, gradient or optimizer offload'
      : '',
    training.optimizer.startsWith('paged')
      ? `the paged optimizer ${training.optimizer} (unified memory)`
      : '',
    training.optimizer === 'none' ? 'inference (optimizer: none; the trace runs a training step)' : '',
    // The helper steps the optimizer after backward over every trainable tensor it built.
    training.isOptimizerInBackward ? 'optimizer_in_backward (the step runs after backward)' : '',
    // A trainable count names no tensors: the helper would train every parameter (BAdam's one block).
    spec.model.trainable !== undefined && !spec.model.lora
      ? 'model.trainable without lora (the trace trains every parameter it builds)'
      : '',
    parallel.pipeline > 1 || parallel.context > 1 ? 'pipeline or context parallelism' : '',
  ].filter(Boolean);
  if (unTraced.length > 0) {
    return `--trace runs one eager step in one process; it does not trace ${unTraced.join(', ')}: use the analytic estimate`;
  }
  return undefined;
}

/** The config.json the spec's model.transformer stands for (torch), when no config.json was given. */
export function configOfSpec(spec: EstimateSpec): ShapeConfig | undefined {
  const shape = spec.model.transformer;
  return spec.framework === 'torch' && shape ? hfConfigOfShape(shape) : undefined;
}

/** The helper's request for this spec and report. */
export function traceRequestOf(
  spec: EstimateSpec,
  report: Pick<EstimateReport, 'inputs'>,
  options: TraceOptions,
): TraceRequest {
  const shape = spec.model.transformer;
  return {
    framework: spec.framework,
    ...(options.module ? { module: options.module } : { modelConfig: options.modelConfig }),
    cwd: options.cwd,
    batchSize: report.inputs.batchSize,
    ...(shape && shape.seqLen > 0 ? { seqLen: shape.seqLen } : {}),
    precision: spec.training.precision,
    optimizer: spec.training.optimizer,
    optimizerImpl: spec.training.optimizerImpl,
    checkpointing: spec.training.activationCheckpointing,
    // FlashAttention 2 needs its own CUDA package; SDPA keeps the same O(s) state on a CPU trace.
    attention: shape?.attention === 'eager' ? 'eager' : 'sdpa',
    ...(spec.model.lora ? { lora: { ...spec.model.lora } } : {}),
    // Without it the helper's causal LM takes transformers' loss, which upcasts 16-bit logits to fp32.
    ...(spec.training.isLossUpcast ? {} : { lossUpcast: false }),
    ...(options.isFull ? { full: true } : {}),
    ...(options.inputs.length > 0 ? { inputs: options.inputs } : {}),
  };
}

/** The report with `trace` added: the step traced by the user's Python, beside the estimate. */
export async function withTrace(
  spec: EstimateSpec,
  report: EstimateReport,
  options: TraceOptions,
): Promise<EstimateReport> {
  const refused = traceRefusal(spec, options);
  if (refused) throw new UsageError(refused);
  if (spec.framework === 'jax' && !options.module) {
    throw new UsageError(
      '--trace for jax needs --trace-module pkg.module:step and --trace-input name=shape:dtype',
    );
  }
  if (options.modelConfig || options.module) {
    const result = await runTraceHelper(options.python, traceRequestOf(spec, report, options));
    return { ...report, trace: compareTrace(report, toTraceResult(result)) };
  }
  // No config.json: the one model.transformer stands for, written where the helper can read it.
  const derived = configOfSpec(spec);
  if (!derived || 'refused' in derived) throw new UsageError('--trace: no model to trace');
  const directory = mkdtempSync(path.join(tmpdir(), 'headroom-trace-config-'));
  try {
    const modelConfig = path.join(directory, 'config.json');
    writeFileSync(modelConfig, `${JSON.stringify(derived.config, null, 2)}\n`);
    const result = await runTraceHelper(
      options.python,
      traceRequestOf(spec, report, { ...options, modelConfig }),
    );
    const trace = compareTrace(report, toTraceResult(result));
    const note = `the model was built from model.transformer as a transformers "${derived.modelType}" config (no config.json given)`;
    return { ...report, trace: { ...trace, notes: [note, ...trace.notes] } };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
