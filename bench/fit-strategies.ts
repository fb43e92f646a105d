// `fit` strategies side by side: trials, the boundary found (largest that ran ÷ true limit), how
// often the boundary was settled (a pass and a memory failure adjacent, or within 1% above 100)
// and search time, for guided, guided as it was before issue #10, power and binsearch (Lightning)
// and halving (accelerate). (1) The pure oracle: memory = base + perValue × value with ±1% noise on
// the measured peak, over true limits 10..5000, several fixed shares of the limit and 5 noise
// seeds; deterministic; with no margin, then guided against its former self with a 5% margin and
// with peaks that vary 6% run to run. (2) Real trials of examples/fit/grow.mjs for a few limits
// (see fit-real-trials.ts). `-- --pure` skips (2).
import { renderTable } from '../src/cli/output.js';
import { oracleBytes, oracleWithLimit } from '../src/fit/oracle.js';
import { type SimulatedSearch, simulateSearch } from '../src/fit/simulate.js';
import { strategies, strategyNames } from '../src/fit/strategies.js';
import type { Strategy } from '../src/fit/types.js';
import { guidedBeforeStrategy } from './fit-guided-before.js';
import { runRealTrials } from './fit-real-trials.js';

/** The true limits, 10 to 5000. */
const limits = [10, 37, 100, 333, 1000, 2718, 5000];
const baseFractions = [0.02, 0.1, 0.3, 0.6];
const seeds = [1, 2, 3, 4, 5];
const maxValue = 8192;

const compared: [string, Strategy][] = [
  ['guided', strategies.guided],
  ['guided (before #10)', guidedBeforeStrategy],
  ...strategyNames
    .filter((name) => name !== 'guided')
    .map((name): [string, Strategy] => [name, strategies[name]]),
];

interface Scenario {
  marginFraction: number;
  runNoiseFraction: number;
}

/** A row of averages over many searches. */
interface Averages {
  trials: number;
  /** largestPassed ÷ true limit. */
  found: number;
  worstFound: number;
  /** Share of searches that settled the boundary. */
  settled: number;
  /** recommended ÷ the largest value whose true need keeps the margin free. */
  recommended: number;
  /** Share of searches that ran some value twice. */
  repeated: number;
  micros: number;
}

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

function marginLimit(
  run: SimulatedSearch,
  workload: ReturnType<typeof oracleWithLimit>,
  marginFraction: number,
) {
  let value = 0;
  while (oracleBytes(workload, value + 1) <= workload.capacityBytes * (1 - marginFraction)) value++;
  return Math.max(1, Math.min(value, run.trueLimit));
}

function simulateAverages(
  strategy: Strategy,
  limitList: number[],
  bases: number[],
  scenario: Scenario,
): Averages {
  const runs = limitList.flatMap((limit) =>
    bases.flatMap((baseFraction) =>
      seeds.map((seed) => {
        const workload = {
          ...oracleWithLimit({ limit, baseFraction, seed, noiseFraction: 0.01 }),
          runNoiseFraction: scenario.runNoiseFraction,
        };
        const startMs = performance.now();
        const run = simulateSearch({
          strategy,
          workload,
          minValue: 1,
          maxValue,
          marginFraction: scenario.marginFraction,
        });
        const micros = (performance.now() - startMs) * 1000;
        const values = run.trials.map((o) => o.value);
        return {
          ...run,
          micros,
          recommendedFraction: run.best / marginLimit(run, workload, scenario.marginFraction),
          isRepeated: new Set(values).size < values.length,
        };
      }),
    ),
  );
  return {
    trials: mean(runs.map((r) => r.trials.length)),
    found: mean(runs.map((r) => r.foundFraction)),
    worstFound: Math.min(...runs.map((r) => r.foundFraction)),
    settled: mean(runs.map((r) => (r.isSettled ? 1 : 0))),
    recommended: mean(runs.map((r) => r.recommendedFraction)),
    repeated: mean(runs.map((r) => (r.isRepeated ? 1 : 0))),
    micros: mean(runs.map((r) => r.micros)),
  };
}

const percent = (fraction: number): string => `${Math.round(fraction * 100)}%`;
const columnsFor = (headers: string[], leftCount: number) =>
  headers.map((header, i) => ({ header, align: i < leftCount ? ('left' as const) : ('right' as const) }));

function printNoMargin(): void {
  const scenario = { marginFraction: 0, runNoiseFraction: 0 };
  process.stdout.write(
    `pure oracle: --min 1 --max ${maxValue}, margin 0, peaks ±1%, seeds ${seeds.join(',')}\n\n`,
  );
  const byLimit = compared.map(([label, strategy]) => [
    label,
    ...limits.map((limit) => {
      const a = simulateAverages(strategy, [limit], baseFractions, scenario);
      return `${a.trials.toFixed(1)} / ${a.found.toFixed(2)}`;
    }),
  ]);
  const limitHeaders = limits.map((limit) => `L=${limit}`);
  process.stdout.write(`trials / found÷true per true limit (fixed share ${baseFractions.join(', ')}):\n`);
  process.stdout.write(`${renderTable(columnsFor(['strategy', ...limitHeaders], 1), byLimit)}\n\n`);
  const rows = compared.flatMap(([label, strategy]) =>
    [...baseFractions.map((base) => [base]), baseFractions].map((bases) => {
      const a = simulateAverages(strategy, limits, bases, scenario);
      const share = bases.length === 1 ? `${(bases[0] ?? 0) * 100}%` : 'all';
      const cells = [a.trials.toFixed(2), a.found.toFixed(3), a.worstFound.toFixed(3), percent(a.settled)];
      return [label, share, ...cells, a.micros.toFixed(0)];
    }),
  );
  const headers = ['strategy', 'fixed share', 'trials', 'found/true', 'worst', 'settled', 'µs/search'];
  process.stdout.write(
    `averages over L = ${limits.join(', ')}:\n${renderTable(columnsFor(headers, 2), rows)}\n\n`,
  );
}

function printGuidedScenarios(): void {
  const scenarios: [string, Scenario][] = [
    ['margin 5%', { marginFraction: 0.05, runNoiseFraction: 0 }],
    ['margin 5%, need ±6% per run', { marginFraction: 0.05, runNoiseFraction: 0.06 }],
  ];
  const rows = scenarios.flatMap(([label, scenario]) =>
    [
      ['guided', strategies.guided],
      ['guided (before #10)', guidedBeforeStrategy],
    ].map(([name, strategy]) => {
      const a = simulateAverages(strategy as Strategy, limits, baseFractions, scenario);
      const cells = [a.trials.toFixed(2), a.found.toFixed(3), percent(a.settled), a.recommended.toFixed(3)];
      return [label, name as string, ...cells, percent(a.repeated)];
    }),
  );
  const headers = [
    'scenario',
    'strategy',
    'trials',
    'found/true',
    'settled',
    'recommended/margin limit',
    'repeated',
  ];
  process.stdout.write(
    `guided with a margin (found: largest that ran; recommended ÷ the largest value that keeps the margin):\n${renderTable(columnsFor(headers, 2), rows)}\n\n`,
  );
}

/** Runs the bench; `--pure` skips the real trials, `--real-limits 10,333` picks theirs. */
export async function main(args: string[]): Promise<void> {
  printNoMargin();
  printGuidedScenarios();
  if (args.includes('--pure')) return;
  const at = args.indexOf('--real-limits');
  const realLimits = at >= 0 ? (args[at + 1] ?? '').split(',').map(Number) : [10, 333, 5000];
  await runRealTrials(realLimits, compared);
}
