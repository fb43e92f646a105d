// What the three inference engines share as profiles: the GPU share is the engine's own flag in its
// command (the plan computes it after every budget, src/frameworks/engine-plan.ts), not a variable.
import { formatBytes } from '../units.js';
import { bootstrapEnv } from './bootstrap.js';
import type { EngineKnob } from './engine-knob.js';
import { knobValue } from './engine-knob.js';
import type { FrameworkProfile } from './types.js';

/** A profile for an inference engine from its name, label, Python distribution and memory flag. */
export function engineProfile<Name extends string>(options: {
  name: Name;
  aliases: readonly string[];
  label: string;
  distribution: string;
  knob: EngineKnob;
}): FrameworkProfile<Name> {
  const { name, label, knob } = options;
  const flag = knob.spelling.flags[0] as string;
  return {
    name,
    aliases: options.aliases,
    label,
    usesGpu: true,
    distributions: [options.distribution],
    versionGates: [],
    // Left alone it takes its default share of the card (vLLM's 0.92 of total); a share of free memory is no fixed share.
    defaultPool:
      knob.base === 'total' && knob.defaultFraction !== null
        ? { fraction: knob.defaultFraction, allocator: label }
        : null,
    detect: { libraries: null, commandWords: new RegExp(`\\b${name.replace(/-/g, '[-_]')}\\b`, 'i') },
    // The flag holds it to its budget from inside, as a fraction caps JAX.
    defaultEnforcement: 'cap',
    canCap: true,
    ownKeys: [],
    engineKnob: knob,
    budgetEnv: ({ process: configProcess, bootstrapDir, inheritedEnv }) => ({
      // Its own PyTorch allocator's exact peaks at exit, as for every Python framework's process.
      env: bootstrapEnv({ bootstrapDir, actions: ['peaks'], configEnv: configProcess.env, inheritedEnv }),
      unset: [],
      capBy: 'flag',
      capNote: `${label}'s ${flag}, computed by the plan and filled into {${knob.placeholder}} in its command`,
    }),
    enforcedBudgetBytes: (budgetBytes) => budgetBytes,
    inProcessCap: ({ capBy, budgetBytes, totalBytes }) =>
      capBy === 'flag'
        ? {
            // Of the total (vLLM) the grant is exact; of free memory it is the budget the plan sized it to.
            bytes:
              knob.base === 'total'
                ? knobValue(knob, { budgetBytes, totalBytes, freeAtStartBytes: totalBytes }).grantedBytes
                : budgetBytes,
            by: `${label}'s ${flag}`,
          }
        : null,
    noCapAdvice: (p) =>
      `${p.name}: write ${flag} {${knob.placeholder}} in its command so that ${label} takes its ${formatBytes(p.budgetBytes)} budget`,
    envVariables: [],
    knownVariables: null,
    // Its checks need every budget on the card (start order): the plan's engine pass runs them.
    checks: { config: [], plan: [], inherited: [] },
    doctorFamily: name,
    poolWords: { clients: label, share: ({ percent }) => `one ${percent} ${flag}` },
    trialEnv: null,
    bootstrap: 'peaks: records the exact GPU peaks of its PyTorch allocator at exit',
  };
}
