// The Ray launch backend: the plan's processes as Ray actors, started and coordinated by headroom's
// Python driver (python/headroom_ray, run with the cluster's Python), followed through its JSON lines
// by the one orchestration (src/launch/orchestrate.ts) into the same run record as a local run:
// logs/, events.jsonl, samples.jsonl (from one sampler actor per node), diagnoses, summary.json, plus
// ray/spec.json (what the driver was given) and ray/driver.log (its own stderr).
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { writeFileAtomic } from '../../files/write-file.js';
import type { EventSink } from '../../run-record/writer.js';
import type { LaunchBackend } from '../backend.js';
import { realClock } from '../clock.js';
import { orchestrate } from '../orchestrate.js';
import { packagedRayDriverDir } from '../ray-driver-dir.js';
import { withRunMarkers } from '../run-markers.js';
import type { Clock, LaunchSpec, RunSummary, SuperviseUpdate } from '../types.js';
import { parseDriverLine } from './driver-events.js';
import { DriverFollower, type RayRunExtra } from './follow-driver.js';
import { RayProcess, type RayProcessSummary } from './ray-process.js';
import { buildRayLaunchSpec, type RayCardEntry, type RayGroupEntry, type RayRequest } from './spec.js';

export interface RayRunOptions {
  runDir: string;
  runId: string;
  launches: LaunchSpec[];
  requests: ReadonlyMap<string, RayRequest>;
  /** The cluster's address; null: RAY_ADDRESS, else a new local cluster. */
  address: string | null;
  groups?: RayGroupEntry[];
  cards?: RayCardEntry[];
  stopGraceMs: number;
  sampleIntervalMs?: number;
  useCgroups?: boolean;
  /** The Python that has Ray (the cluster's). */
  python: string;
  /** Written to plan.json. */
  plan?: unknown;
  output: (update: SuperviseUpdate) => void;
  /** Aborting stops every actor and its child (the driver's grace, then SIGKILL). */
  signal?: AbortSignal;
  clock?: Clock;
  env?: Record<string, string | undefined>;
  onRecordOpened?: (event: EventSink) => void;
}

export type { RayRunExtra };

export type RayRunSummary = RunSummary & RayRunExtra & { processes: RayProcessSummary[] };

/** The Ray backend: the driver spawned at start, its events followed to its exit, SIGINT/SIGTERM to stop. */
export function rayBackend(options: RayRunOptions): LaunchBackend<RayProcessSummary, RayRunExtra> {
  const clock = options.clock ?? realClock;
  const processes = new Map<string, RayProcess>();
  let driver: ChildProcess | undefined;
  let exited: Promise<{ code: number | null; signal: string | null }> | undefined;
  const follower = new DriverFollower(processes, clock, options.address);

  return {
    attach({ record }) {
      // Every process of a tree carries the run's markers, as local and Slurm children do: the driver
      // sweeps each node for them at the end, and the GPU clients append exact peaks.
      const launches = options.launches.map((launch) =>
        withRunMarkers(launch, { id: options.runId, peaksFile: record.peaksPath }),
      );
      const spec = buildRayLaunchSpec({ ...options, launches });
      mkdirSync(join(options.runDir, 'ray'), { recursive: true });
      writeFileAtomic(join(options.runDir, 'ray', 'spec.json'), `${JSON.stringify(spec, null, 2)}\n`);
      for (const launch of launches) {
        const request = options.requests.get(launch.name);
        if (request) processes.set(launch.name, new RayProcess(launch, request, record));
      }
    },
    sample: () => ({ stop: async () => {} }), // the driver's sampler actors send the samples
    async start(run) {
      const stderr = openSync(join(options.runDir, 'ray', 'driver.log'), 'a');
      // Its own process group: the terminal's Ctrl-C reaches headroom, which tells the driver once.
      driver = spawn(
        options.python,
        ['-m', 'headroom_ray', '--spec', join(options.runDir, 'ray', 'spec.json'), '--events'],
        {
          cwd: join(packagedRayDriverDir, '..'),
          env: { ...(options.env ?? process.env), PYTHONUNBUFFERED: '1' },
          stdio: ['ignore', 'pipe', stderr],
          detached: true,
        },
      );
      closeSync(stderr);
      const child = driver;
      exited = new Promise((resolve) => {
        child.once('error', (error) => {
          run.event(
            'warning',
            undefined,
            `could not start the Ray driver with ${options.python}: ${error.message}`,
          );
          resolve({ code: null, signal: null });
        });
        child.once('close', (code, signal) => resolve({ code, signal }));
      });
      const lines = createInterface({ input: child.stdout ?? process.stdin });
      lines.on('line', (line) => {
        const event = parseDriverLine(line);
        if (event) follower.handle(run, event);
        // Only events reach this pipe (the driver prints the rest to driver.log): a line that is not one
        // is said, never dropped in silence, since an event lost there is a process's end lost.
        else if (line.trim() !== '')
          run.event(
            'warning',
            undefined,
            `the Ray driver printed a line that is not an event: ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`,
          );
      });
      if (follower.isStopped) child.kill('SIGTERM');
    },
    async follow(run) {
      const ended = await (exited ?? Promise.resolve({ code: null, signal: null }));
      const how = driverEndWords(ended);
      const log = join(options.runDir, 'ray', 'driver.log');
      if (!follower.isDone)
        run.event('warning', undefined, `the Ray driver ${how} before the run ended; see ${log}`);
      const endedAt = new Date(clock.now()).toISOString();
      const { isStopped, endOrder, extra } = follower;
      // A process the driver never said the end of did not end well: the run fails with it (a run whose
      // driver died must not exit 0), and its line says how the driver ended.
      const unended = follower.unended();
      endOrder.push(
        ...unended.map(() => ({
          reason: isStopped ? ('interrupted' as const) : ('failed' as const),
          exitCode: null,
          signal: null,
        })),
      );
      const driverEnd = `the Ray driver ${how} before it said how this process ended; see ${log}`;
      const summaries = [...processes.values()].map((p) => p.summary(endedAt, isStopped, driverEnd));
      return { processes: summaries, endOrder, isStopped, extra };
    },
    stop(signal) {
      follower.isStopped = true;
      // The driver stops each actor's child with this signal (SIGINT for Ctrl-C), then SIGKILL after the grace.
      if (driver?.pid !== undefined && driver.exitCode === null)
        driver.kill(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    },
    async close() {
      for (const process of processes.values()) process.close();
      // A driver still alive (headroom failed): its group goes, and Ray ends the actors it owned.
      if (driver?.pid !== undefined && driver.exitCode === null && driver.signalCode === null) {
        try {
          process.kill(-driver.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
  };
}

/** How the driver process ended, for sentences: `exited with code 1`, `was killed by SIGKILL`. */
export function driverEndWords(ended: { code: number | null; signal: string | null }): string {
  if (ended.signal) return `was killed by ${ended.signal}`;
  return ended.code === null ? 'did not start' : `exited with code ${ended.code}`;
}

/** Runs the spec's processes on Ray to their end, and returns what summary.json holds. */
export function runOnRay(options: RayRunOptions): Promise<RayRunSummary> {
  return orchestrate({
    backend: rayBackend(options),
    runDir: options.runDir,
    runId: options.runId,
    names: options.launches.map((launch) => launch.name),
    origin: null,
    plan: options.plan,
    clock: options.clock ?? realClock,
    output: options.output,
    signal: options.signal,
    onRecordOpened: options.onRecordOpened,
  });
}
