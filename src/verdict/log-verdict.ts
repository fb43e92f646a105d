// A process's output, read as it is written, by the same line classifier `doctor` uses: the
// supervisor feeds it every line of every attempt and takes its primary diagnosis at the end.
import { LogClassifier } from '../doctor/classify.js';
import { diagnoseClassified } from '../doctor/diagnose.js';
import type { Diagnosis } from '../doctor/types.js';
import type { LogVerdict } from './types.js';

/** Lines longer than this are classified by their first part only (signatures sit at the start). */
export const maxClassifiedLineChars = 16 * 1024;

/** The short verdict of a diagnosis list: its primary memory failure, else its near miss, else null. */
export function logVerdictOf(diagnoses: readonly Diagnosis[]): LogVerdict | null {
  const primary = diagnoses.find((d) => d.kind !== 'none') ?? diagnoses[0];
  if (!primary) return null;
  const pids = diagnoses.flatMap((d) =>
    d.kind === 'host_oom' && typeof d.facts.pid === 'number' && /worker/i.test(d.code) ? [d.facts.pid] : [],
  );
  return {
    kind: primary.kind,
    code: primary.code,
    framework: primary.framework,
    summary: primary.summary,
    confidence: primary.confidence,
    line: primary.evidence.line,
    text: primary.evidence.text,
    killedPids: [...new Set(pids)],
  };
}

/** Reads one attempt's output incrementally (bounded memory) and gives the log's verdict at the end. */
export class OutputReader {
  private readonly classifier = new LogClassifier();
  private partial = '';
  private result: Diagnosis[] | null = null;

  /** Feeds output text; lines may be split across calls. */
  write(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    if (this.partial.length > maxClassifiedLineChars)
      this.partial = this.partial.slice(0, maxClassifiedLineChars);
    // CRLF output reads as doctor reads a file (diagnoseText splits on \r?\n).
    for (const line of lines) this.classifier.push(line.slice(0, maxClassifiedLineChars).replace(/\r$/, ''));
  }

  /** Ends the output and returns every diagnosis, primary first (the same call doctor makes). */
  finish(): Diagnosis[] {
    if (this.result) return this.result;
    if (this.partial !== '') this.classifier.push(this.partial);
    this.partial = '';
    this.result = diagnoseClassified(this.classifier.finish());
    return this.result;
  }

  /** The log's verdict (see logVerdictOf). */
  verdict(): LogVerdict | null {
    return logVerdictOf(this.finish());
  }
}
