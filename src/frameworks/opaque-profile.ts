// What `none` and `other` share as profiles: headroom sees nothing inside the process (no framework to
// detect, gate by version, cap in-process or check), so its budget is watched from outside, or moot.
import type { CapMethod, FrameworkProfile } from './types.js';

/** A profile for a process headroom cannot reach through a framework, from what tells it apart. */
export function opaqueProfile<Name extends string>(options: {
  name: Name;
  usesGpu: boolean;
  capBy: CapMethod;
  capNote: string;
  noCapAdvice: FrameworkProfile['noCapAdvice'];
  bootstrap: string;
}): FrameworkProfile<Name> {
  const { name, capBy, capNote } = options;
  return {
    name,
    aliases: [],
    label: name,
    usesGpu: options.usesGpu,
    distributions: [],
    defaultPool: null,
    versionGates: [],
    detect: { libraries: null, commandWords: null },
    defaultEnforcement: 'warn',
    canCap: false,
    ownKeys: [],
    budgetEnv: () => ({ env: {}, unset: [], capBy, capNote }),
    enforcedBudgetBytes: (budgetBytes) => budgetBytes,
    inProcessCap: () => null,
    noCapAdvice: options.noCapAdvice,
    envVariables: [],
    knownVariables: null,
    checks: { config: [], plan: [], inherited: [] },
    doctorFamily: null,
    poolWords: { clients: 'GPU', share: ({ percent }) => `one ${percent} fraction` },
    trialEnv: null,
    bootstrap: options.bootstrap,
  };
}
