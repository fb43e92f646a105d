// `fit` strategies side by side: trials, found / true limit and wall time for guided, power
// (Lightning), binsearch (Lightning) and halving (accelerate). (1) The pure oracle: memory =
// base + perValue × value with ±1% noise on the measured peak, over true limits 10..5000, several
// fixed shares of the limit and 5 noise seeds; deterministic. (2) Real trials of
// examples/fit/grow.mjs for a few limits (see fit-real-trials.ts). `-- --pure` skips (2).
import { renderTable } from '../src/cli/output.js';
import { oracleWithLimit } from '../src/fit/oracle.js';
import { simulateSearch } from '../src/fit/simulate.js';
import { strategies, strategyNames } from '../src/fit/strategies.js';
import { runRealTrials } from './fit-real-trials.js';

/** The true limits, 10 to 5000. */
const limits = [10, 37, 100, 333, 1000, 2718, 5000];
const baseFractions = [0.02, 0.1, 0.3, 0.6];
const seeds = [1, 2, 3, 4, 5];
const maxValue = 8192;

/** A row of averages: trials, found / true, and microseconds of pure search per run. */
interface Averages {
  trials: number;
  found: number;
  worstFound: number;
  micros: number;
}

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

function simulateAverages(name: keyof typeof strategies, limitList: number[], bases: number[]): Averages {
  const runs = limitList.flatMap((limit) =>
    bases.flatMap((baseFraction) =>
      seeds.map((seed) => {
        const workload = oracleWithLimit({ limit, baseFraction, seed, noiseFraction: 0.01 });
        const startMs = performance.now();
        const run = simulateSearch({ strategy: strategies[name], workload, minValue: 1, maxValue });
        return { ...run, micros: (performance.now() - startMs) * 1000 };
      }),
    ),
  );
  return {
    trials: mean(runs.map((r) => r.trials.length)),
    found: mean(runs.map((r) => r.foundFraction)),
    worstFound: Math.min(...runs.map((r) => r.foundFraction)),
    micros: mean(runs.map((r) => r.micros)),
  };
}

const cells = (a: Averages): string[] => [a.trials.toFixed(2), a.found.toFixed(3), a.worstFound.toFixed(3)];

function printPure(): void {
  process.stdout.write(
    `pure oracle: --min 1 --max ${maxValue}, margin 0, peaks ±1%, seeds ${seeds.join(',')}\n\n`,
  );
  const byLimit = strategyNames.map((name) => [
    name,
    ...limits.map((limit) => {
      const a = simulateAverages(name, [limit], baseFractions);
      return `${a.trials.toFixed(1)} / ${a.found.toFixed(2)}`;
    }),
  ]);
  const limitColumns = limits.map((limit) => ({ header: `L=${limit}`, align: 'right' as const }));
  process.stdout.write(`trials / found÷true per true limit (fixed share ${baseFractions.join(', ')}):\n`);
  process.stdout.write(`${renderTable([{ header: 'strategy' }, ...limitColumns], byLimit)}\n\n`);
  const rows = strategyNames.flatMap((name) =>
    [...baseFractions.map((base) => [base]), baseFractions].map((bases) => {
      const a = simulateAverages(name, limits, bases);
      const label = bases.length === 1 ? `${(bases[0] ?? 0) * 100}%` : 'all';
      return [name, label, ...cells(a), a.micros.toFixed(0)];
    }),
  );
  const headers = ['strategy', 'fixed share', 'trials', 'found/true', 'worst', 'µs/search'];
  const columns = headers.map((header, i) => ({
    header,
    align: i >= 2 ? ('right' as const) : ('left' as const),
  }));
  process.stdout.write(`averages over L = ${limits.join(', ')}:\n${renderTable(columns, rows)}\n\n`);
}

/** Runs the bench; `--pure` skips the real trials, `--real-limits 10,333` picks theirs. */
export async function main(args: string[]): Promise<void> {
  printPure();
  if (args.includes('--pure')) return;
  const at = args.indexOf('--real-limits');
  const realLimits = at >= 0 ? (args[at + 1] ?? '').split(',').map(Number) : [10, 333, 5000];
  await runRealTrials(realLimits);
}
