// Turns a run record, update by update, into metric readings and counts: samples become gauges
// (labels from plan.json), restarts, OOM kills and GPU OOMs from events.jsonl become counters.
import { markOf } from '../observe/event-marks.js';
import type { RecordPlan, RecordSample, RecordUpdate } from '../observe/record-types.js';
import { causeKinds } from '../verdict/cause.js';
import { type CardReading, labelsOfInstance, type Observation, type ProcessLabels } from './observation.js';
import type { HeadroomMetrics } from './registry.js';

/** A process's labels: the plan's process and replica, else read from its instance name (`actor.2`). */
function labelsOf(name: string, plan: RecordPlan | null): ProcessLabels {
  const planned = plan?.processes.find((p) => p.name === name);
  return planned?.process === undefined
    ? labelsOfInstance(name)
    : { process: planned.process, replica: planned.replica == null ? '' : String(planned.replica) };
}

/** The readings in one sample, labelled from the plan (the cards' own readings where sampled). */
export function observeSample(sample: RecordSample, plan: RecordPlan | null): Observation {
  const devices = plan?.devices ?? [];
  const uuidOf = (index: number): string | null =>
    sample.gpus?.find((g) => g.index === index)?.uuid ?? devices.find((d) => d.index === index)?.uuid ?? null;
  const processes = Object.entries(sample.processes).map(([name, held]) => {
    const planned = plan?.processes.find((p) => p.name === name);
    const gpu = planned?.device ?? null;
    return {
      ...labelsOf(name, plan),
      pid: held.pid ?? null,
      gpu,
      gpuUuid: gpu === null ? null : uuidOf(gpu),
      gpuBytes: held.gpuBytes ?? null,
      gpuBudgetBytes: gpu === null ? null : (planned?.budgetBytes ?? null),
      rssBytes: held.rssBytes ?? null,
      pssBytes: held.pssBytes ?? null,
      swapBytes: held.swapBytes ?? null,
      hostBytes: held.hostBytes ?? null,
      hostLimitBytes: planned?.hostMemoryBytes ?? null,
      ...(held.ranks ? { ranks: held.ranks } : {}),
    };
  });
  const cards = devices.map(
    (d): CardReading => ({
      gpu: d.index,
      uuid: uuidOf(d.index),
      name: d.name ?? `GPU ${d.index}`,
      usedBytes: sample.gpus?.find((g) => g.index === d.index)?.usedBytes ?? null,
      totalBytes: d.totalBytes,
    }),
  );
  return { processes, cards };
}

function causeKindOf(cause: unknown): string | null {
  const kind = (cause as { kind?: unknown } | null | undefined)?.kind;
  return typeof kind === 'string' && (causeKinds as readonly string[]).includes(kind) ? kind : null;
}

/** Feeds a followed record into `metrics`; returns the function the follower calls per update. */
export function feedRecordMetrics(metrics: HeadroomMetrics): (update: RecordUpdate) => void {
  let plan: RecordPlan | null = null;
  // Processes whose current start already counted a GPU OOM (a version 1 record marks it twice).
  const gpuOomCounted = new Set<string>();
  return (update) => {
    switch (update.kind) {
      case 'plan':
        plan = update.plan;
        for (const p of plan.processes) metrics.declareProcess(labelsOf(p.name, plan));
        metrics.observe(observeSample({ time: '', timeMs: 0, processes: {} }, plan));
        return;
      case 'sample':
        metrics.observe(observeSample(update.sample, plan));
        return;
      case 'event': {
        const { process } = update.event;
        if (process === undefined) return;
        const mark = markOf(update.event);
        if (mark === 'restart') metrics.countRestart(labelsOf(process, plan));
        if (mark === 'oom-kill') metrics.countOomKill(labelsOf(process, plan));
        if (mark === 'start') gpuOomCounted.delete(process);
        // The one cause judge's decision rides on the exit event (src/verdict/cause.ts).
        const cause = update.event.type === 'exit' ? causeKindOf(update.event.cause) : null;
        if (cause) metrics.countFailureCause(labelsOf(process, plan), cause);
        if (mark === 'gpu-oom' && !gpuOomCounted.has(process)) {
          gpuOomCounted.add(process);
          metrics.countGpuOom(labelsOf(process, plan));
        }
        return;
      }
      case 'summary':
        // The run has ended: no process holds memory any more; the counters stay.
        metrics.observe({ processes: [], cards: [] });
        return;
    }
  };
}
