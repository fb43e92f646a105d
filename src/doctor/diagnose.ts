// From classified lines to diagnoses: family facts joined in, multi-line verdicts resolved, generic
// echoes dropped, near misses kept only when nothing else failed, the strongest first, and each one
// explained by its family (families/index.ts) with its cause and fixes (each with its fact).

import type { Confidence } from '../vocabulary.js';
import type { Draft } from './candidates.js';
import {
  causeAlternatives as causeAlternativesOf,
  coTenantOfCardDecides,
  isRequestPastCommonCard,
  isRequestPastStatedCard,
  ownHoldingFacts,
  requestShapeFix,
} from './cause-alternatives.js';
import type { ClassifiedLog } from './classify.js';
import { genericOutOfMemoryCode } from './families/allocation/generic.js';
import {
  type ExplainContext,
  type Explanation,
  fix,
  fixFields,
  seeHolders,
  size,
} from './families/explain-types.js';
import { familyExplaining, frameworksSeen, joinedFactKeys, ruleWithCode } from './families/index.js';
import {
  batchOfOneStepFix,
  batchOfOneStepText,
  largerCardFix,
  smallCardReason,
} from './families/pytorch/fixes.js';
import { smallCardBytes } from './families/pytorch/numbers.js';
import { cutTracebackOf } from './missing-failure-line.js';
import {
  isCauselessStatus,
  isUndecided,
  resolveBusError,
  resolveExhaustedStatusEcho,
  resolveHostPoolDump,
  resolveKernelDeath,
  resolveKillWithMemoryFree,
  resolveLauncherKill,
  resolveLibraryInit,
  resolveMemorySide,
  resolveNamedKiller,
  resolveOverflowedSize,
  resolvePaddleMemoryError,
  resolvePoolGrowthBesideMemoryError,
  resolveRayWorkerDeath,
  resolveReporterAccount,
  resolveRetoldKill,
} from './resolve.js';
import { lowersSettingAtFloor, repeatsShownSetting } from './settings.js';
import { shownTechniquesOf } from './shown.js';
import { withStatedModel } from './stated-readings.js';
import type { Diagnosis, Facts, MissingFailureLine } from './types.js';

// What is left to say when the log shows every fix already applied.
const measureFix = fix(
  'the log shows the usual fixes already applied: record memory over time to see what grows and when: headroom run -- <command>',
  'a setting already in place did not prevent this failure, so what fills memory must be measured',
);

// A fix that only lowers the batch, which a log at batch size 1 shows already as low as it goes.
// Anywhere in the fix, not only at its start ("if nothing else holds it, lower the batch size").
const lowersBatch =
  /\b(?:lower|halve|reduce|cut|decrease)\s+(?:the\s+)?batch\b|^(?:or )?(?:lower|halve|reduce)\b[^;]*\bbatch\b/i;

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

// What a figure-less GPU OOM (issue 23, round 16) gives of the card's fill: none of these.
const fillFacts = ['freeBytes', 'totalBytes', ...ownHoldingFacts];

/**
 * A device OOM whose message gives no figure of the card's fill (a bare "out of memory", a C++
 * extension's CHECK, the reporter's sentence) names no cause by its figures, but one cause is the
 * most likely: the step's own tensors (the batch, the sequence, the resolution) outgrowing the card.
 * PyTorch's FAQ answers "out of memory" with the batch and what the step keeps alive
 * (https://pytorch.org/docs/stable/notes/faq.html, "My model reports cuda runtime error(2): out of
 * memory"), and the spent corpus parts' threads on such logs ended there 9 times in 18 (another
 * process 2, the card 4, a setting 3). Named as the primary with the others as alternatives (what
 * decides each), as a message that gives only the request already is (pytorch/explain.ts). Not where
 * the log shows a batch of one (then the batch is no lever) or lists the card's processes.
 */
function mostLikelyOfFigureless(
  draft: Draft,
  context: ExplainContext,
  explanation: Explanation,
  holdersListed: boolean,
): Explanation {
  if (draft.kind !== 'gpu_oom' || holdersListed) return explanation;
  if (fillFacts.some((k) => typeof draft.facts[k] === 'number')) return explanation;
  const c = context.context;
  // The card the log states, under a nominal 4 GB card's size (log/evidence.ts statedCardBytes;
  // pytorch/numbers.ts smallCardBytes): with no figure of the card's fill, the card decides it, as it
  // already does for a bare CUDA OOM and a request-only PyTorch message (cuda/explain.ts
  // explainBareCudaOom, pytorch/explain.ts). This outranks a guess at another process that the log
  // does not list either (a pool or a simulator refused at start; round 17: the spent threads on
  // <= 4 GB cards answer "a larger GPU", numbers.ts smallCardBytes). Not where the log's own words
  // blame the batch (log/evidence.ts batchBlamed).
  const stated = c.statedCardBytes;
  if (
    typeof stated === 'number' &&
    stated < smallCardBytes &&
    c.batchBlamed !== true &&
    (explanation.cause === 'unknown' || explanation.cause === 'co_tenant')
  )
    return {
      ...explanation,
      cause: 'device_too_small',
      causeText: `${explanation.causeText}; the message gives no figure of who holds the card, and the log states the card has ${size(stated)}: ${smallCardReason}`,
      fixes: [largerCardFix(stated), ...explanation.fixes],
      // The family's own guess stays open beside it, with what decides it (its first fix measures it).
      alternatives: [
        ...(explanation.alternatives ?? []),
        ...(explanation.cause === 'co_tenant'
          ? [{ cause: 'co_tenant' as const, decidedBy: coTenantOfCardDecides }]
          : []),
      ],
    };
  // The user's own words that several processes ran on the card at once ("I have 2 kernels running",
  // "two processes on the same GPU", "while the GPU was being used for other processes"; log/evidence.ts
  // coTenantStated): the other process is the most likely, as a listing of the card's processes would
  // show (PyTorch FAQ "out of memory"; NVIDIA's nvidia-smi documents per-process used memory,
  // --query-compute-apps). Also over a family's figureless guess at the batch (TensorFlow's bare
  // ResourceExhaustedError): no figure says this process filled the card, the words say others were on it;
  // the batch stays open (cause-alternatives.ts).
  if (
    c.coTenantStated === true &&
    (explanation.cause === 'unknown' || explanation.cause === 'batch_too_large')
  )
    return {
      ...explanation,
      cause: 'co_tenant',
      causeText: `${explanation.causeText}; the log says other processes ran on the card at once, so the most likely is the others holding what this one lacked`,
      fixes: [seeHolders(), ...explanation.fixes],
    };
  if (explanation.cause !== 'unknown') return explanation;
  // One request past the whole of a common card, read from an allocator's own message (not a size in a
  // user's sentence, which may be the card's own: "an RTX 5090 (32 GB VRAM)"), on a card the log does
  // not size: its shape, the batch the alternative (cause-alternatives.ts requestPastCommonCardBytes).
  const requested = typeof draft.facts.requestedBytes === 'number' ? draft.facts.requestedBytes : undefined;
  const statedCard = typeof stated === 'number' ? stated : undefined;
  if (draft.code !== genericOutOfMemoryCode && isRequestPastCommonCard(requested, statedCard))
    return {
      ...explanation,
      cause: 'request_exceeds_device',
      causeText: `${explanation.causeText}; one allocation of ${size(requested ?? 0)} is past the whole memory of most cards (a nominal 16 GB card holds 14.5-16 GiB), so its tensor's shape is the most likely cause`,
      fixes: [requestShapeFix(requested ?? 0), ...explanation.fixes],
    };
  // The same request against the card the log states (cause-alternatives.ts requestPastStatedCardShare):
  // past what that card gives one allocation beside its context, so its shape, the batch the alternative.
  if (draft.code !== genericOutOfMemoryCode && isRequestPastStatedCard(requested, statedCard))
    return {
      ...explanation,
      cause: 'request_exceeds_device',
      causeText: `${explanation.causeText}; one allocation of ${size(requested ?? 0)} is past what the ${size(statedCard ?? 0)} card the log states gives one allocation (such a card reports less than its nominal size, and its CUDA context takes part of that), so its tensor's shape is the most likely cause`,
      fixes: [requestShapeFix(requested ?? 0), ...explanation.fixes],
    };
  // A batch of one shown in the log: not the batch, but the step's other dimensions (the longest
  // sequence, the resolution) are the most likely, with the model's state and another process open
  // (pytorch/fixes.ts batchOfOneStepText).
  if (c.batchSizeOne === true && c.batchOneRuns !== true)
    return {
      ...explanation,
      cause: 'batch_too_large',
      causeText: `${explanation.causeText}; ${batchOfOneStepText}`,
      fixes: [...explanation.fixes, batchOfOneStepFix],
    };
  return {
    ...explanation,
    cause: 'batch_too_large',
    causeText: `${explanation.causeText}; of the causes it leaves open, the most likely is the step's own tensors (the batch, the sequence or the resolution) outgrowing the card`,
    // The family's own fixes first (what measures who holds the card, its own batch lever); a batch
    // fix added where none of them lowers the step.
    fixes: explanation.fixes.some((f) => /\bbatch\b/i.test(f.fix))
      ? explanation.fixes
      : [
          ...explanation.fixes,
          fix(
            'lower the batch size (halve it), or the sequence length or input resolution, and run it again; if even the smallest fails, the model itself or another process fills the card (see the alternatives)',
            'the message gives no figure of who holds the card; a smaller step is the first thing that decides it (PyTorch FAQ, "out of memory")',
          ),
        ],
  };
}

function toDiagnosis(draft: Draft, context: ExplainContext): Diagnosis {
  const explained = explain(draft, context);
  const {
    cause,
    causeText,
    fixes: proposed,
    framework,
    holders,
    alternatives,
  } = mostLikelyOfFigureless(
    draft,
    context,
    // The log's own words that the model is too large come before the figureless guess at the batch.
    withStatedModel(explained, {
      isDeviceOom: draft.kind === 'gpu_oom',
      facts: draft.facts,
      context: context.context,
      shown: shownTechniquesOf(context.context),
    }),
    (explained.holders ?? draft.holders ?? []).length > 0,
  );
  // Each fix once, and none that sets what the log shows already set (issue 23). A technique the log
  // shows on is never in a fix's text: the builders take what the log shows (shown.ts).
  const fixes = proposed.filter(
    (f, i) =>
      proposed.findIndex((o) => o.fix === f.fix) === i &&
      !repeatsShownSetting(f.fix, context.context) &&
      !lowersSettingAtFloor(f.fix, context.context) &&
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
    ...withoutFailureLineOf(draft),
  };
}

// A reading of evidence printed beside a failure, not of the failure line (types.ts LogRule.withoutFailureLine).
function withoutFailureLineOf(draft: Draft): { failureLineMissing?: MissingFailureLine } {
  const missing = ruleWithCode(draft.code)?.withoutFailureLine;
  return missing === undefined ? {} : { failureLineMissing: missing };
}

/** The code of the "can't tell" answer for a log that ends before its failure line. */
export const failureLineMissingCode = 'failure-line-missing';

/**
 * Nothing read, and the log ends inside a traceback: not "no failure" but "can't tell", with what
 * would decide it (missing-failure-line.ts). The same answer whichever library's frames they are.
 */
function cantTellOfCutLog(log: ClassifiedLog): Diagnosis | undefined {
  const missing = cutTracebackOf(log.tailLines ?? []);
  if (missing === undefined) return undefined;
  // The last line with words, numbered from the end (a final newline is no line of its own on the byte path).
  const tail = log.tailLines ?? [];
  const lastIndex = tail.findLastIndex((l) => l.trim() !== '');
  const lastLine = tail[lastIndex] ?? '';
  const lastLineNumber = log.lineCount - (tail.length - 1 - lastIndex);
  const summary = "the log ends before its failure line: doctor can't tell what failed";
  const causeText = `the log shows ${missing.saw}; the line that says what failed (memory or not, and which: GPU, host, /dev/shm) is not in it`;
  return {
    code: failureLineMissingCode,
    kind: 'none',
    framework: 'other',
    severity: 'info',
    summary,
    message: `${summary}: ${causeText}`,
    cause: 'unknown',
    causeText,
    confidence: 'possible',
    facts: {},
    // What decides it is failureLineMissing.toDecide: no fix before the failure is known.
    fixes: [],
    fixDetails: [],
    evidence: { line: lastLineNumber, text: lastLine.trim().slice(0, 400) },
    occurrences: 1,
    failureLineMissing: missing,
  };
}

// The figures a cause is read from: the request and the card's fill.
const causeFigures = ['requestedBytes', ...fillFacts];
const figureCount = (draft: Draft): number =>
  causeFigures.filter((k) => typeof draft.facts[k] === 'number').length;

/**
 * Two reports of one failure, equally strong (a runtime's bare status, then the framework's own
 * message with the request and the card's total, as PyTorch on XPU prints "UR_RESULT_ERROR_OUT_OF_RESOURCES"
 * before its "XPU out of memory. Tried to allocate ..."): the one that gives figures goes first, since
 * the cause is read from them; the earlier one decides only where neither gives any.
 */
function withFiguresFirst(sorted: Draft[]): Draft[] {
  const [first] = sorted;
  if (first === undefined || figureCount(first) > 0) return sorted;
  const figured = sorted.find(
    (d) => d.kind === first.kind && d.weight === first.weight && figureCount(d) > 0,
  );
  return figured === undefined ? sorted : [figured, ...sorted.filter((d) => d !== figured)];
}

/** Diagnoses from a classified log: the primary (strongest, then earliest) first; [] when nothing matched. */
export function diagnoseClassified(log: ClassifiedLog): Diagnosis[] {
  const logFacts = log.familyFacts.get('context') ?? {};
  // A last-resort reading (allocation/generic.ts) speaks only where no signature read the log.
  // A kill told only in words that no memory evidence decided is no reading at all (resolve.ts).
  const told = log.drafts.flatMap((d) => {
    const kept = resolveLauncherKill(d, logFacts);
    const echo = kept === undefined ? undefined : resolveExhaustedStatusEcho(kept, log.drafts);
    const stated = echo === undefined ? undefined : resolveReporterAccount(echo, logFacts, log.drafts);
    return stated === undefined ? [] : (resolveRetoldKill(stated, logFacts, log.drafts) ?? []);
  });
  // A status that names no cause (resolve.ts isCauselessStatus) is no signature's reading of the
  // failure: the last resort still speaks beside it.
  const isSignature = (d: Draft) => !d.isLastResort && !isCauselessStatus(d);
  const read = told.some(isSignature)
    ? told.filter((d) => !d.isLastResort)
    : [
        ...told.filter(isCauselessStatus),
        ...told
          .filter((d) => !isCauselessStatus(d))
          .toSorted((a, b) => b.evidence.line - a.evidence.line)
          .slice(0, 1),
      ];
  // Each step decides one question the drafts' own lines could not (resolve.ts), in this order.
  const steps: ((draft: Draft) => Draft)[] = [
    (x) => resolveLibraryInit(x, logFacts),
    (x) => resolvePoolGrowthBesideMemoryError(x, log.drafts),
    resolveHostPoolDump,
    (x) => resolvePaddleMemoryError(x, logFacts),
    (x) => resolveBusError(x, logFacts),
    (x) => resolveMemorySide(x, logFacts),
    (x) => resolveKernelDeath(x, logFacts),
    (x) => resolveRayWorkerDeath(x, logFacts),
    (x) => resolveOverflowedSize(x, logFacts),
    (x) => resolveNamedKiller(x, logFacts),
    (x) => resolveKillWithMemoryFree(x, logFacts),
  ];
  const drafts = read.map((d) => steps.reduce((x, step) => step(x), withFamilyFacts(d, log.familyFacts)));
  const specific = drafts.filter(
    (d) => !d.isGeneric || !drafts.some((o) => o.kind === d.kind && !o.isGeneric),
  );
  // A weak memory hint (a cuBLAS handle failure) next to a near miss (a device-side assert) is the
  // near miss's echo, not a memory failure.
  // A failure that no evidence decided (an init failure without figures, a kernel that died) is not
  // a near miss: it does not explain a memory hint away.
  const hasNearMiss = specific.some((d) => d.kind === 'none' && !isUndecided(d));
  const failures = specific.filter((d) => d.kind !== 'none' && !(d.weight === 1 && hasNearMiss));
  if (specific.length === 0) {
    const cantTell = cantTellOfCutLog(log);
    return cantTell === undefined ? [] : [cantTell];
  }
  const byStrength = (a: Draft, b: Draft) => b.weight - a.weight || a.evidence.line - b.evidence.line;
  const chosen = withFiguresFirst(
    failures.length > 0 ? failures.sort(byStrength) : specific.sort(byStrength).slice(0, 1),
  );
  const context: ExplainContext = {
    context: logFacts,
    drafts: chosen,
    frameworks: frameworksSeen(logFacts, log.drafts),
  };
  return chosen.map((d) => toDiagnosis(d, context));
}
