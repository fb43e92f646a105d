// Reads a run directory for doctor through the run record's own reader: summary.json and plan.json
// whole (small), events.jsonl and samples.jsonl streamed, keeping per process its end, its OOM
// kills, the sample before its end and a thinned memory series. A record cut short still reads.
import { isRecordDirectory } from '../../observe/read-record.js';
import { readProcStat } from '../../probe/host/proc-table.js';
import { forEachEvent, forEachSample, readRunFiles } from '../../run-record/reader.js';
import { type OomKillRecord, type RunEvent, runPlanSchema } from '../../run-record/schema.js';
import { memoryKillOf } from '../../verdict/memory-kill.js';
import { exitReasons } from '../../vocabulary.js';
import type { GpuClientsSeen, MemoryPoint, ProcessEnd, RunPlan, RunProcess, RunView } from './types.js';

/** True when `dir` looks like a run record: the same judge as `report` and `serve` (observe's). */
export const isRunDirectory: (dir: string) => boolean = isRecordDirectory;

const maxSeriesPoints = 400;

// Halves the series when it grows past the cap: long runs keep their shape at bounded memory.
function appendPoint(series: MemoryPoint[], point: MemoryPoint): void {
  series.push(point);
  if (series.length <= maxSeriesPoints) return;
  const kept = series.filter((_, i) => i % 2 === 0 || i === series.length - 1);
  series.splice(0, series.length, ...kept);
}

function endFromEvent(event: RunEvent): ProcessEnd | null {
  const reason = String(event.reason);
  if (!(exitReasons as readonly string[]).includes(reason)) return null;
  return {
    reason: reason as ProcessEnd['reason'],
    confidence: (event.confidence as ProcessEnd['confidence']) ?? 'unknown',
    because: typeof event.because === 'string' ? event.because : event.message,
    exitCode: typeof event.exitCode === 'number' ? event.exitCode : null,
    signal: typeof event.signal === 'string' ? event.signal : null,
  };
}

function killFromEvent(event: RunEvent): OomKillRecord {
  return {
    pid: typeof event.pid === 'number' ? event.pid : null,
    command: typeof event.command === 'string' ? event.command : null,
    rssBytes: typeof event.rssBytes === 'number' ? event.rssBytes : 0,
    atMs: typeof event.atMs === 'number' ? event.atMs : Date.parse(event.time),
    role: event.role === 'main' ? 'main' : 'worker',
    roleText: typeof event.roleText === 'string' ? event.roleText : 'a process of its tree',
    source: event.source === 'tree' ? 'tree' : 'kernel-log',
  };
}

function gpuClientsFromEvent(event: RunEvent): GpuClientsSeen | null {
  const { count, plannedClients, clients, sentence, fix } = event;
  if (typeof count !== 'number' || typeof sentence !== 'string' || typeof fix !== 'string') return null;
  const listed = Array.isArray(clients) ? clients : [];
  return {
    count,
    plannedClients: typeof plannedClients === 'number' ? plannedClients : 1,
    clients: listed.flatMap((c) =>
      typeof c?.pid === 'number'
        ? [{ pid: c.pid, role: String(c.role ?? 'a process of its tree'), bytes: Number(c.bytes) || 0 }]
        : [],
    ),
    sentence,
    fix,
  };
}

/** Whether the headroom that wrote the record still runs: its PID alive with the same start time. */
function describeWriter(data: RunView, procRoot: string): string | undefined {
  const meta = data.meta;
  if (data.isComplete || !meta) return undefined;
  const stat = readProcStat(meta.headroomPid, procRoot);
  const isAlive =
    stat !== undefined && (meta.headroomStartTicks === null || stat.startTicks === meta.headroomStartTicks);
  return isAlive
    ? `headroom (pid ${meta.headroomPid}) is still running this run: what follows is the record so far`
    : `headroom (pid ${meta.headroomPid}) is no longer running and never finished the record: it was killed (SIGKILL, a crash, the machine going down)`;
}

// A plan.json whose numbers are not numbers (edited by hand, cut short) would turn every sum into
// NaN: such a plan is left out, and said to be.
function checkedPlan(value: unknown, problems: string[]): RunPlan | null {
  if (value === null || value === undefined) return null;
  const parsed = runPlanSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  problems.push(
    `plan.json: ${issue?.path.join('.') || 'the top level'}: ${issue?.message ?? 'not a plan'}; the plan is left out`,
  );
  return null;
}

/** Reads a run directory: each process's end, kills, last sample and memory series. */
export async function readRunView(runDir: string, procRoot = '/proc'): Promise<RunView> {
  const files = readRunFiles(runDir);
  const problems = [...files.problems];
  const processes = new Map<string, RunProcess>();
  const processOf = (name: string): RunProcess => {
    let known = processes.get(name);
    if (!known) {
      known = {
        name,
        end: null,
        endedAt: undefined,
        log: `logs/${name}.log`,
        attempts: 0,
        oomKills: [],
        memoryKill: null,
        gpuClients: null,
        lastSample: undefined,
        lastSeenSample: undefined,
        series: [],
      };
      processes.set(name, known);
    }
    return known;
  };
  for (const name of files.meta?.processes ?? []) processOf(name);
  for (const p of files.summary?.processes ?? []) {
    const known = processOf(p.name);
    known.end = p;
    known.endedAt = p.endedAt;
    known.log = p.log;
    known.oomKills = [...(p.oomKills ?? [])];
  }
  const killsFromEvents = new Map<string, OomKillRecord[]>();
  await forEachEvent(
    runDir,
    (event) => {
      if (typeof event.process !== 'string') return;
      const known = processOf(event.process);
      if (event.type === 'oom-kill')
        killsFromEvents.set(event.process, [
          ...(killsFromEvents.get(event.process) ?? []),
          killFromEvent(event),
        ]);
      if (event.type === 'spawn') known.attempts += 1;
      known.memoryKill = memoryKillOf(event) ?? known.memoryKill;
      if (event.type === 'gpu-clients') known.gpuClients = gpuClientsFromEvent(event) ?? known.gpuClients;
      if (event.type !== 'exit' || files.summary) return;
      // No summary: the last exit event of each process says how it ended (restarts included).
      known.end = endFromEvent(event);
      known.endedAt = event.time;
    },
    problems,
  );
  for (const [name, kills] of killsFromEvents) {
    const known = processOf(name);
    if (known.oomKills.length === 0) known.oomKills = kills;
  }
  await forEachSample(
    runDir,
    (sample) => {
      const timeMs = Date.parse(sample.time);
      for (const [name, held] of Object.entries(sample.processes)) {
        const known = processOf(name);
        if (known.endedAt !== undefined && sample.time > known.endedAt) continue;
        known.lastSeenSample = sample;
        if (typeof held.hostBytes === 'number') {
          appendPoint(known.series, {
            timeMs,
            hostBytes: held.hostBytes,
            ...(typeof held.ownBytes === 'number' ? { ownBytes: held.ownBytes } : {}),
            gpuBytes: typeof held.gpuBytes === 'number' ? held.gpuBytes : null,
            members: held.members ?? [],
          });
        }
      }
      for (const known of processes.values()) {
        if (known.endedAt !== undefined && sample.time > known.endedAt) continue;
        known.lastSample = sample;
      }
    },
    problems,
  );
  const data: RunView = {
    runDir,
    meta: files.meta,
    origin: files.meta?.origin ?? null,
    plan: checkedPlan(files.plan, problems),
    processes: [...processes.values()],
    isComplete: files.summary !== null,
    problems,
  };
  const writer = describeWriter(data, procRoot);
  if (writer) problems.unshift(writer);
  return data;
}
