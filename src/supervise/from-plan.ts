// From a validated config and its plan to what the supervisor launches: one LaunchSpec per
// planned instance (replicas included), each with the environment buildChildEnv makes (plan/child-env.ts).
import { ConfigError, UsageError } from '../errors.js';
import { fillPlaceholders } from '../frameworks/engine-command.js';
import type { LaunchSpec } from '../launch/types.js';
import { inProcessCap } from '../plan/cap.js';
import { buildChildEnv } from '../plan/child-env.js';
import type { Plan, PlannedProcess, ProcessSpec, Spec } from '../plan/types.js';

function selectPlanned(plan: Plan, only: readonly string[] | undefined): PlannedProcess[] {
  if (!only || only.length === 0) return plan.processes;
  const known = new Set(plan.processes.flatMap((p) => [p.name, p.process]));
  const unknown = only.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new UsageError(`--only: no process named ${unknown.join(', ')}`, `known: ${[...known].join(', ')}`);
  }
  return plan.processes.filter((p) => only.includes(p.name) || only.includes(p.process));
}

function commandOf(spec: Spec, processSpec: ProcessSpec): string | string[] {
  if (processSpec.command !== undefined && processSpec.command.length > 0) return processSpec.command;
  const field = `processes.${processSpec.name}.command`;
  throw new ConfigError(
    [
      {
        location: processSpec.location ?? { file: spec.file ?? 'headroom.yaml' },
        field,
        message: 'a process needs a command to be run',
      },
    ],
    'add `command:` (a string for the shell, or a list for an argv)',
  );
}

function capOf(plan: Plan, instance: PlannedProcess) {
  const device = plan.devices.find((d) => d.index === instance.device);
  return device ? inProcessCap(instance, device.totalBytes) : null;
}

/** One LaunchSpec per planned instance; `only` keeps some (by instance or process name). */
export function launchSpecsFromPlan(options: {
  spec: Spec;
  plan: Plan;
  baseEnv: Record<string, string | undefined>;
  only?: readonly string[];
  /** What the GPU backend adds so children see the same cards (GpuProbe.childEnv). */
  card?: Readonly<Record<string, string>> | undefined;
  /** The launcher's own variables over the plan's (fit's trial environment). */
  overrides?: Readonly<Record<string, string>> | undefined;
}): LaunchSpec[] {
  const { spec, plan, baseEnv, card, overrides } = options;
  const planned = selectPlanned(plan, options.only);
  const selected = new Set(planned.map((p) => p.name));
  return planned.map((instance) => {
    const processSpec = spec.processes.find((p) => p.name === instance.process);
    if (!processSpec) throw new Error(`plan names process ${instance.process}, which the spec lacks`);
    // depends_on names config processes; each of a dependency's replicas must be ready first.
    // Dependencies left out by --only are taken to be running already.
    const dependsOn = plan.processes
      .filter((p) => processSpec.dependsOn.includes(p.process) && selected.has(p.name))
      .map((p) => p.name);
    return {
      name: instance.name,
      // The plan's values in the command's placeholders ({gpu_memory_utilization}, {budget_bytes}).
      command: fillPlaceholders(commandOf(spec, processSpec), instance.placeholders ?? {}),
      env: buildChildEnv({ inherited: baseEnv, planned: instance, card, overrides }),
      cwd: processSpec.cwd,
      hostMemoryBytes: instance.hostMemoryBytes,
      gpuBudgetBytes: instance.device === null ? null : instance.budgetBytes,
      gpuContextBytes: instance.device === null ? 0 : instance.overheadBytes,
      gpuDevice: instance.device,
      gpuCap: capOf(plan, instance),
      gpuClients: instance.gpuClients,
      process: instance.process,
      framework: instance.framework,
      restart: processSpec.restart,
      maxRestarts: processSpec.maxRestarts,
      dependsOn,
      readyWhen: processSpec.readyWhen,
      enforce: processSpec.enforce,
      onOomKill: processSpec.onOomKill,
    };
  });
}
