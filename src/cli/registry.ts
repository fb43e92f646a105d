// Every command, by name, with a one-line summary, imported only when it is run: `headroom plan` loads
// neither the supervisor, the web server nor the FFI library.
import type { RunnableCommand } from './command.js';

/** A command's module: one command, or a group of subcommands (`slurm script`). */
export interface CommandModule {
  command?: RunnableCommand;
  subcommands?: Record<string, RunnableCommand>;
}

export interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<CommandModule>;
}

export const commandEntries: readonly CommandEntry[] = [
  {
    name: 'plan',
    summary: 'split GPUs among the configured processes',
    load: () => import('./commands/plan/index.js'),
  },
  {
    name: 'env',
    summary: "print one process's environment, or run a command with it",
    load: () => import('./commands/env/index.js'),
  },
  {
    name: 'estimate',
    summary: 'memory a training config needs, and what fits',
    load: () => import('./commands/estimate/index.js'),
  },
  {
    name: 'run',
    summary: 'launch and supervise the planned processes',
    load: () => import('./commands/run/index.js'),
  },
  {
    name: 'gpus',
    summary: 'GPUs, their processes and memory',
    load: () => import('./commands/gpus/index.js'),
  },
  {
    name: 'watch',
    summary: 'live view of GPU and host memory',
    load: () => import('./commands/watch/index.js'),
  },
  {
    name: 'doctor',
    summary: 'diagnose a log, a run, a script or the environment',
    load: () => import('./commands/doctor/index.js'),
  },
  {
    name: 'fit',
    summary: 'largest batch that fits, by running trials',
    load: () => import('./commands/fit/index.js'),
  },
  {
    name: 'report',
    summary: 'one HTML page of a run: memory charts, events, summary, diagnosis',
    load: () => import('./commands/report/index.js'),
  },
  {
    name: 'serve',
    summary: 'a live local page of a run, and Prometheus /metrics',
    load: () => import('./commands/serve/index.js'),
  },
  {
    name: 'slurm',
    summary: 'print the sbatch script for the plan',
    load: () => import('./commands/slurm/index.js'),
  },
  {
    name: 'ray',
    summary: 'print the plan as a Python file that runs it on a Ray cluster',
    load: () => import('./commands/ray/index.js'),
  },
  {
    name: 'init',
    summary: 'write a commented headroom.yaml from the GPU processes running now, or from commands',
    load: () => import('./commands/init/index.js'),
  },
  {
    name: 'completion',
    summary: 'shell completion for bash, zsh or fish',
    load: () => import('./commands/completion/index.js'),
  },
  {
    name: 'schema',
    summary: "JSON Schema of headroom.yaml, or of a command's --json output",
    load: () => import('./commands/schema/index.js'),
  },
];
