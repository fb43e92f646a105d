// The schema of an estimate spec (YAML or flags): one zod definition, located errors in load.ts.
import { z } from 'zod';
import { sizeField } from '../config/fields.js';
import { parseBytes } from '../units.js';
import { parseCount } from './dtypes.js';
import { ExprError, parseExpr } from './expr.js';
import {
  checkpointings,
  conventions,
  estimateFrameworks,
  optimizers,
  precisions,
  type Quantity,
} from './types.js';

const countHelp = 'a count such as 335M, 1.5B or 335143938 (parameters, not bytes)';

/** A parameter count: `335M`, `1.5B`, `6.74e9` or a plain number. */
export const countField = z
  .union([z.number(), z.string()], { error: `expected ${countHelp}` })
  .transform((value, ctx) => {
    const count = typeof value === 'number' ? value : parseCount(value);
    if (count === undefined || !Number.isFinite(count) || count < 0) {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not ${countHelp}` });
      return z.NEVER;
    }
    return Math.round(count);
  });

const buffersHelp = 'bytes with a unit (4MiB, 8192B) or an element count (2M, 212480) stored as fp32';

/** Persistent buffers: a size with a byte unit is bytes; a count is fp32 elements (4 bytes each). */
export const buffersField = z
  .union([z.number(), z.string()], { error: `expected ${buffersHelp}` })
  .transform((value, ctx) => {
    const isBytes = typeof value === 'string' && /b\s*$/i.test(value);
    const parsed = isBytes ? parseBytes(value) : typeof value === 'number' ? value : parseCount(value);
    if (parsed === undefined || parsed < 0) {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not ${buffersHelp}` });
      return z.NEVER;
    }
    // torch buffers such as BatchNorm running statistics and rotary caches are fp32 (4 bytes).
    return isBytes ? parsed : Math.round(parsed) * 4;
  });

/** An integer or an expression of vars: `4`, `B*G`, `(T+1)//2`. */
export const quantityField = z
  .union([z.number(), z.string()], { error: 'expected an integer or an expression of vars such as B*G' })
  .transform((value, ctx): Quantity => {
    if (typeof value === 'number') {
      if (Number.isInteger(value) && value >= 0) return { text: String(value), expr: { kind: 'int', value } };
      ctx.addIssue({ code: 'custom', message: `expected a whole number, got ${value}` });
      return z.NEVER;
    }
    try {
      return { text: value, expr: parseExpr(value) };
    } catch (error) {
      if (!(error instanceof ExprError)) throw error;
      ctx.addIssue({
        code: 'custom',
        message: `"${value}": ${error.message} at character ${error.offset + 1}`,
      });
      return z.NEVER;
    }
  });

const positiveInt = z.number().int().min(1);
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `expected one of ${values.join(', ')}` });

/** model.transformer: the shape that drives activations (and the count when params is absent). */
export const transformerSchema = z.strictObject({
  layers: positiveInt,
  hidden: positiveInt,
  heads: positiveInt,
  seq_len: positiveInt,
  vocab: z.number().int().min(0).optional(),
  ffn: positiveInt.meta({ description: 'MLP hidden size (default 4 × hidden)' }).optional(),
  lm_head: z.boolean().meta({ description: 'a vocabulary projection whose logits are kept' }).optional(),
  tied_embeddings: z.boolean().optional(),
  attention: oneOf(['eager', 'flash'] as const).optional(),
  gated_mlp: z.boolean().optional(),
  dropout: z.boolean().optional(),
});

/** model: a parameter count or a transformer shape, trainable count, persistent buffers. */
export const modelSchema = z.strictObject({
  params: countField.optional(),
  trainable: countField.meta({ description: 'trainable parameters (default: all)' }).optional(),
  transformer: transformerSchema.optional(),
  buffers: buffersField.optional(),
});

/** training: precision, optimizer, convention, batch and checkpointing, ZeRO sharding. */
export const trainingSchema = z.strictObject({
  precision: oneOf(precisions).optional(),
  optimizer: oneOf(optimizers).optional(),
  convention: oneOf(conventions).optional(),
  batch_size: quantityField.optional(),
  grad_accumulation: positiveInt.optional(),
  activation_checkpointing: oneOf(checkpointings).optional(),
  zero_stage: z.number().int().min(0).max(3).optional(),
  data_parallel: positiveInt.optional(),
});

/** tensors[]: anything else held on the GPU, `count` separate tensors of a shape. */
export const tensorSchema = z.strictObject({
  name: z.string().min(1),
  shape: z.array(quantityField),
  dtype: z.string().optional(),
  count: quantityField.optional(),
});

/** host.dataloader: torch.utils.data.DataLoader's settings and one sample's bytes. */
export const dataloaderSchema = z.strictObject({
  workers: z.number().int().min(0).optional(),
  prefetch_factor: positiveInt.optional(),
  sample_bytes: sizeField.optional(),
  pin_memory: z.boolean().optional(),
});

/** host: the loader, a dataset held in RAM, and the process sizes when they are known. */
export const hostSchema = z.strictObject({
  dataloader: dataloaderSchema.optional(),
  dataset_in_memory: sizeField.optional(),
  dataset_shared: z.boolean().optional(),
  process: sizeField.optional(),
  worker: sizeField.optional(),
});

/** cuda: per-process overheads; defaults by framework in cuda.ts. */
export const cudaSchema = z.strictObject({
  context: sizeField.optional(),
  module_loading: oneOf(['lazy', 'eager'] as const).optional(),
  workspaces: sizeField.optional(),
  fragmentation: z.number().min(0).max(1).optional(),
});

/** The whole spec; every section but model is optional. */
export const estimateSchema = z.strictObject({
  framework: oneOf(estimateFrameworks).optional(),
  vars: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.number().int().min(0)).optional(),
  model: modelSchema,
  training: trainingSchema.optional(),
  tensors: z.array(tensorSchema).optional(),
  host: hostSchema.optional(),
  cuda: cudaSchema.optional(),
});

/** A spec as validated, before defaults. */
export type RawEstimate = z.output<typeof estimateSchema>;

/** Valid keys of each section, for "did you mean" on unknown keys (path without indices). */
export const sectionKeys: Record<string, string[]> = {
  '': Object.keys(estimateSchema.shape),
  model: Object.keys(modelSchema.shape),
  'model.transformer': Object.keys(transformerSchema.shape),
  training: Object.keys(trainingSchema.shape),
  tensors: Object.keys(tensorSchema.shape),
  host: Object.keys(hostSchema.shape),
  'host.dataloader': Object.keys(dataloaderSchema.shape),
  cuda: Object.keys(cudaSchema.shape),
};
