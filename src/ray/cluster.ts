// A Ray cluster as the placement reads it: a live one through headroom's probe
// (python/headroom_probe/ray_cluster.py, run with the cluster's Python: core ray.init / ray.nodes /
// ray.cluster_resources), or one declared in the config's `ray: nodes:`. Each node's cards get their
// bytes from --gpu, else the config's `gpus:`, else the node's own nvidia-smi or HEADROOM_GPU.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readGpuFlags } from '../config/gpu-flags.js';
import { EnvironmentError, HeadroomError } from '../errors.js';
import type { DeviceSpec, RaySpec } from '../plan/types.js';
import type { RayCluster, RayGpu, RayNode } from './types.js';

/** The probe as shipped in the package (`python/headroom_probe` beside `dist/`), or from `src/ray/`. */
export const rayProbeScript = fileURLToPath(
  new URL('../../python/headroom_probe/ray_cluster.py', import.meta.url),
);

/** What the probe answers for one alive node. */
export interface ProbedRayNode {
  id: string;
  address: string;
  hostname: string;
  resources: Record<string, number>;
  labels: Record<string, string>;
  /** From a task on the node: nvidia-smi's CSV (index, uuid, name, MiB), its HEADROOM_GPU; null when not asked. */
  gpu_probe: { smi?: string | null; headroom_gpu?: string | null; error?: string } | null;
}

export interface ProbedRayCluster {
  ray_version: string;
  cluster_resources: Record<string, number>;
  /** What is free now, cluster-wide (ray.available_resources()); absent from older probes. */
  available_resources?: Record<string, number>;
  nodes: ProbedRayNode[];
}

/** Where the cards' bytes come from when they are declared rather than probed. */
export interface DeclaredCards {
  devices: DeviceSpec[];
  source: 'flag' | 'config';
}

// Ray's own resources; the rest of a node's are custom (`accelerator_type:A100`, `--resources`).
const rayResourceNames = new Set(['CPU', 'GPU', 'memory', 'object_store_memory']);
const isCustomResource = (name: string): boolean => !rayResourceNames.has(name) && !name.startsWith('node:');

/** Runs the probe against `address` with `python`; rejects with one line (exit 2) when it cannot. */
export async function probeRayCluster(options: {
  address: string;
  python: string;
  env: Record<string, string | undefined>;
  probeGpus: boolean;
  timeoutMs?: number;
}): Promise<ProbedRayCluster> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const request = { address: options.address, probe_gpus: options.probeGpus, timeout_s: timeoutMs / 2000 };
  const child = spawn(options.python, [rayProbeScript, JSON.stringify(request)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...options.env, PYTHONDONTWRITEBYTECODE: '1' } as NodeJS.ProcessEnv,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  const exit = await new Promise<{ code: number | null; spawnError?: Error }>((resolve) => {
    child.on('error', (spawnError) => resolve({ code: null, spawnError }));
    child.on('close', (code) => resolve({ code }));
  });
  clearTimeout(timer);
  const addressHint =
    'pass --address HOST:PORT of a running cluster (ray status prints it), or declare ray: nodes: in the config';
  const pythonHint = 'pass --python PATH of a Python that has ray (or set HEADROOM_RAY_PYTHON)';
  const fail = (message: string, detail?: string, hint = addressHint): HeadroomError =>
    new HeadroomError({ code: 'ray-cluster', message, hint, ...(detail ? { detail } : {}) });
  if (exit.spawnError) {
    throw fail(
      (exit.spawnError as NodeJS.ErrnoException).code === 'ENOENT'
        ? `--python ${options.python}: no such interpreter (the cluster is read with a Python that has ray)`
        : `--python ${options.python}: cannot start it: ${exit.spawnError.message}`,
      undefined,
      pythonHint,
    );
  }
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  let answer: { result?: ProbedRayCluster; error?: { message: string; detail?: string } } | undefined;
  try {
    answer = line === undefined ? undefined : JSON.parse(line);
  } catch {
    answer = undefined;
  }
  if (answer?.error) {
    const isNoRay = answer.error.message.includes('cannot import ray');
    throw fail(
      answer.error.message,
      answer.error.detail ?? (stderr.trim() || undefined),
      isNoRay ? pythonHint : addressHint,
    );
  }
  if (answer?.result) return answer.result;
  if (isTimedOut)
    throw fail(
      `the Ray cluster at ${options.address} did not answer within ${timeoutMs / 1000} s`,
      stderr.trim() || undefined,
    );
  const lastLine = stderr.trim().split('\n').at(-1) ?? '';
  throw fail(
    `the Ray probe (${options.python}) exited with code ${exit.code} without an answer${lastLine ? `: ${lastLine.slice(0, 200)}` : ''}`,
    stderr.trim() || undefined,
  );
}

/** Card k of a node takes declared card k, or the last declared one (a cluster's cards are alike). */
function declaredCard(cards: DeclaredCards, index: number): RayGpu | undefined {
  const device = cards.devices[index] ?? cards.devices.at(-1);
  return (
    device && {
      index,
      totalBytes: device.totalBytes,
      name: device.name,
      simulated: device.simulated,
      source: cards.source,
    }
  );
}

// nvidia-smi --query-gpu=index,uuid,name,memory.total --format=csv,noheader,nounits: MiB.
function smiCards(csv: string): RayGpu[] {
  return csv
    .trim()
    .split('\n')
    .map((line) => line.split(',').map((field) => field.trim()))
    .filter((fields) => fields.length >= 4 && Number.isFinite(Number(fields[3])))
    .map((fields, position) => ({
      index: position,
      totalBytes: Number(fields[3]) * 1024 ** 2,
      name: fields[2] ?? 'GPU',
      simulated: false,
      source: 'nvidia-smi' as const,
    }));
}

function probedCards(node: ProbedRayNode, count: number): RayGpu[] | string {
  const probe = node.gpu_probe;
  if (probe?.smi) {
    const cards = smiCards(probe.smi);
    if (cards.length >= count) return cards.slice(0, count);
  }
  if (probe?.headroom_gpu) {
    const devices = readGpuFlags([probe.headroom_gpu], 'HEADROOM_GPU=').devices;
    const cards = Array.from({ length: count }, (_, index) =>
      declaredCard({ devices, source: 'config' }, index),
    );
    if (cards.every((c) => c !== undefined))
      return cards.map((c) => ({ ...c, source: 'HEADROOM_GPU' as const }));
  }
  return probe?.error ? `its probe task failed (${probe.error})` : 'it has no nvidia-smi and no HEADROOM_GPU';
}

// GPU, CPU and memory that other work holds now: total less available, where any is.
function takenNow(probed: ProbedRayCluster): Pick<RayCluster, 'takenResources'> {
  const available = probed.available_resources;
  if (!available) return {};
  const taken = Object.fromEntries(
    ['GPU', 'CPU', 'memory']
      .map((name) => [name, (probed.cluster_resources[name] ?? 0) - (available[name] ?? 0)] as const)
      .filter(([, amount]) => amount > 1e-6),
  );
  return { takenResources: taken };
}

/** A probed cluster as the placement reads it; throws (exit 2) naming the nodes whose cards have no size. */
export function toRayCluster(options: {
  probed: ProbedRayCluster;
  address: string;
  declared: DeclaredCards | undefined;
}): RayCluster {
  const unknown: string[] = [];
  const nodes = options.probed.nodes.map((probed): RayNode => {
    const { resources } = probed;
    const count = Math.floor(resources.GPU ?? 0);
    let gpus: RayGpu[] = [];
    if (count > 0 && options.declared) {
      gpus = Array.from({ length: count }, (_, k) =>
        declaredCard(options.declared as DeclaredCards, k),
      ).filter((g): g is RayGpu => g !== undefined);
    } else if (count > 0) {
      const cards = probedCards(probed, count);
      if (typeof cards === 'string') unknown.push(`${probed.address} (${probed.id.slice(0, 8)}): ${cards}`);
      else gpus = cards;
    }
    return {
      id: probed.id,
      address: probed.address,
      isHead: 'node:__internal_head__' in resources,
      cpus: resources.CPU ?? 0,
      memoryBytes: Math.floor(resources.memory ?? 0),
      gpus,
      resources: Object.fromEntries(Object.entries(resources).filter(([name]) => isCustomResource(name))),
    };
  });
  if (unknown.length > 0) {
    throw new EnvironmentError(
      `the memory of the GPUs Ray counts is unknown on ${unknown.length === 1 ? 'node' : 'nodes'} ${unknown.join('; ')}`,
      'pass --gpu 24GiB (each card of every node), or declare gpus: in the config',
    );
  }
  // Head first, then by address and id: the same cluster is always counted in the same order.
  nodes.sort(
    (a, b) =>
      Number(b.isHead) - Number(a.isHead) || a.address.localeCompare(b.address) || a.id.localeCompare(b.id),
  );
  return { address: options.address, source: 'live', nodes, ...takenNow(options.probed) };
}

/** A cluster declared in the config's `ray: nodes:`; cards without gpu_memory take the declared ones. */
export function declaredRayCluster(ray: RaySpec, declared: DeclaredCards | undefined): RayCluster {
  const nodes = ray.nodes.map(
    (node): RayNode => ({
      id: node.name,
      address: node.address,
      isHead: false,
      cpus: node.cpus,
      memoryBytes: node.memoryBytes,
      // --gpu wins (plan for other cards); then the node's own gpu_memory; then the top-level gpus:.
      gpus: Array.from({ length: node.gpuCount }, (_, index): RayGpu | undefined =>
        node.gpuMemoryBytes !== undefined && declared?.source !== 'flag'
          ? {
              index,
              totalBytes: node.gpuMemoryBytes,
              name: 'declared GPU',
              simulated: false,
              source: 'declared',
            }
          : declared && declaredCard(declared, index),
      ).filter((g): g is RayGpu => g !== undefined),
      resources: node.resources,
    }),
  );
  return { address: null, source: 'declared', nodes };
}
