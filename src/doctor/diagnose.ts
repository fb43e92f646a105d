// From classified lines to diagnoses: family facts joined in, multi-line verdicts resolved, generic
// echoes dropped, near misses kept only when nothing else failed, the strongest first, and each one
// explained by its family (families/index.ts) with its cause and fixes (each with its fact).

import type { Confidence } from '../vocabulary.js';
import type { Draft } from './candidates.js';
import { causeAlternatives as causeAlternativesOf } from './cause-alternatives.js';
import type { ClassifiedLog } from './classify.js';
import { type ExplainContext, type Explanation, fix, fixFields } from './families/explain-types.js';
import { familyExplaining, frameworksSeen, joinedFactKeys } from './families/index.js';
import {
  isUndecided,
  resolveBusError,
  resolveKernelDeath,
  resolveLibraryInit,
  resolveMemorySide,
  resolveNamedKiller,
  resolveOverflowedSize,
  resolveRayWorkerDeath,
  resolveRetoldKill,
} from './resolve.js';
import { repeatsShownSetting } from './settings.js';
import type { Diagnosis, Facts } from './types.js';

// What is left to say when the log shows every fix already applied.
const measureFix = fix(
  'the log shows the usual fixes already applied: record memory over time to see what grows and when: headroom run -- <command>',
  'a setting already in place did not prevent this failure, so what fills memory must be measured',
);

// A fix that only lowers the batch, which a log at batch size 1 shows already as low as it goes.
const lowersBatch = /^(?:or )?(?:lower|halve|reduce)\b[^;]*\bbatch\b/i;

function withFamilyFacts(draft: Draft, familyFacts: Map<string, Facts>): Draft {
  const family = Object.assign({}, ...joinedFactKeys(draft).map((f) => familyFacts.get(f) ?? {})) as Facts;
  return { ...draft, facts: { ...family, ...draft.facts } };
}

// The family that owns the draft's kind, code or layer explains it (families/index.ts).
function explain(draft: Draft, context: ExplainContext): Explanation {
  return familyExplaining(draft).explain!(draft, context);
}

// The shared words (vocabulary.ts): a framework's own report is certain, a generic sign likely, a hint possible.
const confidenceOf = (weight: number): Confidence =>
  weight >= 3 ? 'certain' : weight === 2 ? 'likely' : 'possible';

function toDiagnosis(draft: Draft, context: ExplainContext): Diagnosis {
  const { cause, causeText, fixes: proposed, framework, holders, alternatives } = explain(draft, context);
  // Each fix once, and none that sets what the log shows already set (issue 23).
  const fixes = proposed.filter(
    (f, i) =>
      proposed.findIndex((o) => o.fix === f.fix) === i &&
      !repeatsShownSetting(f.fix, context.context) &&
      !(
        context.context.batchSizeOne === true &&
        context.context.batchOneRuns !== true &&
        lowersBatch.test(f.fix)
      ),
  );
  if (fixes.length === 0 && proposed.length > 0) fixes.push(measureFix);
  const device = draft.facts.device;
  const shownHolders = holders ?? draft.holders;
  // The listed process the explainer showed to be this one (PyTorch prints "Process N has" for
  // itself when NVML's host PID is not its own, in containers) is this process's usage.
  const self = shownHolders?.find((h) => h.isSelf);
  const facts =
    self !== undefined && draft.facts.processBytes === undefined
      ? { ...draft.facts, processBytes: self.bytes }
      : draft.facts;
  const causeAlternatives = causeAlternativesOf({
    kind: draft.kind,
    cause,
    facts,
    context: context.context,
    code: draft.code,
    holdersListed: (shownHolders?.length ?? 0) > 0,
    ...(alternatives ? { proposed: alternatives } : {}),
  });
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
    facts,
    ...fixFields(fixes),
    evidence: draft.evidence,
    occurrences: draft.occurrences,
    ...(shownHolders ? { holders: shownHolders } : {}),
    ...(causeAlternatives.length > 0 ? { causeAlternatives } : {}),
  };
}

/** Diagnoses from a classified log: the primary (strongest, then earliest) first; [] when nothing matched. */
export function diagnoseClassified(log: ClassifiedLog): Diagnosis[] {
  const logFacts = log.familyFacts.get('context') ?? {};
  // A last-resort reading (allocation/generic.ts) speaks only where no signature read the log.
  // A kill told only in words that no memory evidence decided is no reading at all (resolve.ts).
  const told = log.drafts.flatMap((d) => resolveRetoldKill(d, logFacts, log.drafts) ?? []);
  const read = told.some((d) => !d.isLastResort)
    ? told.filter((d) => !d.isLastResort)
    : told.toSorted((a, b) => b.evidence.line - a.evidence.line).slice(0, 1);
  const drafts = read.map((d) =>
    resolveNamedKiller(
      resolveOverflowedSize(
        resolveRayWorkerDeath(
          resolveKernelDeath(
            resolveMemorySide(
              resolveBusError(resolveLibraryInit(withFamilyFacts(d, log.familyFacts)), logFacts),
              logFacts,
            ),
            logFacts,
          ),
          logFacts,
        ),
        logFacts,
      ),
      logFacts,
    ),
  );
  const specific = drafts.filter(
    (d) => !d.isGeneric || !drafts.some((o) => o.kind === d.kind && !o.isGeneric),
  );
  // A weak memory hint (a cuBLAS handle failure) next to a near miss (a device-side assert) is the
  // near miss's echo, not a memory failure.
  // A failure that no evidence decided (an init failure without figures, a kernel that died) is not
  // a near miss: it does not explain a memory hint away.
  const hasNearMiss = specific.some((d) => d.kind === 'none' && !isUndecided(d));
  const failures = specific.filter((d) => d.kind !== 'none' && !(d.weight === 1 && hasNearMiss));
  const byStrength = (a: Draft, b: Draft) => b.weight - a.weight || a.evidence.line - b.evidence.line;
  const chosen = failures.length > 0 ? failures.sort(byStrength) : specific.sort(byStrength).slice(0, 1);
  const context: ExplainContext = {
    context: logFacts,
    drafts: chosen,
    frameworks: frameworksSeen(logFacts, log.drafts),
  };
  return chosen.map((d) => toDiagnosis(d, context));
}
