// `estimate --json`: the breakdown (GPU and host parts with formulas, peaks, inputs, notes), the fits
// table, and what was asked beyond it (solve, gradient accumulation, GPU counts).
import { z } from 'zod';
import {
  conventions,
  estimateFrameworks,
  optimizerImpls,
  optimizers,
  precisions,
  strategies,
} from '../../estimate/types.js';

const bytes = z.number().meta({ description: 'bytes' });

const componentSchema = z.object({
  name: z.string(),
  bytes,
  formula: z.string().meta({ description: 'how the bytes were computed, in words' }),
  phase: z
    .enum(['backward', 'step'])
    .optional()
    .meta({ description: 'backward: forward→backward; step: backward→step; the peak takes the larger' }),
  isAtBackwardEnd: z.boolean().optional().meta({
    description: 'also alive at the end of backward, beside every gradient (a third candidate peak)',
  }),
  isLossOnly: z.boolean().optional().meta({
    description: "alive from the loss through the LM head's backward only, never beside a layer's backward",
  }),
  isAtLoad: z.boolean().optional().meta({
    description:
      'alive only before training starts (the model whole on the GPU before ZeRO-3 partitions it), beside the CUDA context and what lies outside the allocator: its own candidate peak',
  }),
});

const solveSchema = z.object({
  var: z.string(),
  value: z.number().int().meta({ description: 'the largest value that fits (0: none)' }),
  firstFailing: z.number().int().nullable(),
  budgetBytes: bytes.nullable(),
  hostBudgetBytes: bytes.optional(),
  peakBytes: bytes,
  hostPeakBytes: bytes,
  failingPeakBytes: bytes.nullable(),
  failingHostPeakBytes: bytes.nullable(),
});

export const estimateOutputSchema = z
  .object({
    gpu: z.object({ peakBytes: bytes, allocatedPeakBytes: bytes, components: z.array(componentSchema) }),
    host: z.object({ peakBytes: bytes, components: z.array(componentSchema) }),
    inputs: z.object({
      framework: z.enum(estimateFrameworks),
      params: z.number(),
      trainable: z.number(),
      batchSize: z.number(),
      gradAccumulation: z.number(),
      vars: z.record(z.string(), z.number()),
      precision: z.enum(precisions),
      optimizer: z.enum(optimizers),
      convention: z.enum(conventions),
      device: z.enum(['cuda', 'cpu']),
      optimizerImpl: z.enum(optimizerImpls),
      gpus: z.number().int(),
      strategy: z.enum(strategies),
      tensorParallel: z.number().int(),
    }),
    notes: z.array(z.string()),
    notEstimated: z
      .array(
        z.object({
          part: z.string(),
          resource: z.enum(['gpu', 'host']),
          growsWith: z.array(z.string()).meta({ description: 'batch_size and the vars its expression uses' }),
          add: z.string().meta({ description: 'what to add to the spec to have it estimated' }),
          note: z.string().optional(),
        }),
      )
      .optional()
      .meta({ description: 'parts that grow with a knob but are not described: in no peak' }),
    fits: z.array(
      z.object({
        deviceBytes: bytes,
        var: z.string(),
        max: z.number().int().nullable(),
        isUpperBound: z
          .literal(true)
          .optional()
          .meta({ description: 'a part that grows with var is not estimated: the real max may be smaller' }),
      }),
    ),
    solve: solveSchema.optional(),
    gradAccumulation: z
      .object({
        var: z.string(),
        target: z.number().int(),
        microBatch: z.number().int(),
        steps: z.number().int(),
        largestFitting: z.number().int(),
        budgetBytes: bytes.nullable(),
      })
      .nullable()
      .optional(),
    gpuCounts: z
      .array(
        z.object({
          gpus: z.number().int(),
          peakBytes: bytes,
          allocatedPeakBytes: bytes,
          hostPeakBytes: bytes,
          var: z.string().optional(),
          max: z.number().int().nullable().optional(),
          isUpperBound: z.literal(true).optional(),
        }),
      )
      .optional(),
    solveRefused: z
      .object({ var: z.string(), parts: z.array(z.string()), message: z.string() })
      .optional()
      .meta({
        description:
          '--solve or --grad-accumulation-target refused: a part that grows with var is not estimated',
      }),
    trace: z
      .object({
        framework: z.enum(['torch', 'jax']),
        version: z.string().meta({ description: "the framework's version that traced the step" }),
        python: z.string(),
        seconds: z.number().meta({ description: 'how long the trace took' }),
        parts: z
          .array(z.object({ name: z.string(), bytes }))
          .meta({ description: 'tensors alive at the traced peak, by part' }),
        tensorBytes: bytes,
        added: z.array(z.object({ name: z.string(), bytes, formula: z.string() })).meta({
          description: 'analytic parts no tensor trace sees (CUDA context, workspaces, cache, NCCL)',
        }),
        peakBytes: bytes.meta({ description: 'tensorBytes plus the added parts' }),
        analyticPeakBytes: bytes,
        differencePercent: z
          .number()
          .meta({ description: '(peakBytes − analyticPeakBytes) / analyticPeakBytes × 100' }),
        groups: z.array(
          z.object({
            name: z.string(),
            tracedBytes: bytes,
            analyticBytes: bytes,
            differencePercent: z.number().nullable(),
          }),
        ),
        disagreeing: z
          .array(z.string())
          .meta({ description: 'groups more than 10% apart, when the totals are more than 10% apart' }),
        modules: z.array(z.object({ module: z.string(), bytes })),
        peakPhase: z.enum(['forward', 'backward', 'step']).optional().meta({
          description: 'when the traced peak came; groups compare the analytic parts of that moment',
        }),
        extrapolation: z
          .object({ layers: z.number().int(), tracedLayers: z.array(z.number().int()) })
          .optional()
          .meta({ description: 'repeated blocks traced at these depths and extrapolated to layers' }),
        load: z.object({ name: z.string(), bytes, peakBytes: bytes }).optional().meta({
          description:
            'the analytic load moment before the first step (ZeRO-3 without zero.Init: the whole model on the GPU), and the device then; peakBytes is the larger of it and the traced step',
        }),
        notes: z.array(z.string()),
      })
      .optional()
      .meta({
        description: '--trace: the training step traced on fake tensors, beside the analytic estimate',
      }),
  })
  .meta({ title: 'headroom estimate --json' });

/** What `estimate --json` prints. */
export type EstimateOutput = z.output<typeof estimateOutputSchema>;
