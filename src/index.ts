// The library entry: the pure core and its types, for programs that plan without the CLI.

export { parseGpuFlags } from './config/gpu-flags.js';
export { loadSpecFile, parseSpec } from './config/load.js';
export { configJsonSchema } from './config/schema.js';
export * from './doctor/index.js';
export { ConfigError, EnvironmentError, ExitCode, HeadroomError, UsageError } from './errors.js';
export { estimate } from './estimate/estimate.js';
export { loadEstimateFile, parseEstimateSpec } from './estimate/load.js';
export { buildReport, type EstimateReport } from './estimate/report.js';
export { fitsTable, planGradAccumulation, solve } from './estimate/solve.js';
export type { EstimateSpec } from './estimate/types.js';
export * from './fit/index.js';
export { isInfeasible, type PlanOptions, plan } from './plan/plan.js';
export type * from './plan/types.js';
export { detectDevices, openGpuProbe } from './probe/gpu/open-probe.js';
export type { GpuDevice, GpuProbe, GpuProcess, GpuSnapshot } from './probe/gpu/types.js';
export { formatBytes, parseBytes, parsePercent } from './units.js';
