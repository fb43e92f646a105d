// doctor's diagnoses of a run, as the report page shows them.
import type { Diagnosis } from '../doctor/types.js';
import type { ReportDiagnosis } from './model-types.js';

/** One page entry per diagnosis: who, what, why, the fixes and the line it rests on. */
export function toReportDiagnoses(
  diagnoses: readonly (Diagnosis & { process?: string })[],
): ReportDiagnosis[] {
  return diagnoses.map((d) => ({
    process: d.process ?? null,
    code: d.code,
    kind: d.kind,
    confidence: d.confidence,
    summary: d.summary,
    cause: `${d.cause}: ${d.causeText}`,
    fixes: d.fixes,
    evidence: d.evidence.text
      ? `${d.evidence.line > 0 ? `line ${d.evidence.line}: ` : ''}${d.evidence.text}`
      : null,
  }));
}
