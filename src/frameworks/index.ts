// Every framework headroom knows, in one list: adding one is a file beside this one and an entry here.
import type { EngineOf } from './engine-plan.js';
import { jax } from './jax.js';
import { none } from './none.js';
import { other } from './other.js';
import { pytorch } from './pytorch.js';
import { cudaVariables, ncclVariables } from './runtime-variables.js';
import { sglang } from './sglang.js';
import { tensorflow } from './tensorflow.js';
import { tensorrtLlm } from './tensorrt-llm.js';
import type { FrameworkProfile, KnownVariables } from './types.js';
import { vllm } from './vllm.js';

/** The profiles, in the order the config's error messages and --help list them. */
export const frameworkProfiles = [jax, pytorch, tensorflow, vllm, sglang, tensorrtLlm, other, none] as const;

/** A framework's name as headroom.yaml writes it and every --json output says it. */
export type Framework = (typeof frameworkProfiles)[number]['name'];

/** Every framework name, in list order. */
export const frameworks: readonly Framework[] = frameworkProfiles.map((p) => p.name);

/** Every name headroom.yaml accepts for a framework: each name, then its aliases (`pytorch` for torch). */
export const frameworkNamesAccepted: readonly string[] = frameworkProfiles.flatMap((p) => [
  p.name,
  ...p.aliases,
]);

/** The list as a config error says it: `torch (or pytorch)`. */
export const describeFrameworkNames = (): string =>
  frameworkProfiles
    .map((p) => (p.aliases.length > 0 ? `${p.name} (or ${p.aliases.join(', ')})` : p.name))
    .join(', ');

const byName = new Map<string, FrameworkProfile>(
  frameworkProfiles.flatMap((p) => [p.name, ...p.aliases].map((name) => [name, p] as const)),
);

/** The profile of a framework's name (or alias); `other` for a name headroom does not know (an old record). */
export function profileOf(name: string | undefined): FrameworkProfile {
  return (name === undefined ? undefined : byName.get(name)) ?? other;
}

/** The inference engine a framework is (its label and memory flag), or undefined for one that is not. */
export function engineOf(name: string): EngineOf | undefined {
  const profile = profileOf(name);
  return profile.engineKnob === undefined ? undefined : { label: profile.label, knob: profile.engineKnob };
}

/** Every inference engine, to say whose flag a stray placeholder is. */
export const engines: readonly EngineOf[] = frameworkProfiles.flatMap((p) => {
  const engine = engineOf(p.name);
  return engine ? [engine] : [];
});

/** The frameworks that own a config key (`preallocate` → jax), for "applies to framework X only". */
export function ownersOfKey(key: string): FrameworkProfile[] {
  return frameworkProfiles.filter((p) => p.ownKeys.includes(key));
}

/** One reader's variables: `reader` says whose (`JAX`, `CUDA`) in a finding. */
export type ReaderVariables = KnownVariables & { reader: string };

/** Every variable headroom knows a reader of: each framework's (from its profile), then CUDA's and NCCL's. */
export const knownVariableLists: readonly ReaderVariables[] = [
  ...frameworkProfiles.flatMap((p) => (p.knownVariables ? [{ reader: p.label, ...p.knownVariables }] : [])),
  { reader: 'CUDA', ...cudaVariables },
  { reader: 'NCCL', ...ncclVariables },
];

export type { FrameworkProfile, KnownVariable, KnownVariables } from './types.js';
