// A child's environment, built in one place for every launcher (run, env NAME -- CMD, fit, Slurm, and
// the backends to come): what it inherits, minus what the plan removes, plus the plan's variables,
// headroom's process marker, the GPU backend's card variables, the launcher's overrides and, under a
// supervised run, the run's markers. Two launchers that merged these themselves disagreed (`env --`
// left out the simulated card). Pure.
import type { PlannedProcess } from './types.js';

/** Variables headroom marks a child with: what its tree is (labels for watch, gpus, escaped processes). */
export const markerNames = {
  /** The planned instance (`actor.1`). */
  process: 'HEADROOM_PROCESS',
  /** The run's id: what is left of a tree after its parent died can still be told apart. */
  run: 'HEADROOM_RUN',
  /** Where the bootstrap and the simulated card append exact peaks at exit (peaks.jsonl). */
  peaksFile: 'HEADROOM_PEAKS_FILE',
} as const;

/** Everything a child's environment is made of. */
export interface ChildEnvInput {
  /** What the child would inherit: headroom's own environment, or {} where the launcher passes it on (Slurm). */
  inherited: Readonly<Record<string, string | undefined>>;
  /** The planned instance: its name, its variables, and the inherited ones it must not see. */
  planned: Pick<PlannedProcess, 'name' | 'env' | 'unsetEnv'>;
  /** What the GPU backend adds so the child sees the same cards (a simulated card's HEADROOM_GPU and state). */
  card?: Readonly<Record<string, string>> | undefined;
  /** The launcher's own variables, over the plan's (fit's trial environment). */
  overrides?: Readonly<Record<string, string>> | undefined;
  /** A supervised run's id and peaks file. */
  run?: { id: string; peaksFile: string } | undefined;
}

/** The environment a child is spawned with. */
export function buildChildEnv(input: ChildEnvInput): Record<string, string> {
  const { planned } = input;
  const inherited = Object.entries(input.inherited).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && !planned.unsetEnv.includes(entry[0]),
  );
  return {
    ...Object.fromEntries(inherited),
    ...planned.env,
    [markerNames.process]: planned.name,
    ...input.card,
    ...input.overrides,
    ...(input.run ? { [markerNames.run]: input.run.id, [markerNames.peaksFile]: input.run.peaksFile } : {}),
  };
}
