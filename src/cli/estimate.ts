// `headroom estimate`: GPU and host memory of a training config, part by part; what fits a budget.
import type { Command } from 'commander';
import { suggestNearest } from '../config/suggest.js';
import { ExitCode, UsageError } from '../errors.js';
import { ExprError } from '../estimate/expr.js';
import { loadEstimateFile, parseEstimateSpec } from '../estimate/load.js';
import { buildReport, type EstimateReport } from '../estimate/report.js';
import type { EstimateSpec } from '../estimate/types.js';
import { parseBytes } from '../units.js';
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
    .option('--host-budget <size>', 'host memory --solve must also fit')
    .option('--solve <var>', 'largest value of a var (or batch_size) that fits --budget')
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
    if ((flags.solve || flags.gradAccumulationTarget) && !flags.budget) {
      throw new UsageError('--solve and --grad-accumulation-target need --budget', 'e.g. --budget 24GiB');
    }
    const spec = flags.config
      ? await loadEstimateFile(flags.config, overlay)
      : parseEstimateSpec(undefined, undefined, overlay);
    const report = withExprErrors(() =>
      buildReport(spec, {
        solveVar: flags.solve === undefined ? undefined : checkVar(spec, flags.solve),
        budgetBytes: sizeFlag('--budget', flags.budget),
        hostBudgetBytes: sizeFlag('--host-budget', flags.hostBudget),
        gradAccumulationTarget: targetFlag(flags.gradAccumulationTarget),
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
  const bytes = parseBytes(text);
  if (bytes === undefined || bytes <= 0)
    throw new UsageError(`${flag}: "${text}" is not a size such as 24GiB or 512MiB`);
  return bytes;
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
