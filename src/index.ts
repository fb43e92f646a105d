// The library entry: the pure core and its types, for programs that plan without the CLI.
export { loadSpecFile, parseSpec } from './config/load.js';
export { parseGpuFlags } from './config/gpu-flags.js';
export { configJsonSchema } from './config/schema.js';
export { ConfigError, EnvironmentError, ExitCode, HeadroomError, UsageError } from './errors.js';
export { isInfeasible, plan, type PlanOptions } from './plan/plan.js';
export type * from './plan/types.js';
export { formatBytes, parseBytes, parsePercent } from './units.js';
