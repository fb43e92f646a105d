// `headroom run -- CMD ARGS...` (and each `fit` trial): one process built from flags instead of a config file.
import { basename } from 'node:path';
import { budgetField } from '../../config/fields.js';
import { maxProcessNameChars } from '../../config/schema.js';
import { defaultEnforcement, defaults } from '../../config/to-spec.js';
import { UsageError } from '../../errors.js';
import { plan as makePlan } from '../../plan/plan.js';
import type { Framework, Plan, ProcessSpec, Spec } from '../../plan/types.js';
import { type PlanContext, resolveDevices } from './load-plan.js';

/** One command and what the flags say about it. */
export interface AdHocInputs {
  argv: string[];
  framework?: Framework;
  /** `--gpu-memory` as written: bytes, a percent or rest (the config's budget field reads it). */
  gpuMemory?: string;
  /** `--gpu-clients`: GPU clients inside the command, each given budget / N. */
  gpuClients?: number | undefined;
  hostMemoryBytes?: number;
  gpu?: readonly string[];
  /** Between SIGTERM and SIGKILL; default the config's default (defaults.stopGraceMs). */
  stopGraceMs?: number;
}

/** A process name from a command: its program's basename, in the config's name alphabet. */
export function nameFromCommand(argv: readonly string[]): string {
  const name = basename(argv[0] ?? 'process')
    .replace(/[^A-Za-z0-9_-]/g, '-')
    .slice(0, maxProcessNameChars - 2);
  return /^[A-Za-z_]/.test(name) ? name : `p-${name}`;
}

function unplanned(processSpec: ProcessSpec): Plan {
  const instance = {
    name: processSpec.name,
    process: processSpec.name,
    replica: null,
    framework: processSpec.framework,
    device: null,
    budgetBytes: 0,
    overheadBytes: 0,
    fraction: 0,
    gpuClients: 1,
    env: {},
    unsetEnv: [],
    capNote: 'not planned: no --framework or --gpu-memory',
    capBy: 'none' as const,
    hostMemoryBytes: processSpec.hostMemoryBytes ?? null,
  };
  return { devices: [], processes: [instance], findings: [] };
}

/** The spec and plan for one ad-hoc command; planned for a GPU only with --framework or --gpu-memory. */
export async function planAdHoc(
  inputs: AdHocInputs,
  context: PlanContext,
): Promise<{ spec: Spec; plan: Plan }> {
  const budget = inputs.gpuMemory === undefined ? undefined : budgetField.safeParse(inputs.gpuMemory);
  if (budget && !budget.success) {
    throw new UsageError(
      `--gpu-memory: ${budget.error.issues[0]?.message ?? 'expected bytes (8GiB), a percent (30%) or rest'}`,
    );
  }
  const framework = inputs.framework ?? (budget ? 'other' : undefined);
  const processSpec: ProcessSpec = {
    name: nameFromCommand(inputs.argv),
    command: inputs.argv,
    framework: framework ?? 'other',
    gpuMemory: budget?.data,
    hostMemoryBytes: inputs.hostMemoryBytes,
    replicas: undefined,
    ...(inputs.gpuClients === undefined ? {} : { gpuClients: inputs.gpuClients }),
    gpu: undefined,
    env: {},
    preallocate: false,
    restart: 'no',
    maxRestarts: 0,
    dependsOn: [],
    readyWhen: undefined,
    enforce: defaultEnforcement(framework ?? 'other'),
    // `run --on-oom-kill` applies to every launch, this one's included (run-local.ts).
    onOomKill: 'stop',
    cwd: context.cwd,
  };
  const spec: Spec = {
    file: undefined,
    gpus: [],
    reserveBytes: defaults.reserveBytes,
    contextOverheadBytes: defaults.contextOverheadBytes,
    stopGraceMs: inputs.stopGraceMs ?? defaults.stopGraceMs,
    processes: [processSpec],
  };
  // Without --framework or --gpu-memory the command keeps the GPUs and environment it would have.
  if (framework === undefined) return { spec, plan: unplanned(processSpec) };
  const devices = await resolveDevices(spec, inputs.gpu ?? [], context.env);
  return { spec, plan: makePlan(spec, { devices, inheritedEnv: context.env }) };
}
