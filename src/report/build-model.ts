// Builds the report model from a run record, part by part: the report feeds it a whole record,
// the dashboard feeds it each update as the run writes it. Pure: no files, no clock.
import { markLabels, markOf } from '../observe/event-marks.js';
import type {
  RecordEvent,
  RecordPlan,
  RecordSample,
  RecordSummary,
  RunRecordData,
  SampledCard,
} from '../observe/record-types.js';
import {
  type ProcessMetric,
  type ProcessSeries,
  processMetrics,
  type ReportDiagnosis,
  type ReportMark,
  type ReportModel,
  type ReportRow,
} from './model-types.js';
import { planSection, processesFrom, summaryRows } from './plan-rows.js';

const emptySeries = (length: number): ProcessSeries =>
  Object.fromEntries(processMetrics.map((metric) => [metric, Array(length).fill(null)])) as ProcessSeries;

/** What adding a sample did: a row to append, or a new process that needs the page laid out again. */
export type SampleChange = { kind: 'row'; row: ReportRow } | { kind: 'layout' };

/** A report model that grows as parts of a record arrive. */
export class ReportModelBuilder {
  private readonly state: ReportModel;
  private readonly logHref: (log: string) => string;

  constructor(options: { runDir: string; originMs: number; logHref?: (log: string) => string }) {
    this.logHref = options.logHref ?? ((log) => log);
    this.state = {
      runId: null,
      runDir: options.runDir,
      simulated: false,
      originMs: options.originMs,
      startedAt: null,
      endedAt: null,
      exitCode: null,
      processes: [],
      cards: [],
      timesSec: [],
      samplesPerPoint: 1,
      series: {},
      cardOthers: {},
      marks: [],
      summary: null,
      plan: null,
      diagnoses: [],
      logHrefs: {},
      problems: [],
    };
  }

  /** The model so far (the builder's own object: serialise it, do not keep it). */
  model(): ReportModel {
    return this.state;
  }

  /** Takes plan.json: processes, cards, budgets and limits. */
  setPlan(plan: RecordPlan): void {
    const { processes, cards } = processesFrom(plan);
    this.state.simulated = plan.devices.some((d) => d.simulated === true);
    this.state.cards = cards;
    this.state.plan = planSection(plan);
    for (const process of processes) this.ensureProcess(process.name, process);
    for (const card of cards) this.state.cardOthers[String(card.index)] ??= this.nulls();
  }

  /** Adds one sample; new processes (not in the plan) change the layout. */
  addSample(sample: RecordSample): SampleChange {
    const timeSec = (sample.timeMs - this.state.originMs) / 1000;
    let isNewLayout = false;
    for (const name of Object.keys(sample.processes)) isNewLayout = this.ensureProcess(name) || isNewLayout;
    for (const card of sample.gpus ?? []) isNewLayout = this.ensureCard(card) || isNewLayout;
    const row: ReportRow = { timeSec, values: {}, cardOthers: {} };
    this.state.timesSec.push(timeSec);
    for (const [name, series] of Object.entries(this.state.series)) {
      const held = sample.processes[name];
      const values = {} as Record<ProcessMetric, number | null>;
      for (const metric of processMetrics) {
        values[metric] = held?.[metric] ?? null;
        series[metric].push(values[metric]);
      }
      row.values[name] = values;
    }
    for (const [key, others] of Object.entries(this.state.cardOthers)) {
      const value = this.othersOnCard(sample, Number(key));
      others.push(value);
      row.cardOthers[key] = value;
    }
    return isNewLayout ? { kind: 'layout' } : { kind: 'row', row };
  }

  /** Adds one event as a mark on the time axis. */
  addEvent(event: RecordEvent): ReportMark {
    const mark = markOf(event);
    const reported: ReportMark = {
      timeSec: (event.timeMs - this.state.originMs) / 1000,
      mark,
      label: mark === 'other' ? event.type : markLabels[mark],
      process: event.process ?? null,
      message: event.message,
      reason: typeof event.reason === 'string' ? event.reason : null,
    };
    this.state.marks.push(reported);
    return reported;
  }

  /** Takes summary.json: the run has ended. */
  setSummary(summary: RecordSummary): void {
    this.state.runId = summary.runId ?? this.state.runId;
    this.state.startedAt = summary.startedAt ?? null;
    this.state.endedAt = summary.endedAt ?? null;
    this.state.exitCode = summary.exitCode ?? null;
    this.state.summary = summaryRows(summary);
    for (const row of this.state.summary)
      if (row.log !== null) this.state.logHrefs[row.name] = this.logHref(row.log);
  }

  setDiagnoses(diagnoses: ReportDiagnosis[]): void {
    this.state.diagnoses = diagnoses;
  }

  setRunId(runId: string | null): void {
    this.state.runId = runId;
  }

  private nulls(): null[] {
    return Array(this.state.timesSec.length).fill(null);
  }

  // Adds a process's series if it is new; true when it was.
  private ensureProcess(name: string, planned?: ReportModel['processes'][number]): boolean {
    if (this.state.series[name] !== undefined) return false;
    this.state.series[name] = emptySeries(this.state.timesSec.length);
    this.state.processes.push(
      planned ?? { name, framework: null, device: null, gpuBudgetBytes: null, hostLimitBytes: null },
    );
    this.state.logHrefs[name] ??= this.logHref(`logs/${name}.log`);
    return true;
  }

  // Adds a card only the samples know of; fills in the UUID the plan may lack. True when it was new.
  private ensureCard(card: SampledCard): boolean {
    const known = this.state.cards.find((c) => c.index === card.index);
    if (known) known.uuid ??= card.uuid ?? null;
    else
      this.state.cards.push({
        index: card.index,
        name: `GPU ${card.index}`,
        uuid: card.uuid ?? null,
        simulated: false,
        totalBytes: card.totalBytes ?? 0,
        usableBytes: null,
      });
    const key = String(card.index);
    if (this.state.cardOthers[key] !== undefined) return false;
    this.state.cardOthers[key] = this.nulls();
    return true;
  }

  // The card's own used bytes minus what headroom's processes on it hold: someone else's memory.
  private othersOnCard(sample: RecordSample, index: number): number | null {
    const card = sample.gpus?.find((g) => g.index === index);
    if (!card || card.usedBytes === null) return null;
    const ours = this.state.processes
      .filter((p) => p.device === index)
      .reduce((sum, p) => sum + (sample.processes[p.name]?.gpuBytes ?? 0), 0);
    return Math.max(0, card.usedBytes - ours);
  }
}

/** The earliest moment in a record: time 0 of its charts. */
export function originOf(record: Pick<RunRecordData, 'samples' | 'events' | 'summary'>): number {
  const times = [
    ...record.samples.slice(0, 1).map((s) => s.timeMs),
    ...record.events.slice(0, 1).map((e) => e.timeMs),
    Date.parse(record.summary?.startedAt ?? ''),
  ].filter(Number.isFinite);
  return times.length > 0 ? Math.min(...times) : 0;
}

/** At most this many points per chart in a report: about two per pixel of a wide screen. */
export const maxReportPoints = 4000;

// The highest value of a bucket: a thinned chart keeps every peak (what an OOM is about); null when
// the process held nothing in the whole bucket.
function bucketMax(values: readonly (number | null)[], from: number, to: number): number | null {
  let highest: number | null = null;
  for (let i = from; i < to; i++) {
    const value = values[i];
    if (value != null && (highest === null || value > highest)) highest = value;
  }
  return highest;
}

/**
 * Thins a long run's charts to at most `maxPoints` points: each point is the highest of
 * `samplesPerPoint` consecutive samples, at the time of the first. Marks and tables are untouched.
 */
export function thinReportModel(model: ReportModel, maxPoints = maxReportPoints): void {
  const count = model.timesSec.length;
  if (count <= maxPoints) return;
  const per = Math.ceil(count / maxPoints);
  const starts = Array.from({ length: Math.ceil(count / per) }, (_, i) => i * per);
  const thin = (values: readonly (number | null)[]) =>
    starts.map((from) => bucketMax(values, from, Math.min(count, from + per)));
  for (const series of Object.values(model.series))
    for (const metric of processMetrics) series[metric] = thin(series[metric]);
  for (const key of Object.keys(model.cardOthers)) model.cardOthers[key] = thin(model.cardOthers[key] ?? []);
  model.timesSec = starts.map((from) => model.timesSec[from] ?? 0);
  model.samplesPerPoint = per;
}

/** The whole model of a finished (or interrupted) run record, thinned to `maxPoints` chart points. */
export function buildReportModel(
  record: RunRecordData,
  options: { diagnoses?: ReportDiagnosis[]; logHref?: (log: string) => string; maxPoints?: number } = {},
): ReportModel {
  const builder = new ReportModelBuilder({
    runDir: record.runDir,
    originMs: originOf(record),
    ...(options.logHref ? { logHref: options.logHref } : {}),
  });
  if (record.plan) builder.setPlan(record.plan);
  for (const sample of record.samples) builder.addSample(sample);
  for (const event of record.events) builder.addEvent(event);
  if (record.summary) builder.setSummary(record.summary);
  builder.setDiagnoses(options.diagnoses ?? []);
  const model = builder.model();
  if (record.meta) {
    model.runId ??= record.meta.runId;
    model.startedAt ??= record.meta.startedAt;
  }
  model.problems = record.problems;
  thinReportModel(model, options.maxPoints);
  return model;
}
