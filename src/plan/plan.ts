// plan(): split each GPU among the configured processes and say what each must be told. Pure.
import { packagedBootstrapDir } from '../frameworks/bootstrap.js';
import { planEngines } from '../frameworks/engine-plan.js';
import { engineOf, engines as engineProfiles, profileOf } from '../frameworks/index.js';
import { checkPlan } from './checks.js';
import { enforcedBudgetBytes, frameworkEnv } from './framework-env.js';
import { expandInstances, placeInstances, usableBytesOf } from './placement.js';
import type { DeviceSpec, Plan, PlannedDevice, PlannedProcess, Spec } from './types.js';

export interface PlanOptions {
  /** The devices to plan for (declared, from flags, or probed). */
  devices: DeviceSpec[];
  /** The environment the processes would inherit (process.env at the CLI). */
  inheritedEnv: Record<string, string | undefined>;
  /**
   * Where headroom's Python bootstrap lives (python/headroom_boot in the package, the default); null
   * where it cannot be used, so no process is planned to be capped by it.
   */
  bootstrapDir?: string | null;
}

// A host-only process is told its own host limit (to size caches and worker counts by it).
function hostEnv(framework: string, hostMemoryBytes: number | undefined): Record<string, string> {
  return !profileOf(framework).usesGpu && hostMemoryBytes !== undefined
    ? { HEADROOM_HOST_MEMORY_BYTES: String(hostMemoryBytes) }
    : {};
}

/** Budgets, placement, per-process environment and findings for a spec on a set of devices. */
export function plan(spec: Spec, options: PlanOptions): Plan {
  const devices = [...options.devices].sort((a, b) => a.index - b.index);
  const bootstrapDir = options.bootstrapDir === undefined ? packagedBootstrapDir : options.bootstrapDir;
  const { placements, findings: placementFindings } = placeInstances({
    instances: expandInstances(spec.processes),
    devices,
    reserveBytes: spec.reserveBytes,
    contextOverheadBytes: spec.contextOverheadBytes,
  });

  const configured = placements.map(
    ({ instance, device, budgetBytes: plannedBytes, overheadBytes }): PlannedProcess => {
      const { spec: processSpec } = instance;
      // Each GPU client is its own pool: it is told budget / N (its fraction, its bootstrap cap).
      const gpuClients = processSpec.gpuClients ?? 1;
      const clientBudgetBytes = device
        ? enforcedBudgetBytes(processSpec.framework, plannedBytes / gpuClients, device.totalBytes)
        : 0;
      const budgetBytes = clientBudgetBytes * gpuClients;
      const { env, unset, capNote, capBy } = frameworkEnv({
        name: instance.name,
        process: processSpec,
        device,
        budgetBytes: clientBudgetBytes,
        gpuClients,
        bootstrapDir,
        inheritedEnv: options.inheritedEnv,
      });
      // A variable the plan unsets (a folded PYTORCH_ALLOC_CONF) leaves the config's copy out too.
      const configEnv = Object.fromEntries(
        Object.entries(processSpec.env).filter(([key]) => !unset.includes(key)),
      );
      return {
        name: instance.name,
        process: processSpec.name,
        replica: instance.replica,
        framework: processSpec.framework,
        device: device?.index ?? null,
        budgetBytes,
        overheadBytes,
        fraction: device ? budgetBytes / device.totalBytes : 0,
        gpuClients,
        // The config's own variables first; the plan's win where they collide (and checks say so).
        env: { ...configEnv, ...env, ...hostEnv(processSpec.framework, processSpec.hostMemoryBytes) },
        unsetEnv: unset,
        capNote:
          gpuClients > 1
            ? `${capNote}; per client, each of ${gpuClients} GPU clients (gpu_clients)`
            : capNote,
        capBy,
        hostMemoryBytes: processSpec.hostMemoryBytes ?? null,
      };
    },
  );

  // Engines' knobs need every budget on their card (what is free when one starts).
  const engines = planEngines({
    instances: configured,
    processes: spec.processes,
    devices,
    engineOf,
    engines: engineProfiles,
  });
  const processes = engines.instances;

  const plannedDevices = devices.map((device): PlannedDevice => {
    const here = processes.filter((p) => p.device === device.index);
    return {
      index: device.index,
      name: device.name,
      ...(device.uuid === undefined ? {} : { uuid: device.uuid }),
      simulated: device.simulated,
      totalBytes: device.totalBytes,
      ...(device.model === undefined ? {} : { model: device.model }),
      usableBytes: usableBytesOf(device, spec.reserveBytes),
      plannedBytes: here.reduce((sum, p) => sum + p.budgetBytes + p.overheadBytes, 0),
    };
  });

  const order = { error: 0, warning: 1, info: 2 } as const;
  const findings = [
    ...placementFindings,
    ...[
      ...checkPlan({ spec, devices: plannedDevices, processes, inheritedEnv: options.inheritedEnv }),
      ...engines.findings,
    ].sort((a, b) => order[a.severity] - order[b.severity]),
  ];
  return { devices: plannedDevices, processes, findings };
}

/** True when the plan must not be run as is. */
export const isInfeasible = (p: Plan): boolean => p.findings.some((f) => f.severity === 'error');
