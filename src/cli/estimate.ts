// `headroom estimate`: GPU and host memory of a training config, part by part; what fits a budget.
import type { Command } from 'commander';
import { suggestNearest } from '../config/suggest.js';
import { ExitCode, UsageError } from '../errors.js';
import { ExprError } from '../estimate/expr.js';
import { loadEstimateSpec } from '../estimate/load.js';
import { buildReport, type EstimateReport } from '../estimate/report.js';
import type { EstimateSpec } from '../estimate/types.js';
import { readSize } from '../units.js';
import { collect } from './common.js';
import { overlayFromFlags, specFlags } from './estimate-flags.js';
import { colorsFor, toJson } from './output.js';
import { renderEstimate } from './render-estimate.js';

interface EstimateFlags extends Record<string, unknown> {
  config?: string;
  json?: boolean;
  budget?: string;
  hostBudget?: string;
  solve?: string;
  gradAccumulationTarget?: string;
  gpuCounts?: string;
  var?: string[];
}

/** Registers `headroom estimate` and its flags on the program. */
export function define(program: Command): void {
  const command = program
    .command('estimate')
    .description('GPU and host memory a training config needs, part by part; what fits a budget')
    .option('-c, --config <file>', 'estimate spec (YAML); flags below override its fields')
    .option('--json', 'print the report as JSON')
    .option('--budget <size>', 'GPU memory to fit, for --solve and --grad-accumulation-target (24GiB)')
    .option('--host-budget <size>', 'host memory to fit, alone or with --budget')
    .option('--solve <var>', 'largest value of a var (or batch_size) that fits the budgets')
    .option('--gpu-counts <list>', 'per-GPU memory for each GPU count, e.g. 1,2,4,8 (same strategy)')
    .option('--grad-accumulation-target <n>', 'micro-batch and steps that reach an effective batch of N')
    .option('--var <name=value>', 'set a var used in shapes and batch_size (repeatable)', collect);
  for (const flag of specFlags) command.option(flag.flag, flag.description);
  command.action(async (flags: EstimateFlags) => {
    const overlay = overlayFromFlags(flags, flags.var);
    if (flags.config === undefined && Object.keys(overlay.values).length === 0) {
      throw new UsageError(
        'estimate needs -c SPEC or flags',
        'e.g. headroom estimate --params 335M --batch-size 4',
      );
    }
    if ((flags.solve || flags.gradAccumulationTarget) && !flags.budget && !flags.hostBudget) {
      throw new UsageError(
        '--solve and --grad-accumulation-target need --budget or --host-budget',
        'e.g. --budget 24GiB',
      );
    }
    const spec = await loadEstimateSpec(flags.config, overlay);
    const gpuCounts = gpuCountsFlag(flags.gpuCounts);
    const tensor = spec.parallel.tensor;
    if (gpuCounts?.some((gpus) => gpus % tensor !== 0)) {
      throw new UsageError(
        `--gpu-counts: every count must be a multiple of the tensor-parallel size ${tensor}`,
      );
    }
    const report = withExprErrors(() =>
      buildReport(spec, {
        solveVar: flags.solve === undefined ? undefined : checkVar(spec, flags.solve),
        budgetBytes: sizeFlag('--budget', flags.budget),
        hostBudgetBytes: sizeFlag('--host-budget', flags.hostBudget),
        gradAccumulationTarget: targetFlag(flags.gradAccumulationTarget),
        gpuCounts,
      }),
    );
    process.stdout.write(flags.json ? toJson(report) : renderEstimate(report, colorsFor()));
    process.exitCode = foundNothing(report) ? ExitCode.problems : ExitCode.ok;
  });
}

function foundNothing(report: EstimateReport): boolean {
  return report.solve?.value === 0 || report.gradAccumulation === null;
}

function checkVar(spec: EstimateSpec, name: string): string {
  const known = ['batch_size', ...Object.keys(spec.vars)];
  if (known.includes(name)) return name;
  const nearest = suggestNearest(name, known);
  throw new UsageError(
    `--solve: no var "${name}"${nearest ? `; did you mean "${nearest}"?` : `; vars: ${known.join(', ')}`}`,
  );
}

function sizeFlag(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const reading = readSize(text);
  if (!reading.ok) throw new UsageError(`${flag}: ${reading.message}`);
  return reading.bytes;
}

function gpuCountsFlag(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const counts = text.split(',').map((item) => item.trim());
  if (counts.some((count) => !/^\d+$/.test(count) || Number(count) < 1)) {
    throw new UsageError(`--gpu-counts: expected whole numbers ≥ 1 separated by commas, got "${text}"`);
  }
  return counts.map(Number);
}

function targetFlag(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw new UsageError(`--grad-accumulation-target: expected a whole number ≥ 1, got "${text}"`);
  }
  return Number(text);
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
