// Parsing run-record lines and files for the observers: through the run-record schemas
// (src/run-record/schema.ts), tolerantly (unknown fields kept, a newer writer's line kept when it has
// its key fields), each time parsed to milliseconds. Pure: values in, values out.
import type { z } from 'zod';
import { type RunEvent, type RunSample, runEventSchema, runSummarySchema } from '../run-record/index.js';
import type {
  RecordDevice,
  RecordEvent,
  RecordFinding,
  RecordPlan,
  RecordPlannedProcess,
  RecordSample,
  RecordSummary,
  SampledCard,
} from './record-types.js';

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** JSON.parse that returns undefined for text that is not JSON (a line cut short). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseTime(value: unknown): { time: string; timeMs: number } | null {
  if (typeof value !== 'string') return null;
  const timeMs = Date.parse(value);
  return Number.isFinite(timeMs) ? { time: value, timeMs } : null;
}

/** plan.json's devices, processes and findings, each kept only when it has its key fields. */
export function parsePlan(value: unknown): RecordPlan | null {
  if (!isObject(value)) return null;
  const devices = list(value.devices).flatMap((d): RecordDevice[] =>
    isObject(d) && finite(d.index) !== null && finite(d.totalBytes) !== null
      ? [{ ...(d as unknown as RecordDevice) }]
      : [],
  );
  const processes = list(value.processes).flatMap((p): RecordPlannedProcess[] =>
    isObject(p) && typeof p.name === 'string'
      ? [{ ...(p as unknown as RecordPlannedProcess), device: finite(p.device) }]
      : [],
  );
  const findings = list(value.findings).flatMap((f): RecordFinding[] =>
    isObject(f) && typeof f.message === 'string'
      ? [{ ...(f as unknown as RecordFinding), code: String(f.code), severity: String(f.severity) }]
      : [],
  );
  return { devices, processes, findings };
}

// A value the schema rejects is still kept when it has the key fields: a newer headroom's line
// (run-record/reader.ts keeps those too).
function checked<T>(schema: z.ZodType<T>, value: unknown, hasKeyFields: (value: Loose) => boolean): T | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  return isObject(value) && hasKeyFields(value) ? (value as T) : null;
}

/**
 * One line of samples.jsonl, or null when it is not one. Not parsed through runSampleSchema: a line it
 * rejects is kept anyway where `processes` is an object (a newer headroom's, as `checked` keeps), and
 * a line it accepts comes back as the same values (loose objects, no defaults or transforms), so the
 * schema decided nothing here and cost `report` on a day-long record (172,800 samples) ~1 of its ~4
 * CPU-s, plus its copies' garbage. observe.test.ts checks that the schema still gives the same values.
 */
export function parseSample(value: unknown): RecordSample | null {
  const sample = isObject(value) && isObject(value.processes) ? (value as RunSample) : null;
  const time = parseTime(sample?.time);
  if (!sample || !time) return null;
  const gpus = Array.isArray(sample.gpus)
    ? sample.gpus.flatMap((g): SampledCard[] =>
        isObject(g) && finite(g.index) !== null && finite(g.totalBytes) !== null
          ? [
              {
                index: finite(g.index)!,
                uuid: typeof g.uuid === 'string' ? g.uuid : null,
                usedBytes: finite(g.usedBytes),
                totalBytes: finite(g.totalBytes)!,
              },
            ]
          : [],
      )
    : undefined;
  return { ...sample, ...time, ...(gpus ? { gpus } : {}) };
}

/** One line of events.jsonl, or null when it is not one. */
export function parseEvent(value: unknown): RecordEvent | null {
  const event = checked(
    runEventSchema as unknown as z.ZodType<RunEvent>,
    value,
    (v) => typeof v.type === 'string',
  );
  const time = parseTime(event?.time);
  if (!event || !time) return null;
  return { ...event, ...time, message: typeof event.message === 'string' ? event.message : event.type };
}

/** summary.json, or null when it is not one. */
export function parseSummary(value: unknown): RecordSummary | null {
  const summary = checked(runSummarySchema, value, (v) => Array.isArray(v.processes));
  if (!summary) return null;
  const processes = summary.processes.filter((p) => isObject(p) && typeof p.name === 'string');
  return { ...summary, processes };
}
