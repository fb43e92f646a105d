// Diagnoses a run from its record. The kind of each failure is the supervisor's verdict (the one
// judge, src/verdict): doctor does not judge it again. It adds what the log says (the framework's
// numbers, cause and fixes), what the others held at that moment, what was measured of the tree
// (host kills), and the change to the plan or the flags that avoids it.

import { fixFields, size } from '../../doctor/families/explain-types.js';
import type { Diagnosis, DiagnosisKind, Facts, FixDetail } from '../../doctor/types.js';
import type { FailureCauseRecord, OomKillRecord, RunOrigin } from '../../run-record/schema.js';
import { formatBytes } from '../../units.js';
import { describeKill } from '../../verdict/judge.js';
import { confidences, isMemoryReason, kindForReason } from '../../vocabulary.js';
import { failureCauseOf, overBudgetFixes } from './failure-cause.js';
import { layerOfFramework } from './framework-layer.js';
import { explainHostKill } from './host-kill.js';
import { planChange } from './plan-change.js';
import { fitAdviceToRun } from './supervised-advice.js';
import { type RunPlan, type RunProcess, type RunView, settledReasons } from './types.js';

/** What another process held when this one failed. */
export interface HeldAtFailure {
  name: string;
  gpuBytes: number | null;
  hostBytes: number | null;
}

/** A diagnosis of one process of a run. */
export interface RunDiagnosis extends Diagnosis {
  process: string;
  othersAtFailure: HeldAtFailure[];
  /** Each OOM kill in its tree, as the supervisor recorded it. */
  oomKills?: OomKillRecord[];
  /** What its memory failure ran into: the run's own decision (summary.json `cause`). */
  failureCause?: FailureCauseRecord;
}

/** One process of plan.json. */
type PlannedProcess = RunPlan['processes'][number];

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function runFacts(p: RunProcess): Facts {
  const facts: Facts = {};
  for (const key of [
    'peakHostBytes',
    'peakGpuBytes',
    'hostLimitBytes',
    'gpuBudgetBytes',
    'exitCode',
  ] as const) {
    const value = p.end?.[key];
    if (typeof value === 'number') facts[key] = value;
  }
  // Every peak says where it came from (issue #21); a record without sources was sampled.
  if (typeof facts.peakHostBytes === 'number') facts.peakHostSource = p.end?.peakHostSource ?? 'sampled';
  if (typeof facts.peakGpuBytes === 'number') facts.peakGpuSource = p.end?.peakGpuSource ?? 'sampled';
  if (p.oomKills.length > 0) facts.oomKills = p.oomKills.length;
  return facts;
}

function othersAt(p: RunProcess): HeldAtFailure[] {
  return Object.entries(p.lastSample?.processes ?? {})
    .filter(([other]) => other !== p.name)
    .map(([other, held]) => ({
      name: other,
      gpuBytes: numberOrNull(held.gpuBytes),
      hostBytes: numberOrNull(held.hostBytes),
    }));
}

function describeOthers(others: HeldAtFailure[], kind: DiagnosisKind): string {
  const key = kind === 'host_oom' ? 'hostBytes' : 'gpuBytes';
  const parts = others.filter((o) => o[key] !== null).map((o) => `${o.name} ${size(o[key]!)}`);
  return parts.length === 0
    ? ''
    : `; at that moment ${kind === 'host_oom' ? 'host' : 'GPU'} memory was held by ${parts.join(', ')}`;
}

const kindSummaries: Record<DiagnosisKind, string> = {
  gpu_oom: 'the process ran out of GPU memory',
  host_oom: 'the process ran out of host memory',
  shm: '/dev/shm was full',
  sim_capacity: "a simulator's fixed GPU buffer overflowed",
  none: 'the process failed, not for memory',
};

function fromVerdict(p: RunProcess, kind: DiagnosisKind, framework: Diagnosis['framework']): Diagnosis {
  const end = p.end!;
  const summary = kindSummaries[kind];
  return {
    code: `run-${end.reason}`,
    kind,
    framework,
    severity: kind === 'none' ? 'info' : 'error',
    summary,
    message: `${summary}: ${end.because}`,
    cause: kind === 'host_oom' ? 'memory_limit' : kind === 'none' ? 'not_memory' : 'unknown',
    causeText: end.because,
    facts: {},
    fixes: [],
    fixDetails: [],
    evidence: { line: 0, text: end.because },
    confidence: end.confidence,
    occurrences: 1,
  };
}

function withFixes(d: Diagnosis, fixes: readonly FixDetail[]): Diagnosis {
  return { ...d, ...fixFields([...fixes, ...d.fixDetails]) };
}

// The kernel (or the cgroup's counter) named the victim, so the record's certainty stands whatever the
// log got to print: torch < 2.1 says only "exited unexpectedly", or nothing when headroom stopped the
// tree first; the cause is the kill in the record, not the guess from the log.
function withKernelRecord(p: RunProcess, d: Diagnosis): Diagnosis {
  const end = p.end;
  if (!end || p.oomKills.length === 0) return d;
  if (confidences.indexOf(end.confidence) >= confidences.indexOf(d.confidence)) return d;
  const victims = p.oomKills.slice(0, 3).map(describeKill).join(', ');
  return {
    ...d,
    confidence: end.confidence,
    summary: `the OOM killer killed ${victims} (the kernel's record)${d.summary ? `; the log says: ${d.summary}` : ''}`,
  };
}

/** The diagnosis of a process whose tree was OOM-killed (at its limit, or on the whole host). */
function diagnoseHostKill(
  p: RunProcess,
  planned: PlannedProcess | undefined,
  origin: RunOrigin | null,
  log: Diagnosis | undefined,
) {
  const fromLog = log && log.kind === 'host_oom' ? log : fromVerdict(p, 'host_oom', 'cgroup');
  const base = withKernelRecord(p, fromLog);
  const limitBytes = numberOrNull(p.end?.hostLimitBytes) ?? planned?.hostMemoryBytes ?? null;
  const { causeText, fixes } = explainHostKill({ process: p, origin, limitBytes });
  return { ...withFixes(base, fixes), cause: 'memory_limit' as const, causeText };
}

/** A warning the run's own measurements make about how a process's tree used its GPU budget (no log line). */
function budgetWarning(options: {
  code: string;
  processName: string;
  summary: string;
  causeText: string;
  facts: Facts;
  fixes: readonly FixDetail[];
}): Diagnosis {
  const { summary, causeText } = options;
  return {
    code: options.code,
    kind: 'none',
    framework: 'other',
    severity: 'warning',
    summary,
    message: `${options.processName}: ${summary}: ${causeText}`,
    cause: 'memory_cap',
    causeText,
    facts: options.facts,
    ...fixFields(options.fixes),
    evidence: { line: 0, text: causeText },
    confidence: 'certain',
    occurrences: 1,
  };
}

function diagnoseBudget(p: RunProcess, data: RunView): Diagnosis | undefined {
  const over = p.end?.budgetExceeded;
  if (!over) return undefined;
  const summary = 'the process went over its GPU budget';
  const context = over.contextBytes ? ` (+ ${formatBytes(over.contextBytes)} for its CUDA context)` : '';
  // Whom it cost: the processes whose failure the cause judge put on it.
  const victims = data.processes.filter((other) =>
    other.end?.cause?.overBudget?.some((o) => o.name === p.name),
  );
  const cost =
    victims.length > 0
      ? `; the card was full when ${victims.map((v) => v.name).join(' and ')} failed`
      : '; no other process failed for it';
  // The overrun was seen by samples (NVML, context included); an exact peak from the framework or the
  // simulated card, when the run has one, is named beside it (issue #21).
  const exact = p.end?.peakGpuSource && p.end.peakGpuSource !== 'sampled' ? p.end : undefined;
  const exactText =
    exact && typeof exact.peakGpuBytes === 'number'
      ? `; its exact peak was ${formatBytes(exact.peakGpuBytes)} (${exact.peakGpuSource})`
      : '';
  const causeText = `${p.name} reached ${formatBytes(over.peakGpuBytes)} (sampled) against its ${formatBytes(over.budgetBytes)} budget${context}${exactText}; under enforce: ${p.end?.reason === 'killed-by-headroom' ? 'kill it was stopped' : 'warn it kept running'}, and the memory it took past its budget is what its neighbours on the card were planned to have${cost}`;
  const fixes = overBudgetFixes({
    name: p.name,
    usedBytes: over.peakGpuBytes,
    plan: data.plan,
    victim: victims[0]?.name,
  });
  return budgetWarning({
    code: 'run-over-budget',
    processName: p.name,
    summary,
    causeText,
    facts: { peakGpuBytes: over.peakGpuBytes, peakGpuSource: 'sampled', gpuBudgetBytes: over.budgetBytes },
    fixes,
  });
}

function diagnoseGpuClients(p: RunProcess): Diagnosis | undefined {
  const seen = p.gpuClients;
  if (!seen) return undefined;
  const summary = 'several GPU clients share one budget';
  const listed = seen.clients.map((c) => `pid ${c.pid} (${c.role}, ${formatBytes(c.bytes)})`).join(', ');
  const planned = seen.plannedClients > 1 ? ` (planned: gpu_clients: ${seen.plannedClients})` : '';
  const causeText = `${seen.count} processes of ${p.name}'s tree held GPU memory at once${planned}: ${listed}; ${seen.sentence}`;
  return budgetWarning({
    code: 'run-gpu-clients',
    processName: p.name,
    summary,
    causeText,
    facts: { gpuClients: seen.count, plannedGpuClients: seen.plannedClients },
    fixes: [
      {
        fix: seen.fix,
        because: `the run saw ${seen.count} of its processes on the card (events.jsonl gpu-clients)`,
      },
    ],
  });
}

const causeCodes: Record<FailureCauseRecord['kind'], Diagnosis['cause'] | null> = {
  'own-cap': 'memory_cap',
  'card-full': 'co_tenant',
  'host-limit': null,
  unknown: null,
};

// The fixes a decision allows: at its own cap, its own budget and program; on a full card, the
// neighbour's options (never a kill of a neighbour for a process at its own cap).
function fixesFor(options: {
  p: RunProcess;
  d: Diagnosis;
  cause: FailureCauseRecord | null;
  plan: RunPlan | null;
  change: string | undefined;
}): FixDetail[] {
  const { p, d, cause, plan, change } = options;
  const planFix: FixDetail[] = change
    ? [
        {
          fix: change,
          because: `the plan (plan.json) and what ${p.name} held when it failed (samples.jsonl)`,
        },
      ]
    : [];
  if (d.kind !== 'gpu_oom' || !cause) return [...planFix, ...d.fixDetails];
  if (cause.kind === 'card-full') {
    const [worst] = cause.overBudget ?? [];
    if (worst && worst.name !== p.name)
      return overBudgetFixes({ name: worst.name, usedBytes: worst.gpuBytes, plan, victim: p.name });
    // Its own GPU clients filled the card: their share is the fix (withClientsFix puts it first).
    if (p.gpuClients || worst) return planFix;
    // It asked for more than its whole budget (a hard-coded engine fraction, a larger batch), or no
    // sample showed the others within theirs: its own fixes, not the plan's room.
    const budgetBytes = plan?.processes?.find((x) => x.name === p.name)?.budgetBytes;
    const asksPastBudget =
      budgetBytes !== undefined && cause.requestedBytes !== null && cause.requestedBytes > budgetBytes;
    if (asksPastBudget || cause.source === 'framework' || cause.source === 'none')
      return [...planFix, ...d.fixDetails];
    return [
      {
        fix: 'every process was within its budget, yet the card was full: raise context_overhead or reserve in headroom.yaml so the plan counts what ran beside the budgets (contexts, other users of the card)',
        because: cause.text,
      },
      ...planFix,
    ];
  }
  if (cause.kind === 'unknown' && cause.wouldDecide) {
    return [
      ...planFix,
      ...d.fixDetails,
      { fix: `to tell a full card from its own cap: ${cause.wouldDecide}`, because: cause.text },
    ];
  }
  return [...planFix, ...d.fixDetails];
}

// A GPU OOM of a process whose tree held more clients than planned: the clients' share comes first.
function withClientsFix(p: RunProcess, d: Diagnosis, fixes: FixDetail[]): FixDetail[] {
  if (!p.gpuClients || d.kind !== 'gpu_oom') return fixes;
  return [{ fix: p.gpuClients.fix, because: p.gpuClients.sentence }, ...fixes];
}

/** Diagnoses every process of a run that failed, was killed in its tree, or overran its budget. */
export function diagnoseRun(options: {
  data: RunView;
  logDiagnoses: ReadonlyMap<string, Diagnosis[]>;
}): RunDiagnosis[] {
  const { data, logDiagnoses } = options;
  const { plan } = data;
  return data.processes.flatMap((p): RunDiagnosis[] => {
    const planned = plan?.processes?.find((x) => x.name === p.name);
    // The layer its framework's profile's doctor family reports as (none: `other`).
    const framework = layerOfFramework(planned?.framework);
    // Its log was captured by headroom run: advice to record it or paste more of it is done already.
    const logs = (logDiagnoses.get(p.name) ?? []).map((d) =>
      fitAdviceToRun({ process: p, runDir: data.runDir }, d),
    );
    const others = othersAt(p);
    const found: Diagnosis[] = [];
    const reason = p.end?.reason;
    const kind = reason ? kindForReason(reason) : (logs.find((d) => d.kind !== 'none')?.kind ?? 'none');
    const fromLog = logs.find((d) => d.kind === kind);
    if (p.oomKills.length > 0 || reason === 'oom-killed') {
      found.push(diagnoseHostKill(p, planned, data.origin, fromLog));
    } else if (reason === 'killed-by-headroom') {
      // The events say which kill it was; a record without them is taken for a GPU one.
      const isHost = p.memoryKill === 'host';
      found.push(fromVerdict(p, isHost ? 'host_oom' : 'gpu_oom', isHost ? 'other' : framework));
    } else if (reason && isMemoryReason(reason)) {
      found.push(fromLog ?? fromVerdict(p, kind, framework));
    } else if (!p.end) {
      // Still running when the record stops: what its log says so far.
      const memory = logs.find((d) => d.kind !== 'none');
      if (memory) found.push(memory);
    } else if (reason && !settledReasons.has(reason)) {
      const nearMiss = logs.find((d) => d.kind === 'none');
      if (nearMiss) found.push(nearMiss);
    }
    const budget = diagnoseBudget(p, data);
    if (budget) found.push(budget);
    const clients = diagnoseGpuClients(p);
    if (clients) found.push(clients);
    return found.map((d) => {
      const facts = { ...d.facts, ...runFacts(p) };
      const isNote = d.code === 'run-over-budget' || d.code === 'run-gpu-clients';
      const cause = isNote ? null : failureCauseOf(p, plan, fromLog);
      const change =
        d.kind === 'gpu_oom' && cause?.kind !== 'card-full'
          ? planChange({
              name: p.name,
              diagnosis: { ...d, facts },
              plan,
              others,
              selfGpuBytes: numberOrNull(p.lastSample?.processes?.[p.name]?.gpuBytes),
            })
          : undefined;
      // The one decision leads; a host kill keeps the tree's measured story after it.
      const causeText = cause
        ? cause.kind === 'host-limit' || cause.kind === 'unknown'
          ? `${cause.text}; ${d.causeText}`
          : cause.text
        : `${d.causeText}${isNote ? '' : describeOthers(others, d.kind)}`;
      return {
        ...d,
        process: p.name,
        facts,
        cause: (cause && causeCodes[cause.kind]) ?? d.cause,
        causeText,
        message: `${p.name}: ${d.summary}: ${causeText}`,
        ...fixFields(withClientsFix(p, d, fixesFor({ p, d, cause, plan, change }))),
        othersAtFailure: others,
        ...(cause ? { failureCause: cause } : {}),
        ...(p.oomKills.length > 0 ? { oomKills: p.oomKills } : {}),
      };
    });
  });
}
