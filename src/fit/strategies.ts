// Every search strategy by name: the default and the ones kept for comparison.
import { binsearchStrategy } from './binsearch.js';
import { guidedStrategy } from './guided.js';
import { halvingStrategy } from './halving.js';
import { powerStrategy } from './power.js';
import type { Strategy, StrategyName } from './types.js';

/** The strategies `--strategy` accepts, the default first. */
export const strategies: Record<StrategyName, Strategy> = {
  guided: guidedStrategy,
  power: powerStrategy,
  binsearch: binsearchStrategy,
  halving: halvingStrategy,
};

/** The names in `--strategy` order. */
export const strategyNames = Object.keys(strategies) as StrategyName[];

/** Whether `name` is a known strategy. */
export function isStrategyName(name: string): name is StrategyName {
  return name in strategies;
}
