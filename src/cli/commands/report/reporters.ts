// What `report` prints: where the page is and what went into it (text), or the same as JSON.
import { formatBytes } from '../../../units.js';
import type { ReportOutput } from '../../schemas/report.js';
import type { ReportData } from './run.js';

/** `wrote …/report.html (612 KiB): 3 processes, 12 samples, 9 events`. */
export function renderReportText(data: ReportData): string {
  const notes = data.problems;
  const diagnoses = data.diagnoses > 0 ? `, ${data.diagnoses} diagnosis(es)` : '';
  const thinned =
    data.samplesPerPoint > 1 ? ` (charts: each point the highest of ${data.samplesPerPoint} samples)` : '';
  return `wrote ${data.output} (${formatBytes(data.bytes)}): ${data.processes} processes, ${data.samples} samples${thinned}, ${data.events} events${diagnoses}\n${notes.map((n) => `note: ${n}\n`).join('')}`;
}

/** The JSON contract: the data object as it is. */
export const renderReportJson = (data: ReportData): ReportOutput => data;
