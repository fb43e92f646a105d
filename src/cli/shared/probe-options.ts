// openGpuProbe's options from the shared --gpu and --gpu-backend flags (gpus, watch, fit).
import type { OpenGpuProbeOptions } from '../../probe/gpu/open-probe.js';
import type { GpuBackendName } from '../../probe/gpu/types.js';

/** The probe options for `--gpu` (simulated cards) and `--gpu-backend`, in the io's environment. */
export function probeOptions(
  options: { gpu: readonly string[]; gpuBackend?: GpuBackendName },
  env: Record<string, string | undefined>,
): OpenGpuProbeOptions {
  return {
    env,
    ...(options.gpu.length > 0 ? { gpu: options.gpu.join(',') } : {}),
    ...(options.gpuBackend ? { backend: options.gpuBackend } : {}),
  };
}
