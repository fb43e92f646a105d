// Which limit a memory failure ran into, decided from numbers: the process's own cap (its
// framework's pool, fraction or bootstrap limit), the card being physically full (and who held
// more than planned at that moment), the host limit, or can't tell (and what would decide it).
// The one judge of that question: `run`'s live line, summary.json, `doctor RUN_DIR`, `report` and
// /metrics all read this decision. Pure. What it reads and says: cause-types.ts.

import { formatBytes } from '../units.js';
import { type Confidence, kindForReason } from '../vocabulary.js';
import {
  type CauseFacts,
  type CauseKind,
  causeLabels,
  type FailureCause,
  type SampleAtFailure,
} from './cause-types.js';
import { describeOverBudget, overBudgetIn } from './over-budget.js';

export {
  type CauseFacts,
  type CauseKind,
  causeKinds,
  causeLabels,
  type FailureCause,
  type Neighbour,
  type OverBudget,
  type SampleAtFailure,
} from './cause-types.js';
export { describeOverBudget, overBudgetIn } from './over-budget.js';

// A sample this close under the cap counts as "at its cap" when the request size is unknown.
const nearCapShare = 0.98;

function result(
  kind: CauseKind,
  confidence: Confidence,
  sentence: string,
  fields: Partial<Omit<FailureCause, 'kind' | 'confidence' | 'text'>> = {},
): FailureCause {
  return {
    kind,
    confidence,
    text: `${causeLabels[kind]}: ${sentence}`,
    requestedBytes: null,
    capBytes: null,
    inUseBytes: null,
    cardFreeBytes: null,
    overBudget: [],
    wouldDecide: null,
    source: 'none',
    ...fields,
  };
}

function judgeHost(facts: CauseFacts): FailureCause {
  if (facts.nodeMemoryKiller) {
    const limit =
      facts.hostLimitBytes === null
        ? ''
        : ` (it was under its host_memory limit of ${formatBytes(facts.hostLimitBytes)})`;
    return result(
      'host-limit',
      'certain',
      `${facts.nodeMemoryKiller} killed it because its node ran low on memory${limit}`,
    );
  }
  if (facts.hostLimitBytes !== null) {
    const how =
      facts.reason === 'host-oom'
        ? 'a host allocation was refused'
        : facts.reason === 'killed-by-headroom'
          ? "headroom's watchdog stopped the tree"
          : 'the OOM killer acted';
    return result(
      'host-limit',
      facts.reason === 'host-oom' ? 'likely' : 'certain',
      `${how} under its host_memory limit of ${formatBytes(facts.hostLimitBytes)}`,
    );
  }
  return result(
    'host-limit',
    'likely',
    "no host_memory limit was set: the machine's memory (or a ulimit or container limit) ran out",
  );
}

interface GpuNumbers {
  request: number | null;
  cap: number | null;
  inUse: number | null;
  /** inUse came from the framework itself (exact), not from a sample less the context allowance. */
  isInUseExact: boolean;
  /** inUse is a sampled tree's average over several clients, not a bound on the one that failed. */
  isInUseShared: boolean;
  cardFree: number | null;
  isCardFreeExact: boolean;
  cardTotal: number | null;
  source: FailureCause['source'];
}

function gpuNumbers(facts: CauseFacts): GpuNumbers {
  const { log, sample, cap } = facts;
  const request = log.requestedBytes ?? null;
  // The framework's own limit is what it held itself to; the plan's cap is what headroom asked for.
  const capBytes = log.limitBytes ?? cap?.bytes ?? null;
  // A sample counts the context beside the pool, and (with several clients, planned or seen) every
  // client's memory: one client's share is then an average, no longer a bound.
  const clientsSeen = Math.max(1, facts.gpuClients, sample?.selfClients ?? 0);
  const sampledPool =
    sample?.selfGpuBytes != null ? Math.max(0, sample.selfGpuBytes / clientsSeen - facts.contextBytes) : null;
  const inUse = log.inUseBytes ?? sampledPool;
  const card = sample?.card ?? null;
  const sampledFree = card && card.usedBytes !== null ? Math.max(0, card.totalBytes - card.usedBytes) : null;
  const cardFree = log.freeBytes ?? sampledFree;
  const fromLog = log.inUseBytes !== undefined || log.freeBytes !== undefined || log.limitBytes !== undefined;
  const fromSample = sample !== null && (sampledPool !== null || sampledFree !== null);
  return {
    request,
    cap: capBytes,
    inUse,
    isInUseExact: log.inUseBytes !== undefined,
    isInUseShared: log.inUseBytes === undefined && clientsSeen > 1,
    cardFree,
    isCardFreeExact: log.freeBytes !== undefined,
    cardTotal: card?.totalBytes ?? null,
    source: fromLog && fromSample ? 'both' : fromLog ? 'framework' : fromSample ? 'sample' : 'none',
  };
}

function capPhrase(facts: CauseFacts, capBytes: number): string {
  const by = facts.cap?.by ? ` (${facts.cap.by})` : '';
  const perClient = facts.gpuClients > 1 ? ` per client, ${facts.gpuClients} clients` : '';
  return `its ${formatBytes(capBytes)} cap${by}${perClient}`;
}

function sampleAge(sample: SampleAtFailure | null): string {
  return sample ? `the sample ${Math.round(sample.ageMs)} ms before` : 'no sample';
}

function judgeCardFull(facts: CauseFacts, n: GpuNumbers, confidence: Confidence, why: string): FailureCause {
  // Its own tree counts too: several GPU clients of one process can fill the card among themselves.
  const self =
    facts.budgetBytes != null && facts.sample
      ? overBudgetIn([
          {
            name: facts.name,
            gpuBytes: facts.sample.selfGpuBytes,
            budgetBytes: facts.budgetBytes,
            contextBytes: facts.contextBytes * Math.max(1, facts.gpuClients),
          },
        ])
      : [];
  const over = [...overBudgetIn(facts.sample?.neighbours ?? []), ...self].sort(
    (a, b) => b.overBytes - a.overBytes,
  );
  const card = facts.sample?.card;
  const when = n.isCardFreeExact || !facts.sample ? '' : ` at ${sampleAge(facts.sample)}`;
  const filled =
    n.cardFree !== null && n.request !== null && n.cardFree >= n.request ? ' (it filled after that)' : '';
  const free =
    n.cardFree !== null
      ? `GPU ${card?.index ?? '?'} had ${formatBytes(n.cardFree)} free${n.cardTotal !== null ? ` of ${formatBytes(n.cardTotal)}` : ''}${when}${filled}`
      : 'the card could not give more';
  const asked =
    n.request !== null
      ? `${facts.name} asked for ${formatBytes(n.request)}`
      : `${facts.name}'s allocation failed`;
  const who =
    over.length > 0
      ? `; ${over.map((o) => (o.name === facts.name ? `its own tree: ${describeOverBudget(o)}` : describeOverBudget(o))).join(', ')}`
      : facts.sample
        ? '; every process was within its budget at that moment: the plan leaves no room for what ran (contexts larger than planned, or memory held outside this run)'
        : '';
  // More clients in its own tree than planned: each reads the whole cap, together they fill the card.
  const selfClients = facts.sample?.selfClients ?? 0;
  const clients =
    selfClients > Math.max(1, facts.gpuClients) && facts.sample?.selfGpuBytes != null
      ? `; its own tree had ${selfClients} GPU clients on the card (${Math.max(1, facts.gpuClients)} planned), together ${formatBytes(facts.sample.selfGpuBytes)}, each allowed ${n.cap !== null ? `up to ${formatBytes(n.cap)}` : 'as much as it can take'}`
      : '';
  return result('card-full', confidence, `${asked}${why}; ${free}${clients || who}`, {
    requestedBytes: n.request,
    capBytes: n.cap,
    inUseBytes: n.inUse,
    cardFreeBytes: n.cardFree,
    overBudget: over,
    source: n.source,
  });
}

function judgeGpu(facts: CauseFacts): FailureCause {
  const n = gpuNumbers(facts);
  const fields = {
    requestedBytes: n.request,
    capBytes: n.cap,
    inUseBytes: n.inUse,
    cardFreeBytes: n.cardFree,
    source: n.source,
  };
  const refused = facts.log.deviceRefusedBytes;
  const refusal =
    refused !== undefined
      ? `; the driver refused ${formatBytes(refused)} more (CUDA_ERROR_OUT_OF_MEMORY)`
      : '';
  // (a) Its own cap: what its pool held plus the request is over the cap, whatever the others did.
  // A sampled pool of one client is a lower bound (it only grew since), so the test holds with it too.
  if (n.cap !== null && n.inUse !== null && n.request !== null) {
    const inUse = n.inUse;
    const needs = inUse + n.request;
    if (needs > n.cap) {
      return result(
        'own-cap',
        n.isInUseExact ? 'certain' : n.isInUseShared ? 'possible' : 'likely',
        `${facts.name} asked for ${formatBytes(n.request)} with ${formatBytes(inUse)} of ${capPhrase(facts, n.cap)} in use${n.isInUseExact ? '' : ` (${sampleAge(facts.sample)})`}: ${formatBytes(needs)} would not fit under its cap whatever the others held`,
        fields,
      );
    }
    // Under its cap, the pool could not grow: the card refused it.
    const cardSaysFull = refused !== undefined || n.cardFree === null || n.cardFree < n.request;
    const under = ` with ${formatBytes(inUse)} of ${capPhrase(facts, n.cap)} in use (room for it under the cap)${refusal}`;
    return judgeCardFull(
      facts,
      n,
      (n.isInUseExact && cardSaysFull) || refused !== undefined
        ? 'certain'
        : cardSaysFull
          ? 'likely'
          : 'possible',
      under,
    );
  }
  if (n.request !== null && ((n.cardFree !== null && n.cardFree < n.request) || refused !== undefined)) {
    const why = n.cap === null ? `; nothing caps ${facts.name} in-process` : '';
    return judgeCardFull(
      facts,
      n,
      n.isCardFreeExact || refused !== undefined ? 'certain' : 'likely',
      `${why}${refusal}`,
    );
  }
  if (n.request === null && n.cap !== null && n.inUse !== null && n.inUse >= nearCapShare * n.cap) {
    return result(
      'own-cap',
      'possible',
      `${facts.name}'s pool held ${formatBytes(n.inUse)} of ${capPhrase(facts, n.cap)} (${sampleAge(facts.sample)}); its message does not say how much it asked for`,
      fields,
    );
  }
  const missing = [
    n.request === null ? 'the size of the request (its message does not state it)' : null,
    n.cap === null ? null : n.inUse === null ? 'what its pool held (the allocator stats: InUse/Limit)' : null,
    n.cardFree === null ? "the card's free memory at the failure (a GPU sample; none saw it)" : null,
  ].filter((part): part is string => part !== null);
  const wouldDecide =
    missing.length > 0
      ? missing.join('; ')
      : `a sample of the card at the moment of the failure (${sampleAge(facts.sample)} showed ${formatBytes(n.cardFree ?? 0)} free, enough for the request)`;
  return result(
    'unknown',
    'unknown',
    `whether ${facts.name} hit its own cap or the card was full; it would take ${wouldDecide}`,
    { ...fields, wouldDecide },
  );
}

/** What a memory failure ran into; null when the reason is not a GPU or host memory failure. */
export function judgeCause(facts: CauseFacts): FailureCause | null {
  if (facts.reason === 'killed-by-headroom') {
    if (facts.headroomKill === 'host') return judgeHost(facts);
    if (facts.headroomKill !== 'gpu') return null;
    const over = facts.sample?.selfGpuBytes;
    return result(
      'own-cap',
      'certain',
      `enforce: kill stopped ${facts.name} over its own budget${over != null ? ` (it held ${formatBytes(over)})` : ''}`,
      { inUseBytes: over ?? null, source: over != null ? 'sample' : 'none' },
    );
  }
  // The one reason → kind table says which reasons are host and which GPU memory failures.
  const kind = kindForReason(facts.reason);
  if (kind === 'host_oom') return judgeHost(facts);
  if (kind === 'gpu_oom') return judgeGpu(facts);
  return null;
}

/** The cause as the run record stores it (plain copies), null when there is none. */
export function causeRecordOf(cause: FailureCause | undefined) {
  return cause ? { ...cause, overBudget: cause.overBudget.map((o) => ({ ...o })) } : null;
}
