// `headroom fit`'s options and the checks that span them: the placeholder in the command, the
// strategy's needs, the range of --min and --max.
import { UsageError } from '../../../errors.js';
import { type Launcher, launcherNames } from '../../../fit/launcher.js';
import { strategyNames } from '../../../fit/strategies.js';
import { hasPlaceholder, placeholderFor, variablePattern } from '../../../fit/template.js';
import type { StrategyName } from '../../../fit/types.js';
import type { OptionValues } from '../../option-types.js';
import { defineOptions } from '../../option-types.js';
import { sharedOptions } from '../../options.js';

const { gpu, framework, json } = sharedOptions;

export const fitOptions = defineOptions({
  var: {
    flag: '--var',
    valueName: 'name',
    kind: 'text',
    default: 'batch',
    description: 'the placeholder to replace: {name}',
  },
  min: { flag: '--min', valueName: 'n', kind: 'count', description: 'smallest value to try (default 1)' },
  max: {
    flag: '--max',
    valueName: 'n',
    kind: 'count',
    description: 'largest value to try (default 65536; halving starts here)',
  },
  strategy: {
    flag: '--strategy',
    valueName: 'name',
    kind: 'choice',
    choices: strategyNames,
    default: 'guided',
    description: `search strategy: ${strategyNames.join(', ')}`,
  },
  trialSeconds: {
    flag: '--trial-seconds',
    valueName: 'duration',
    kind: 'duration',
    bareUnit: 's',
    description:
      'stop a trial that has run this long without a memory failure: it passed (not settled if its memory was still rising); 90s, 2m, or seconds',
  },
  untilLine: {
    flag: '--until-line',
    valueName: 'regex',
    kind: 'pattern',
    description:
      'stop a trial once a line of its output matches: it passed (not settled if its memory was still rising)',
  },
  launcher: {
    flag: '--launcher',
    valueName: 'name',
    kind: 'choice',
    choices: launcherNames,
    description:
      'run each trial as a multi-rank job: torchrun or accelerate (launch) starts --nproc-per-node ranks; the value is per rank',
  },
  nprocPerNode: {
    flag: '--nproc-per-node',
    valueName: 'n',
    kind: 'count',
    description: 'ranks per trial with --launcher (they share the GPU budget: each gets its part)',
  },
  fullTrials: {
    flag: '--full-trials',
    kind: 'switch',
    description:
      'run every trial until it ends (or --until-line, --trial-seconds), even once its memory has levelled off or gone over the margin, each started cold (as before 0.2)',
  },
  coldStarts: {
    flag: '--cold-starts',
    kind: 'switch',
    description:
      "start each trial's process only once its value is known (by default a Python script's next trials start early and wait after their imports)",
  },
  freshTrials: {
    flag: '--fresh-trials',
    kind: 'switch',
    description: 'run every trial as a fresh process (the default; it overrides --forked-trials)',
  },
  forkedTrials: {
    flag: '--forked-trials',
    kind: 'switch',
    description:
      "under an address-space limit, run a Python script's trials as forks of one interpreter that has done the script's imports (a fork's heap is its interpreter's: it does not grow and give back heap as a fresh process does, so its peaks are lower; the answer is run once more as a fresh process)",
  },
  margin: {
    flag: '--margin',
    valueName: 'percent',
    kind: 'percent',
    max: 99,
    default: '5',
    description: 'percent of each memory limit to keep free at the answer',
  },
  gpu,
  hostMemory: {
    ...sharedOptions.hostMemory,
    description:
      'host memory limit per trial (16GiB), enforced with a cgroup (default: available memory less a reserve)',
  },
  framework,
  effective: {
    flag: '--effective',
    valueName: 'n',
    kind: 'count',
    description: 'also split this effective batch into micro-batch × accumulation steps',
  },
  runDir: {
    ...sharedOptions.runDir,
    description: 'where the trial records go (default: .headroom/fits/<id>)',
  },
  json: { ...json, description: 'print the result as JSON on stdout (progress stays on stderr)' },
});

export type FitOptionValues = OptionValues<typeof fitOptions>;

/** The default upper end of the search: far above any batch that fits one card. */
export const defaultMaxValue = 65_536;

/** The search's range, checked against the command and the strategy; throws UsageError (exit 2). */
export function checkFitRange(
  options: FitOptionValues,
  argv: readonly string[],
): { minValue: number; maxValue: number } {
  if (!variablePattern.test(options.var))
    throw new UsageError(`--var ${options.var}: expected a name such as batch`);
  if (argv.length === 0) {
    throw new UsageError(
      'no command to fit',
      `give it after --: headroom fit -- python train.py --batch-size ${placeholderFor(options.var)}`,
    );
  }
  if (!hasPlaceholder([...argv], options.var)) {
    throw new UsageError(
      `the command has no ${placeholderFor(options.var)} to replace`,
      `put ${placeholderFor(options.var)} where the value goes: -- python train.py --batch-size ${placeholderFor(options.var)}`,
    );
  }
  const strategy: StrategyName = options.strategy;
  if (strategy === 'halving' && options.max === undefined) {
    throw new UsageError(
      '--strategy halving starts at --max',
      "pass --max (accelerate's starting_batch_size is 128)",
    );
  }
  const minValue = options.min ?? 1;
  const maxValue = options.max ?? Math.max(defaultMaxValue, minValue);
  if (maxValue < minValue) throw new UsageError(`--max ${maxValue} is below --min ${minValue}`);
  return { minValue, maxValue };
}

/** The multi-rank launcher from --launcher and --nproc-per-node (both or neither); throws UsageError (exit 2). */
export function checkLauncher(options: FitOptionValues): Launcher | null {
  if (options.launcher === undefined) {
    if (options.nprocPerNode !== undefined)
      throw new UsageError('--nproc-per-node needs --launcher', 'pass --launcher torchrun (or accelerate)');
    return null;
  }
  if (options.nprocPerNode === undefined || options.nprocPerNode < 1) {
    throw new UsageError(
      `--launcher ${options.launcher} needs --nproc-per-node`,
      `pass --nproc-per-node 2 for two ranks`,
    );
  }
  return { name: options.launcher, nprocPerNode: options.nprocPerNode };
}
