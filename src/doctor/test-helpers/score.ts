// The corpus figures of issue 23, for one part or several: kind accuracy, false OOMs (a log whose
// thread found no memory failure called a memory kind), causes right where the header names one,
// wrong fixes (wrong-fixes.ts), and stated facts extracted. corpus.test.ts asserts them and
// scripts/corpus-score.ts prints them.
import { renderTable } from '../../cli/output.js';
import { diagnoseText } from '../diagnose-text.js';
import type { Diagnosis } from '../types.js';
import type { CorpusPart, LabelledCase } from './test-corpus.js';
import { wrongFixes } from './wrong-fixes.js';

/** A header cause that is judged: one of doctor's, not `unknown`, `none` or absent. */
export function isJudgedCause(cause: string): boolean {
  return cause !== '' && cause !== 'unknown' && cause !== 'none';
}

/** What doctor made of one log. */
export interface Outcome {
  file: string;
  part: CorpusPart;
  expectedKind: string;
  kind: string;
  isKindRight: boolean;
  isFalseOom: boolean;
  /** The header's cause, when judged. */
  expectedCause?: string;
  cause: string;
  isCauseRight?: boolean;
  /**
   * The header's cause is the one picked or one of its alternatives (Diagnosis.causeAlternatives): a
   * separate figure, never folded into isCauseRight.
   */
  isCauseAmongAlternatives?: boolean;
  /** The alternatives doctor offered beside its cause. */
  alternatives: string[];
  wrongFixes: string[];
  missedFacts: string[];
  factCount: number;
}

/** Judges one log by its header. */
export function judgeCase(
  item: LabelledCase,
  primary: Diagnosis | undefined = diagnoseText(item.body)[0],
): Outcome {
  const kind = primary?.kind ?? 'none';
  const missedFacts: string[] = [];
  for (const fact of item.facts) {
    const got = fact.names.map((n) => primary?.facts[n]);
    const isSame = (v: unknown) =>
      v === fact.value ||
      (fact.within !== undefined &&
        typeof v === 'number' &&
        typeof fact.value === 'number' &&
        Math.abs(v - fact.value) <= fact.within);
    if (!got.some(isSame)) missedFacts.push(`${fact.key}=${fact.value} (got ${got.join('/')})`);
  }
  for (const holder of item.holders) {
    if (!primary?.holders?.some((h) => h.pid === holder.pid && h.bytes === holder.bytes))
      missedFacts.push(`process ${holder.pid}`);
  }
  const judged = isJudgedCause(item.cause);
  const alternatives: string[] = (primary?.causeAlternatives ?? []).map((a) => a.cause);
  return {
    file: item.file,
    part: item.part,
    expectedKind: item.expectedKind,
    kind,
    isKindRight: kind === item.expectedKind,
    isFalseOom: item.expectedKind === 'none' && kind !== 'none',
    ...(judged
      ? {
          expectedCause: item.cause,
          isCauseRight: primary?.cause === item.cause,
          isCauseAmongAlternatives: primary?.cause === item.cause || alternatives.includes(item.cause),
        }
      : {}),
    cause: primary?.cause ?? '-',
    alternatives,
    wrongFixes: wrongFixes(item.body, primary),
    missedFacts,
    factCount: item.facts.length + item.holders.length,
  };
}

/** The figures of a set of outcomes. */
export interface Figures {
  files: number;
  kindRight: number;
  kindAccuracy: number;
  notMemory: number;
  falseOoms: number;
  causesJudged: number;
  causesRight: number;
  causeAccuracy: number;
  /** Judged logs whose header cause is doctor's cause or one of its alternatives (causesRight included). */
  causesRightOrAlternative: number;
  /**
   * Judged logs that are not right, split by what doctor said (issue 23 item 4: saying "can't tell"
   * with what would decide it is more honest than a wrong guess, which causesRight counts the same):
   * undecided (cause unknown) with the truth among the alternatives it printed; undecided without it;
   * a cause named with the truth among the alternatives; a cause named, the truth not offered at all:
   * the confidently wrong; no diagnosis at all (the kind missed: a rule's reading, not a cause's).
   */
  causesUndecidedTruthListed: number;
  causesUndecidedTruthUnlisted: number;
  causesWrongTruthListed: number;
  causesWrongTruthUnlisted: number;
  causesNotDiagnosed: number;
  /**
   * The judged logs split by what doctor claimed (issue 23 item 5), beside the strict figure, never
   * instead of it. Decided: a cause named with no alternative, i.e. doctor says the evidence decides
   * it; right when it is the header's. Open: alternatives offered beside the cause (or "unknown"), each
   * with what would decide it, i.e. doctor says the log cannot tell which; the truth offered when the
   * header's cause is the one named first or among the alternatives. Not diagnosed is neither.
   * Decided + open + causesNotDiagnosed = causesJudged.
   */
  causesDecided: number;
  causesDecidedRight: number;
  causesOpen: number;
  causesOpenTruthOffered: number;
  wrongFixes: number;
  factsStated: number;
  factsRight: number;
}

const ratio = (part: number, whole: number): number => (whole === 0 ? 1 : part / whole);

/** Totals over outcomes. */
export function figuresOf(outcomes: readonly Outcome[]): Figures {
  const judged = outcomes.filter((o) => o.expectedCause !== undefined);
  const kindRight = outcomes.filter((o) => o.isKindRight).length;
  const causesRight = judged.filter((o) => o.isCauseRight).length;
  const missed = judged.filter((o) => !o.isCauseRight);
  const isOpen = (o: Outcome) => o.alternatives.length > 0 || o.cause === 'unknown';
  const decided = judged.filter((o) => o.cause !== '-' && !isOpen(o));
  const open = judged.filter((o) => o.cause !== '-' && isOpen(o));
  const factsStated = outcomes.reduce((sum, o) => sum + o.factCount, 0);
  return {
    files: outcomes.length,
    kindRight,
    kindAccuracy: ratio(kindRight, outcomes.length),
    notMemory: outcomes.filter((o) => o.expectedKind === 'none').length,
    falseOoms: outcomes.filter((o) => o.isFalseOom).length,
    causesJudged: judged.length,
    causesRight,
    causeAccuracy: ratio(causesRight, judged.length),
    causesRightOrAlternative: judged.filter((o) => o.isCauseAmongAlternatives).length,
    causesUndecidedTruthListed: missed.filter((o) => o.cause === 'unknown' && o.isCauseAmongAlternatives)
      .length,
    causesUndecidedTruthUnlisted: missed.filter((o) => o.cause === 'unknown' && !o.isCauseAmongAlternatives)
      .length,
    causesWrongTruthListed: missed.filter((o) => o.cause !== 'unknown' && o.isCauseAmongAlternatives).length,
    causesWrongTruthUnlisted: missed.filter(
      (o) => o.cause !== 'unknown' && o.cause !== '-' && !o.isCauseAmongAlternatives,
    ).length,
    causesNotDiagnosed: missed.filter((o) => o.cause === '-').length,
    causesDecided: decided.length,
    causesDecidedRight: decided.filter((o) => o.isCauseRight).length,
    causesOpen: open.length,
    causesOpenTruthOffered: open.filter((o) => o.isCauseAmongAlternatives).length,
    wrongFixes: outcomes.reduce((sum, o) => sum + o.wrongFixes.length, 0),
    factsStated,
    factsRight: factsStated - outcomes.reduce((sum, o) => sum + o.missedFacts.length, 0),
  };
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

/** The figures by expected kind and in all, as an aligned table. */
export function figuresTable(outcomes: readonly Outcome[]): string {
  const kinds = [...new Set(outcomes.map((o) => o.expectedKind))].sort();
  const row = (name: string, f: Figures) => [
    name,
    String(f.files),
    `${f.kindRight} (${percent(f.kindAccuracy)})`,
    String(f.falseOoms),
    `${f.causesRight}/${f.causesJudged}`,
    `${f.causesRightOrAlternative}/${f.causesJudged}`,
    String(f.wrongFixes),
    `${f.factsRight}/${f.factsStated}`,
  ];
  const rows = kinds.map((k) => row(k, figuresOf(outcomes.filter((o) => o.expectedKind === k))));
  rows.push(row('all', figuresOf(outcomes)));
  return renderTable(
    [
      { header: 'KIND' },
      { header: 'FILES', align: 'right' },
      { header: 'KIND RIGHT', align: 'right' },
      { header: 'FALSE OOM', align: 'right' },
      { header: 'CAUSES', align: 'right' },
      { header: 'TRUTH AMONG ALTERNATIVES', align: 'right' },
      { header: 'WRONG FIXES', align: 'right' },
      { header: 'FACTS', align: 'right' },
    ],
    rows,
  );
}

/**
 * The causes as doctor claimed them, one line beside the table: the strict figure, then decided (no
 * alternative offered) and how many of those are right, then open (alternatives offered, the log cannot
 * tell which) and how many offer the truth, then not diagnosed.
 */
export function causeClaimsLine(figures: Figures): string {
  const f = figures;
  const share = (part: number, whole: number) => (whole === 0 ? '-' : percent(part / whole));
  return `causes ${f.causesRight}/${f.causesJudged} strict (${share(f.causesRight, f.causesJudged)}); decided ${f.causesDecidedRight}/${f.causesDecided} right (${share(f.causesDecidedRight, f.causesDecided)}); open ${f.causesOpenTruthOffered}/${f.causesOpen} offer the truth (${share(f.causesOpenTruthOffered, f.causesOpen)}); not diagnosed ${f.causesNotDiagnosed}`;
}

/** One line per log that missed something (kind, cause, a fix, a fact), for diagnostics. */
export function misses(outcomes: readonly Outcome[]): string[] {
  const lines: string[] = [];
  for (const o of outcomes) {
    const what: string[] = [];
    if (!o.isKindRight) what.push(`kind ${o.kind}, expected ${o.expectedKind}`);
    if (o.isCauseRight === false)
      what.push(
        `cause ${o.cause}, expected ${o.expectedCause}${o.isCauseAmongAlternatives ? ' (among the alternatives)' : ''}`,
      );
    for (const w of o.wrongFixes) what.push(`wrong fix: ${w}`);
    for (const m of o.missedFacts) what.push(`fact ${m}`);
    if (what.length > 0) lines.push(`${o.part}/${o.file}: ${what.join('; ')}`);
  }
  return lines;
}
