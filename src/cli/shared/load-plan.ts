// What several commands share: finding the config, the devices, and making the plan.
import { existsSync } from 'node:fs';
import { readGpuFlags } from '../../config/gpu-flags.js';
import { loadSpecFile } from '../../config/load.js';
import { EnvironmentError } from '../../errors.js';
import { usesGpu } from '../../plan/placement.js';
import { plan as makePlan } from '../../plan/plan.js';
import type { DeviceSpec, Plan, SizeNote, Spec } from '../../plan/types.js';
import { pathIn } from '../io.js';

export const defaultConfigFile = 'headroom.yaml';

/** Where a command's config and devices come from. */
export interface PlanInputs {
  config?: string;
  gpu?: readonly string[];
}

/** The environment and directory a plan is made in (the io's). */
export interface PlanContext {
  env: Record<string, string | undefined>;
  cwd: string;
}

/** Loads the config: `config`, else ./headroom.yaml; errors exit 2. */
export async function loadConfigSpec(config: string | undefined, cwd: string): Promise<Spec> {
  const file = pathIn(cwd, config ?? defaultConfigFile);
  if (config === undefined && !existsSync(file)) {
    throw new EnvironmentError(
      `no ${defaultConfigFile} in this directory`,
      'pass -c FILE (examples/rl-isaac/headroom.yaml is a start)',
    );
  }
  return loadSpecFile(file);
}

/** Loads the config (default ./headroom.yaml), resolves devices and plans; errors exit 2. */
export async function loadPlan(
  inputs: PlanInputs,
  context: PlanContext,
): Promise<{ spec: Spec; plan: Plan }> {
  const loaded = await loadConfigSpec(inputs.config, context.cwd);
  const { devices, sizeNotes } = await resolveDeclaredDevices(loaded, inputs.gpu ?? [], context.env);
  // A card in decimal units on the command line is told like one in the config (plan/checks.ts).
  const spec =
    sizeNotes.length > 0 ? { ...loaded, sizeNotes: [...sizeNotes, ...(loaded.sizeNotes ?? [])] } : loaded;
  return { spec, plan: makePlan(spec, { devices, inheritedEnv: context.env }) };
}

/**
 * Devices from --gpu (which win, so one can plan for another machine), then the config, then
 * HEADROOM_GPU, then whatever the GPU probe detects (NVML, else nvidia-smi).
 */
export async function resolveDevices(
  spec: Spec,
  gpuFlags: readonly string[],
  env: Record<string, string | undefined>,
): Promise<DeviceSpec[]> {
  return (await resolveDeclaredDevices(spec, gpuFlags, env)).devices;
}

/** resolveDevices, with the sizes --gpu or HEADROOM_GPU wrote in decimal units (to warn of). */
export async function resolveDeclaredDevices(
  spec: Spec,
  gpuFlags: readonly string[],
  env: Record<string, string | undefined>,
): Promise<{ devices: DeviceSpec[]; sizeNotes: SizeNote[] }> {
  if (gpuFlags.length > 0) return readGpuFlags(gpuFlags);
  if (spec.gpus.length > 0) return { devices: spec.gpus, sizeNotes: [] };
  // Processes that touch no GPU (framework: none) plan and run on a machine without one.
  if (!spec.processes.some(usesGpu)) return { devices: [], sizeNotes: [] };
  const fromEnv = env.HEADROOM_GPU;
  if (fromEnv) return readGpuFlags([fromEnv], 'HEADROOM_GPU=');
  // Loaded only here, so plans with declared devices never load the FFI library.
  const { detectDevices } = await import('../../probe/gpu/open-probe.js');
  const detected = await detectDevices({ env });
  if (detected.devices.length > 0) return { devices: detected.devices, sizeNotes: [] };
  const warnings = [...new Set(detected.warnings)];
  const reasons = warnings.length > 0 ? ` (${warnings.join('; ')})` : '';
  throw new EnvironmentError(
    `no GPU to plan for: none declared in the config or with --gpu, and none detected${reasons}`,
    'pass --gpu 24GiB to plan for a declared card, or --gpu sim:24GiB for a simulated one',
  );
}
