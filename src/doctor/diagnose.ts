// From classified lines to diagnoses: family facts joined in, generic echoes dropped, near misses
// kept only when nothing else failed, the strongest first, and each one explained.

import type { Confidence } from '../vocabulary.js';
import type { Draft } from './candidates.js';
import type { ClassifiedLog } from './classify.js';
import { explainHost, explainShm } from './explain/host.js';
import { explainLibrary, explainNearMiss } from './explain/other.js';
import { explainSimCapacity, explainSimGpu } from './explain/sim.js';
import { explainTorch } from './explain/torch.js';
import type { ExplainContext, Explanation } from './explain/types.js';
import { explainXla } from './explain/xla.js';
import type { Diagnosis, Facts } from './types.js';

const GiB = 1024 ** 3;

function familiesOf(draft: Draft): string[] {
  if (draft.framework === 'jax') return ['xla'];
  if (draft.framework === 'tensorflow') return ['tensorflow', 'xla'];
  if (draft.framework === 'cudnn') return ['cudnn'];
  if (draft.kind === 'host_oom') return ['host'];
  return [];
}

function withFamilyFacts(draft: Draft, familyFacts: Map<string, Facts>): Draft {
  const family = Object.assign({}, ...familiesOf(draft).map((f) => familyFacts.get(f) ?? {})) as Facts;
  return { ...draft, facts: { ...family, ...draft.facts } };
}

// cuDNN fails to initialise both when memory is short and when libraries mismatch; XLA logs the
// free memory beside it (cuda_dnn.cc), which decides: little free → OOM, plenty → not memory.
function resolveCudnn(draft: Draft): Draft {
  if (draft.code !== 'cudnn-init-failed') return draft;
  const free = draft.facts.freeBytes;
  const total = draft.facts.totalBytes;
  if (typeof free !== 'number' || typeof total !== 'number') return draft;
  const isShort = free < 0.1 * total || free < GiB;
  return isShort
    ? { ...draft, weight: 3, summary: 'cuDNN could not initialise: the GPU is nearly full' }
    : {
        ...draft,
        kind: 'none',
        summary:
          'cuDNN failed to initialise with plenty of GPU memory free: a library or driver mismatch, not memory',
      };
}

function explain(draft: Draft, context: ExplainContext): Explanation {
  switch (draft.kind) {
    case 'none':
      return explainNearMiss(draft);
    case 'host_oom':
      return explainHost(draft);
    case 'shm':
      return explainShm(draft, context);
    case 'sim_capacity':
      return explainSimCapacity(draft);
    default:
      if (draft.framework === 'torch') return explainTorch(draft);
      if (draft.framework === 'jax' || draft.framework === 'tensorflow') return explainXla(draft, context);
      if (draft.framework === 'physx' || draft.framework === 'other') return explainSimGpu(draft, context);
      return explainLibrary(draft);
  }
}

// The shared words (vocabulary.ts): a framework's own report is certain, a generic sign likely, a hint possible.
const confidenceOf = (weight: number): Confidence =>
  weight >= 3 ? 'certain' : weight === 2 ? 'likely' : 'possible';

function toDiagnosis(draft: Draft, context: ExplainContext): Diagnosis {
  const { cause, causeText, fixes, framework } = explain(draft, context);
  const device = draft.facts.device;
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
    fixes,
    evidence: draft.evidence,
    occurrences: draft.occurrences,
    ...(draft.holders ? { holders: draft.holders } : {}),
  };
}

/** Diagnoses from a classified log: the primary (strongest, then earliest) first; [] when nothing matched. */
export function diagnoseClassified(log: ClassifiedLog): Diagnosis[] {
  const drafts = log.drafts.map((d) => resolveCudnn(withFamilyFacts(d, log.familyFacts)));
  const specific = drafts.filter(
    (d) => !d.isGeneric || !drafts.some((o) => o.kind === d.kind && !o.isGeneric),
  );
  // A weak memory hint (a cuBLAS handle failure) next to a near miss (a device-side assert) is the
  // near miss's echo, not a memory failure.
  const hasNearMiss = specific.some((d) => d.kind === 'none');
  const failures = specific.filter((d) => d.kind !== 'none' && !(d.weight === 1 && hasNearMiss));
  const byStrength = (a: Draft, b: Draft) => b.weight - a.weight || a.evidence.line - b.evidence.line;
  const chosen = failures.length > 0 ? failures.sort(byStrength) : specific.sort(byStrength).slice(0, 1);
  const context: ExplainContext = { context: log.familyFacts.get('context') ?? {}, drafts: chosen };
  return chosen.map((d) => toDiagnosis(d, context));
}
