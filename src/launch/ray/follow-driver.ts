// What headroom makes of the Ray driver's events (driver-events.ts): each process's start, output,
// readiness, end (judged in ray-process.ts), restart or refusal, the samples, and the sweep's leftovers,
// as events.jsonl, samples.jsonl, logs and live updates of the run record.
import type { LaunchRun } from '../backend.js';
import type { Clock } from '../types.js';
import type { DriverEvent } from './driver-events.js';
import type { RayProcess, RayProcessSummary } from './ray-process.js';

/** What summary.json adds for a Ray run. */
export interface RayRunExtra {
  ray: {
    address: string | null;
    nodes: string[];
    leftovers: { pid: number; command: string; nodeId: string }[];
  };
}

export class DriverFollower {
  /** The ends in the order they came: the first failure gives the run's exit code. */
  readonly endOrder: {
    reason: RayProcessSummary['reason'];
    exitCode: number | null;
    signal: string | null;
  }[] = [];
  readonly extra: RayRunExtra;
  /** Set when headroom asked the run to stop: ends after it are interruptions. */
  isStopped = false;
  /** The driver said it is done (its sweep included). */
  isDone = false;

  constructor(
    readonly processes: ReadonlyMap<string, RayProcess>,
    private readonly clock: Clock,
    address: string | null,
  ) {
    this.extra = { ray: { address, nodes: [], leftovers: [] } };
  }

  /** The processes whose last word from the driver was not an end (no `exit` or `not-started` since their last start). */
  unended(): RayProcess[] {
    return [...this.processes.values()].filter((p) => p.state !== 'ended');
  }

  private at(): string {
    return new Date(this.clock.now()).toISOString();
  }

  private status(run: LaunchRun): void {
    run.emit({ kind: 'status', processes: [...this.processes.values()].map((p) => p.status()) });
  }

  /** Records one driver event. */
  handle(run: LaunchRun, event: DriverEvent): void {
    const process = 'name' in event ? this.processes.get(event.name) : undefined;
    switch (event.event) {
      case 'cluster':
        this.extra.ray.nodes = event.nodes.filter((n) => n.alive).map((n) => n.node_id);
        return;
      case 'start': {
        if (!process) return;
        process.started(event, this.at());
        const node = `${event.node_ip} (${event.node_id?.slice(0, 8)})`;
        run.event('spawn', event.name, `started ${event.name} (pid ${event.pid} on node ${node})`, {
          pid: event.pid,
          attempt: event.attempt,
          nodeId: event.node_id,
          nodeIp: event.node_ip,
          cudaVisibleDevices: event.cuda_visible_devices,
          cgroup: event.cgroup,
        });
        const limitBytes = process.launch.hostMemoryBytes;
        if (limitBytes !== null && event.attempt === 0) {
          const message = event.cgroup
            ? `host_memory ${limitBytes} bytes enforced by cgroup ${event.cgroup} on node ${node}`
            : `host_memory is a Ray memory reservation only: ${process.hostLimitProblem}`;
          run.event('limit', event.name, message, {
            limitBytes,
            enforcement: event.cgroup ? 'cgroup' : 'none',
            cgroup: event.cgroup,
          });
        }
        this.status(run);
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
        const verdict = process.ended(event, { at: this.at(), isStopping: this.isStopped });
        this.endOrder.push({ reason: verdict.reason, exitCode: event.exit_code, signal: event.signal });
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
        this.status(run);
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
        this.endOrder.push({
          reason: event.interrupted ? 'interrupted' : 'failed',
          exitCode: null,
          signal: null,
        });
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
        for (const [name, held] of Object.entries(event.processes)) this.processes.get(name)?.sampled(held);
        run.record.appendSample({ time: this.at(), processes: event.processes, gpus: event.gpus });
        this.status(run);
        return;
      }
      case 'done': {
        this.isDone = true;
        this.extra.ray.leftovers = event.leftovers.map((l) => ({
          pid: l.pid,
          command: l.command,
          nodeId: l.node_id,
        }));
        if (event.leftovers.length > 0)
          run.event(
            'orphans-stopped',
            undefined,
            `killed what the run left on its nodes: ${event.leftovers.map((l) => `pid ${l.pid} on node ${l.node_id.slice(0, 8)} (${l.command.slice(0, 60)})`).join(', ')}`,
            { leftovers: this.extra.ray.leftovers },
          );
        return;
      }
    }
  }
}
