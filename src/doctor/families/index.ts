// Every doctor family, in one list: a new framework or failure group is one folder and one entry
// here. The list's order is the rules' order (it breaks ties between rules of equal weight); which
// family explains a draft is decided by its kind, code and layer, never by the order.
import type { Draft } from '../candidates.js';
import type { FactRule, Facts, LogRule } from '../types.js';
import { allocationFamily } from './allocation/index.js';
import { cudaFamily } from './cuda/index.js';
import type { Frameworks } from './explain-types.js';
import { hostFamily } from './host/index.js';
import { jaxFamily } from './jax/index.js';
import { logFamily } from './log/index.js';
import { nearMissFamily } from './near-miss/index.js';
import { proseFamily } from './prose/index.js';
import { pytorchFamily } from './pytorch/index.js';
import { sglangFamily } from './sglang/index.js';
import { simulatorsFamily } from './simulators/index.js';
import { tensorflowFamily } from './tensorflow/index.js';
import { tensorrtLlmFamily } from './tensorrt-llm/index.js';
import { tgiFamily } from './tgi/index.js';
import type { DoctorFamily } from './types.js';
import { vllmFamily } from './vllm/index.js';

export type { DoctorFamily } from './types.js';

/** The families, most specific signatures first. */
export const doctorFamilies: readonly DoctorFamily[] = [
  pytorchFamily,
  jaxFamily,
  tensorflowFamily,
  vllmFamily,
  sglangFamily,
  tensorrtLlmFamily,
  tgiFamily,
  allocationFamily,
  simulatorsFamily,
  hostFamily,
  cudaFamily,
  nearMissFamily,
  proseFamily,
  logFamily,
];

/** The log signatures of every family, most specific first. */
export const logRules: readonly LogRule[] = doctorFamilies.flatMap((f) => f.rules);

// The first rule of each code (a code names one signature; a few share a code across spellings).
const ruleByCode = new Map<string, LogRule>();
for (const rule of logRules) if (!ruleByCode.has(rule.code)) ruleByCode.set(rule.code, rule);

/** The rule that reports a diagnosis code, if any. */
export function ruleWithCode(code: string): LogRule | undefined {
  return ruleByCode.get(code);
}

/** Rules that only add facts, of every family. */
export const logFactRules: readonly FactRule[] = doctorFamilies.flatMap((f) => f.factRules);

/** The family of that name, if any. */
export function familyNamed(name: string): DoctorFamily | undefined {
  return doctorFamilies.find((f) => f.name === name);
}

/** The family that explains a draft: by its kind, else its code, else its layer, else the fallback. */
export function familyExplaining(draft: Draft): DoctorFamily {
  const explains = (found: DoctorFamily | undefined) => (found?.explain ? found : undefined);
  const chosen =
    draft.kind !== 'gpu_oom'
      ? explains(doctorFamilies.find((f) => f.kinds?.includes(draft.kind)))
      : (explains(doctorFamilies.find((f) => f.codes?.includes(draft.code))) ??
        explains(doctorFamilies.find((f) => f.layers.includes(draft.framework))));
  const fallback = doctorFamilies.find((f) => f.isFallback)!;
  return chosen ?? fallback;
}

/** The fact-table keys whose facts join a draft: by its layer first, else by its kind. */
export function joinedFactKeys(draft: Draft): readonly string[] {
  const byLayer = doctorFamilies.find((f) => f.joinedFacts?.layers?.includes(draft.framework));
  const byKind = doctorFamilies.find((f) => f.joinedFacts?.kinds?.includes(draft.kind));
  return (byLayer ?? byKind)?.joinedFacts?.keys ?? [];
}

/** The frameworks the log shows, from its words (`context` facts) and from the layers of its drafts. */
export function frameworksSeen(context: Facts, drafts: readonly Draft[]): Frameworks {
  const seen: Frameworks = { jax: false, torch: false, tensorflow: false, reactant: false };
  for (const family of doctorFamilies) {
    for (const { as, fact, layer } of family.seen ?? []) {
      seen[as] = context[fact] === true || (layer !== undefined && drafts.some((d) => d.framework === layer));
    }
  }
  return seen;
}
