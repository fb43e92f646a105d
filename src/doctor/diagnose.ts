// From classified lines to diagnoses: family facts joined in, multi-line verdicts resolved, generic
// echoes dropped, near misses kept only when nothing else failed, the strongest first, and each
// one explained with its cause and fixes (each fix with the fact it rests on).

import type { Confidence } from '../vocabulary.js';
import type { Draft } from './candidates.js';
import type { ClassifiedLog } from './classify.js';
import { explainAllocation } from './explain/alloc.js';
import { explainHost } from './explain/host.js';
import { explainNearMiss, explainUndecidedInit } from './explain/near-miss.js';
import { explainBareCudaOom, explainLibrary } from './explain/other.js';
import { explainShm } from './explain/shm.js';
import { explainSimGpu } from './explain/sim.js';
import { explainSimCapacity } from './explain/sim-capacity.js';
import { explainTorch } from './explain/torch.js';
import { type ExplainContext, type Explanation, type Frameworks, fix, fixFields } from './explain/types.js';
import { explainXla } from './explain/xla.js';
import { explainSglang } from './families/sglang/explain.js';
import { explainTensorrtLlm } from './families/tensorrt-llm/explain.js';
import { explainVllm } from './families/vllm/explain.js';
import { isUndecidedInit, resolveBusError, resolveLibraryInit } from './resolve.js';
import { repeatsShownSetting } from './settings.js';
import type { Diagnosis, Facts } from './types.js';

// What is left to say when the log shows every fix already applied.
const measureFix = fix(
  'the log shows the usual fixes already applied: record memory over time to see what grows and when: headroom run -- <command>',
  'a setting already in place did not prevent this failure, so what fills memory must be measured',
);

function familiesOf(draft: Draft): string[] {
  if (draft.framework === 'jax') return ['xla'];
  if (draft.framework === 'tensorflow') return ['tensorflow', 'xla'];
  if (draft.framework === 'torch') return ['torch'];
  if (draft.framework === 'tensorrt-llm') return ['tensorrt-llm'];
  if (draft.framework === 'cudnn' || draft.framework === 'cublas') return ['cudnn'];
  if (draft.kind === 'host_oom') return ['host'];
  return [];
}

function withFamilyFacts(draft: Draft, familyFacts: Map<string, Facts>): Draft {
  const family = Object.assign({}, ...familiesOf(draft).map((f) => familyFacts.get(f) ?? {})) as Facts;
  return { ...draft, facts: { ...family, ...draft.facts } };
}

/** The frameworks the log shows, from its words and from the layers of its diagnoses. */
function frameworksOf(context: Facts, drafts: readonly Draft[]): Frameworks {
  return {
    jax: context.jaxSeen === true,
    torch: context.torchSeen === true || drafts.some((d) => d.framework === 'torch'),
    tensorflow: context.tensorflowSeen === true || drafts.some((d) => d.framework === 'tensorflow'),
    reactant: context.reactantSeen === true,
  };
}

function explain(draft: Draft, context: ExplainContext): Explanation {
  switch (draft.kind) {
    case 'none':
      return isUndecidedInit(draft) ? explainUndecidedInit(draft, context) : explainNearMiss(draft);
    case 'host_oom':
      return explainHost(draft, context);
    case 'shm':
      return explainShm(draft, context);
    case 'sim_capacity':
      return explainSimCapacity(draft);
    default:
      // A library's start-up or workspace failure is library memory outside the framework's pool, not its batch.
      if (draft.code === 'library-init-failed' || draft.code === 'library-alloc-failed')
        return explainLibrary(draft, context);
      if (draft.code === 'device-alloc-failed' || draft.code === 'kv-cache-too-small')
        return explainAllocation(draft, context);
      switch (draft.framework) {
        case 'torch':
          return explainTorch(draft, context);
        case 'jax':
        case 'tensorflow':
          return explainXla(draft, context);
        case 'physx':
        case 'warp':
        case 'other':
          return explainSimGpu(draft, context);
        case 'cuda':
          return explainBareCudaOom(draft, context);
        case 'vllm':
          return explainVllm(draft);
        case 'sglang':
          return explainSglang(draft);
        case 'tensorrt-llm':
          return explainTensorrtLlm(draft);
        default:
          return explainLibrary(draft, context);
      }
  }
}

// The shared words (vocabulary.ts): a framework's own report is certain, a generic sign likely, a hint possible.
const confidenceOf = (weight: number): Confidence =>
  weight >= 3 ? 'certain' : weight === 2 ? 'likely' : 'possible';

function toDiagnosis(draft: Draft, context: ExplainContext): Diagnosis {
  const { cause, causeText, fixes: proposed, framework, holders } = explain(draft, context);
  // Each fix once, and none that sets what the log shows already set (issue 23).
  const fixes = proposed.filter(
    (f, i) =>
      proposed.findIndex((o) => o.fix === f.fix) === i && !repeatsShownSetting(f.fix, context.context),
  );
  if (fixes.length === 0 && proposed.length > 0) fixes.push(measureFix);
  const device = draft.facts.device;
  const shownHolders = holders ?? draft.holders;
  return {
    code: draft.code,
    kind: draft.kind,
    framework: framework ?? draft.framework,
    severity: draft.kind === 'none' ? 'info' : 'error',
    summary: draft.summary,
    message: `${draft.summary}: ${causeText}`,
    cause,
    causeText,
    confidence: confidenceOf(draft.weight),
    ...(typeof device === 'number' ? { device } : {}),
    facts: draft.facts,
    ...fixFields(fixes),
    evidence: draft.evidence,
    occurrences: draft.occurrences,
    ...(shownHolders ? { holders: shownHolders } : {}),
  };
}

/** Diagnoses from a classified log: the primary (strongest, then earliest) first; [] when nothing matched. */
export function diagnoseClassified(log: ClassifiedLog): Diagnosis[] {
  const logFacts = log.familyFacts.get('context') ?? {};
  const drafts = log.drafts.map((d) =>
    resolveBusError(resolveLibraryInit(withFamilyFacts(d, log.familyFacts)), logFacts),
  );
  const specific = drafts.filter(
    (d) => !d.isGeneric || !drafts.some((o) => o.kind === d.kind && !o.isGeneric),
  );
  // A weak memory hint (a cuBLAS handle failure) next to a near miss (a device-side assert) is the
  // near miss's echo, not a memory failure.
  // An init failure that no figure decided is not a near miss: it does not explain a memory hint away.
  const hasNearMiss = specific.some((d) => d.kind === 'none' && !isUndecidedInit(d));
  const failures = specific.filter((d) => d.kind !== 'none' && !(d.weight === 1 && hasNearMiss));
  const byStrength = (a: Draft, b: Draft) => b.weight - a.weight || a.evidence.line - b.evidence.line;
  const chosen = failures.length > 0 ? failures.sort(byStrength) : specific.sort(byStrength).slice(0, 1);
  const context: ExplainContext = {
    context: logFacts,
    drafts: chosen,
    frameworks: frameworksOf(logFacts, log.drafts),
  };
  return chosen.map((d) => toDiagnosis(d, context));
}
