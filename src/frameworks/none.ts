// A host-only process: no GPU at all (an empty CUDA_VISIBLE_DEVICES hides every card), told its own
// host limit instead.
import type { FrameworkProfile } from './types.js';

export const none: FrameworkProfile<'none'> = {
  name: 'none',
  aliases: [],
  label: 'none',
  usesGpu: false,
  distributions: [],
  defaultPool: null,
  versionGates: [],
  detect: { libraries: null, commandWords: null },
  defaultEnforcement: 'warn',
  canCap: false,
  ownKeys: [],
  budgetEnv: () => ({ env: {}, unset: [], capBy: 'none', capNote: 'no GPU (CUDA_VISIBLE_DEVICES is empty)' }),
  enforcedBudgetBytes: (budgetBytes) => budgetBytes,
  inProcessCap: () => null,
  noCapAdvice: (p) => `${p.name}: uses no GPU`,
  envVariables: [],
  knownVariables: null,
  checks: { config: [], plan: [], inherited: [] },
  doctorFamily: null,
  poolWords: { clients: 'GPU', share: ({ percent }) => `one ${percent} fraction` },
  trialEnv: null,
  bootstrap: 'nothing',
};
