// `headroom run`'s options: the shared ones (config, GPUs, run directory, observers, Slurm, Ray) and its own.
import { defineOptions } from '../../option-types.js';
import { rayOptions, sharedOptions, slurmOptions } from '../../options.js';

const { config, gpu, runDir, force, json, framework, hostMemory, metrics, host, on } = sharedOptions;

export const runOptions = defineOptions({
  config,
  gpu,
  only: {
    flag: '--only',
    valueName: 'names',
    kind: 'list',
    isRepeatable: true,
    description: 'run only these processes (comma-separated)',
    completes: 'processes',
  },
  runDir,
  force: { ...force, description: 'run even when the plan does not fit' },
  json: { ...json, description: 'print summary.json on stdout at the end (the live view goes to stderr)' },
  stopGrace: {
    flag: '--stop-grace',
    valueName: 'duration',
    kind: 'duration',
    bareUnit: 's',
    min: 0,
    description: 'time between SIGTERM and SIGKILL when stopping: 500ms, 10s, 1m (default: config, or 10s)',
  },
  keepOnCrash: {
    flag: '--keep-on-crash',
    kind: 'switch',
    description:
      'if headroom itself is killed, leave the processes running (its keeper records that) instead of stopping them',
  },
  onOomKill: {
    flag: '--on-oom-kill',
    valueName: 'action',
    kind: 'choice',
    choices: ['stop', 'warn'],
    description:
      'when the OOM killer kills a process of a tree (a worker): stop the whole process (default) or warn',
  },
  framework,
  gpuMemory: {
    flag: '--gpu-memory',
    valueName: 'budget',
    kind: 'text',
    description: 'with -- CMD: GPU budget (8GiB, 30%, rest)',
  },
  gpuClients: {
    flag: '--gpu-clients',
    valueName: 'n',
    kind: 'count',
    description:
      'with -- CMD: GPU clients inside the command (joblib or multiprocessing workers, a Ray local cluster): each gets the budget / n',
  },
  hostMemory,
  dashboard: {
    flag: '--dashboard',
    valueName: 'port',
    kind: 'port',
    isValueOptional: true,
    description: 'serve a live page of the run (default port 7477; 0: any free port)',
  },
  host,
  metrics,
  on,
  ...rayOptions,
  ...slurmOptions,
});
