// Tolerant parsing of run-record files: a value that is not the expected shape is dropped (null),
// unknown fields are kept, numbers that are not numbers become null. Pure: text or values in.
import type {
  RecordDevice,
  RecordEvent,
  RecordFinding,
  RecordPlan,
  RecordPlannedProcess,
  RecordSample,
  RecordSummary,
  SampledCard,
  SampledMemory,
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

function parseMemory(value: unknown): SampledMemory | null {
  if (!isObject(value)) return null;
  const memory: SampledMemory = { ...value };
  for (const key of ['rssBytes', 'pssBytes', 'swapBytes', 'hostBytes', 'cgroupBytes', 'gpuBytes'])
    memory[key] = finite(value[key]);
  const pid = finite(value.pid);
  if (pid === null) delete memory.pid;
  else memory.pid = pid;
  return memory;
}

/** One line of samples.jsonl, or null when it is not one. */
export function parseSample(value: unknown): RecordSample | null {
  if (!isObject(value) || !isObject(value.processes)) return null;
  const time = parseTime(value.time);
  if (!time) return null;
  const processes: Record<string, SampledMemory> = {};
  for (const [name, held] of Object.entries(value.processes)) {
    const memory = parseMemory(held);
    if (memory) processes[name] = memory;
  }
  const gpus = Array.isArray(value.gpus)
    ? value.gpus.flatMap((g): SampledCard[] =>
        isObject(g) && finite(g.index) !== null
          ? [
              {
                index: finite(g.index)!,
                uuid: typeof g.uuid === 'string' ? g.uuid : null,
                usedBytes: finite(g.usedBytes),
                ...(finite(g.totalBytes) === null ? {} : { totalBytes: finite(g.totalBytes)! }),
              },
            ]
          : [],
      )
    : undefined;
  return { ...time, processes, ...(gpus ? { gpus } : {}) };
}

/** One line of events.jsonl, or null when it is not one. */
export function parseEvent(value: unknown): RecordEvent | null {
  if (!isObject(value) || typeof value.type !== 'string') return null;
  const time = parseTime(value.time);
  if (!time) return null;
  const message = typeof value.message === 'string' ? value.message : value.type;
  const process = typeof value.process === 'string' ? value.process : undefined;
  const event: RecordEvent = { ...value, ...time, type: value.type, message };
  if (process === undefined) delete event.process;
  return event;
}

/** summary.json, or null when it is not one. */
export function parseSummary(value: unknown): RecordSummary | null {
  if (!isObject(value)) return null;
  const processes = list(value.processes).flatMap((p) =>
    isObject(p) && typeof p.name === 'string' ? [p as unknown as RecordSummary['processes'][number]] : [],
  );
  return { ...(value as unknown as RecordSummary), processes };
}
