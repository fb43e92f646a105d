// The GPU backend flags `gpus` and `watch` share: --gpu (simulated cards) and --gpu-backend.
import type { Command } from 'commander';
import { gpuBackendNames, type OpenGpuProbeOptions } from '../probe/gpu/open-probe.js';
import type { GpuBackendName } from '../probe/gpu/types.js';

/** The flags as commander hands them over. */
export interface GpuFlags {
  gpu?: string[];
  gpuBackend?: string;
}

/** Adds --gpu and --gpu-backend to a command. */
export function addGpuOptions(command: Command): Command {
  return command
    .option(
      '--gpu <spec>',
      'simulated cards: sim:24GiB, sim:2x80GiB (repeatable; or HEADROOM_GPU)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      '--gpu-backend <name>',
      `where GPU readings come from: ${gpuBackendNames.join(', ')} (default: nvml, else nvidia-smi)`,
    );
}

/** openGpuProbe options from the flags. */
export function probeOptionsFrom(flags: GpuFlags): OpenGpuProbeOptions {
  return {
    ...(flags.gpu && flags.gpu.length > 0 ? { gpu: flags.gpu.join(',') } : {}),
    ...(flags.gpuBackend ? { backend: flags.gpuBackend as GpuBackendName } : {}),
  };
}
