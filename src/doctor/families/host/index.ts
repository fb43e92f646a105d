// The host: RAM run out (the kernel's OOM killer, cgroups, Slurm, Kubernetes, memory monitors, the
// victim's own exit) and /dev/shm too small, explained by who killed what at which limit.
import type { DoctorFamily } from '../types.js';
import { hostExitRules } from './exits.js';
import { explainHost } from './explain.js';
import { explainShm } from './explain-shm.js';
import { kernelFactRules } from './facts.js';
import { killRules } from './kill.js';
import { memoryAtCeilingRule } from './memory-at-ceiling.js';
import { hostRules } from './rules.js';
import { shmRules } from './shm-rules.js';

/** The host family. */
export const hostFamily: DoctorFamily = {
  name: 'host',
  rules: [...shmRules, ...hostRules, ...killRules, ...hostExitRules, memoryAtCeilingRule],
  factRules: kernelFactRules,
  layers: [],
  kinds: ['host_oom', 'shm'],
  joinedFacts: { keys: ['host'], kinds: ['host_oom'] },
  explain: (draft, context) =>
    draft.kind === 'shm' ? explainShm(draft, context) : explainHost(draft, context),
};
