// The lines headroom's Ray driver prints under --events (python/headroom_ray/driver.py `Output.emit`),
// read one JSON object per line. The driver is headroom's own, so a line it cannot read is a warning,
// not a failure of the run.

/** Where an actor ran: Ray's node id and address, and the host's name. */
export interface RayNodeFacts {
  node_id: string | null;
  node_ip: string | null;
  hostname: string | null;
}

/** What Ray said ended an actor: its memory monitor, its node's death, or its worker's. */
export interface RayError {
  kind: 'memory-monitor' | 'node-died' | 'actor-died';
  /** The Python exception's class (`ActorDiedError`, `OutOfMemoryError`). */
  type: string;
  message: string;
}

/** Why Ray can never place a process: the resource short and the most any node has. */
export interface RayInfeasible {
  resource: string;
  needed: unknown;
  most: number | null;
  message: string;
}

export type DriverEvent =
  | {
      event: 'cluster';
      nodes: { node_id: string; node_ip: string; alive: boolean; resources: Record<string, number> }[];
    }
  | { event: 'starting'; name: string; attempt: number; resources: Record<string, number> }
  | ({
      event: 'start';
      name: string;
      attempt: number;
      pid: number;
      cuda_visible_devices: string | null;
      cgroup: string | null;
      cgroup_problem: string | null;
    } & RayNodeFacts)
  | { event: 'output'; name: string; text: string }
  | { event: 'ready'; name: string; line: string | null }
  | {
      event: 'exit';
      name: string;
      attempt: number;
      pid: number | null;
      node: RayNodeFacts | null;
      ray_error: RayError | null;
      exit_code: number | null;
      signal: string | null;
      spawn_error: string | null;
      leftovers?: number[];
      cgroup_oom_kills?: number | null;
      peak_cgroup_bytes?: number | null;
      cgroup_problem?: string;
      stop_signal?: string | null;
      killed_after_grace?: boolean;
    }
  | { event: 'restart'; name: string; attempt: number; delay_s: number }
  | {
      event: 'not-started';
      name: string;
      because: string;
      infeasible: RayInfeasible | null;
      interrupted: boolean;
    }
  | { event: 'pending'; name: string; message: string }
  | { event: 'stopping'; signal: string; message: string }
  | { event: 'warning'; message: string }
  | {
      event: 'sample';
      processes: Record<string, Record<string, unknown> & { node: string }>;
      gpus: { index: number; usedBytes: number; totalBytes: number; node: string }[];
    }
  | {
      event: 'done';
      stopped: boolean;
      leftovers: { pid: number; command: string; node_id: string }[];
      nodes_swept: string[];
    };

/** One driver line as an event, or null when it is not one (a stray print reaches the driver's log instead). */
export function parseDriverLine(line: string): (DriverEvent & { time?: number }) | null {
  if (!line.startsWith('{')) return null;
  try {
    const value = JSON.parse(line) as { event?: unknown };
    return typeof value.event === 'string' ? (value as DriverEvent & { time?: number }) : null;
  } catch {
    return null;
  }
}
