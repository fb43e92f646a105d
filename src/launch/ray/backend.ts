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
import type { LaunchBackend, LaunchRun } from '../backend.js';
import { realClock } from '../clock.js';
import { orchestrate } from '../orchestrate.js';
import { packagedRayDriverDir } from '../ray-driver-dir.js';
import { withRunMarkers } from '../run-markers.js';
import type { Clock, LaunchSpec, RunSummary, SuperviseUpdate } from '../types.js';
import { type DriverEvent, parseDriverLine } from './driver-events.js';
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

/** What summary.json adds for a Ray run. */
export interface RayRunExtra {
  ray: {
    address: string | null;
    nodes: string[];
    leftovers: { pid: number; command: string; nodeId: string }[];
  };
}

export type RayRunSummary = RunSummary & RayRunExtra & { processes: RayProcessSummary[] };

/** The Ray backend: the driver spawned at start, its events followed to its exit, SIGINT/SIGTERM to stop. */
export function rayBackend(options: RayRunOptions): LaunchBackend<RayProcessSummary, RayRunExtra> {
  const clock = options.clock ?? realClock;
  const processes = new Map<string, RayProcess>();
  let driver: ChildProcess | undefined;
  let exited: Promise<{ code: number | null; signal: string | null }> | undefined;
  let isStopped = false;
  let isDone = false;
  const endOrder: { reason: RayProcessSummary['reason']; exitCode: number | null; signal: string | null }[] =
    [];
  const extra: RayRunExtra = { ray: { address: options.address, nodes: [], leftovers: [] } };
  const at = (): string => new Date(clock.now()).toISOString();
  const status = (run: LaunchRun): void =>
    run.emit({ kind: 'status', processes: [...processes.values()].map((p) => p.status()) });

  const handle = (run: LaunchRun, event: DriverEvent): void => {
    const process = 'name' in event ? processes.get(event.name) : undefined;
    switch (event.event) {
      case 'cluster':
        extra.ray.nodes = event.nodes.filter((n) => n.alive).map((n) => n.node_id);
        return;
      case 'start': {
        if (!process) return;
        process.started(event, at());
        const node = `${event.node_ip} (${event.node_id?.slice(0, 8)})`;
        run.event('spawn', event.name, `started ${event.name} (pid ${event.pid} on node ${node})`, {
          pid: event.pid,
          attempt: event.attempt,
          nodeId: event.node_id,
          nodeIp: event.node_ip,
          cudaVisibleDevices: event.cuda_visible_devices,
          cgroup: event.cgroup,
        });
        const limit = process.launch.hostMemoryBytes;
        if (limit !== null && event.attempt === 0) {
          const message = event.cgroup
            ? `host_memory ${limit} bytes enforced by cgroup ${event.cgroup} on node ${node}`
            : `host_memory is a Ray memory reservation only: ${process.hostLimitProblem}`;
          run.event('limit', event.name, message, {
            limitBytes: limit,
            enforcement: event.cgroup ? 'cgroup' : 'none',
            cgroup: event.cgroup,
          });
        }
        status(run);
        return;
      }
      case 'output':
        if (!process) return;
        process.output(event.text);
        run.emit({ kind: 'output', name: event.name, text: event.text });
        return;
      case 'ready':
        if (event.line !== null)
          run.event('ready', event.name, `ready: "${event.line}" matched ${process?.launch.readyWhen}`);
        return;
      case 'exit': {
        if (!process) return;
        const verdict = process.ended(event, { at: at(), isStopping: isStopped });
        endOrder.push({ reason: verdict.reason, exitCode: event.exit_code, signal: event.signal });
        run.event('exit', event.name, `${event.name} ended: ${verdict.reason} (${verdict.because})`, {
          pid: event.pid,
          exitCode: event.exit_code,
          signal: event.signal,
          ...verdict,
          role: process.launch.process ?? event.name,
          nodeId: event.node?.node_id ?? null,
          nodeIp: event.node?.node_ip ?? null,
          rayError: event.ray_error,
        });
        if ((event.leftovers ?? []).length > 0)
          run.event(
            'leftover-killed',
            event.name,
            `killed what its tree left running: pid ${event.leftovers?.join(', ')}`,
            {
              pids: event.leftovers,
            },
          );
        if (event.cgroup_problem) run.event('warning', event.name, event.cgroup_problem);
        status(run);
        return;
      }
      case 'restart':
        if (!process) return;
        process.restarts = event.attempt;
        process.state = 'restarting';
        run.event(
          'restart',
          event.name,
          `restart ${event.attempt} of ${process.launch.maxRestarts} in ${event.delay_s} s`,
          {
            restart: event.attempt,
            delayMs: Math.round(event.delay_s * 1000),
          },
        );
        return;
      case 'not-started':
        if (!process) return;
        process.state = 'ended';
        process.notStarted = {
          because: event.because,
          infeasible: event.infeasible,
          isInterrupted: event.interrupted,
        };
        run.event(
          'not-started',
          event.name,
          event.because,
          event.infeasible ? { infeasible: event.infeasible } : {},
        );
        endOrder.push({ reason: event.interrupted ? 'interrupted' : 'failed', exitCode: null, signal: null });
        return;
      case 'pending':
        run.event('warning', event.name, event.message);
        return;
      case 'stopping':
        run.event(
          'signal-forwarded',
          undefined,
          `headroom was interrupted: the Ray driver stops every actor (${event.signal})`,
        );
        return;
      case 'warning':
        run.event('warning', undefined, event.message);
        return;
      case 'sample': {
        for (const [name, held] of Object.entries(event.processes)) processes.get(name)?.sampled(held);
        run.record.appendSample({ time: at(), processes: event.processes, gpus: event.gpus });
        status(run);
        return;
      }
      case 'done': {
        isDone = true;
        extra.ray.leftovers = event.leftovers.map((l) => ({
          pid: l.pid,
          command: l.command,
          nodeId: l.node_id,
        }));
        if (event.leftovers.length > 0)
          run.event(
            'orphans-stopped',
            undefined,
            `killed what the run left on its nodes: ${event.leftovers.map((l) => `pid ${l.pid} on node ${l.node_id.slice(0, 8)} (${l.command.slice(0, 60)})`).join(', ')}`,
            { leftovers: extra.ray.leftovers },
          );
        return;
      }
    }
  };

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
        if (event) handle(run, event);
      });
      if (isStopped) child.kill('SIGTERM');
    },
    async follow(run) {
      const ended = await (exited ?? Promise.resolve({ code: null, signal: null }));
      if (!isDone) {
        const how = ended.signal ? `was killed by ${ended.signal}` : `exited with code ${ended.code}`;
        run.event(
          'warning',
          undefined,
          `the Ray driver ${how} before the run ended; see ${join(options.runDir, 'ray', 'driver.log')}`,
        );
      }
      const endedAt = at();
      const summaries = [...processes.values()].map((p) => p.summary(endedAt, isStopped));
      return { processes: summaries, endOrder, isStopped, extra };
    },
    stop(signal) {
      isStopped = true;
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
