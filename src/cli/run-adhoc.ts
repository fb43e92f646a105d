// `headroom run -- CMD ARGS...`: one process built from flags instead of a config file.
import { basename } from 'node:path';
import { budgetField, minHostMemoryBytes } from '../config/fields.js';
import { maxProcessNameChars } from '../config/schema.js';
import { defaultEnforcement, defaults } from '../config/to-spec.js';
import { UsageError } from '../errors.js';
import { plan as makePlan } from '../plan/plan.js';
import { type Framework, frameworks, type Plan, type ProcessSpec, type Spec } from '../plan/types.js';
import { readSize } from '../units.js';
import { resolveDevices } from './common.js';

export interface AdHocFlags {
  framework?: string;
  gpuMemory?: string;
  hostMemory?: string;
  gpu?: string[];
  onOomKill?: 'stop' | 'warn';
}

/** A process name from a command: its program's basename, in the config's name alphabet. */
export function nameFromCommand(argv: readonly string[]): string {
  const name = basename(argv[0] ?? 'process')
    .replace(/[^A-Za-z0-9_-]/g, '-')
    .slice(0, maxProcessNameChars - 2);
  return /^[A-Za-z_]/.test(name) ? name : `p-${name}`;
}

function parseFramework(text: string | undefined): Framework | undefined {
  if (text === undefined) return undefined;
  if (!frameworks.includes(text as Framework)) {
    throw new UsageError(`--framework ${text}: expected one of ${frameworks.join(', ')}`);
  }
  return text as Framework;
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
  argv: string[],
  flags: AdHocFlags,
  stopGraceMs: number,
): Promise<{ spec: Spec; plan: Plan }> {
  const hostReading =
    flags.hostMemory === undefined ? undefined : readSize(flags.hostMemory, { minBytes: minHostMemoryBytes });
  if (hostReading && !hostReading.ok) throw new UsageError(`--host-memory: ${hostReading.message}`);
  const hostMemoryBytes = hostReading?.ok ? hostReading.bytes : undefined;
  const budget = flags.gpuMemory === undefined ? undefined : budgetField.safeParse(flags.gpuMemory);
  if (budget && !budget.success) {
    throw new UsageError(
      `--gpu-memory: ${budget.error.issues[0]?.message ?? 'expected bytes (8GiB), a percent (30%) or rest'}`,
    );
  }
  const framework = parseFramework(flags.framework) ?? (budget ? 'other' : undefined);
  const processSpec: ProcessSpec = {
    name: nameFromCommand(argv),
    command: argv,
    framework: framework ?? 'other',
    gpuMemory: budget?.data,
    hostMemoryBytes,
    replicas: undefined,
    gpu: undefined,
    env: {},
    preallocate: false,
    restart: 'no',
    maxRestarts: 0,
    dependsOn: [],
    readyWhen: undefined,
    enforce: defaultEnforcement(framework ?? 'other'),
    onOomKill: flags.onOomKill ?? 'stop',
    cwd: process.cwd(),
  };
  const spec: Spec = {
    file: undefined,
    gpus: [],
    reserveBytes: defaults.reserveBytes,
    contextOverheadBytes: defaults.contextOverheadBytes,
    stopGraceMs,
    processes: [processSpec],
  };
  // Without --framework or --gpu-memory the command keeps the GPUs and environment it would have.
  if (framework === undefined) return { spec, plan: unplanned(processSpec) };
  const devices = await resolveDevices(spec, flags.gpu ?? []);
  return { spec, plan: makePlan(spec, { devices, inheritedEnv: process.env }) };
}
