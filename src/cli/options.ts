// The one table of options that several commands share: each is declared once, with one help text and
// one parser for its kind (values.ts); a command picks the ones it takes. Options only one command has
// live in that command's folder, declared the same way.
import { frameworks } from '../plan/types.js';
import { gpuBackendNames } from '../probe/gpu/types.js';
import { defineOptions } from './option-types.js';

export const sharedOptions = defineOptions({
  config: {
    flag: '--config',
    short: '-c',
    valueName: 'file',
    kind: 'text',
    description: 'config file (default: ./headroom.yaml)',
  },
  gpu: {
    flag: '--gpu',
    valueName: 'spec',
    kind: 'text',
    isRepeatable: true,
    description:
      'a GPU: 24GiB, 2x80GiB, a model (a100-40gb, h100-80gb, rtx-4090, ...), or sim:24GiB for a simulated card (overrides the config and HEADROOM_GPU)',
  },
  gpuBackend: {
    flag: '--gpu-backend',
    valueName: 'name',
    kind: 'choice',
    choices: gpuBackendNames,
    description: `where GPU readings come from: ${gpuBackendNames.join(', ')} (default: nvml, else nvidia-smi)`,
  },
  json: {
    flag: '--json',
    kind: 'switch',
    description: 'print the result as JSON (headroom schema --json-output says its shape)',
  },
  runDir: {
    flag: '--run-dir',
    valueName: 'dir',
    kind: 'text',
    description: 'where the run record goes (default: .headroom/runs/<id>)',
  },
  force: { flag: '--force', kind: 'switch', description: 'go on even when the plan does not fit' },
  framework: {
    flag: '--framework',
    valueName: 'name',
    kind: 'choice',
    choices: frameworks,
    description: `with -- CMD: ${frameworks.join(', ')}; plans the GPU environment`,
  },
  hostMemory: {
    flag: '--host-memory',
    valueName: 'size',
    kind: 'size',
    // No process starts in less (config/fields.ts minHostMemoryBytes).
    min: 4 * 1024 ** 2,
    description: 'with -- CMD: host memory limit of the whole tree (16GiB), enforced with a cgroup',
  },
  metrics: {
    flag: '--metrics',
    valueName: 'addr',
    kind: 'text',
    isValueOptional: true,
    description: 'serve Prometheus /metrics on [HOST:]PORT (default 127.0.0.1:9477)',
  },
  host: {
    flag: '--host',
    valueName: 'host',
    kind: 'text',
    description: 'address the dashboard binds (default 127.0.0.1; others need the printed token)',
  },
  on: {
    flag: '--on',
    valueName: 'backend',
    kind: 'choice',
    choices: ['local', 'slurm', 'ray'],
    description:
      'local GPUs (default), slurm: the nodes of a partition (run: one batch job, a step per process), or ray: a Ray cluster (run: an actor per process)',
  },
  address: {
    flag: '--address',
    valueName: 'addr',
    kind: 'text',
    description:
      "Ray: the cluster to read (auto, HOST:PORT; default: the config's ray: address, else RAY_ADDRESS); never starts one",
  },
  rayPython: {
    flag: '--python',
    valueName: 'path',
    kind: 'text',
    description:
      'Ray: the Python with ray that reads the cluster (default: HEADROOM_RAY_PYTHON, else python3)',
  },
  partition: {
    flag: '--partition',
    valueName: 'name',
    kind: 'text',
    description: "Slurm partition (default: the cluster's default)",
  },
  nodes: {
    flag: '--nodes',
    valueName: 'count',
    kind: 'count',
    description: 'Slurm: nodes to spread the processes over (default: 1)',
  },
  account: { flag: '--account', valueName: 'name', kind: 'text', description: 'Slurm account to charge' },
  time: {
    flag: '--time',
    valueName: 'limit',
    kind: 'text',
    description:
      'Slurm time limit, as sbatch reads it (30 minutes, 2:00:00, 1-0): passed to Slurm as written',
  },
  shards: {
    flag: '--shards',
    valueName: 'count',
    kind: 'count',
    description: 'Slurm: plan for nodes of --gpu cards cut into this many shards, without asking Slurm',
  },
  cpusPerProcess: {
    flag: '--cpus-per-process',
    valueName: 'count',
    kind: 'count',
    description: "Slurm: cores for each process; Ray: each actor's num_cpus (default: 1)",
  },
});

/** The Ray options `plan --on ray` and `run --on ray` share. */
export const rayOptions = {
  address: sharedOptions.address,
  rayPython: sharedOptions.rayPython,
};

/** The Slurm options `plan --on slurm`, `run --on slurm` and `slurm script` share. */
export const slurmOptions = {
  partition: sharedOptions.partition,
  nodes: sharedOptions.nodes,
  account: sharedOptions.account,
  time: sharedOptions.time,
  shards: sharedOptions.shards,
  cpusPerProcess: sharedOptions.cpusPerProcess,
};
