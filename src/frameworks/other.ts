// A process whose framework headroom cannot cap from outside (a simulator, a renderer, a C++ program):
// it gets its device and budget, and headroom watches it against the budget.
import { formatBytes } from '../units.js';
import { opaqueProfile } from './opaque-profile.js';

export const other = opaqueProfile({
  name: 'other',
  usesGpu: true,
  capBy: 'watch',
  capNote: 'no cap from outside; watched by headroom against its budget',
  noCapAdvice: (p) =>
    `${p.name}: nothing caps a framework "other" process from outside; headroom run watches it against its ${formatBytes(p.budgetBytes)} budget (enforce: kill stops it when it goes over)`,
  bootstrap: 'nothing (it may not be Python)',
});
