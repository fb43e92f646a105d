// From schema-valid raw data to an EstimateSpec: defaults filled in, vars and dtypes checked, located.
import { suggestNearest } from '../config/suggest.js';
import { ConfigError, type ConfigIssue } from '../errors.js';
import { dtypeBytes, dtypeNames } from './dtypes.js';
import { ExprError, evaluateExpr } from './expr.js';
import { countTransformerParams } from './params.js';
import type { RawEstimate } from './schema.js';
import type { EstimateSpec, Quantity, TransformerShape } from './types.js';

/** Maps a field path (and optionally a key in it, or a character offset) to where it was written. */
export type Locate = (
  path: (string | number)[],
  key?: string,
  offset?: number,
) => Pick<ConfigIssue, 'location' | 'field'>;

/** Fills defaults and checks what spans fields (vars used in shapes, dtypes); throws ConfigError. */
export function toEstimateSpec(
  raw: RawEstimate,
  source: { file: string | undefined; locate: Locate },
): EstimateSpec {
  const issues: ConfigIssue[] = [];
  const report = (path: (string | number)[], message: string, offset?: number): void => {
    issues.push({ ...source.locate(path, undefined, offset), message });
  };
  const vars = raw.vars ?? {};
  const checkQuantity = (quantity: Quantity, path: (string | number)[]): void => {
    try {
      if (evaluateExpr(quantity.expr, vars) < 0)
        report(path, `"${quantity.text}" is negative with these vars`);
    } catch (error) {
      if (!(error instanceof ExprError)) throw error;
      const known = Object.keys(vars);
      // One-letter names are all one edit apart: list them instead of guessing.
      const nearest =
        error.varName && error.varName.length > 1 ? suggestNearest(error.varName, known) : undefined;
      const hint = nearest
        ? `; did you mean "${nearest}"?`
        : known.length > 0
          ? `; vars: ${known.join(', ')}`
          : '; define it under vars:';
      report(path, `${error.message} in "${quantity.text}"${error.varName ? hint : ''}`, error.offset);
    }
  };

  const transformer = raw.model.transformer && toTransformer(raw.model.transformer);
  if (raw.model.params === undefined && !transformer) {
    report(['model'], 'needs params (a count such as 335M) or transformer (layers, hidden, heads, seq_len)');
  }
  const params = raw.model.params ?? (transformer ? countTransformerParams(transformer) : 0);
  if (raw.model.trainable !== undefined && raw.model.trainable > params) {
    report(
      ['model', 'trainable'],
      `${raw.model.trainable} is more than the ${params} parameters of the model`,
    );
  }
  const batchSize = raw.training?.batch_size ?? literal(1);
  checkQuantity(batchSize, ['training', 'batch_size']);
  const tensors = (raw.tensors ?? []).map((tensor, i) => {
    tensor.shape.forEach((dim, j) => {
      checkQuantity(dim, ['tensors', i, 'shape', j]);
    });
    const count = tensor.count ?? literal(1);
    checkQuantity(count, ['tensors', i, 'count']);
    const dtype = tensor.dtype ?? 'float32';
    const bytesPerElement = dtypeBytes(dtype);
    if (bytesPerElement === undefined) {
      const nearest = suggestNearest(dtype, dtypeNames);
      report(
        ['tensors', i, 'dtype'],
        `unknown dtype "${dtype}"${nearest ? `; did you mean "${nearest}"?` : ''}`,
      );
    }
    return { name: tensor.name, shape: tensor.shape, dtype, bytesPerElement: bytesPerElement ?? 0, count };
  });
  if (issues.length > 0) throw new ConfigError(issues);

  const training = raw.training ?? {};
  const dataloader = raw.host?.dataloader ?? {};
  return {
    file: source.file,
    framework: raw.framework ?? 'torch',
    vars,
    model: { params, trainable: raw.model.trainable, transformer, buffersBytes: raw.model.buffers ?? 0 },
    training: {
      precision: training.precision ?? 'fp32',
      optimizer: training.optimizer ?? 'adamw',
      convention: training.convention ?? 'hf',
      batchSize,
      gradAccumulation: training.grad_accumulation ?? 1,
      activationCheckpointing: training.activation_checkpointing ?? 'none',
      zeroStage: (training.zero_stage ?? 0) as 0 | 1 | 2 | 3,
      dataParallel: training.data_parallel ?? 1,
    },
    tensors,
    host: {
      workers: dataloader.workers ?? 0,
      // torch.utils.data.DataLoader: prefetch_factor defaults to 2 when num_workers > 0.
      prefetchFactor: dataloader.prefetch_factor ?? 2,
      sampleBytes: dataloader.sample_bytes ?? 0,
      pinMemory: dataloader.pin_memory ?? false,
      datasetBytes: raw.host?.dataset_in_memory ?? 0,
      isDatasetShared: raw.host?.dataset_shared ?? false,
      processBytes: raw.host?.process,
      workerBytes: raw.host?.worker,
    },
    cuda: {
      contextBytes: raw.cuda?.context,
      moduleLoading: raw.cuda?.module_loading ?? 'lazy',
      workspaceBytes: raw.cuda?.workspaces,
      fragmentation: raw.cuda?.fragmentation,
    },
  };
}

function toTransformer(raw: NonNullable<RawEstimate['model']['transformer']>): TransformerShape {
  return {
    layers: raw.layers,
    hidden: raw.hidden,
    heads: raw.heads,
    seqLen: raw.seq_len,
    vocab: raw.vocab ?? 0,
    // Korthikanti et al. and GPT-2/BERT use an MLP of 4 × hidden.
    ffn: raw.ffn ?? 4 * raw.hidden,
    lmHead: raw.lm_head ?? false,
    tiedEmbeddings: raw.tied_embeddings ?? false,
    attention: raw.attention ?? 'eager',
    gatedMlp: raw.gated_mlp ?? false,
    dropout: raw.dropout ?? true,
  };
}

function literal(value: number): Quantity {
  return { text: String(value), expr: { kind: 'int', value } };
}
