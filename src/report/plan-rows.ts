// The plan and summary parts of the report model, from plan.json and summary.json.
import type { RecordPlan, RecordSummary } from '../observe/record-types.js';
import type { ReportCard, ReportModel, ReportProcess, ReportSummaryRow } from './model-types.js';

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The processes (with budgets and limits) and the cards of a plan. */
export function processesFrom(plan: RecordPlan): { processes: ReportProcess[]; cards: ReportCard[] } {
  const processes = plan.processes.map((p) => ({
    name: p.name,
    framework: stringOrNull(p.framework),
    device: p.device,
    // A process with no GPU (device null) has no budget, whatever the plan's placeholder says.
    gpuBudgetBytes: p.device === null ? null : numberOrNull(p.budgetBytes),
    hostLimitBytes: numberOrNull(p.hostMemoryBytes),
  }));
  const cards = plan.devices.map((d) => ({
    index: d.index,
    name: d.name ?? `GPU ${d.index}`,
    uuid: stringOrNull(d.uuid),
    simulated: d.simulated === true,
    totalBytes: d.totalBytes,
    usableBytes: numberOrNull(d.usableBytes),
  }));
  return { processes, cards };
}

/** The plan section: each process's budget, cap and environment, and the plan's findings. */
export function planSection(plan: RecordPlan): NonNullable<ReportModel['plan']> {
  return {
    rows: plan.processes.map((p) => ({
      name: p.name,
      framework: stringOrNull(p.framework),
      device: p.device,
      budgetBytes: p.device === null ? null : numberOrNull(p.budgetBytes),
      fraction: p.device === null ? null : numberOrNull(p.fraction),
      overheadBytes: p.device === null ? null : numberOrNull(p.overheadBytes),
      hostLimitBytes: numberOrNull(p.hostMemoryBytes),
      capNote: stringOrNull(p.capNote),
      env: typeof p.env === 'object' && p.env !== null ? p.env : {},
    })),
    findings: plan.findings.map(({ severity, code, message }) => ({ severity, code, message })),
  };
}

/** The summary table's rows. */
export function summaryRows(summary: RecordSummary): ReportSummaryRow[] {
  return summary.processes.map((p) => ({
    name: p.name,
    reason: p.reason ?? 'unknown',
    confidence: stringOrNull(p.confidence),
    because: stringOrNull(p.because),
    exitCode: numberOrNull(p.exitCode),
    signal: stringOrNull(p.signal),
    restarts: numberOrNull(p.restarts) ?? 0,
    oomKills: Array.isArray(p.oomKills) ? p.oomKills.length : 0,
    peakHostBytes: numberOrNull(p.peakHostBytes),
    // A record from before sources were written was sampled.
    peakHostSource:
      typeof p.peakHostBytes === 'number' ? (stringOrNull(p.peakHostSource) ?? 'sampled') : null,
    hostLimitBytes: numberOrNull(p.hostLimitBytes),
    peakGpuBytes: numberOrNull(p.peakGpuBytes),
    peakGpuSource: typeof p.peakGpuBytes === 'number' ? (stringOrNull(p.peakGpuSource) ?? 'sampled') : null,
    sampledRssBytes: numberOrNull(p.sampledHost?.rssBytes),
    sampledPssBytes: numberOrNull(p.sampledHost?.pssBytes),
    gpuBudgetBytes: numberOrNull(p.gpuBudgetBytes),
    log: stringOrNull(p.log),
  }));
}
