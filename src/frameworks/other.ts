// A process whose framework headroom cannot cap from outside (a simulator, a renderer, a C++ program):
// it gets its device and budget, and headroom watches it against the budget.
import { formatBytes } from '../units.js';
import type { FrameworkProfile } from './types.js';

export const other: FrameworkProfile<'other'> = {
  name: 'other',
  aliases: [],
  label: 'other',
  usesGpu: true,
  distributions: [],
  defaultPool: null,
  versionGates: [],
  detect: { libraries: null, commandWords: null },
  defaultEnforcement: 'warn',
  canCap: false,
  ownKeys: [],
  budgetEnv: () => ({
    env: {},
    unset: [],
    capBy: 'watch',
    capNote: 'no cap from outside; watched by headroom against its budget',
  }),
  enforcedBudgetBytes: (budgetBytes) => budgetBytes,
  inProcessCap: () => null,
  noCapAdvice: (p) =>
    `${p.name}: nothing caps a framework "other" process from outside; headroom run watches it against its ${formatBytes(p.budgetBytes)} budget (enforce: kill stops it when it goes over)`,
  envVariables: [],
  knownVariables: null,
  checks: { config: [], plan: [], inherited: [] },
  doctorFamily: null,
  poolWords: { clients: 'GPU', share: ({ percent }) => `one ${percent} fraction` },
  trialEnv: null,
  bootstrap: 'nothing (it may not be Python)',
};
