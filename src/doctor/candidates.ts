// What the classifier keeps between lines: one candidate per (kind, group), bounded in number,
// each merging every hit of its signatures (strongest hit leads, facts of the first fill in).
import { normalizePaste } from './paste.js';
import type { DiagnosisKind, Evidence, Facts, GpuHolder, Layer, LogRule, RuleHit } from './types.js';

/** A diagnosis in the making, before cause and fixes are chosen. */
export interface Draft {
  code: string;
  kind: DiagnosisKind;
  framework: Layer;
  weight: number;
  isGeneric: boolean;
  /** Read by a last-resort rule: kept only where no other signature read the log. */
  isLastResort?: boolean;
  summary: string;
  source: string;
  facts: Facts;
  holders?: GpuHolder[];
  evidence: Evidence;
  occurrences: number;
  /** Distinct PIDs that reported this failure (Ray's "(pid=N)" prefixes), at most 64. */
  reportingPids: number[];
  /** The smallest request that failed, in bytes. */
  smallestRequestBytes?: number;
  /** The largest capacity a simulator asked for over all its messages (needs grow as a run goes on). */
  largestRequired?: number;
}

const maxCandidates = 64;
const maxEvidenceChars = 400;

/** Copies a (possibly sliced) string so a kept evidence line does not pin a whole read buffer. */
function detach(text: string): string {
  const trimmed = text.trim();
  const short = trimmed.length > maxEvidenceChars ? `${trimmed.slice(0, maxEvidenceChars)}…` : trimmed;
  return Buffer.from(short, 'utf8').toString('utf8');
}

function groupOf(rule: LogRule, hit: RuleHit, kind: DiagnosisKind, framework: Layer): string {
  if (hit.group !== undefined) return `${rule.code}:${hit.group}`;
  if (rule.group !== undefined) return rule.group;
  if (kind === 'host_oom' || kind === 'shm') return kind;
  return kind === 'none' ? rule.code : framework;
}

/** The bounded set of candidates, keyed by kind and group. */
export class CandidateSet {
  readonly drafts = new Map<string, Draft>();
  droppedHits = 0;

  /** Records one rule hit at `line`; returns the candidate's key, or undefined when it was dropped. */
  add(rule: LogRule, hit: RuleHit, line: number, text: string): string | undefined {
    const kind = hit.kind ?? rule.kind;
    const framework = hit.framework ?? rule.framework;
    const weight = hit.weight ?? rule.weight;
    const key = `${kind}|${groupOf(rule, hit, kind, framework)}`;
    const { reportingPid, ...facts } = hit.facts ?? {};
    const existing = this.drafts.get(key);
    if (!existing) {
      if (this.drafts.size >= maxCandidates) {
        this.droppedHits += 1;
        return undefined;
      }
      const draft: Draft = {
        code: rule.code,
        kind,
        framework,
        weight,
        isGeneric: rule.isGeneric ?? false,
        ...(rule.isLastResort ? { isLastResort: true } : {}),
        summary: rule.summary,
        source: rule.source,
        facts: { ...facts },
        holders: hit.holders,
        evidence: { line, text: detach(text) },
        occurrences: 1,
        reportingPids: [],
      };
      this.note(draft, facts, reportingPid);
      this.drafts.set(key, draft);
      return key;
    }
    existing.occurrences += 1;
    this.note(existing, facts, reportingPid);
    const leads = weight > existing.weight || (existing.isGeneric && !rule.isGeneric);
    if (leads) {
      Object.assign(existing, {
        code: rule.code,
        framework,
        weight,
        isGeneric: rule.isGeneric ?? false,
        summary: rule.summary,
        source: rule.source,
        evidence: { line, text: detach(text) },
      });
      existing.facts = { ...existing.facts, ...facts };
    } else {
      existing.facts = { ...facts, ...existing.facts };
    }
    existing.holders ??= hit.holders;
    return key;
  }

  /** Sets a fact on a candidate when it does not state it yet (a rank prefix on the next lines). */
  fillFact(key: string, name: string, value: number | string): void {
    const draft = this.drafts.get(key);
    if (draft && draft.facts[name] === undefined) draft.facts[name] = value;
  }

  private note(draft: Draft, facts: Facts, pid: Facts[string] | undefined): void {
    if (typeof pid === 'number' && !draft.reportingPids.includes(pid) && draft.reportingPids.length < 64) {
      draft.reportingPids.push(pid);
    }
    const requested = facts.requestedBytes;
    if (typeof requested === 'number') {
      draft.smallestRequestBytes = Math.min(draft.smallestRequestBytes ?? requested, requested);
    }
    const required = facts.requiredCount ?? facts.requiredBytes;
    if (typeof required === 'number') draft.largestRequired = Math.max(draft.largestRequired ?? 0, required);
  }
}

// torchrun's per-rank prefix; an unprefixed message followed by prefixed traceback lines is that rank's.
const rankPrefix = /^\s*\[(?:default)?rank(\d+)\]:/;
const rankFollowLines = 3;

/** Watches the lines after a candidate that states no rank for a "[rankN]:" prefix (torchrun's). */
export class RankFollower {
  private remaining = rankFollowLines;

  constructor(
    private readonly candidates: CandidateSet,
    private readonly key: string,
  ) {}

  /** Reads the next line; true while it still watches. */
  follow(line: string): boolean {
    const rank = rankPrefix.exec(normalizePaste(line))?.[1];
    if (rank !== undefined) {
      this.candidates.fillFact(this.key, 'rank', Number(rank));
      return false;
    }
    this.remaining -= 1;
    return this.remaining > 0;
  }
}
