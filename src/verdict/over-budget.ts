// Who held more GPU memory than planned (budget plus context allowance) in the sample nearest a failure:
// what a card-full cause names (cause.ts).
import { formatBytes } from '../units.js';
import type { Neighbour, OverBudget } from './cause-types.js';

/** Who held more than their budget plus context allowance in a sample, largest overrun first. */
export function overBudgetIn(neighbours: readonly Neighbour[]): OverBudget[] {
  return neighbours
    .flatMap((n) => {
      if (n.gpuBytes === null || n.gpuBytes <= 0) return [];
      const allowedBytes = n.budgetBytes === null ? 0 : n.budgetBytes + n.contextBytes;
      const overBytes = n.gpuBytes - allowedBytes;
      return overBytes > 0 ? [{ name: n.name, gpuBytes: n.gpuBytes, allowedBytes, overBytes }] : [];
    })
    .sort((a, b) => b.overBytes - a.overBytes);
}

/** `isaac held 7.39 GiB over its budget (18.29 GiB against 10.90 GiB with its context)`. */
export function describeOverBudget(o: OverBudget): string {
  if (o.allowedBytes === 0) return `${o.name} held ${formatBytes(o.gpuBytes)} with no budget on this card`;
  return `${o.name} held ${formatBytes(o.overBytes)} over its budget (${formatBytes(o.gpuBytes)} against ${formatBytes(o.allowedBytes)} with its context)`;
}
