// The sbatch script for a Slurm job plan: #SBATCH lines for the allocation, then one commented
// block per process that exports its planned environment and starts it as a job step. Pure.
import { backoffMs } from '../launch/restart-policy.js';
import type { LaunchSpec } from '../launch/types.js';
import { formatBytes } from '../units.js';
import type { SlurmJobPlan, SlurmStep } from './job-plan.js';
import { scriptPrelude } from './script-prelude.js';
import { shellWord, shellWords } from './shell-quote.js';
import { describeStep } from './step-text.js';

export interface ScriptOptions {
  /** #SBATCH --job-name. */
  jobName: string;
  /** The config the plan came from, for the header. */
  source: string;
  headroomVersion: string;
  partition?: string;
  account?: string;
  time?: string;
  /** Absolute folder for the steps' logs; default: headroom-<job id> in the submit directory. */
  logDir?: string;
  /** #SBATCH --output (the batch script's own output); default: Slurm's slurm-<job id>.out. */
  batchOutput?: string;
}

// Slurm gives a GPU step its device in CUDA_VISIBLE_DEVICES (the gres plugin sets it in the task's
// environment); the plan's guess at a device index must not be passed along.
const deviceVariables = ['CUDA_VISIBLE_DEVICES', 'CUDA_DEVICE_ORDER'];

/** Megabytes as Slurm reads --mem (units of 1024 KiB), rounded up so a limit is never below the plan's. */
export const slurmMemory = (bytes: number): string => `${Math.ceil(bytes / 1024 ** 2)}M`;

function header(job: SlurmJobPlan, options: ScriptOptions): string[] {
  const { perNode, nodeType } = job;
  const card = nodeType.cardBytes === null ? 'of unknown size' : `of ${formatBytes(nodeType.cardBytes)}`;
  const simulated = job.plan.devices.some((d) => d.simulated) ? ' (simulated)' : '';
  const gres = [
    perNode.wholeGpus > 0 ? `gpu:${typed(job, 'gpu')}${perNode.wholeGpus}` : '',
    perNode.shards > 0 ? `shard:${typed(job, 'shard')}${perNode.shards}` : '',
  ].filter(Boolean);
  const sbatch = (option: string): string => `#SBATCH ${option}`;
  return [
    '#!/bin/bash',
    `# ${options.source} as one Slurm job, written by headroom ${options.headroomVersion}.`,
    '#',
    '# Each process is a job step started by srun: its GPU share as shards of a card (its budget plus',
    '# its CUDA context, rounded up to whole shards) or a whole GPU, its host_memory as --mem (enforced',
    "# by Slurm's memory cgroup), and its planned environment exported just before srun. Slurm sets",
    '# CUDA_VISIBLE_DEVICES to the card it gives the step. Lines starting "headroom:" in the job\'s',
    "# output mark each step's start, end and readiness (`headroom run --on slurm` reads them).",
    '#',
    `# Nodes: ${job.nodeCount} of type "${nodeType.label}"; GPUs ${card}${simulated}.`,
    sbatch(`--job-name=${shellWord(options.jobName)}`),
    sbatch(`--nodes=${job.nodeCount}`),
    sbatch(`--ntasks-per-node=${perNode.tasks}`),
    sbatch(`--cpus-per-task=${perNode.cpusPerTask}`),
    ...(gres.length > 0 ? [sbatch(`--gres=${gres.join(',')}`)] : []),
    perNode.memoryBytes === null
      ? "# (no --mem: a process has no host_memory, so the job takes the cluster's default)"
      : sbatch(`--mem=${slurmMemory(perNode.memoryBytes)}`),
    ...(nodeType.cardFeature ? [sbatch(`--constraint=${nodeType.cardFeature}`)] : []),
    ...(options.partition ? [sbatch(`--partition=${options.partition}`)] : []),
    ...(options.account ? [sbatch(`--account=${options.account}`)] : []),
    ...(options.time ? [sbatch(`--time=${options.time}`)] : []),
    ...(options.batchOutput ? [sbatch(`--output=${options.batchOutput}`)] : []),
  ];
}

const typed = (job: SlurmJobPlan, name: 'gpu' | 'shard'): string => {
  const { gpuType, isShardTyped } = job.nodeType;
  return gpuType !== null && (name === 'gpu' || isShardTyped) ? `${gpuType}:` : '';
};

function srunOptions(job: SlurmJobPlan, step: SlurmStep, launch: LaunchSpec): string[] {
  const gres =
    step.gpu === null
      ? 'none'
      : step.gpu.kind === 'whole'
        ? `gpu:${typed(job, 'gpu')}1`
        : `shard:${typed(job, 'shard')}${step.gpu.shards}`;
  return [
    '--exact',
    '--nodes=1',
    '--ntasks=1',
    `--relative=${step.node}`,
    `--cpus-per-task=${step.cpus}`,
    `--gres=${gres}`,
    `--mem=${step.memoryBytes === null ? '0' : slurmMemory(step.memoryBytes)}`,
    ...(launch.cwd ? [`--chdir=${shellWord(launch.cwd)}`] : []),
  ];
}

function stepBlock(job: SlurmJobPlan, step: SlurmStep, launch: LaunchSpec, unset: string[]): string[] {
  const fn = `headroom_run_${step.name.replace(/\W/g, '_')}`;
  const env = Object.entries(launch.env).filter(
    ([key]) => step.gpu === null || !deviceVariables.includes(key),
  );
  const delays = Array.from({ length: Math.max(1, Math.min(launch.maxRestarts, 8)) }, (_, k) =>
    Math.ceil(backoffMs(k + 1) / 1000),
  );
  const argv = typeof launch.command === 'string' ? ['/bin/sh', '-c', launch.command] : launch.command;
  return [
    '',
    ...describeStep(job, step, launch).map((line) => `# ${line}`),
    `${fn}() {`,
    ...(unset.length > 0 ? [`  unset ${unset.join(' ')}`] : []),
    ...env.map(([key, value]) => `  export ${key}=${shellWord(value)}`),
    `  headroom_step ${shellWords([step.name, launch.restart, String(launch.maxRestarts), delays.join(' ')])} \\`,
    `    ${srunOptions(job, step, launch).join(' ')} \\`,
    `    ${shellWords(argv)}`,
    '}',
    `headroom_start ${shellWords([step.name, launch.dependsOn.join(' '), launch.readyWhen ?? '', fn])}`,
  ];
}

/** The whole script; `launches` are the plan's LaunchSpecs (from-plan.ts), in start order. */
export function buildScript(options: {
  job: SlurmJobPlan;
  launches: readonly LaunchSpec[];
  script: ScriptOptions;
}): string {
  const { job, launches, script } = options;
  const logDir = script.logDir ? shellWord(script.logDir) : '"$SLURM_SUBMIT_DIR/headroom-$SLURM_JOB_ID"';
  const blocks = launches.flatMap((launch) => {
    const step = job.steps.find((s) => s.name === launch.name);
    const unset = job.plan.processes.find((p) => p.name === launch.name)?.unsetEnv ?? [];
    return step ? stepBlock(job, step, launch, unset) : [];
  });
  return [
    ...header(job, script),
    '',
    'set -u',
    `headroom_logs=${logDir}`,
    'mkdir -p "$headroom_logs"',
    '',
    scriptPrelude.trimEnd(),
    ...blocks,
    '',
    'headroom_wait_all',
    '',
  ].join('\n');
}
