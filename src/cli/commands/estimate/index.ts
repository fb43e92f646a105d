// `headroom estimate`: GPU and host memory of a training config, part by part; what fits a budget.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { suggestNearest } from '../../../config/suggest.js';
import { ExitCode, UsageError } from '../../../errors.js';
import { ExprError } from '../../../estimate/expr.js';
import { loadEstimateSpec } from '../../../estimate/io/read-spec.js';
import { type FlagOverlay, modelConfigPathIn } from '../../../estimate/load.js';
import { buildReport, type EstimateReport } from '../../../estimate/report.js';
import type { EstimateSpec } from '../../../estimate/types.js';
import { defineCommand } from '../../command.js';
import { pathIn } from '../../io.js';
import { defineOptions } from '../../option-types.js';
import { sharedOptions } from '../../options.js';
import type { EstimateOutput } from '../../schemas/estimate.js';
import { overlayFromFlags } from './overlay.js';
import { specFlags } from './spec-flags.js';
import { renderEstimate } from './text.js';
import { withTrace } from './trace.js';

const estimateOptions = defineOptions({
  config: { ...sharedOptions.config, description: 'estimate spec (YAML); flags below override its fields' },
  json: sharedOptions.json,
  budget: {
    flag: '--budget',
    valueName: 'size',
    kind: 'size',
    description: 'GPU memory to fit, for --solve and --grad-accumulation-target (24GiB)',
  },
  hostBudget: {
    flag: '--host-budget',
    valueName: 'size',
    kind: 'size',
    description: 'host memory to fit, alone or with --budget',
  },
  solve: {
    flag: '--solve',
    valueName: 'var',
    kind: 'text',
    description: 'largest value of a var (or batch_size) that fits the budgets',
  },
  gpuCounts: {
    flag: '--gpu-counts',
    valueName: 'list',
    kind: 'counts',
    description: 'per-GPU memory for each GPU count, e.g. 1,2,4,8 (same strategy)',
  },
  gradAccumulationTarget: {
    flag: '--grad-accumulation-target',
    valueName: 'n',
    kind: 'count',
    description: 'micro-batch and steps that reach an effective batch of N',
  },
  var: {
    flag: '--var',
    valueName: 'name=value',
    kind: 'text',
    isRepeatable: true,
    description: 'set a var used in shapes and batch_size',
  },
  trace: {
    flag: '--trace',
    kind: 'switch',
    description:
      'also run one training step on fake tensors with your Python and show it beside the estimate',
  },
  python: {
    flag: '--python',
    valueName: 'path',
    kind: 'text',
    description: 'the Python (with torch or jax) that runs --trace (default: python3 on PATH)',
  },
  traceModule: {
    flag: '--trace-module',
    valueName: 'pkg.module:factory',
    kind: 'text',
    description: 'trace your own model: a factory returning it (torch), or a step function (jax)',
  },
  traceInput: {
    flag: '--trace-input',
    valueName: 'name=shape:dtype',
    kind: 'text',
    isRepeatable: true,
    description: "a JAX step's example input, e.g. x=32,784:float32 (repeat per argument)",
  },
  traceFull: {
    flag: '--trace-full',
    kind: 'switch',
    description: 'trace every repeated block instead of a few, extrapolated',
  },
});

// Nothing fits, or the answer was refused because a part that grows with the var is not estimated.
function foundNothing(report: EstimateReport): boolean {
  return report.solve?.value === 0 || report.gradAccumulation === null || report.solveRefused !== undefined;
}

function checkVar(spec: EstimateSpec, name: string): string {
  const known = ['batch_size', ...Object.keys(spec.vars)];
  if (known.includes(name)) return name;
  const nearest = suggestNearest(name, known);
  throw new UsageError(
    `--solve: no var "${name}"${nearest ? `; did you mean "${nearest}"?` : `; vars: ${known.join(', ')}`}`,
  );
}

// A var value tried by the search can divide by zero in an expression such as T/(B-1).
function withExprErrors<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ExprError) throw new UsageError(`cannot evaluate the spec: ${error.message}`);
    throw error;
  }
}

// The config.json the spec's model comes from, as an absolute path for the trace helper.
async function modelConfigOf(
  config: string | undefined,
  overlay: FlagOverlay,
  cwd: string,
): Promise<string | undefined> {
  const text = config === undefined ? undefined : await readFile(config, 'utf8');
  const found = modelConfigPathIn(text, config, overlay);
  return found === undefined ? undefined : path.resolve(cwd, found);
}

export const command = defineCommand({
  name: 'estimate',
  description: 'GPU and host memory a training config needs, part by part; what fits a budget',
  options: { ...estimateOptions, ...specFlags },
  async run({ options }, io) {
    const overlay = overlayFromFlags(options, options.var);
    if (options.config === undefined && Object.keys(overlay.values).length === 0) {
      throw new UsageError(
        'estimate needs -c SPEC or flags',
        'e.g. headroom estimate --params 335M --batch-size 4',
      );
    }
    if ((options.solve || options.gradAccumulationTarget) && !options.budget && !options.hostBudget) {
      throw new UsageError(
        '--solve and --grad-accumulation-target need --budget or --host-budget',
        'e.g. --budget 24GiB',
      );
    }
    const config = options.config === undefined ? undefined : pathIn(io.cwd, options.config);
    const spec = await loadEstimateSpec(config, overlay);
    const gpuCounts = options.gpuCounts;
    const tensor = spec.parallel.tensor;
    if (gpuCounts?.some((gpus) => gpus % tensor !== 0)) {
      throw new UsageError(
        `--gpu-counts: every count must be a multiple of the tensor-parallel size ${tensor}`,
      );
    }
    const report = withExprErrors(() =>
      buildReport(spec, {
        solveVar: options.solve === undefined ? undefined : checkVar(spec, options.solve),
        budgetBytes: options.budget,
        hostBudgetBytes: options.hostBudget,
        gradAccumulationTarget: options.gradAccumulationTarget,
        gpuCounts,
      }),
    );
    const traced =
      options.trace || options.traceModule !== undefined
        ? await withTrace(spec, report, {
            python: options.python ?? 'python3',
            modelConfig: await modelConfigOf(config, overlay, io.cwd),
            module: options.traceModule,
            isFull: options.traceFull,
            inputs: options.traceInput,
            cwd: io.cwd,
          })
        : report;
    return { data: traced, exitCode: foundNothing(report) ? ExitCode.problems : ExitCode.ok };
  },
  reporters: {
    text: (report: EstimateReport, { colors }) => renderEstimate(report, colors),
    json: (report: EstimateReport): EstimateOutput => report,
  },
});
